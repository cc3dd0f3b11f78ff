// A code's daily figures as a CSV file for a spreadsheet.
//
// Every day from the first one counted to the last (or to `until`, today) has a row, a day without
// scans as zeros: a spreadsheet's chart of the file then has an even time axis, and a quiet day
// reads as a quiet day, not as a gap in the figures. After the fixed columns comes one per place
// the days counted scans from.
import { toCsv, type Field } from '../csv';
import { addDays } from './scan-time';
import {
  deviceClasses,
  osFamilies,
  placeLabel,
  placesOf,
  sumCounts,
  type ScanCounts,
} from './scan-counts';

interface Column {
  readonly header: string;
  readonly value: (counts: ScanCounts) => number;
}

/** The file's columns after the date, from the same tables the page labels its bars with. */
export const scanCsvColumns: readonly Column[] = [
  { header: 'scans', value: (counts) => counts.scans },
  { header: 'unique visitors', value: (counts) => counts.unique },
  { header: 'printed code', value: (counts) => counts.qr },
  { header: 'copied link', value: (counts) => counts.clicks },
  { header: 'filtered (bots)', value: (counts) => counts.bots },
  { header: 'filtered (HEAD)', value: (counts) => counts.heads },
  ...deviceClasses.map(({ id, label }) => ({
    header: id === 'other' ? 'other device' : label.toLowerCase(),
    value: (counts: ScanCounts) => counts.devices[id] ?? 0,
  })),
  // System names keep their capitals (iOS, macOS); "other" says what it is beside the devices'.
  ...osFamilies.map(({ id, label }) => ({
    header: id === 'other' ? 'other system' : label,
    value: (counts: ScanCounts) => counts.os[id] ?? 0,
  })),
];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A column for each place the days counted (folded figures, so never a country under the day's
 * minimum), the places with most scans first: "scans from South Africa".
 */
function placeColumns(days: readonly ScanCounts[]): Column[] {
  return placesOf(sumCounts(days)).map(({ place }) => ({
    header: `scans from ${placeLabel(place)}`,
    value: (counts: ScanCounts) => counts.countries[place] ?? 0,
  }));
}

/**
 * The CSV of a link's figures by day (summed over shards; the figures of all time and anything
 * that is not a date are left out), dates ascending, with a header row. `until` ('YYYY-MM-DD',
 * today) continues the rows with zeros up to that day; with no day counted there is only the
 * header.
 */
export function scanCsv(days: ReadonlyMap<string, ScanCounts>, until?: string): string {
  const dates = [...days.keys()].filter((day) => DATE.test(day)).sort();
  const columns = [...scanCsvColumns, ...placeColumns(dates.map((day) => days.get(day)!))];
  const rows: Field[][] = [['date', ...columns.map((column) => column.header)]];
  if (dates.length > 0) {
    const lastCounted = dates[dates.length - 1];
    const last =
      until !== undefined && DATE.test(until) && until > lastCounted ? until : lastCounted;
    for (let day = dates[0]; day <= last; day = addDays(day, 1)) {
      const counts = days.get(day) ?? sumCounts([]);
      rows.push([day, ...columns.map((column) => column.value(counts))]);
    }
  }
  return toCsv(rows);
}

/** The longest name part of the file's name, so that the link id always fits after it. */
const SLUG_MAX = 40;

/** A code's name as a part of a file name: lower case ASCII letters and digits, dashed. */
export function slug(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return words.slice(0, SLUG_MAX).replace(/-+$/, '') || 'code';
}

/** "scans-shop-window-AbC123xyz9.csv". */
export const scanCsvFileName = (name: string, linkId: string): string =>
  `scans-${slug(name)}-${linkId}.csv`;
