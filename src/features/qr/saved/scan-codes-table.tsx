// Each dynamic code's scans and unique visitors over the period, and its scans of all time.
import type { SavedCode } from '../../../domain/qr/saved-code';
import { countText, type CodeFigures } from '../../../domain/qr/scan-stats';
import { shortLinkUrl } from '../../../domain/qr/short-link';

/** A short link as the page shows it: without its scheme, as people say and type it. */
export const linkText = (linkId: string) =>
  shortLinkUrl(window.location.origin, linkId).replace(/^https?:\/\//, '');

const columns: readonly {
  readonly label: (days: number) => string;
  readonly value: (row: CodeFigures<SavedCode>) => number;
}[] = [
  { label: (days) => `Scans, ${days} days`, value: (row) => row.period.scans },
  { label: (days) => `Unique, ${days} days`, value: (row) => row.period.unique },
  { label: () => 'Scans of all time', value: (row) => row.total },
];

export function ScanCodesTable({
  rows,
  days,
}: {
  rows: readonly CodeFigures<SavedCode>[];
  days: number;
}) {
  return (
    <section className="panel scan-codes" aria-labelledby="scan-codes-title">
      <h2 id="scan-codes-title">Scans per code</h2>
      <table>
        <caption className="visually-hidden">Most scanned in the last {days} days first</caption>
        <thead>
          <tr>
            <th scope="col">Code</th>
            {columns.map(({ label }) => (
              <th key={label(days)} scope="col">
                {label(days)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.code.id}>
              <th scope="row">
                {row.code.name}
                <span className="scan-codes__link">{linkText(row.linkId)}</span>
              </th>
              {columns.map(({ label, value }) => (
                <td key={label(days)}>{countText(value(row))}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
