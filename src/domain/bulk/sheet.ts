// A sheet a business uploads to make many codes at once, read into rows of text: a CSV as Excel,
// Google Sheets or a till system saves it (in whatever encoding and separator), or the cells of an
// Excel workbook that the page's reader hands over. Nothing here runs a formula or treats a cell as
// anything but text; what the columns mean is the mapping's business.
//
// Every refusal says what happened and what to do, in words for the person who made the sheet.
import Papa from 'papaparse';
import { sniffType } from '../qr/file-signatures';
import { formatCount } from '../counts';

export interface Sheet {
  /** The first row's cells, trimmed (the column names). */
  readonly headers: readonly string[];
  /**
   * The other rows that are not empty, each as many cells as it has (strings, never evaluated,
   * not trimmed).
   */
  readonly rows: readonly (readonly string[])[];
  /**
   * For each row, its row number as a spreadsheet would show it (1 = the header row, when the
   * sheet starts with it): empty rows skipped still count, so a message can say "row 7".
   */
  readonly rowNumbers: readonly number[];
}

/**
 * How a CSV file's text was written: UTF-8 (with Excel's byte-order mark or without it), UTF-16
 * with its mark (Excel's "Unicode Text"), or Windows-1252, what Excel's plain "CSV" save writes on
 * a Windows computer.
 */
export type SheetEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'windows-1252';

export type SheetProblem = 'empty' | 'not-a-sheet' | 'no-rows' | 'too-many-rows' | 'unreadable';

export type SheetRead =
  | {
      ok: true;
      sheet: Sheet;
      format: 'csv' | 'xlsx';
      encoding?: SheetEncoding;
      /** The CSV's column separator: ',', ';' or a tab. */
      separator?: string;
    }
  | { ok: false; problem: SheetProblem; message: string };

export type SheetFailure = Extract<SheetRead, { ok: false }>;

/** The most rows read from one sheet. */
export const SHEET_ROWS_MAX = 50_000;

const fail = (problem: SheetProblem, message: string): SheetFailure => ({
  ok: false,
  problem,
  message,
});

const SAVE_AS = 'Save your sheet as CSV or Excel (.xlsx) and choose it again.';

const EMPTY_MESSAGE =
  'This file is empty: it has no rows. Check that you chose the right file, or save your sheet again, and choose it again.';

const NO_ROWS_MESSAGE =
  'This sheet has only one row, the column names, and no rows of codes below it. Add a row for each code, save the sheet and choose it again.';

const tooManyRowsMessage = (count: number) =>
  `This sheet has ${formatCount(count)} rows of codes, and one sheet can have at most ${formatCount(SHEET_ROWS_MAX)}. Split it into sheets of ${formatCount(SHEET_ROWS_MAX)} rows or fewer and upload them one at a time.`;

const unclosedQuoteMessage = (row: number) =>
  `Row ${row} of this sheet opens a quote mark (") that is never closed, so the rows from there on cannot be read. Open the file in Excel or Google Sheets, save it as CSV again, and choose it again.`;

/** Why a file taken for a sheet could still not be read, for the page's reader. */
export const unreadable = {
  locked: fail(
    'unreadable',
    'This Excel file is protected with a password, so it cannot be read. Open it in Excel, remove the password (File, Info, Protect Workbook), save it and choose it again.',
  ),
  damaged: fail(
    'unreadable',
    'This Excel file could not be read: it may be damaged or only partly saved. Open it in Excel, save it again as Excel Workbook (.xlsx) or CSV, and choose it again.',
  ),
  tooLarge: fail(
    'unreadable',
    'This Excel file is too large to read here. Copy the sheet of codes into a new workbook, or save it as CSV, and choose that file.',
  ),
  unopened: fail(
    'unreadable',
    'This file could not be opened. If it is on a network drive or in the cloud, save a copy on this device and choose the copy.',
  ),
} as const;

// -- Text --------------------------------------------------------------------------------------

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);

const UTF8_MARK = [0xef, 0xbb, 0xbf];
const UTF16LE_MARK = [0xff, 0xfe];

/**
 * A CSV file's text. UTF-8 is tried strictly first: text in Windows-1252 with letters past ASCII
 * (é, ë, €, ’) is practically never valid UTF-8, so a file that decodes is UTF-8, and one that
 * does not is what Excel's plain "CSV" save writes on Windows.
 */
export function decodeSheetText(bytes: Uint8Array): { text: string; encoding: SheetEncoding } {
  if (startsWith(bytes, UTF8_MARK)) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8-bom' };
  }
  if (startsWith(bytes, UTF16LE_MARK)) {
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
}

/**
 * Windows-1252's characters for the bytes 0x80 to 0x9F, where it differs from Latin-1 (€, ’, “,
 * …); the five bytes it leaves unused keep their Latin-1 meaning, as browsers decode them.
 */
const WINDOWS_1252_80_9F = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

/**
 * Windows-1252 decoded here, not by TextDecoder: Node's (the tests', the functions') decodes that
 * label as Latin-1, so a € or a ’ would come out as an invisible control character.
 */
function decodeWindows1252(bytes: Uint8Array): string {
  const units = new Uint16Array(bytes.length);
  for (let index = 0; index < bytes.length; index += 1) {
    const byte = bytes[index];
    units[index] = byte >= 0x80 && byte < 0xa0 ? WINDOWS_1252_80_9F.charCodeAt(byte - 0x80) : byte;
  }
  return new TextDecoder('utf-16le').decode(units);
}

// -- Rows --------------------------------------------------------------------------------------

const isFilled = (row: readonly string[]) => row.some((cell) => cell.trim() !== '');

/**
 * The sheet in rows of text, the first (index 0) being the spreadsheet's row 1: the header is the
 * first row that is not empty, and the rows below it that are not empty are the data.
 */
function sheetOfRows(
  rows: readonly (readonly string[])[],
): { ok: true; sheet: Sheet } | SheetFailure {
  const headerAt = rows.findIndex(isFilled);
  if (headerAt < 0) return fail('empty', EMPTY_MESSAGE);
  const data: (readonly string[])[] = [];
  const rowNumbers: number[] = [];
  for (let index = headerAt + 1; index < rows.length; index += 1) {
    if (!isFilled(rows[index])) continue;
    data.push(rows[index]);
    rowNumbers.push(index + 1);
  }
  if (data.length === 0) return fail('no-rows', NO_ROWS_MESSAGE);
  if (data.length > SHEET_ROWS_MAX) return fail('too-many-rows', tooManyRowsMessage(data.length));
  const headers = rows[headerAt].map((name) => name.trim());
  return { ok: true, sheet: { headers, rows: data, rowNumbers } };
}

// -- CSV ---------------------------------------------------------------------------------------

/** Excel writes ';' where the decimal mark is a comma (South Africa's, much of Europe's). */
const SEPARATORS = [',', ';', '\t'];

/**
 * The separator Papa Parse guesses from the first rows, blank lines left out: counted as rows of one
 * cell (the file's last line break makes one), they would make a two-column sheet's rows seem to
 * differ, and Papa would give up and say ','.
 */
function guessSeparator(text: string): string {
  const preview = Papa.parse<string[]>(text, {
    preview: 10,
    skipEmptyLines: 'greedy',
    delimitersToGuess: SEPARATORS,
  });
  return preview.meta.delimiter;
}

/** A CSV file's rows, with its encoding and separator found from its content. */
export function readCsvSheet(bytes: Uint8Array): SheetRead {
  const { text, encoding } = decodeSheetText(bytes);
  const separator = guessSeparator(text);
  // Blank lines are kept, so each row's index is its row number (a line break inside quotes is
  // part of its cell, as in a spreadsheet, not a new row).
  const parsed = Papa.parse<string[]>(text, { delimiter: separator, skipEmptyLines: false });
  // An unclosed quote swallows the rest of the file into one cell; its rows must not pass as one.
  const unclosed = parsed.errors.find((error) => error.code === 'MissingQuotes');
  if (unclosed) return fail('unreadable', unclosedQuoteMessage((unclosed.row ?? 0) + 1));
  const read = sheetOfRows(parsed.data);
  return read.ok ? { ...read, format: 'csv', encoding, separator } : read;
}

// -- Workbook cells ----------------------------------------------------------------------------

/**
 * Puts a number written with an exponent ("1.5e-7", "1e+21") in plain digits, as a spreadsheet
 * shows it.
 */
function withoutExponent(text: string): string {
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, first, rest = '', exponent] = match;
  const digits = first + rest;
  const point = 1 + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * A number as Excel shows it: to 15 significant digits, past which a stored number's digits are
 * noise (0.1 + 0.2 is stored as 0.30000000000000004), and never with an exponent.
 */
function numberText(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return withoutExponent(String(Number(value.toPrecision(15))));
}

/** Excel's day 0 is 30 December 1899: a cell holding only a time of day falls before 1900. */
const YEAR_1900 = Date.UTC(1900, 0, 1);

/**
 * A date as YYYY-MM-DD, with its time (HH:MM, and :SS when there are seconds) only when it has
 * one. The reader gives dates in UTC; the workbook's serial days fall short of whole seconds, so
 * they are rounded to one.
 */
function dateText(date: Date): string {
  const time = date.getTime();
  if (Number.isNaN(time)) return '';
  const iso = new Date(Math.round(time / 1000) * 1000).toISOString();
  const clock = iso.slice(11, 19).replace(/:00$/, '');
  if (time < YEAR_1900) return clock;
  return clock === '00:00' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${clock}`;
}

/** A workbook cell's value as text. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value);
  return String(value);
}

/**
 * The sheet from a workbook's cells (rows from row 1, as the xlsx reader gives them): the header is
 * the first row that is not empty; values become text (numbers without exponent noise, dates as
 * YYYY-MM-DD, booleans as TRUE or FALSE, empty cells as '').
 */
export function sheetFromCells(cells: readonly (readonly unknown[])[]): SheetRead {
  const read = sheetOfRows(cells.map((row) => row.map(cellText)));
  return read.ok ? { ...read, format: 'xlsx' } : read;
}

// -- What the file is --------------------------------------------------------------------------

/**
 * The names of a ZIP archive's files, from its central directory (the end record, 22 bytes and a
 * comment of up to 65,535, points to it); null when it cannot be read, as in a cut-off download.
 */
function zipNames(bytes: Uint8Array): string[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const last = bytes.length - 22;
  let end = last;
  while (end >= 0 && end >= last - 0xffff && view.getUint32(end, true) !== 0x06054b50) end -= 1;
  if (end < 0 || end < last - 0xffff) return null;
  const names: string[] = [];
  const decoder = new TextDecoder();
  let at = view.getUint32(end + 16, true);
  for (let count = view.getUint16(end + 10, true); count > 0; count -= 1) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return null;
    const nameLength = view.getUint16(at + 28, true);
    names.push(decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return names;
}

type Refusal = { problem: 'not-a-sheet' | 'empty'; message: string };

const notASheet = (what: string): Refusal => ({
  problem: 'not-a-sheet',
  message: `This file is not a sheet: it looks like ${what}. ${SAVE_AS}`,
});

const otherSpreadsheet = (what: string, advice: string): Refusal => ({
  problem: 'not-a-sheet',
  message: `This file is ${what}, which cannot be read here. ${advice}`,
});

/** What a ZIP archive holds, by a file each kind always has; the first that matches. */
const ZIP_KINDS: readonly { readonly marker: string; readonly kind: 'xlsx' | Refusal }[] = [
  { marker: 'xl/workbook.xml', kind: 'xlsx' },
  {
    marker: 'xl/workbook.bin',
    kind: otherSpreadsheet(
      'an Excel binary workbook (.xlsb)',
      'Open it in Excel, save it as Excel Workbook (.xlsx) or CSV, and choose that file.',
    ),
  },
  {
    marker: 'Index/Document.iwa',
    kind: otherSpreadsheet(
      'an Apple Numbers file',
      'In Numbers, choose File, Export To, Excel or CSV, and choose the exported file.',
    ),
  },
  {
    marker: 'content.xml',
    kind: otherSpreadsheet(
      'an OpenDocument file (LibreOffice or OpenOffice)',
      'Open it and save it as Excel 2007-365 (.xlsx) or Text CSV, and choose that file.',
    ),
  },
  { marker: 'word/document.xml', kind: notASheet('a Word document') },
  { marker: 'ppt/presentation.xml', kind: notASheet('a PowerPoint presentation') },
];

/** What is in a ZIP archive; one whose list cannot be read is left to the xlsx reader if named so. */
function zipKind(bytes: Uint8Array, fileName: string): 'xlsx' | Refusal {
  const names = zipNames(bytes);
  if (!names) return /\.xls[xm]$/i.test(fileName) ? 'xlsx' : notASheet('a ZIP archive');
  const found = ZIP_KINDS.find(({ marker }) => names.includes(marker));
  return found ? found.kind : notASheet('a ZIP archive');
}

const includesBytes = (bytes: Uint8Array, needle: Uint8Array): boolean => {
  for (let at = bytes.indexOf(needle[0]); at >= 0; at = bytes.indexOf(needle[0], at + 1)) {
    if (at + needle.length > bytes.length) return false;
    if (needle.every((byte, index) => bytes[at + index] === byte)) return true;
  }
  return false;
};

const OLE_MARK = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** The stream a password-protected .xlsx keeps its workbook in, named in UTF-16. */
const ENCRYPTED_PACKAGE = new Uint8Array(
  [...'EncryptedPackage'].flatMap((letter) => [letter.charCodeAt(0), 0]),
);

/**
 * Whether these are the bytes of an .xlsx protected with a password: Excel then writes it as an
 * older Office container (not a ZIP) holding the encrypted workbook.
 */
export const isEncryptedWorkbook = (bytes: Uint8Array): boolean =>
  startsWith(bytes, OLE_MARK) && includesBytes(bytes, ENCRYPTED_PACKAGE);

const OLDER_OFFICE = otherSpreadsheet(
  'in an older Office format (such as an .xls workbook)',
  'Open it in Excel, save it as Excel Workbook (.xlsx) or CSV, and choose that file.',
);

/** What the first bytes of a file that is not a sheet look like, in words. */
function looksLike(type: string): string {
  if (type === 'application/pdf') return 'a PDF';
  if (type.startsWith('image/')) return 'a picture';
  if (type.startsWith('video/')) return 'a video';
  if (type.startsWith('audio/')) return 'a sound file';
  if (type === 'text/html' || type === 'image/svg+xml') return 'a web page';
  if (type === 'application/xml') return 'an XML file';
  if (type === 'application/rtf') return 'a Word (RTF) document';
  return 'a file of another kind';
}

/** How many first bytes are looked at to tell text from anything else. */
const TEXT_SNIFF_BYTES = 8192;

/**
 * Whether a file is a CSV or an Excel workbook, from its content, not its name (a CSV saved as
 * "codes.xlsx" is read as the CSV it is), or why it is neither. The name only helps with a ZIP
 * too damaged to list its files: one named .xlsx goes on to the reader, which says it is damaged.
 */
export function sheetKind(bytes: Uint8Array, fileName: string): 'csv' | 'xlsx' | Refusal {
  if (bytes.length === 0) return { problem: 'empty', message: EMPTY_MESSAGE };
  // UTF-16 text is full of NUL bytes; its mark says it is text before anything else looks.
  if (startsWith(bytes, UTF16LE_MARK)) return 'csv';
  const head = bytes.subarray(0, TEXT_SNIFF_BYTES);
  const type = sniffType(head);
  if (type === 'application/zip') return zipKind(bytes, fileName);
  if (type === 'application/x-ole-storage')
    return isEncryptedWorkbook(bytes) ? 'xlsx' : OLDER_OFFICE;
  const binary = head.includes(0);
  // Sound and video are known by a few bytes that a line of text can happen to hold ("SKU,free"
  // reads as a QuickTime atom); their files have NUL bytes, and text has none.
  const textCanLookLikeIt = type !== null && /^(audio|video)\//.test(type);
  if (type !== null && (binary || !textCanLookLikeIt)) return notASheet(looksLike(type));
  if (binary) return notASheet('a file of another kind, not text');
  return 'csv';
}
