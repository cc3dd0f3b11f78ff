// A whole sheet checked before anything is written (the dry run): every row as the wizard checks a
// code (rows.ts), rows that repeat another, and the account's limits for the batch as a whole,
// with what it will create and what update. Pure, so the page runs it offline and a test runs it
// on 1,000 rows.
import type { Standing } from '../billing';
import { linkLimitsOf, type AccountUsage } from '../qr/link-policy';
import { SAVED_CODES_MAX, type SavedCodeFields } from '../qr/saved-code';
import { KEY_COLUMN, rowValues, type BulkColumn, type ColumnMapping } from './columns';
import { bulkCodeId } from './ids';
import { bulkRowsAllowed } from './limits';
import { checkRow, rowSetsKey, type BatchLook, type RowProblem } from './rows';
import { formatCount } from '../counts';

export interface CheckedRow {
  /** Its place among the sheet's rows with data (0 for the first). */
  readonly index: number;
  /** Its row number as the spreadsheet shows it. */
  readonly line: number;
  /** Its values by column id. */
  readonly values: Readonly<Record<string, string>>;
  /** The person's own key (the id column), or null. */
  readonly key: string | null;
  /** The code it writes (ids.ts). */
  readonly codeId: string;
  /** The saved code's fields; null when the row has a problem. */
  readonly fields: SavedCodeFields | null;
  readonly problems: readonly RowProblem[];
}

/** Rows as a sheet holds them: the cells, and the line each is on. */
export interface SheetRows {
  readonly rows: readonly (readonly string[])[];
  readonly rowNumbers: readonly number[];
}

const REPEATED_KEY = (line: number) =>
  `This id is also on row ${line}: each id makes one code. Give this row its own id, or delete one of the two.`;
const REPEATED_ROW = (line: number) =>
  `This row repeats row ${line} exactly: it would make the same code twice. Delete one of them, or change its name.`;

/** One row checked, from its values: its key and code, and the row's problems. */
export function checkValues(
  look: BatchLook,
  columns: readonly BulkColumn[],
  batch: string,
  index: number,
  line: number,
  values: Readonly<Record<string, string>>,
): CheckedRow {
  const key = (values[KEY_COLUMN] ?? '').trim() || null;
  const { fields, problems } = checkRow(look, columns, values);
  return { index, line, values, key, codeId: bulkCodeId(batch, index, key), fields, problems };
}

/** Values typed in the page over a row's cells, by the row's place, then by column id. */
export type RowFixes = Readonly<Record<number, Readonly<Record<string, string>>>>;

/** How one row is checked: checkValues, or the page's copy that remembers rows already checked. */
export type RowChecker = typeof checkValues;

/**
 * Every row of the sheet checked (its cells as the mapping reads them, with the fixes typed over
 * them), with the rows that repeat another (the same key, or the same values throughout) flagged
 * on the later one.
 */
export function checkSheet(
  sheet: SheetRows,
  columns: readonly BulkColumn[],
  mapping: ColumnMapping,
  look: BatchLook,
  batch: string,
  { fixes = {}, check = checkValues }: { fixes?: RowFixes; check?: RowChecker } = {},
): CheckedRow[] {
  const checked = sheet.rows.map((cells, index) =>
    check(look, columns, batch, index, sheet.rowNumbers[index] ?? index + 2, {
      ...rowValues(cells, columns, mapping),
      ...fixes[index],
    }),
  );
  return withRepeats(checked, columns);
}

/** The rows with a problem added to each that repeats an earlier one. */
export function withRepeats(
  rows: readonly CheckedRow[],
  columns: readonly BulkColumn[],
): CheckedRow[] {
  const byKey = new Map<string, number>();
  const byValues = new Map<string, number>();
  return rows.map((row) => {
    const repeated: RowProblem[] = [];
    if (row.key !== null) {
      const first = byKey.get(row.key);
      if (first === undefined) byKey.set(row.key, row.line);
      else repeated.push({ column: KEY_COLUMN, message: REPEATED_KEY(first) });
    } else {
      const whole = JSON.stringify(columns.map((column) => (row.values[column.id] ?? '').trim()));
      const first = byValues.get(whole);
      if (first === undefined) byValues.set(whole, row.line);
      else repeated.push({ column: null, message: REPEATED_ROW(first) });
    }
    return repeated.length === 0
      ? row
      : { ...row, fields: null, problems: [...row.problems, ...repeated] };
  });
}

/** What the workspace has, for the batch's limits. */
export interface WorkspaceFacts {
  readonly standing: Standing;
  /** Its saved codes now. */
  readonly codeCount: number;
  /** Its short links' usage today (link-policy.ts). */
  readonly usage: AccountUsage;
  /**
   * Its codes now, each by id with what a row sets of it (rowSetsKey): a row whose code exists
   * updates it, unless the code holds what the row sets already.
   */
  readonly codes: ReadonlyMap<string, string>;
}

export interface BatchPlan {
  readonly rows: number;
  readonly good: number;
  readonly failing: number;
  /** Good rows whose code is new. */
  readonly creates: number;
  /** Good rows whose code exists and is changed by the row. */
  readonly updates: number;
  /** Good rows whose code exists and holds what the row sets already. */
  readonly unchanged: number;
  /** Why the batch cannot be written as it is (the workspace's limits); empty when it can. */
  readonly limits: readonly string[];
}

/**
 * Why a sheet of `rows` rows cannot be one batch in `standing` (null: it can): asked before its
 * rows are checked, so a sheet of 50,000 rows is answered at once rather than checked in vain.
 */
export function batchSizeProblem(rows: number, standing: Standing): string | null {
  const allowed = bulkRowsAllowed(standing);
  if (allowed === 0) {
    return 'Your trial or plan has ended: choose a plan on the Pricing page to make codes from a sheet.';
  }
  if (rows <= allowed) return null;
  return `This sheet has ${formatCount(rows)} rows, and ${standing.kind === 'trial' ? 'the trial makes' : 'a batch makes'} at most ${formatCount(allowed)} codes at a time. Split it into sheets of ${formatCount(allowed)} rows or fewer.`;
}

/**
 * What writing the good rows of `rows` would do, and the limits it would break: the rows a batch
 * may have, the codes a workspace may keep, and for dynamic codes the links it may have and make
 * today. The server holds each again as it writes.
 */
export function planBatch(
  rows: readonly CheckedRow[],
  facts: WorkspaceFacts,
  dynamic: boolean,
): BatchPlan {
  const good = rows.filter((row) => row.fields !== null);
  const creates = good.filter((row) => !facts.codes.has(row.codeId)).length;
  const unchanged = good.filter(
    (row) => facts.codes.get(row.codeId) === rowSetsKey(row.fields!),
  ).length;
  const updates = good.length - creates - unchanged;
  const limits: string[] = [];
  const size = batchSizeProblem(rows.length, facts.standing);
  if (size) limits.push(size);
  if (facts.codeCount + creates > SAVED_CODES_MAX) {
    limits.push(
      `This batch would make ${formatCount(creates)} new codes, and the workspace has ${formatCount(facts.codeCount)} of the ${formatCount(SAVED_CODES_MAX)} it may keep. Delete codes you no longer use, or make fewer at a time.`,
    );
  }
  if (dynamic) {
    const { activeLinks, newLinksPerDay } = linkLimitsOf(facts.standing);
    const links = creates;
    if (facts.usage.activeLinks + links > activeLinks) {
      limits.push(
        `This batch would make ${formatCount(links)} dynamic codes, and the workspace has ${formatCount(facts.usage.activeLinks)} of the ${formatCount(activeLinks)} it may have at once. Delete dynamic codes you no longer use, or make these static.`,
      );
    }
    if (facts.usage.newLinks + links > newLinksPerDay) {
      limits.push(
        `This batch would make ${formatCount(links)} new dynamic codes, and ${formatCount(Math.max(0, newLinksPerDay - facts.usage.newLinks))} more can be made today (${formatCount(newLinksPerDay)} a day). Make the rest tomorrow, or split the sheet.`,
      );
    }
  }
  return {
    rows: rows.length,
    good: good.length,
    failing: rows.length - good.length,
    creates,
    updates,
    unchanged,
    limits,
  };
}
