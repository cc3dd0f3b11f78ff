// /UserAnalysis: how often the dynamic codes are scanned, from their short links' counts (the
// redirect function counts each scan): a chart of scans per day over the last 30 days, with the
// same figures as a table, and each code's scans in that time and in all. A bar chart drawn as
// SVG by hand: smaller than any chart library for one chart.
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import {
  axisMax,
  lastDays,
  scansIn,
  scansPerDay,
  scansText,
  CHART_DAYS,
} from '../../../domain/qr/scan-stats';
import { ALL_DAYS } from '../../../domain/qr/scan-counts';
import { shortLinkUrl } from '../../../domain/qr/short-link';
import { FormAlert } from '../../../lib/ui/field';
import { useSavedCodes } from './use-saved-codes';
import './scan-analysis.css';

// The days are dates already (South African ones): shown as they are, whatever the device's zone.
const dayLabel = new Intl.DateTimeFormat('en-ZA', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const dayOf = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));

export function ScanAnalysis() {
  const { view } = useSavedCodes();
  if (view.status === 'loading') return <p role="status">Loading your codes…</p>;
  if (view.status === 'failed') return <FormAlert>{view.message}</FormAlert>;

  const rows = view.codes.flatMap((code) => {
    const link = code.dynamic ? view.links.get(code.id) : undefined;
    if (!link) return [];
    const days = view.counts.get(link.id) ?? new Map();
    return [{ code, id: link.id, days, total: days.get(ALL_DAYS)?.scans ?? 0 }];
  });
  if (rows.length === 0) {
    return (
      <section className="panel account-note" aria-labelledby="analysis-empty-title">
        <h2 id="analysis-empty-title">No dynamic codes yet</h2>
        <p>
          Scans are counted for dynamic codes. On a code's last step, tick “Dynamic code”, then save
          it to My QR Codes: its scans show here.
        </p>
        <Link to={paths.qrType} className="button">
          Create a QR code
        </Link>
      </section>
    );
  }

  const days = lastDays(new Date());
  const perDay = scansPerDay(
    rows.map((row) => row.days),
    days,
  );
  const inPeriod = perDay.reduce((sum, count) => sum + count, 0);
  const byScans = [...rows].sort((a, b) => b.total - a.total);
  return (
    <div className="scan-analysis">
      <section className="panel scan-chart" aria-labelledby="scan-chart-title">
        <h2 id="scan-chart-title">Scans in the last {CHART_DAYS} days</h2>
        <p className="scan-chart__total">
          {scansText(inPeriod)} across{' '}
          {rows.length === 1 ? '1 dynamic code' : `${rows.length} dynamic codes`}
        </p>
        <DayChart days={days} counts={perDay} />
        <details className="scan-chart__table">
          <summary>Day by day</summary>
          <table>
            <caption className="visually-hidden">Scans per day, last {CHART_DAYS} days</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Scans</th>
              </tr>
            </thead>
            <tbody>
              {days.map((day, index) => (
                <tr key={day}>
                  <th scope="row">{dayOf(day)}</th>
                  <td>{perDay[index]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </section>
      <section className="panel scan-codes" aria-labelledby="scan-codes-title">
        <h2 id="scan-codes-title">Scans per code</h2>
        <table>
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Last {CHART_DAYS} days</th>
              <th scope="col">In all</th>
            </tr>
          </thead>
          <tbody>
            {byScans.map(({ code, id, days: counted, total }) => (
              <tr key={code.id}>
                <th scope="row">
                  {code.name}
                  <span className="scan-codes__link">
                    {shortLinkUrl(window.location.origin, id).replace(/^https?:\/\//, '')}
                  </span>
                </th>
                <td>{scansIn(counted, days)}</td>
                <td>{total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

/** The bars' drawing: one unit per day across, 100 units up; stretched to the plot's box. */
const PLOT_HEIGHT = 100;

/**
 * Bars of scans per day; its label says what a screen reader needs, the table the rest. The bars
 * are an SVG stretched to the plot (preserveAspectRatio none), the axis labels HTML beside it, so
 * the text keeps its size at every width instead of shrinking with a scaled drawing.
 */
function DayChart({ days, counts }: { days: readonly string[]; counts: readonly number[] }) {
  const most = Math.max(0, ...counts);
  const top = axisMax(most);
  const busiest = counts.indexOf(most);
  const height = (count: number) => (PLOT_HEIGHT * count) / top;
  const label =
    most === 0
      ? `No scans in the last ${days.length} days.`
      : `Scans per day over the last ${days.length} days; the most, ${most}, on ${dayOf(days[busiest])}.`;
  const ticks = [0, top / 2, top];
  return (
    <div className="scan-chart__plot" role="img" aria-label={label}>
      <div className="scan-chart__ticks" aria-hidden="true">
        {ticks.map((tick) => (
          <span key={tick} style={{ bottom: `${(100 * tick) / top}%` }}>
            {tick}
          </span>
        ))}
      </div>
      <svg
        className="scan-chart__bars"
        viewBox={`0 0 ${days.length} ${PLOT_HEIGHT}`}
        preserveAspectRatio="none"
        aria-hidden="true"
      >
        {ticks.map((tick) => (
          <line
            key={tick}
            x1={0}
            x2={days.length}
            y1={PLOT_HEIGHT - height(tick)}
            y2={PLOT_HEIGHT - height(tick)}
          />
        ))}
        {counts.map((count, index) =>
          count > 0 ? (
            <rect
              key={days[index]}
              x={index + 0.15}
              width={0.7}
              y={PLOT_HEIGHT - height(count)}
              height={height(count)}
            />
          ) : null,
        )}
      </svg>
      <div className="scan-chart__days" aria-hidden="true">
        <span>{dayOf(days[0])}</span>
        <span>{dayOf(days[days.length - 1])}</span>
      </div>
    </div>
  );
}
