// The clock scans are filed by: South African time (SAST, UTC+2 all year: South Africa has no
// daylight saving), since the codes' owners and most of their customers live by it. A scan at
// 00:30 in Kempton Park counts on that day, not on the UTC day before.

const SAST_OFFSET_MS = 2 * 60 * 60 * 1000;

const inSast = (at: Date) => new Date(at.getTime() + SAST_OFFSET_MS);

/** The day a scan at `at` is filed under: its date in South Africa, 'YYYY-MM-DD'. */
export const scanDay = (at: Date): string => inSast(at).toISOString().slice(0, 10);

/** The hour of the day (0-23) in South Africa at `at`. */
export const scanHour = (at: Date): number => inSast(at).getUTCHours();

/** The `count` days ending with `today`'s (South African dates), oldest first. */
export function daysUpTo(today: Date, count: number): string[] {
  const end = Date.parse(`${scanDay(today)}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) =>
    new Date(end - (count - 1 - index) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** The day `days` after `day` ('YYYY-MM-DD'; negative for before). */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
