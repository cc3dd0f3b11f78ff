// The sheet's rows checked as the person maps its columns and fixes rows in place. Checking a row
// is the wizard's whole check (a fraction of a millisecond), so a thousand rows take a moment: each
// row's result is kept by its values, and a fix re-checks only the row it changes (then the
// repeats across rows, which are cheap).
import { useMemo } from 'react';
import {
  checkSheet,
  checkValues,
  type CheckedRow,
  type RowChecker,
  type RowFixes,
} from '../../../domain/bulk/batch';
import type { BulkColumn, ColumnMapping } from '../../../domain/bulk/columns';
import type { Sheet } from '../../../domain/bulk/sheet';
import type { BatchLook } from '../../../domain/bulk/rows';

/** Each row's result by its batch, place and values, for each look (a look has its columns). */
const known = new WeakMap<BatchLook, Map<string, CheckedRow>>();

/** checkValues, answered from what is known of the row when nothing of it has changed. */
const rememberedCheck: RowChecker = (look, columns, batch, index, line, values) => {
  let rows = known.get(look);
  if (!rows) known.set(look, (rows = new Map()));
  const key = `${batch}:${index}:${JSON.stringify(values)}`;
  let row = rows.get(key);
  if (!row) {
    row = checkValues(look, columns, batch, index, line, values);
    rows.set(key, row);
  }
  return row;
};

export function useCheckedRows(
  sheet: Sheet | null,
  columns: readonly BulkColumn[],
  mapping: ColumnMapping,
  look: BatchLook,
  batch: string,
  fixes: RowFixes,
): readonly CheckedRow[] {
  return useMemo(
    () =>
      sheet
        ? checkSheet(sheet, columns, mapping, look, batch, { fixes, check: rememberedCheck })
        : [],
    [sheet, columns, mapping, look, batch, fixes],
  );
}
