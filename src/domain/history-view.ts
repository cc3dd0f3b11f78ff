// The history of printed codes as people read it: on its page (/UserHistory), in its CSV and in the
// owners' notice email. One place says how an entry is named (its code, who made the change, when,
// what changed), what the page's filters keep and offer, and what each CSV column holds, so the
// page, the file and the email say the same thing the same way. The page's address and its query
// are history-path.ts's.
import { formatDay } from './billing';
import { toCsv, UTF8_BOM } from './csv';
import type { HistoryFilters } from './history-path';
import { scanDay, scanHour } from './qr/scan-time';
import { shortLinkUrl } from './qr/short-link';
import { historyChanges, type HistoryChange, type HistoryEntry } from './records/history';

/** The entries `filters` keep, in their order. */
export const filterHistory = (
  entries: readonly HistoryEntry[],
  { code, by }: HistoryFilters,
): HistoryEntry[] =>
  entries.filter((entry) => (!code || entry.code === code) && (!by || entry.by === by));

/** The saved codes' names by id, as the codes listing knows them (a deleted code has none). */
export type CodeNames = ReadonlyMap<string, string>;

/** An entry's code as people know it: its name, or its short link's id once the code is gone. */
export const codeLabel = (entry: Pick<HistoryEntry, 'code' | 'link'>, names: CodeNames): string =>
  names.get(entry.code) || `Short link ${entry.link}`;

/**
 * Who made a change: their email address then (kept in the entry, so a former member is still
 * named), or, for an account that had none, the account holder or the account's id.
 */
export const whoLabel = (entry: Pick<HistoryEntry, 'by' | 'byEmail'>, workspace: string): string =>
  entry.byEmail ?? (entry.by === workspace ? 'The account holder' : `Account ${entry.by}`);

/** What changed, in words: "Now leads somewhere else; Password set". */
export const changesInWords = (changes: readonly HistoryChange[]): string =>
  changes.map((change) => historyChanges[change]).join('; ');

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * "5 December 2026, 14:05": when, on South African time (UTC+2 all year, scan-time.ts), since the
 * codes' owners live by it whatever their device's zone.
 */
export function formatSaTime(at: number): string {
  const when = new Date(at);
  return `${formatDay(at)}, ${twoDigits(scanHour(when))}:${twoDigits(when.getUTCMinutes())}`;
}

export interface FilterOption {
  readonly value: string;
  readonly label: string;
}

const byLabel = (a: FilterOption, b: FilterOption) => a.label.localeCompare(b.label);

/** The codes the entries name, once each, by name: the choices of the code filter. */
export function codeOptions(entries: readonly HistoryEntry[], names: CodeNames): FilterOption[] {
  const seen = new Map<string, FilterOption>();
  for (const entry of entries) {
    if (!seen.has(entry.code))
      seen.set(entry.code, { value: entry.code, label: codeLabel(entry, names) });
  }
  return [...seen.values()].sort(byLabel);
}

/**
 * The people the entries name, once each: the choices of the person filter. Entries come newest
 * first, so a person is named by the address of their latest change.
 */
export function personOptions(entries: readonly HistoryEntry[], workspace: string): FilterOption[] {
  const seen = new Map<string, FilterOption>();
  for (const entry of entries) {
    if (!seen.has(entry.by))
      seen.set(entry.by, { value: entry.by, label: whoLabel(entry, workspace) });
  }
  return [...seen.values()].sort(byLabel);
}

/** What the CSV's rows are made from. */
export interface HistoryCsvContext {
  readonly names: CodeNames;
  /** The site, for the short links. */
  readonly origin: string;
  readonly workspace: string;
}

/** The CSV's columns, each once: its header and its cell. */
export const historyCsvColumns: readonly {
  readonly header: string;
  readonly cell: (entry: HistoryEntry, context: HistoryCsvContext) => string;
}[] = [
  { header: 'when (UTC ISO 8601)', cell: (entry) => new Date(entry.at).toISOString() },
  { header: 'when (South African time)', cell: (entry) => formatSaTime(entry.at) },
  { header: 'code', cell: (entry, { names }) => codeLabel(entry, names) },
  { header: 'short link', cell: (entry, { origin }) => shortLinkUrl(origin, entry.link) },
  { header: 'who', cell: (entry, { workspace }) => whoLabel(entry, workspace) },
  { header: 'changes', cell: (entry) => changesInWords(entry.changes) },
  { header: 'from', cell: (entry) => entry.from ?? '' },
  { header: 'to', cell: (entry) => entry.to ?? '' },
];

/**
 * The CSV file's text: a header row, then one row per entry, in their order. Names, addresses and
 * destinations are typed by people; the CSV writer keeps a spreadsheet from running one that starts
 * with "=" as a formula.
 */
export function historyCsv(entries: readonly HistoryEntry[], context: HistoryCsvContext): string {
  const rows = entries.map((entry) =>
    historyCsvColumns.map((column) => column.cell(entry, context)),
  );
  return UTF8_BOM + toCsv([historyCsvColumns.map((column) => column.header), ...rows]);
}

/** "history-of-printed-codes-2026-11-25.csv": the South African date of the download. */
export const historyCsvFileName = (at: Date): string =>
  `history-of-printed-codes-${scanDay(at)}.csv`;
