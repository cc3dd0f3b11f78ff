// Each dynamic code's scans and unique visitors over the period, and its scans of all time.
import type { SavedCode } from '../../../domain/qr/saved-code';
import { countText, type CodeFigures } from '../../../domain/qr/scan-stats';
import { shortLinkUrl } from '../../../domain/qr/short-link';

/** A short link as the page shows it: without its scheme, as people say and type it. */
export const linkText = (linkId: string) =>
  shortLinkUrl(window.location.origin, linkId).replace(/^https?:\/\//, '');

type Row = CodeFigures<SavedCode>;

// Two levels of headers ("Last 30 days": Scans, Unique; "All time": Scans) keep each column's
// header one short word, so that on a phone the numbers leave the codes' names room.
const groups = [
  {
    label: (days: number) => `Last ${days} days`,
    columns: [
      { label: 'Scans', value: (row: Row) => row.period.scans },
      { label: 'Unique', value: (row: Row) => row.period.unique },
    ],
  },
  { label: () => 'All time', columns: [{ label: 'Scans', value: (row: Row) => row.total }] },
];

const columns = groups.flatMap((group) => group.columns);

export function StatsCodesTable({ rows, days }: { rows: readonly Row[]; days: number }) {
  return (
    <section className="panel stats-codes" aria-labelledby="stats-codes-title">
      <h2 id="stats-codes-title">Scans per code</h2>
      <table>
        <caption className="visually-hidden">Most scanned in the last {days} days first</caption>
        <colgroup>
          <col />
        </colgroup>
        {groups.map((group) => (
          <colgroup key={group.label(days)} span={group.columns.length} />
        ))}
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>
              Code
            </th>
            {groups.map((group) => (
              <th key={group.label(days)} scope="colgroup" colSpan={group.columns.length}>
                {group.label(days)}
              </th>
            ))}
          </tr>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.code.id}>
              <th scope="row">
                {row.code.name}
                <span className="stats-codes__link">{linkText(row.linkId)}</span>
              </th>
              {columns.map((column, index) => (
                <td key={index}>{countText(column.value(row))}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
