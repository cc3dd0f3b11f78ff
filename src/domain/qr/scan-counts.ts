// The figures the redirect keeps for each short link and day, as the server writes them and the
// analysis reads them. A link's figures for a day are split over a few documents (shards:
// dynamic/{id}/counts/{day}_{n}), because one Firestore document takes about one write a second
// and a code on a poster is scanned far more often; each shard holds increments, and a day's
// figures are the sum of its shards (sumCounts). Nothing here identifies a person: no IP address,
// no user agent, only classes (a phone, Android) and a count of distinct visitors per day.

export const deviceClasses = [
  { id: 'phone', label: 'Phone' },
  { id: 'tablet', label: 'Tablet' },
  { id: 'computer', label: 'Computer' },
  { id: 'other', label: 'Other or unknown' },
] as const;

export type DeviceClass = (typeof deviceClasses)[number]['id'];

export const osFamilies = [
  { id: 'android', label: 'Android' },
  { id: 'ios', label: 'iOS and iPadOS' },
  { id: 'windows', label: 'Windows' },
  { id: 'macos', label: 'macOS' },
  { id: 'linux', label: 'Linux' },
  { id: 'chromeos', label: 'ChromeOS' },
  { id: 'other', label: 'Other or unknown' },
] as const;

export type OsFamily = (typeof osFamilies)[number]['id'];

/** Hours of the day as stored: '00' to '23' (South African time, see scan-time.ts). */
export const hourKey = (hour: number): string => String(hour).padStart(2, '0');

/** One link's figures for one day (or the sum of several). */
export interface ScanCounts {
  /** Scans by people: each GET of the link that was sent on to its target. */
  readonly scans: number;
  /** Distinct visitors among them (per day: one phone scanning three times counts once). */
  readonly unique: number;
  /** Scans of the printed code (its link carries the QR marker)... */
  readonly qr: number;
  /** ...and opens of the link itself (copied, shared, typed). */
  readonly clicks: number;
  /** Requests by link-preview fetchers and crawlers: answered, not counted as scans. */
  readonly bots: number;
  /** HEAD requests (link checkers): answered, not counted as scans. */
  readonly heads: number;
  readonly devices: Readonly<Partial<Record<DeviceClass, number>>>;
  readonly os: Readonly<Partial<Record<OsFamily, number>>>;
  readonly hours: Readonly<Partial<Record<string, number>>>;
}

export const emptyCounts: ScanCounts = {
  scans: 0,
  unique: 0,
  qr: 0,
  clicks: 0,
  bots: 0,
  heads: 0,
  devices: {},
  os: {},
  hours: {},
};

const numberKeys = ['scans', 'unique', 'qr', 'clicks', 'bots', 'heads'] as const;
const mapKeys = ['devices', 'os', 'hours'] as const;

/** A count as stored: anything that is not a non-negative number reads as 0. */
const count = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function addMaps(into: Record<string, number>, from: unknown): Record<string, number> {
  if (!isRecord(from)) return into;
  for (const [key, value] of Object.entries(from)) {
    if (count(value) > 0) into[key] = (into[key] ?? 0) + count(value);
  }
  return into;
}

/** The sum of figures (shards of a day, days of a period), read defensively. */
export function sumCounts(parts: Iterable<unknown>): ScanCounts {
  const numbers = Object.fromEntries(numberKeys.map((key) => [key, 0])) as Record<
    (typeof numberKeys)[number],
    number
  >;
  const maps = Object.fromEntries(mapKeys.map((key) => [key, {}])) as Record<
    (typeof mapKeys)[number],
    Record<string, number>
  >;
  for (const part of parts) {
    if (!isRecord(part)) continue;
    for (const key of numberKeys) numbers[key] += count(part[key]);
    for (const key of mapKeys) addMaps(maps[key], part[key]);
  }
  return { ...numbers, ...maps };
}

/**
 * The `day` of the shards that hold a link's figures of all time, beside its days. It sorts after
 * every date, so a query for the days from some date on returns these too. (Their `unique` is the
 * sum of the days' distinct visitors.)
 */
export const ALL_DAYS = 'all';

/** The id of shard `shard` of a link's figures of `day` (or ALL_DAYS). */
export const countsDocId = (day: string, shard: number) => `${day}_${shard}`;

/** The stored shards: each flush of an instance picks one at random. */
export const COUNT_SHARDS = 10;
