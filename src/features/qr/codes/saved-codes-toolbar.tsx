// My QR Codes' search by name and sort order, and how many codes the search finds.
import type { CodeOrder } from '../../../domain/qr/saved-code';
import { codeOrders } from '../../../domain/qr/saved-code';
import { Field, SelectField } from '../../../lib/ui/field';

const orderOptions = codeOrders.map((choice) => ({ value: choice.id, label: choice.label }));

export function SavedCodesToolbar({
  query,
  onQuery,
  order,
  onOrder,
  total,
  found,
}: {
  query: string;
  onQuery: (query: string) => void;
  order: CodeOrder;
  onOrder: (order: CodeOrder) => void;
  /** How many codes there are, and how many the search finds. */
  total: number;
  found: number;
}) {
  const searched = query.trim();
  return (
    <>
      {total > 0 ? (
        <div className="saved-codes__tools" role="search" aria-label="Your codes">
          <Field
            label="Search by name"
            className="saved-codes__tool"
            type="search"
            value={query}
            onChange={(event) => onQuery(event.target.value)}
            autoComplete="off"
          />
          <SelectField
            label="Sort by"
            className="saved-codes__tool"
            options={orderOptions}
            value={order}
            onChange={(event) => onOrder(event.target.value as CodeOrder)}
          />
        </div>
      ) : null}
      {searched ? (
        <p className="saved-codes__found" role="status">
          {found === 0
            ? `No code's name contains “${searched}”.`
            : `${found} of ${total} codes match “${searched}”.`}
        </p>
      ) : null}
    </>
  );
}
