import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { xlsxBytes } from '../../../tests/support/xlsx';
import {
  decodeSheetText,
  isEncryptedWorkbook,
  readCsvSheet,
  sheetFromCells,
  sheetKind,
  SHEET_ROWS_MAX,
  type SheetRead,
} from './sheet';

const utf8 = (text: string) => new TextEncoder().encode(text);
const withBom = (text: string) => Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8(text)]);

/** Windows-1252's bytes for the letters the tests use beyond ASCII. */
const CP1252: Record<string, number> = { é: 0xe9, ë: 0xeb, '€': 0x80, '’': 0x92 };
const windows1252 = (text: string) =>
  Uint8Array.from([...text], (letter) => CP1252[letter] ?? letter.charCodeAt(0));

const utf16le = (text: string) =>
  Uint8Array.from([
    0xff,
    0xfe,
    ...[...text].flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8]),
  ]);

const hex = (text: string) =>
  Uint8Array.from(text.replace(/\s+/g, '').match(/../g) ?? [], (pair) => parseInt(pair, 16));

const counted = (count: number) => count.toLocaleString('en-ZA');

/** The sheet of a read that must have worked. */
function sheetOf(read: SheetRead) {
  if (!read.ok) throw new Error(`expected a sheet, got ${read.problem}: ${read.message}`);
  return read;
}

function problemOf(read: SheetRead) {
  if (read.ok) throw new Error('expected a problem, got a sheet');
  return read;
}

const SAMPLE = 'Café Zoë, €5 a cup, it’s open';

describe('decodeSheetText', () => {
  it('reads UTF-8 with Excel’s byte-order mark, without the mark', () => {
    expect(decodeSheetText(withBom(SAMPLE))).toEqual({ text: SAMPLE, encoding: 'utf-8-bom' });
  });

  it('reads UTF-8 without a mark', () => {
    expect(decodeSheetText(utf8(SAMPLE))).toEqual({ text: SAMPLE, encoding: 'utf-8' });
    expect(decodeSheetText(utf8('plain,ascii'))).toEqual({
      text: 'plain,ascii',
      encoding: 'utf-8',
    });
  });

  it('reads what is not UTF-8 as Windows-1252, as Excel’s plain CSV save writes it', () => {
    const bytes = windows1252(SAMPLE);
    expect(bytes).toContain(0x80);
    expect(decodeSheetText(bytes)).toEqual({ text: SAMPLE, encoding: 'windows-1252' });
  });

  it('reads UTF-16 with its mark, as Excel’s "Unicode Text" saves it', () => {
    expect(decodeSheetText(utf16le(SAMPLE))).toEqual({ text: SAMPLE, encoding: 'utf-16le' });
  });
});

describe('readCsvSheet', () => {
  it('reads a comma-separated sheet with CRLF line ends: trimmed headers, rows, row numbers', () => {
    const read = sheetOf(
      readCsvSheet(utf8(' name ,url\r\nShop,https://a.example\r\nCafé,https://b.example\r\n')),
    );
    expect(read).toMatchObject({ format: 'csv', encoding: 'utf-8', separator: ',' });
    expect(read.sheet).toEqual({
      headers: ['name', 'url'],
      rows: [
        ['Shop', 'https://a.example'],
        ['Café', 'https://b.example'],
      ],
      rowNumbers: [2, 3],
    });
  });

  it('finds the semicolon of Excel in South Africa, whose numbers have decimal commas', () => {
    const csv = 'Naam;Prys;Adres\nKoffie;R 25,50;12 Main Rd, Kempton Park\nTée;€5,00;Zoë’s\n';
    for (const bytes of [windows1252(csv), withBom(csv)]) {
      const read = sheetOf(readCsvSheet(bytes));
      expect(read.separator).toBe(';');
      expect(read.sheet.rows).toEqual([
        ['Koffie', 'R 25,50', '12 Main Rd, Kempton Park'],
        ['Tée', '€5,00', 'Zoë’s'],
      ]);
    }
    expect(sheetOf(readCsvSheet(windows1252(csv))).encoding).toBe('windows-1252');
  });

  it('finds a tab, and reads Excel’s tab-separated "Unicode Text"', () => {
    const text = 'name\turl\nShop, the one\thttps://a.example\n';
    const read = sheetOf(readCsvSheet(utf16le(text)));
    expect(read).toMatchObject({ separator: '\t', encoding: 'utf-16le' });
    expect(read.sheet.rows).toEqual([['Shop, the one', 'https://a.example']]);
    expect(sheetOf(readCsvSheet(utf8(text))).separator).toBe('\t');
  });

  it('reads quoted fields: commas, doubled quotes and line breaks inside one cell', () => {
    const csv =
      'name,note\r\n"Shop, the big one","She said ""hi"""\r\n"Two\r\nlines","and\nthree\nlines"\r\nlast,row\r\n';
    const { sheet } = sheetOf(readCsvSheet(utf8(csv)));
    expect(sheet.rows).toEqual([
      ['Shop, the big one', 'She said "hi"'],
      ['Two\r\nlines', 'and\nthree\nlines'],
      ['last', 'row'],
    ]);
    // A line break inside quotes is not a new row, in a spreadsheet or here.
    expect(sheet.rowNumbers).toEqual([2, 3, 4]);
  });

  it('reads LF line ends and a last line with none', () => {
    const { sheet } = sheetOf(readCsvSheet(utf8('a,b\n1,2\n3,4')));
    expect(sheet.rows).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('skips empty rows, blank cells and all, but counts them as the spreadsheet does', () => {
    const csv = '\n\nname,url\nShop,https://a.example\n\n,\n  , \t\nCafé,https://b.example\n';
    const { sheet } = sheetOf(readCsvSheet(utf8(csv)));
    expect(sheet.headers).toEqual(['name', 'url']);
    expect(sheet.rows).toEqual([
      ['Shop', 'https://a.example'],
      ['Café', 'https://b.example'],
    ]);
    expect(sheet.rowNumbers).toEqual([4, 8]);
  });

  it('keeps blank and repeated column names, trimmed, for the mapping to decide', () => {
    const { sheet } = sheetOf(readCsvSheet(utf8(' url ,, url,Name \nx,y,z,w\n')));
    expect(sheet.headers).toEqual(['url', '', 'url', 'Name']);
  });

  it('keeps cells as written: never run, never trimmed, each row as long as it is', () => {
    const csv = 'a,b,c\n=1+1, spaced ,@SUM(A1)\nonly one\n1,2,3,4\n';
    const { sheet } = sheetOf(readCsvSheet(utf8(csv)));
    expect(sheet.rows).toEqual([
      ['=1+1', ' spaced ', '@SUM(A1)'],
      ['only one'],
      ['1', '2', '3', '4'],
    ]);
  });

  it('reads a sheet of one column', () => {
    const read = sheetOf(readCsvSheet(utf8('url\nhttps://a.example\nhttps://b.example\n')));
    expect(read.sheet.rows).toEqual([['https://a.example'], ['https://b.example']]);
  });

  it('says an empty file, or one of blank lines, is empty', () => {
    for (const bytes of [new Uint8Array(), withBom(''), utf8('\r\n\r\n , \r\n')]) {
      const read = problemOf(readCsvSheet(bytes));
      expect(read.problem).toBe('empty');
      expect(read.message).toMatch(/empty.*choose it again/);
    }
  });

  it('says a sheet of only its column names has no rows', () => {
    for (const csv of ['name,url', 'name,url\r\n', 'name,url\n\n,\n']) {
      const read = problemOf(readCsvSheet(utf8(csv)));
      expect(read.problem).toBe('no-rows');
      expect(read.message).toContain('no rows of codes');
    }
  });

  it('says which row opens a quote that is never closed', () => {
    const read = problemOf(
      readCsvSheet(utf8('name,url\nShop,https://a.example\n"Café,https://b\nx,y\n')),
    );
    expect(read.problem).toBe('unreadable');
    expect(read.message).toMatch(/^Row 3 of this sheet opens a quote mark/);
  });

  it(`reads ${counted(SHEET_ROWS_MAX)} rows, and refuses one more, saying how many and what to do`, () => {
    const rows = (count: number) =>
      Array.from({ length: count }, (_, i) => `Shop ${i},https://example.co.za/menu/${i},${i}\r\n`);
    const full = utf8(['name,url,table\r\n', ...rows(SHEET_ROWS_MAX)].join(''));
    const { sheet } = sheetOf(readCsvSheet(full));
    expect(sheet.rows).toHaveLength(SHEET_ROWS_MAX);
    expect(sheet.rowNumbers.at(-1)).toBe(SHEET_ROWS_MAX + 1);
    expect(sheet.rows.at(-1)).toEqual([
      `Shop ${SHEET_ROWS_MAX - 1}`,
      `https://example.co.za/menu/${SHEET_ROWS_MAX - 1}`,
      `${SHEET_ROWS_MAX - 1}`,
    ]);

    const over = problemOf(
      readCsvSheet(utf8(['name,url,table\r\n', ...rows(SHEET_ROWS_MAX + 1)].join(''))),
    );
    expect(over.problem).toBe('too-many-rows');
    expect(over.message).toContain(counted(SHEET_ROWS_MAX + 1));
    expect(over.message).toContain(`at most ${counted(SHEET_ROWS_MAX)}`);
    expect(over.message).toContain('Split it');
  });
});

describe('sheetFromCells', () => {
  it('takes the first row that is not empty for the header, and numbers rows as the sheet does', () => {
    const read = sheetOf(
      sheetFromCells([
        [],
        [null, null],
        [' name ', 'url', null],
        ['Shop', 'https://a.example', null],
        [null, null, null],
        ['Café', null, 'extra'],
      ]),
    );
    expect(read.format).toBe('xlsx');
    expect(read.sheet).toEqual({
      headers: ['name', 'url', ''],
      rows: [
        ['Shop', 'https://a.example', ''],
        ['Café', '', 'extra'],
      ],
      rowNumbers: [4, 6],
    });
  });

  it('writes numbers as a spreadsheet shows them: no float noise, no exponent', () => {
    const numbers = [
      12,
      -5,
      1234.5,
      0.1 + 0.2,
      27821234567,
      1e21,
      1.5e-7,
      -0,
      0.000001,
      123456789012345680000,
    ];
    const { sheet } = sheetOf(sheetFromCells([['n'], ...numbers.map((n) => [n])]));
    expect(sheet.rows.map(([cell]) => cell)).toEqual([
      '12',
      '-5',
      '1234.5',
      '0.3',
      '27821234567',
      '1000000000000000000000',
      '0.00000015',
      '0',
      '0.000001',
      '123456789012346000000',
    ]);
  });

  it('writes dates as YYYY-MM-DD, a time only when there is one, booleans as TRUE and FALSE', () => {
    const at = (...parts: [number, number, number, number?, number?, number?]) =>
      new Date(Date.UTC(...parts));
    const cells = [
      at(2026, 2, 1),
      at(2026, 2, 1, 9, 30),
      at(2026, 2, 1, 9, 30, 15),
      // A serial day read back a hair short of nine o'clock.
      new Date(Date.UTC(2026, 2, 1, 9) - 0.4),
      // A time of day alone (Excel's day 0).
      at(1899, 11, 30, 17, 45),
      true,
      false,
      null,
      undefined,
    ];
    const { sheet } = sheetOf(sheetFromCells([['value'], ...cells.map((cell) => [cell, 'x'])]));
    expect(sheet.rows.map(([cell]) => cell)).toEqual([
      '2026-03-01',
      '2026-03-01 09:30',
      '2026-03-01 09:30:15',
      '2026-03-01 09:00',
      '17:45',
      'TRUE',
      'FALSE',
      '',
      '',
    ]);
  });

  it('refuses an empty workbook, one of only a header, and one of too many rows', () => {
    expect(problemOf(sheetFromCells([])).problem).toBe('empty');
    expect(problemOf(sheetFromCells([[null], []])).problem).toBe('empty');
    expect(problemOf(sheetFromCells([['name', 'url']])).problem).toBe('no-rows');
    const many = Array.from({ length: SHEET_ROWS_MAX + 1 }, (_, i) => [`Shop ${i}`, i]);
    expect(problemOf(sheetFromCells([['name', 'n'], ...many])).problem).toBe('too-many-rows');
  });
});

describe('sheetKind', () => {
  const notASheet = (bytes: Uint8Array, name = 'codes.csv') => {
    const kind = sheetKind(bytes, name);
    if (typeof kind === 'string') throw new Error(`expected a refusal, got ${kind}`);
    expect(kind.problem).toBe('not-a-sheet');
    return kind.message;
  };

  it('takes text for a CSV, whatever the file is called', () => {
    expect(sheetKind(utf8('name,url\nShop,https://a.example\n'), 'codes.csv')).toBe('csv');
    expect(sheetKind(utf8('name,url\nShop,https://a.example\n'), 'codes.xlsx')).toBe('csv');
    expect(sheetKind(windows1252('naam;prys\nTée;€5\n'), 'codes.txt')).toBe('csv');
    expect(sheetKind(utf16le('name\turl\n'), 'codes.txt')).toBe('csv');
  });

  it('takes text that happens to look like a video’s first bytes for the text it is', () => {
    // "free" at bytes 4 to 7 is how an old QuickTime file starts.
    expect(sheetKind(utf8('SKU,free text\nA1,yes\n'), 'stock.csv')).toBe('csv');
  });

  it('takes a ZIP holding a workbook for an .xlsx, whatever the file is called', () => {
    expect(sheetKind(xlsxBytes([['name'], ['Shop']]), 'codes.xlsx')).toBe('xlsx');
    expect(sheetKind(xlsxBytes([['name'], ['Shop']]), 'codes.csv')).toBe('xlsx');
  });

  it('leaves a cut-off ZIP named .xlsx to the workbook reader, which says it is damaged', () => {
    const whole = xlsxBytes([['name'], ['Shop']]);
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    expect(sheetKind(cut, 'codes.xlsx')).toBe('xlsx');
    expect(notASheet(cut, 'codes.zip')).toContain('a ZIP archive');
  });

  it('says an empty file is empty', () => {
    const kind = sheetKind(new Uint8Array(), 'codes.csv');
    expect(kind).toMatchObject({ problem: 'empty' });
  });

  it('names what a file that is not a sheet looks like, and says what to do', () => {
    const pdf = notASheet(utf8('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'), 'codes.pdf');
    expect(pdf).toBe(
      'This file is not a sheet: it looks like a PDF. Save your sheet as CSV or Excel (.xlsx) and choose it again.',
    );
    const png = hex('89504e470d0a1a0a0000000d49484452000002600000011308020000001e572d');
    expect(notASheet(png)).toContain('looks like a picture');
    expect(notASheet(hex('ffd8ffe0 0010 4a464946 0001'))).toContain('looks like a picture');
    expect(notASheet(utf8('GIF89a\x10\x00\x10\x00'))).toContain('looks like a picture');
    expect(notASheet(utf8('<!DOCTYPE html><html><body><table>'), 'report.xls')).toContain(
      'looks like a web page',
    );
    expect(notASheet(Uint8Array.from([...utf8('name,url\n'), 0, 1, 2, 3]))).toContain('not text');
  });

  it('names the other ZIP-based files a business might choose', () => {
    const zip = (name: string) => zipSync({ [name]: utf8('x') });
    expect(notASheet(zip('notes.txt'))).toContain('looks like a ZIP archive');
    expect(notASheet(zip('word/document.xml'), 'codes.docx')).toContain('a Word document');
    expect(notASheet(zip('ppt/presentation.xml'))).toContain('a PowerPoint presentation');
    expect(notASheet(zip('Index/Document.iwa'), 'codes.numbers')).toMatch(
      /Apple Numbers file.*Export To/,
    );
    expect(notASheet(zip('content.xml'), 'codes.ods')).toMatch(/OpenDocument.*Text CSV/);
    expect(notASheet(zip('xl/workbook.bin'), 'codes.xlsb')).toContain('(.xlsb)');
  });

  it('tells an older .xls from an .xlsx locked with a password', () => {
    const ole = hex('d0cf11e0a1b11ae1 0000000000000000');
    const xls = Uint8Array.from([...ole, ...new Uint8Array(512)]);
    expect(notASheet(xls, 'codes.xls')).toMatch(/older Office format.*Excel Workbook \(\.xlsx\)/);
    expect(isEncryptedWorkbook(xls)).toBe(false);

    const stream = [...'EncryptedPackage'].flatMap((letter) => [letter.charCodeAt(0), 0]);
    const locked = Uint8Array.from([...ole, ...new Uint8Array(512), ...stream, 0, 0]);
    expect(sheetKind(locked, 'codes.xlsx')).toBe('xlsx');
    expect(isEncryptedWorkbook(locked)).toBe(true);
  });
});
