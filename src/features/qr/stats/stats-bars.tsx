// A code's scans split into classes, as bars with their numbers beside them (the bars are only a
// picture of the numbers, hidden from screen readers): a table per breakdown, and the 24 hours of
// the day as columns.
import type { ScanCounts } from '../../../domain/qr/scan-counts';
import {
  countText,
  hourly,
  hourText,
  percentText,
  scansText,
  type Breakdown,
} from '../../../domain/qr/scan-stats';

export function BreakdownTable({
  breakdown,
  counts,
}: {
  breakdown: Breakdown;
  counts: ScanCounts;
}) {
  const parts = breakdown.parts(counts);
  // Scans counted before the server recorded this split have none of it: say so, not "0%" each.
  const recorded = parts.some((part) => part.count > 0);
  return (
    <table className="stats-bars">
      <caption>{breakdown.title}</caption>
      <thead>
        <tr>
          <th scope="col">{breakdown.classLabel}</th>
          <th scope="col">Scans</th>
          <th scope="col">Share</th>
        </tr>
      </thead>
      <tbody>
        {recorded ? (
          parts.map((part) => (
            <tr key={part.id}>
              <th scope="row">{part.label}</th>
              <td>{countText(part.count)}</td>
              <td>
                <span className="stats-bars__share">
                  <span className="stats-bars__track" aria-hidden="true">
                    <span
                      className="stats-bars__bar"
                      style={{ inlineSize: `${part.share * 100}%` }}
                    />
                  </span>
                  {percentText(part.share)}
                </span>
              </td>
            </tr>
          ))
        ) : (
          <tr>
            <td colSpan={3} className="stats-bars__none">
              Not recorded for these scans.
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

/** The axis under the hours: where each quarter of the day starts. */
const hourMarks = [0, 6, 12, 18];

export function HourBars({ counts }: { counts: ScanCounts }) {
  const hours = hourly(counts);
  const most = Math.max(0, ...hours);
  return (
    <figure className="stats-hours">
      <figcaption>By hour of day (South African time)</figcaption>
      {most === 0 ? (
        <p>No hours were recorded for these scans.</p>
      ) : (
        <>
          {/* role="list": Safari drops the list's meaning when its bullets are styled away. */}
          {/* eslint-disable-next-line jsx-a11y/no-redundant-roles */}
          <ol className="stats-hours__bars" role="list">
            {hours.map((count, hour) => (
              <li key={hour}>
                <span
                  className={
                    count > 0 ? 'stats-hours__bar stats-hours__bar--some' : 'stats-hours__bar'
                  }
                  style={{ blockSize: `${(100 * count) / most}%` }}
                  aria-hidden="true"
                />
                <span className="visually-hidden">
                  {hourText(hour)}: {scansText(count)}
                </span>
              </li>
            ))}
          </ol>
          <div className="stats-hours__axis" aria-hidden="true">
            {hourMarks.map((hour) => (
              <span key={hour}>{String(hour).padStart(2, '0')}:00</span>
            ))}
          </div>
          <p className="stats-hours__busiest">
            Busiest: {hourText(hours.indexOf(most))}, {scansText(most)}.
          </p>
        </>
      )}
    </figure>
  );
}
