// A batch of codes as one vector PDF for a print shop: one code a page, each page the code itself
// as the single PDF download makes it, and a bookmark named after each code to find it by.
import { pdfPageSize } from '../../../domain/qr/drawing/file-sizes';
import { pause } from '../../../lib/pause';
import { openPdf, pdfText } from '../render/pdf-maker';
import type { RenderedCode } from '../render/render-code';

export interface CodesPdfOptions {
  /** The document's title. */
  readonly title?: string;
  /** Codes drawn so far, of all of them. */
  readonly onProgress?: (drawn: number, total: number) => void;
  readonly signal?: AbortSignal;
}

/** Before the first code, for a batch with none (a PDF has at least one page). */
const EMPTY_PAGE = { width: 100, height: 100 };

export async function codesPdf(
  codes: readonly { readonly code: RenderedCode; readonly name: string }[],
  options: CodesPdfOptions = {},
): Promise<Blob> {
  const sizes = codes.map(({ code }) => pdfPageSize(code));
  const writer = await openPdf(sizes[0] ?? EMPTY_PAGE, options.title ?? 'QR codes');
  for (const [index, { code, name }] of codes.entries()) {
    options.signal?.throwIfAborted();
    if (index > 0) writer.addPage(sizes[index]);
    await writer.drawSvg(code.svg, { x: 0, y: 0, ...sizes[index] });
    writer.doc.outline.add(null, pdfText(name.trim() || `Code ${index + 1}`), {
      pageNumber: index + 1,
    });
    options.onProgress?.(index + 1, codes.length);
    await pause();
  }
  return writer.blob();
}
