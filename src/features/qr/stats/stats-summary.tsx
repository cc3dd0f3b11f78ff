// The last 30 days of all the dynamic codes together: the period's figures, scans per day as a
// chart, the countries they came from as bars, and the days as a table.
import type { ScanCounts } from '../../../domain/qr/scan-counts';
import {
  countsIn,
  countText,
  perDay,
  placesBreakdown,
  scansText,
  type DailyField,
  type LinkCounts,
} from '../../../domain/qr/scan-stats';
import { BreakdownTable } from './stats-bars';
import { DayChart, dayOf } from './stats-day-chart';

interface PeriodFigure {
  readonly id: string;
  readonly label: string;
  readonly value: (counts: ScanCounts) => number;
  /** What the figure counts, where a reader could take it for something else. */
  readonly hint: string;
}

const periodFigures: readonly PeriodFigure[] = [
  {
    id: 'scans',
    label: 'Scans',
    value: (counts) => counts.scans,
    hint: 'Scans of your printed codes and opens of their links.',
  },
  {
    id: 'unique',
    label: 'Unique visitors',
    value: (counts) => counts.unique,
    hint: 'Each day’s distinct visitors, added up: someone who scans on three days counts three times.',
  },
  {
    id: 'filtered',
    label: 'Filtered requests',
    value: (counts) => counts.bots + counts.heads,
    hint: 'Link previews and crawlers, such as WhatsApp or Slack fetching a preview, and link checkers: answered, but not counted as scans.',
  },
];

/** The table's columns after the day. */
const dayColumns: readonly { readonly label: string; readonly field: DailyField }[] = [
  { label: 'Scans', field: 'scans' },
  { label: 'Unique', field: 'unique' },
];

export function StatsSummary({
  links,
  days,
}: {
  links: readonly LinkCounts[];
  days: readonly string[];
}) {
  const period = countsIn(links, days);
  const columns = dayColumns.map(({ field }) => perDay(links, days, field));
  return (
    <section className="panel stats-chart" aria-labelledby="stats-chart-title">
      <h2 id="stats-chart-title">Scans in the last {days.length} days</h2>
      <p className="stats-chart__total">
        {scansText(period.scans)} across{' '}
        {links.length === 1 ? '1 dynamic code' : `${links.length} dynamic codes`}
      </p>
      <dl className="stats-figures">
        {periodFigures.map((figure) => (
          <div key={figure.id} className="stats-figures__item">
            <dt>{figure.label}</dt>
            <dd className="stats-figures__value">{countText(figure.value(period))}</dd>
            <dd className="stats-figures__hint">{figure.hint}</dd>
          </div>
        ))}
      </dl>
      <DayChart days={days} counts={columns[0]} />
      <BreakdownTable breakdown={placesBreakdown} counts={period} />
      <details className="stats-chart__table">
        <summary>Day by day</summary>
        <table>
          <caption className="visually-hidden">
            Scans and unique visitors per day, last {days.length} days
          </caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {dayColumns.map(({ label }) => (
                <th key={label} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day, index) => (
              <tr key={day}>
                <th scope="row">{dayOf(day)}</th>
                {columns.map((values, column) => (
                  <td key={dayColumns[column].field}>{countText(values[index])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
