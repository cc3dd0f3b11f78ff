// Vector PDFs of codes: the single download, the label sheets and the bulk PDF all draw a code's
// SVG markup as it is with svg2pdf.js into a jsPDF document, so a code prints as it downloads.
// Both libraries (about 150 KB gzipped together) load only when a PDF is asked for, so they stay
// out of every page's first load.
import type { jsPDF } from 'jspdf';
import { DownloadError } from './download-error';
import { parseSvg } from './svg-picture';

/** A rectangle on the page, in millimetres from its top-left corner. */
export interface PdfBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface PdfPageSize {
  readonly width: number;
  readonly height: number;
}

export interface PdfWriter {
  /** The document itself, for what is drawn beside the codes (lines, text). */
  readonly doc: jsPDF;
  addPage(size: PdfPageSize): void;
  /** The SVG markup drawn as vectors, scaled into `box` as its viewBox says. */
  drawSvg(svg: string, box: PdfBox): Promise<void>;
  blob(): Blob;
}

const orientation = ({ width, height }: PdfPageSize) =>
  width > height ? ('landscape' as const) : ('portrait' as const);

/** A new document in millimetres, its first page `size`, titled `title`. */
export async function openPdf(size: PdfPageSize, title: string): Promise<PdfWriter> {
  const [{ jsPDF }, { svg2pdf }] = await Promise.all([import('jspdf'), import('svg2pdf.js')]).catch(
    () => {
      throw new DownloadError(
        'The PDF maker could not be loaded. Check your connection and try again, or choose SVG.',
      );
    },
  );
  const doc = new jsPDF({
    unit: 'mm',
    format: [size.width, size.height],
    orientation: orientation(size),
    compress: true,
    putOnlyUsedFonts: true,
  });
  doc.setProperties({ title: pdfText(title.trim() || 'QR code'), creator: 'QR code generator' });
  let drawings = 0;
  return {
    doc,
    addPage(next) {
      doc.addPage([next.width, next.height], orientation(next));
    },
    async drawSvg(svg, { x, y, width, height }) {
      const root = svgRoot(svg);
      // jsPDF keeps a gradient under its SVG id for the whole document, so a second code with
      // the same id would be filled with the first one's gradient.
      prefixIds(root, `d${++drawings}-`);
      await svg2pdf(root, doc, { x, y, width, height });
    },
    blob: () => doc.output('blob'),
  };
}

/** The markup's root for svg2pdf; a DownloadError if it cannot be read. */
function svgRoot(svg: string): SVGSVGElement {
  try {
    return parseSvg(svg);
  } catch {
    throw new DownloadError('The code could not be read for download. Please reload the page.');
  }
}

/** Every id in the drawing, and every reference to one, given `prefix`. */
function prefixIds(root: Element, prefix: string) {
  const elements = [root, ...root.querySelectorAll('*')];
  const ids = new Set(elements.map((element) => element.id).filter(Boolean));
  if (ids.size === 0) return;
  const reference = (id: string) => (ids.has(id) ? `#${prefix}${id}` : `#${id}`);
  for (const element of elements) {
    if (element.id) element.id = `${prefix}${element.id}`;
    for (const attribute of [...element.attributes]) {
      const value = attribute.value;
      const changed = /^(xlink:)?href$/.test(attribute.name)
        ? value.replace(/^#(.+)$/, (_, id: string) => reference(id))
        : value.replace(
            /url\(\s*(['"]?)#([^'")\s]+)\1\s*\)/g,
            (_, quote: string, id: string) => `url(${quote}${reference(id)}${quote})`,
          );
      if (changed !== value) attribute.value = changed;
    }
  }
}

/**
 * Text for the document's own fields (its title, a bookmark): ASCII as it is, anything else as
 * UTF-16 behind its byte-order mark, which PDF readers show as written. jsPDF writes each
 * character's low byte, which turns "–" or "Ō" into other letters.
 */
export function pdfText(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return text;
  let bytes = '\u00fe\u00ff';
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    bytes += String.fromCharCode(unit >> 8, unit & 0xff);
  }
  return bytes;
}
