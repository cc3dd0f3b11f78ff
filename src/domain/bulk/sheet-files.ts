// The sheets the bulk page hands back: the template of a type (its columns and one example row)
// and the rows to fix (the sheet's own columns, as uploaded, with a column of what is wrong), both
// CSV through the one writer (csv.ts), whose guard keeps a spreadsheet from running any cell as a
// formula. With a byte-order mark, so Excel reads accents as they are.
import { toCsv, UTF8_BOM } from '../csv';
import type { QrType } from '../qr/qr-types';
import type { CheckedRow } from './batch';
import { bulkColumns, columnHeader, type BulkColumn } from './columns';

/** The template of `type`'s sheet: its columns' names, and a valid example row. */
export function templateCsv(type: QrType, dynamic: boolean): string {
  const columns = bulkColumns(type, dynamic);
  return (
    UTF8_BOM +
    toCsv([columns.map((column) => column.header), columns.map((column) => column.example)])
  );
}

/** The template's file name: "qr-codes-website.csv". */
export const templateName = (type: QrType) =>
  `qr-codes-${type.label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.csv`;

/** The column of what is wrong with a row, in the rows-to-fix sheet. */
export const PROBLEMS_HEADER = 'Problems';

/**
 * The rows with a problem, as a sheet to fix and upload again: the sheet's headers and each row's
 * cells as they came, the values fixed in the page where a column maps to them, and the problems
 * in a last column, each named by its column.
 */
export function failedRowsCsv(
  headers: readonly string[],
  cells: readonly (readonly string[])[],
  rows: readonly CheckedRow[],
  columns: readonly BulkColumn[],
  mapping: Readonly<Record<string, number | null>>,
): string {
  const lines = rows
    .filter((row) => row.problems.length > 0)
    .map((row) => {
      const line = [...(cells[row.index] ?? [])];
      while (line.length < headers.length) line.push('');
      for (const column of columns) {
        const at = mapping[column.id];
        if (at != null) line[at] = row.values[column.id] ?? '';
      }
      const problems = row.problems
        .map((problem) => {
          const where = columnHeader(columns, problem.column);
          return where ? `${where}: ${problem.message}` : problem.message;
        })
        .join(' ');
      return [...line, problems];
    });
  return UTF8_BOM + toCsv([[...headers, PROBLEMS_HEADER], ...lines]);
}

/** A line of a batch's manifest: a code, what it holds or leads to, and whether it will scan. */
export interface ManifestLine {
  readonly name: string;
  /** Its files' name in the ZIP (without extension); '' when it was left out. */
  readonly fileName: string;
  /** A static code's content, or where a dynamic code leads now. */
  readonly content: string;
  /** A dynamic code's printed short link; '' for a static one. */
  readonly shortLink: string;
  /** The scan check's verdict, or why the code was left out. */
  readonly verdict: string;
}

export const manifestHeaders = ['name', 'file', 'content or destination', 'short link', 'verdict'];

/** The batch's manifest.csv: a line per code, so a print shop or a till system can match them. */
export const manifestCsv = (lines: readonly ManifestLine[]) =>
  UTF8_BOM +
  toCsv([
    manifestHeaders,
    ...lines.map((line) => [line.name, line.fileName, line.content, line.shortLink, line.verdict]),
  ]);
