// Each dynamic code's scans of the period in detail, one disclosure per code (closed at first, so
// the page stays short with many codes): printed code or link, device, system, hour of the day;
// and its daily figures of all time as a file.
import type { SavedCode } from '../../../domain/qr/saved-code';
import { breakdowns, scansText, type CodeFigures } from '../../../domain/qr/scan-stats';
import { BreakdownTable, HourBars } from './stats-bars';
import { linkText } from './stats-codes-table';
import { StatsCsvButton } from './stats-csv-button';

export function StatsCodeDetails({
  rows,
  days,
}: {
  rows: readonly CodeFigures<SavedCode>[];
  days: number;
}) {
  return (
    <section className="panel stats-details" aria-labelledby="stats-details-title">
      <h2 id="stats-details-title">Each code in detail</h2>
      <p className="stats-details__intro">
        Where each code’s scans of the last {days} days came from. Open a code to see them.
      </p>
      {rows.map((row) => (
        <CodeDetails key={row.code.id} row={row} days={days} />
      ))}
    </section>
  );
}

function CodeDetails({ row, days }: { row: CodeFigures<SavedCode>; days: number }) {
  const { code, linkId, period } = row;
  return (
    <details className="stats-code" aria-label={code.name}>
      <summary>
        <span className="stats-code__name">{code.name}</span>
        <span className="stats-code__count">
          {scansText(period.scans)} in {days} days
        </span>
      </summary>
      <div className="stats-code__body">
        <p className="stats-code__link">{linkText(linkId)}</p>
        {period.scans === 0 ? (
          <p>No scans in the last {days} days.</p>
        ) : (
          <div className="stats-code__breakdowns">
            {breakdowns.map((breakdown) => (
              <BreakdownTable key={breakdown.id} breakdown={breakdown} counts={period} />
            ))}
            <HourBars counts={period} />
          </div>
        )}
        <StatsCsvButton linkId={linkId} name={code.name} />
      </div>
    </details>
  );
}
