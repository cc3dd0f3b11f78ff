// The figures of /UserAnalysis from the dynamic codes' short links: scans per code, and scans per
// day over the last 30 days. The redirect function files each scan under its South African day
// (scan-time.ts), so the days here are South African days too.
import { daysUpTo } from './scan-time';
import type { ScanCounts } from './scan-counts';

/** A link's figures by day ('YYYY-MM-DD', or ALL_DAYS for all time): see dynamic-links.ts. */
export type LinkCounts = ReadonlyMap<string, Pick<ScanCounts, 'scans'>>;

export const CHART_DAYS = 30;

/** The `count` days ending with `today`'s (South African dates), oldest first. */
export const lastDays = (today: Date, count = CHART_DAYS): string[] => daysUpTo(today, count);

/** Scans on each of `days`, summed over `links`. */
export function scansPerDay(links: Iterable<LinkCounts>, days: readonly string[]): number[] {
  const totals = days.map(() => 0);
  for (const link of links) {
    days.forEach((day, index) => {
      totals[index] += link.get(day)?.scans ?? 0;
    });
  }
  return totals;
}

/** The scans of `link` on `days` in all. */
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
