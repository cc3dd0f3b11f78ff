// The figures of /UserAnalysis from the dynamic codes' short links: per day over the last 30 days,
// per code, and each code's scans broken down by where they came from, device, system and hour.
// The redirect function files each scan under its South African day and hour (scan-time.ts), so
// the days and hours here are South African ones too.
import { daysUpTo } from './scan-time';
import {
  ALL_DAYS,
  deviceClasses,
  hourKey,
  osFamilies,
  placeLabel,
  placesOf,
  sumCounts,
  type ScanCounts,
} from './scan-counts';

/** A link's figures by day ('YYYY-MM-DD', or ALL_DAYS for all time): see dynamic-links.ts. */
export type LinkCounts = ReadonlyMap<string, Partial<ScanCounts>>;

/** The figures counted once per day and link, which add up across days and links. */
export type DailyField = 'scans' | 'unique' | 'qr' | 'clicks' | 'bots' | 'heads';

export const CHART_DAYS = 30;

/** The `count` days ending with `today`'s (South African dates), oldest first. */
export const lastDays = (today: Date, count = CHART_DAYS): string[] => daysUpTo(today, count);

/** `field` on each of `days`, summed over `links`. */
export function perDay(
  links: Iterable<LinkCounts>,
  days: readonly string[],
  field: DailyField = 'scans',
): number[] {
  const totals = days.map(() => 0);
  for (const link of links) {
    days.forEach((day, index) => {
      totals[index] += link.get(day)?.[field] ?? 0;
    });
  }
  return totals;
}

/** Scans on each of `days`, summed over `links`. */
export const scansPerDay = (links: Iterable<LinkCounts>, days: readonly string[]): number[] =>
  perDay(links, days);

/** The scans of `link` on `days` in all. */
export const scansIn = (link: LinkCounts, days: readonly string[]): number =>
  scansPerDay([link], days).reduce((sum, count) => sum + count, 0);

/** All the figures of `links` on `days`, added up (unique: the sum of each day's). */
export const countsIn = (links: Iterable<LinkCounts>, days: readonly string[]): ScanCounts =>
  sumCounts([...links].flatMap((link) => days.map((day) => link.get(day))));

/** What the analysis needs to know of a saved code. */
export interface CodeRef {
  readonly id: string;
  readonly name: string;
  readonly dynamic: boolean;
}

/** One dynamic code's figures: over `days`, and of all time. */
export interface CodeFigures<Code extends CodeRef = CodeRef> {
  readonly code: Code;
  readonly linkId: string;
  readonly period: ScanCounts;
  /** Scans of all time (its link's ALL_DAYS figures). */
  readonly total: number;
}

/**
 * The figures of each dynamic code that has its short link (one not made yet has none to show),
 * most scanned over `days` first, then most scanned of all time, then by name.
 */
export function codeFigures<Code extends CodeRef>(
  codes: readonly Code[],
  links: ReadonlyMap<string, { readonly id: string }>,
  counts: ReadonlyMap<string, LinkCounts>,
  days: readonly string[],
): CodeFigures<Code>[] {
  const rows = codes.flatMap((code) => {
    const link = code.dynamic ? links.get(code.id) : undefined;
    if (!link) return [];
    const counted: LinkCounts = counts.get(link.id) ?? new Map();
    return [
      {
        code,
        linkId: link.id,
        period: countsIn([counted], days),
        total: counted.get(ALL_DAYS)?.scans ?? 0,
      },
    ];
  });
  return rows.sort(
    (a, b) =>
      b.period.scans - a.period.scans ||
      b.total - a.total ||
      a.code.name.localeCompare(b.code.name),
  );
}

/** One bar of a breakdown: a class of scans, how many, and their share of the breakdown's. */
export interface BreakdownPart {
  readonly id: string;
  readonly label: string;
  readonly count: number;
  /** 0 to 1; 0 when the breakdown counted nothing. */
  readonly share: number;
}

/** A way to split a code's scans, for a table of bars. */
export interface Breakdown {
  readonly id: 'source' | 'devices' | 'os' | 'countries';
  readonly title: string;
  /** The header of the column of classes. */
  readonly classLabel: string;
  readonly parts: (counts: ScanCounts) => BreakdownPart[];
}

/** Each part's share of their sum. */
export function withShares(parts: readonly Omit<BreakdownPart, 'share'>[]): BreakdownPart[] {
  const sum = parts.reduce((total, part) => total + part.count, 0);
  return parts.map((part) => ({ ...part, share: sum > 0 ? part.count / sum : 0 }));
}

/**
 * Where scans came from: the country of each client's address, as the redirect found it and
 * forgot the address; only the countries with scans, most first (folded figures: scan-counts.ts).
 */
export const placesBreakdown: Breakdown = {
  id: 'countries',
  title: 'By country',
  classLabel: 'Country',
  parts: (counts) =>
    withShares(
      placesOf(counts).map(({ place, count }) => ({ id: place, label: placeLabel(place), count })),
    ),
};

export const breakdowns: readonly Breakdown[] = [
  {
    id: 'source',
    title: 'Printed code or copied link',
    classLabel: 'Opened by',
    parts: (counts) =>
      withShares([
        { id: 'qr', label: 'Printed code (scanned)', count: counts.qr },
        { id: 'clicks', label: 'Copied link (opened)', count: counts.clicks },
      ]),
  },
  {
    id: 'devices',
    title: 'By device',
    classLabel: 'Device',
    parts: (counts) =>
      withShares(
        deviceClasses.map(({ id, label }) => ({ id, label, count: counts.devices[id] ?? 0 })),
      ),
  },
  {
    id: 'os',
    title: 'By operating system',
    classLabel: 'System',
    parts: (counts) =>
      withShares(osFamilies.map(({ id, label }) => ({ id, label, count: counts.os[id] ?? 0 }))),
  },
  placesBreakdown,
];

/** Scans in each hour of the day, 0 to 23 (South African time). */
export const hourly = (counts: ScanCounts): number[] =>
  Array.from({ length: 24 }, (_, hour) => counts.hours[hourKey(hour)] ?? 0);

/** "08:00 to 09:00". */
export const hourText = (hour: number): string =>
  `${hourKey(hour)}:00 to ${hourKey((hour + 1) % 24)}:00`;

/** A share as a whole percentage; a share that is not nothing never reads "0%", nor one short of all "100%". */
export function percentText(share: number): string {
  if (share > 0 && share < 0.005) return '<1%';
  if (share < 1 && share >= 0.995) return '>99%';
  return `${Math.round(share * 100)}%`;
}

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

const counted = new Intl.NumberFormat('en-ZA');

/** A count as South Africans write it: "1 234" (a no-break space between thousands). */
export const countText = (count: number): string => counted.format(count);

/** "1 scan", "3 scans". */
export const scansText = (count: number): string =>
  count === 1 ? '1 scan' : `${countText(count)} scans`;
