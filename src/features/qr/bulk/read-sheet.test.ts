// Reading a chosen file as the bulk page does, from real .xlsx bytes (made by the tests' writer)
// and real CSV text. Node's own File stands in for the browser's.
import { describe, expect, it } from 'vitest';
import { unreadable, type SheetRead } from '../../../domain/bulk/sheet';
import { XLSX_TYPE, xlsxBytes, type XlsxCell } from '../../../../tests/support/xlsx';
import { readSheetFile } from './read-sheet';

const xlsxFile = (bytes: Uint8Array<ArrayBuffer>, name = 'codes.xlsx') =>
  new File([bytes], name, { type: XLSX_TYPE });

/** Sets the unpacked size the ZIP's central directory gives for `name`, as a zip bomb lies. */
function claimSize(zip: Uint8Array, name: string, size: number) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const wanted = new TextEncoder().encode(name);
  for (let at = 0; at + 46 < zip.length; at += 1) {
    if (view.getUint32(at, true) !== 0x02014b50) continue;
    const nameLength = view.getUint16(at + 28, true);
    const entryName = zip.subarray(at + 46, at + 46 + nameLength);
    if (entryName.every((byte, index) => byte === wanted[index]) && nameLength === wanted.length) {
      view.setUint32(at + 24, size, true);
      return;
    }
  }
  throw new Error(`no ${name} in the ZIP`);
}

function sheetOf(read: SheetRead) {
  if (!read.ok) throw new Error(`expected a sheet, got ${read.problem}: ${read.message}`);
  return read;
}

describe('readSheetFile, a workbook', () => {
  it('reads the first worksheet’s text and numbers as text, row numbers as Excel shows them', async () => {
    const rows: XlsxCell[][] = [
      [' name ', 'url', 'table'],
      ['Café Zoë', 'https://example.co.za/menu?a=1&b=2', 12],
      [null, null, null],
      ['It’s <open>', 'https://example.co.za/€', 0.1],
    ];
    const read = sheetOf(await readSheetFile(xlsxFile(xlsxBytes(rows))));
    expect(read.format).toBe('xlsx');
    expect(read.sheet).toEqual({
      headers: ['name', 'url', 'table'],
      rows: [
        ['Café Zoë', 'https://example.co.za/menu?a=1&b=2', '12'],
        ['It’s <open>', 'https://example.co.za/€', '0.1'],
      ],
      rowNumbers: [2, 4],
    });
  });

  it('never runs a formula: a cell gives the value Excel cached, or nothing, never its text', async () => {
    const rows: XlsxCell[][] = [
      ['sum', 'link', 'never calculated', 'typed'],
      [
        { formula: '1+1', value: 2 },
        { formula: 'HYPERLINK("https://evil.example","Click")', value: 'Click' },
        { formula: 'WEBSERVICE("https://evil.example")' },
        '=1+1',
      ],
    ];
    const read = sheetOf(await readSheetFile(xlsxFile(xlsxBytes(rows))));
    // Text that merely looks like a formula is text, and stays as it was typed.
    expect(read.sheet.rows).toEqual([['2', 'Click', '', '=1+1']]);
    const everything = JSON.stringify(read);
    for (const formula of ['HYPERLINK', 'WEBSERVICE', 'evil.example']) {
      expect(everything).not.toContain(formula);
    }
  });

  it('reads only the first worksheet', async () => {
    const bytes = xlsxBytes([['name'], ['Shop']], { moreSheets: [[['other'], ['Not this']]] });
    const read = sheetOf(await readSheetFile(xlsxFile(bytes)));
    expect(read.sheet).toEqual({ headers: ['name'], rows: [['Shop']], rowNumbers: [2] });
  });

  // A part of 512 KB or more is where read-excel-file's own unzipping would turn to a blob: worker,
  // which the site's Content-Security-Policy blocks: the reader must not need one.
  it('reads a workbook whose sheet unpacks to megabytes, compressed or stored', async () => {
    const rows: XlsxCell[][] = [
      ['name', 'url', 'table'],
      ...Array.from({ length: 8000 }, (_, i) => [
        `Shop ${i}`,
        `https://example.co.za/menu/${i}`,
        i,
      ]),
    ];
    for (const store of [false, true]) {
      const read = sheetOf(await readSheetFile(xlsxFile(xlsxBytes(rows, { store }))));
      expect(read.sheet.rows).toHaveLength(8000);
      expect(read.sheet.rows.at(-1)).toEqual([
        'Shop 7999',
        'https://example.co.za/menu/7999',
        '7999',
      ]);
      expect(read.sheet.rowNumbers.at(-1)).toBe(8001);
    }
  });

  it('reads a workbook by its content, whatever it is called', async () => {
    const read = await readSheetFile(xlsxFile(xlsxBytes([['name'], ['Shop']]), 'codes.csv'));
    expect(sheetOf(read).format).toBe('xlsx');
  });

  it('says a damaged workbook is damaged', async () => {
    const whole = xlsxBytes([['name'], ['Shop']]);
    const cut = whole.slice(0, Math.floor(whole.length * 0.6));
    expect(await readSheetFile(xlsxFile(cut))).toEqual(unreadable.damaged);
  });

  it('refuses a workbook that claims to unpack to more than a tab should hold', async () => {
    const bytes = xlsxBytes([['name'], ['Shop']]);
    claimSize(bytes, 'xl/worksheets/sheet1.xml', 400 * 1024 * 1024);
    expect(await readSheetFile(xlsxFile(bytes))).toEqual(unreadable.tooLarge);
  });

  it('says a workbook locked with a password cannot be read until the password is removed', async () => {
    const ole = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
    const stream = [...'EncryptedPackage'].flatMap((letter) => [letter.charCodeAt(0), 0]);
    const locked = Uint8Array.from([...ole, ...new Array<number>(504).fill(0), ...stream]);
    const read = await readSheetFile(xlsxFile(locked));
    expect(read).toEqual(unreadable.locked);
    expect(read.ok || read.message).toContain('remove the password');
  });

  it('says a workbook of only column names has no rows', async () => {
    const read = await readSheetFile(xlsxFile(xlsxBytes([['name', 'url']])));
    expect(read).toMatchObject({ ok: false, problem: 'no-rows' });
  });
});

describe('readSheetFile, other files', () => {
  it('reads a CSV as text', async () => {
    const file = new File(['\uFEFFname;url\r\nCafé;https://a.example\r\n'], 'codes.csv');
    const read = sheetOf(await readSheetFile(file));
    expect(read).toMatchObject({ format: 'csv', encoding: 'utf-8-bom', separator: ';' });
    expect(read.sheet.rows).toEqual([['Café', 'https://a.example']]);
  });

  it('refuses a file that is not a sheet, saying what it looks like', async () => {
    const read = await readSheetFile(new File(['%PDF-1.7\n'], 'codes.pdf'));
    expect(read).toMatchObject({ ok: false, problem: 'not-a-sheet' });
    expect(read.ok || read.message).toContain('it looks like a PDF');
  });

  it('says an empty file is empty', async () => {
    expect(await readSheetFile(new File([], 'codes.csv'))).toMatchObject({
      ok: false,
      problem: 'empty',
    });
  });

  it('says a file the browser could not open could not be opened', async () => {
    const gone = new File(['name\nShop\n'], 'codes.csv');
    gone.arrayBuffer = () => Promise.reject(new DOMException('gone', 'NotReadableError'));
    expect(await readSheetFile(gone)).toEqual(unreadable.unopened);
  });
});
