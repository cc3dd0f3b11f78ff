// A real, minimal Excel workbook (.xlsx) made from rows, for tests that upload one: the parts
// Excel needs at the least, zipped, with text as inline strings (no shared-strings table to keep in
// step) and numbers as numbers. A formula cell can carry the value Excel cached when it last
// calculated it, which is all a reader that never runs formulas may show.
import { strToU8, zipSync } from 'fflate';

/** A cell written as Excel writes a formula: its text, and the value it last calculated to. */
export interface FormulaCell {
  readonly formula: string;
  /** The cached result; none when the workbook was never calculated (as some tools write it). */
  readonly value?: string | number;
}

export type XlsxCell = string | number | FormulaCell | null;

type Rows = readonly (readonly XlsxCell[])[];

export interface XlsxOptions {
  /** The first worksheet's name, as its tab shows it. */
  readonly sheetName?: string;
  /** Stored rather than compressed, as some writers do. */
  readonly store?: boolean;
  /** Worksheets after the first, each from A1. */
  readonly moreSheets?: readonly Rows[];
}

const escapeXml = (text: string): string =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

/** "A", "B", … "Z", "AA": a column's letters from its index (0 is A). */
function columnName(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  }
  return name;
}

function formulaXml(ref: string, { formula, value }: FormulaCell): string {
  const f = `<f>${escapeXml(formula)}</f>`;
  if (value === undefined) return `<c r="${ref}">${f}</c>`;
  if (typeof value === 'number') return `<c r="${ref}">${f}<v>${value}</v></c>`;
  return `<c r="${ref}" t="str">${f}<v>${escapeXml(value)}</v></c>`;
}

function cellXml(ref: string, cell: XlsxCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return `<c r="${ref}"><v>${cell}</v></c>`;
  if (typeof cell === 'string') {
    return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(cell)}</t></is></c>`;
  }
  return formulaXml(ref, cell);
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const SPREADSHEET = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

function sheetXml(rows: Rows): string {
  const rowsXml = rows.map((row, rowIndex) => {
    const number = rowIndex + 1;
    const cells = row.map((cell, column) => cellXml(`${columnName(column)}${number}`, cell));
    return `<row r="${number}">${cells.join('')}</row>`;
  });
  return `${XML_HEAD}<worksheet xmlns="${MAIN}"><sheetData>${rowsXml.join('')}</sheetData></worksheet>`;
}

/** One entry per worksheet, numbered from 1. */
const eachSheet = (count: number, entry: (number: number) => string) =>
  Array.from({ length: count }, (_, index) => entry(index + 1)).join('');

const contentTypes = (count: number) =>
  `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  `<Override PartName="/xl/workbook.xml" ContentType="${SPREADSHEET}.sheet.main+xml"/>` +
  eachSheet(
    count,
    (n) =>
      `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="${SPREADSHEET}.worksheet+xml"/>`,
  ) +
  '</Types>';

const PACKAGE_RELS =
  `${XML_HEAD}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
  `<Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/>` +
  '</Relationships>';

const workbookXml = (names: readonly string[]) =>
  `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets>` +
  eachSheet(
    names.length,
    (n) => `<sheet name="${escapeXml(names[n - 1])}" sheetId="${n}" r:id="rId${n}"/>`,
  ) +
  '</sheets></workbook>';

const workbookRels = (count: number) =>
  `${XML_HEAD}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
  eachSheet(
    count,
    (n) =>
      `<Relationship Id="rId${n}" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet${n}.xml"/>`,
  ) +
  '</Relationships>';

/**
 * The bytes of an .xlsx whose first worksheet holds `rows` from A1, a row per array (and the
 * worksheets of `moreSheets` after it).
 */
export function xlsxBytes(
  rows: Rows,
  { sheetName = 'Sheet1', store = false, moreSheets = [] }: XlsxOptions = {},
): Uint8Array<ArrayBuffer> {
  const sheets = [rows, ...moreSheets];
  const names = sheets.map((_, index) => (index === 0 ? sheetName : `Sheet${index + 1}`));
  const worksheets = Object.fromEntries(
    sheets.map((sheet, index) => [`xl/worksheets/sheet${index + 1}.xml`, strToU8(sheetXml(sheet))]),
  );
  return zipSync(
    {
      '[Content_Types].xml': strToU8(contentTypes(sheets.length)),
      '_rels/.rels': strToU8(PACKAGE_RELS),
      'xl/workbook.xml': strToU8(workbookXml(names)),
      'xl/_rels/workbook.xml.rels': strToU8(workbookRels(sheets.length)),
      ...worksheets,
    },
    { level: store ? 0 : 6 },
  );
}

/** The MIME type of an .xlsx, for a File or an upload in a test. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
