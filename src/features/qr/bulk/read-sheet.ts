// Reading the sheet a business chose on the bulk page: a CSV as text (src/domain/bulk/sheet.ts), an
// Excel workbook's first worksheet with read-excel-file. The workbook reader and the unzipper are
// loaded only when a workbook is chosen, so no other page, and no CSV, pays for them.
//
// Formulas are never run. read-excel-file keeps only a cell's <v> (the value Excel cached when it
// last calculated the formula) or its inline string; the text of <f> is never collected (its
// parseSheet.js gathers text inside <v> and <is> alone). A formula never calculated, or one that
// ended in an error such as #DIV/0!, reads as an empty cell.
import type * as fflate from 'fflate';
import {
  isEncryptedWorkbook,
  readCsvSheet,
  sheetFromCells,
  sheetKind,
  unreadable,
  type SheetFailure,
  type SheetRead,
} from '../../../domain/bulk/sheet';

/**
 * The most a workbook's XML parts may unpack to, all told: a full sheet of 50,000 rows of many
 * columns is well inside it, and a ZIP that claims more (a "zip bomb" among them) is refused
 * before the tab runs out of memory.
 */
const WORKBOOK_XML_MAX = 150 * 1024 * 1024;

/** The parts read-excel-file reads (its own filter): the XML and the relations between them. */
const isXmlPart = (name: string) => /\.xml(\.rels)?$/.test(name);

/**
 * The workbook's XML parts zipped again without compression. read-excel-file unzips with fflate's
 * `unzip`, which inflates a part of 512 KB or more in a Web Worker made from a blob: address; the
 * site's Content-Security-Policy (worker-src 'self') blocks that worker, and fflate, listening for
 * no error, would then never answer: a sheet of a few thousand rows would hang. Stored parts are
 * copied, not inflated, so no worker is made.
 */
function storedParts(
  bytes: Uint8Array,
  { unzipSync, zipSync }: typeof fflate,
): ArrayBuffer | SheetFailure {
  let unpacked = 0;
  let parts;
  try {
    parts = unzipSync(bytes, {
      filter: (file) => {
        if (!isXmlPart(file.name)) return false;
        unpacked += file.originalSize;
        return unpacked <= WORKBOOK_XML_MAX;
      },
    });
  } catch {
    return unreadable.damaged;
  }
  if (unpacked > WORKBOOK_XML_MAX) return unreadable.tooLarge;
  return zipSync(parts, { level: 0 }).buffer;
}

/** The workbook reader's modules, fetched once. */
const workbookReader = () => Promise.all([import('fflate'), import('read-excel-file/browser')]);

/**
 * Fetches the workbook reader ahead, once the bulk page has settled: a sheet chosen later reads
 * at once, offline too (the dry run needs no connection, and the reader is not loaded by any
 * other page). A failure here is the read's to report, if a workbook is ever chosen.
 */
export function preloadSheetReader(): void {
  void workbookReader().catch(() => undefined);
}

/** The first worksheet of an .xlsx, as a sheet of text. */
async function readWorkbook(bytes: Uint8Array): Promise<SheetRead> {
  if (isEncryptedWorkbook(bytes)) return unreadable.locked;
  const [unzipper, { readSheet }] = await workbookReader();
  const stored = storedParts(bytes, unzipper);
  if ('problem' in stored) return stored;
  try {
    // trim: false keeps cells as written, as a CSV's are; sheet 1 is the first in the workbook.
    return sheetFromCells(await readSheet(stored, 1, { trim: false }));
  } catch {
    return unreadable.damaged;
  }
}

/** The sheet in a chosen file, or why it cannot be read, in words for the person who chose it. */
export async function readSheetFile(file: File): Promise<SheetRead> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return unreadable.unopened;
  }
  const kind = sheetKind(bytes, file.name);
  if (kind === 'csv') return readCsvSheet(bytes);
  if (kind === 'xlsx') return readWorkbook(bytes);
  return { ok: false, ...kind };
}
