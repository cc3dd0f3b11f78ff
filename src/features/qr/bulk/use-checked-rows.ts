// The sheet's rows checked as the person maps its columns and fixes rows in place. Checking a row
// is the wizard's whole check (about half a millisecond), so a thousand rows take a moment: each
// row's result is kept by its values, and a fix re-checks only the row it changes (then the
// repeats across rows, which are cheap).
import { useMemo } from 'react';
import { checkValues, withRepeats, type CheckedRow } from '../../../domain/bulk/batch';
import { rowValues, type BulkColumn, type ColumnMapping } from '../../../domain/bulk/columns';
import type { Sheet } from '../../../domain/bulk/sheet';
import type { BatchLook } from '../../../domain/bulk/rows';

/** Values typed in the page over a row's cells, by row then column id. */
export type RowFixes = Readonly<Record<number, Readonly<Record<string, string>>>>;

/** Each row's result by its batch, place and values, for each look (a look has its columns). */
const known = new WeakMap<BatchLook, Map<string, CheckedRow>>();

/** The row checked with `values`, from what is known of it when nothing has changed. */
function checkedRow(
  look: BatchLook,
  columns: readonly BulkColumn[],
  batch: string,
  index: number,
  line: number,
  values: Readonly<Record<string, string>>,
): CheckedRow {
  let rows = known.get(look);
  if (!rows) known.set(look, (rows = new Map()));
  const key = `${batch}:${index}:${JSON.stringify(values)}`;
  let row = rows.get(key);
  if (!row) {
    row = checkValues(look, columns, batch, index, line, values);
    rows.set(key, row);
  }
  return row;
}

export function useCheckedRows(
  sheet: Sheet | null,
  columns: readonly BulkColumn[],
  mapping: ColumnMapping,
  look: BatchLook,
  batch: string,
  fixes: RowFixes,
): readonly CheckedRow[] {
  return useMemo(() => {
    if (!sheet) return [];
    const rows = sheet.rows.map((cells, index) =>
      checkedRow(look, columns, batch, index, sheet.rowNumbers[index] ?? index + 2, {
        ...rowValues(cells, columns, mapping),
        ...fixes[index],
      }),
    );
    return withRepeats(rows, columns);
  }, [sheet, columns, mapping, look, batch, fixes]);
}
