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
  /**
   * Scans by the country the client's address is registered in (ISO 3166-1 alpha-2, 'ZA'),
   * UNKNOWN_PLACE where none is known; once folded, OTHER_PLACES for the few from elsewhere.
   */
  readonly countries: Readonly<Partial<Record<string, number>>>;
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
  countries: {},
};

const numberKeys = ['scans', 'unique', 'qr', 'clicks', 'bots', 'heads'] as const;
/** The figures kept as maps of counts, by class: what the counter and the readers add up. */
export const mapKeys = ['devices', 'os', 'hours', 'countries'] as const;

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

/** The least scans from one country in a day's figures that are shown under its name. */
export const PLACE_MIN = 5;
/** The scans from countries with fewer than PLACE_MIN in a day, together. */
export const OTHER_PLACES = 'other';
/** Scans whose address is in no country the database knows (or had no address). */
export const UNKNOWN_PLACE = 'unknown';

/** A country's code as stored: two capital letters. */
export const isCountryCode = (key: string): boolean => /^[A-Z]{2}$/.test(key);

/**
 * One day's figures (or all time's) with every country of fewer than PLACE_MIN scans folded into
 * OTHER_PLACES: what every reader shows and downloads, never the finer figures.
 */
export function foldPlaces(counts: ScanCounts): ScanCounts {
  const countries: Record<string, number> = {};
  const add = (key: string, value: number) => {
    countries[key] = (countries[key] ?? 0) + value;
  };
  for (const [place, value = 0] of Object.entries(counts.countries)) {
    if (value <= 0) continue;
    if (place === UNKNOWN_PLACE) add(UNKNOWN_PLACE, value);
    else if (isCountryCode(place) && value >= PLACE_MIN) add(place, value);
    else add(OTHER_PLACES, value);
  }
  return { ...counts, countries };
}

const regionNames = (() => {
  try {
    return new Intl.DisplayNames(['en-ZA', 'en'], { type: 'region' });
  } catch {
    return null;
  }
})();

/** A place's name as the figures show it: "South Africa", "Other places", "Unknown". */
export function placeLabel(place: string): string {
  if (place === OTHER_PLACES) return `Other places (each under ${PLACE_MIN} scans a day)`;
  if (place === UNKNOWN_PLACE) return 'Unknown';
  return (isCountryCode(place) && regionNames?.of(place)) || place;
}

/** The places of folded figures, most scans first, "other" and "unknown" last. */
export function placesOf(counts: ScanCounts): { readonly place: string; readonly count: number }[] {
  const last = (place: string) => (place === OTHER_PLACES ? 1 : place === UNKNOWN_PLACE ? 2 : 0);
  return Object.entries(counts.countries)
    .map(([place, count = 0]) => ({ place, count }))
    .filter(({ count }) => count > 0)
    .sort(
      (a, b) =>
        last(a.place) - last(b.place) || b.count - a.count || a.place.localeCompare(b.place),
    );
}
