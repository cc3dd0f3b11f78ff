// The figures of /UserAnalysis from the dynamic codes' short links: scans per code, and scans per
// day over the last 30 days. The redirect function counts each scan in `scans` and in
// `days['YYYY-MM-DD']` (UTC), so the days here are UTC days too.

/** What the analysis needs of a short link (see dynamic-links.ts). */
export interface LinkCounts {
  readonly scans: number;
  readonly days: Readonly<Record<string, number>>;
}

export const CHART_DAYS = 30;

/** The `count` UTC days ending with `today`'s, oldest first, as 'YYYY-MM-DD'. */
export function lastDays(today: Date, count = CHART_DAYS): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: count }, (_, index) =>
    new Date(end - (count - 1 - index) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** Scans on each of `days`, summed over `links`. */
export function scansPerDay(links: Iterable<LinkCounts>, days: readonly string[]): number[] {
  const totals = days.map(() => 0);
  for (const link of links) {
    days.forEach((day, index) => {
      const count = link.days[day];
      if (typeof count === 'number' && count > 0) totals[index] += count;
    });
  }
  return totals;
}

/** The scans of `links` on `days` in all. */
export const scansIn = (link: LinkCounts, days: readonly string[]): number =>
  scansPerDay([link], days).reduce((sum, count) => sum + count, 0);

/**
 * A round scale for the chart's axis: the smallest of 1, 2, 5, 10, 20, 50... at least `max`
 * (at least 1, so an empty chart still has an axis).
 */
export function axisMax(max: number): number {
  let step = 1;
  for (;;) {
    for (const factor of [1, 2, 5]) if (step * factor >= max) return step * factor;
    step *= 10;
  }
}

/** "1 scan", "3 scans". */
export const scansText = (count: number): string => (count === 1 ? '1 scan' : `${count} scans`);
