// Scans per day as a bar chart drawn as SVG by hand: smaller than any chart library for one chart.
import { axisMax } from '../../../domain/qr/scan-stats';

// The days are dates already (South African ones): shown as they are, whatever the device's zone.
const dayLabel = new Intl.DateTimeFormat('en-ZA', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** A day ('YYYY-MM-DD') as the page shows it: "24 Nov". */
export const dayOf = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));

/** The bars' drawing: one unit per day across, 100 units up; stretched to the plot's box. */
const PLOT_HEIGHT = 100;

/**
 * Bars of scans per day; its label says what a screen reader needs, the table the rest. The bars
 * are an SVG stretched to the plot (preserveAspectRatio none), the axis labels HTML beside it, so
 * the text keeps its size at every width instead of shrinking with a scaled drawing.
 */
export function DayChart({ days, counts }: { days: readonly string[]; counts: readonly number[] }) {
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
    <div className="stats-chart__plot" role="img" aria-label={label}>
      <div className="stats-chart__ticks" aria-hidden="true">
        {ticks.map((tick) => (
          <span key={tick} style={{ bottom: `${(100 * tick) / top}%` }}>
            {tick}
          </span>
        ))}
      </div>
      <svg
        className="stats-chart__bars"
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
      <div className="stats-chart__days" aria-hidden="true">
        <span>{dayOf(days[0])}</span>
        <span>{dayOf(days[days.length - 1])}</span>
      </div>
    </div>
  );
}
