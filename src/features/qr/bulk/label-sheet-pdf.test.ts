// @vitest-environment jsdom
import { unzlibSync } from 'fflate';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { codeBox, labelBoxes, labelTemplate } from '../../../domain/bulk/labels';
import { defaultDesign, type QrDesign } from '../../../domain/qr/design';
import { renderCode, renderDesign, type RenderedCode } from '../render/render-code';
import { codesPdf } from './codes-pdf';
import { alignmentTestPdf, labelSheetPdf } from './label-sheet-pdf';

// Under Node, 'svg2pdf.js' resolves to its UMD build, which finds no jsPDF; the browser's bundle
// takes the ES build (the package's "module" and "browser" entry), and so does this test.
// @ts-expect-error: the package declares types for its main entry only.
vi.mock('svg2pdf.js', () => import('svg2pdf.js/dist/svg2pdf.es.min.js'));

/** The PDF's bytes as text, its compressed streams inflated. */
async function pdfText(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const latin1 = new TextDecoder('latin1');
  const raw = latin1.decode(bytes);
  let text = raw;
  for (const match of raw.matchAll(/\/FlateDecode[^]*?stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    text += latin1.decode(unzlibSync(bytes.subarray(start, end)));
  }
  return text;
}

const pageCount = (text: string) => Number(/\/Type \/Pages[^>]*?\/Count (\d+)/.exec(text)?.[1]);

async function code(text: string, design: Partial<QrDesign> = {}): Promise<RenderedCode> {
  const result = await renderCode(await renderDesign({ ...defaultDesign, ...design }), text);
  if (!result.ok) throw new Error(result.message);
  return result.code;
}

let codes: RenderedCode[];
beforeAll(async () => {
  // Twenty-two distinct codes (frameless: jsdom has no text measuring for a frame's words).
  codes = await Promise.all(
    Array.from({ length: 22 }, (_, index) => code(`https://example.com/table/${index + 1}`)),
  );
});

describe('label sheets', () => {
  it('take one A4 page for 21 codes on L7160, and two for 22', async () => {
    const one = await pdfText(await labelSheetPdf(codes.slice(0, 21), 'avery-l7160'));
    expect(pageCount(one)).toBe(1);
    expect(one).toContain('/MediaBox [0 0 595.27');
    const two = await pdfText(await labelSheetPdf(codes, 'avery-l7160'));
    expect(pageCount(two)).toBe(2);
    // A used label left blank pushes the 21st code over.
    const skipped = await labelSheetPdf(codes.slice(0, 21), 'avery-l7160', { skip: 1 });
    expect(pageCount(await pdfText(skipped))).toBe(2);
  });

  it('draw each code as vectors in its label’s code box', async () => {
    const text = await pdfText(await labelSheetPdf(codes.slice(0, 14), 'avery-l7163'));
    // svg2pdf moves to each drawing's box (in mm, under the page's own scale) before drawing it.
    const origins = [...text.matchAll(/^1\. 0\. 0\. 1\. ([\d.]+) ([\d.]+) cm$/gm)].map(
      ([, x, y]) => [Number(x), Number(y)],
    );
    for (const [index, label] of labelBoxes(labelTemplate('avery-l7163')).entries()) {
      const box = codeBox(label, codes[index].width / codes[index].height);
      const placed = origins.some(
        ([x, y]) => Math.abs(x - box.xMm) < 0.01 && Math.abs(y - box.yMm) < 0.01,
      );
      expect(placed, `label ${index + 1}`).toBe(true);
    }
    // No picture of the code: its modules are paths.
    expect(text).not.toContain('/Subtype /Image');
  });

  it('print captions beside the code, written in the letters the PDF font has', async () => {
    const text = await pdfText(
      await labelSheetPdf(codes.slice(0, 2), 'avery-l7163', {
        captions: ['Aisle 4', 'Café Ōsaka'],
      }),
    );
    expect(text).toContain('(Aisle 4) Tj');
    expect(text).toContain('(Caf\xe9 Osaka) Tj');
  });

  it('draw a framed code whole: its frame and its call to action', async () => {
    // jsdom lays out no text, and svg2pdf measures the words to centre them: a rough width stands
    // in for the browser's (it moves where the words start, nothing else).
    Object.defineProperty(SVGElement.prototype, 'getBBox', {
      configurable: true,
      value(this: SVGElement) {
        return { x: 0, y: 0, width: (this.textContent?.length ?? 0) * 18, height: 33 };
      },
    });
    try {
      const framed = await code('https://example.com/menu', {
        frame: 'square-bottom',
        frameText: 'Scan for the menu',
      });
      const text = await pdfText(await labelSheetPdf([framed], 'cut-grid'));
      expect(text).toContain('(Scan for the menu) Tj');
    } finally {
      delete (SVGElement.prototype as { getBBox?: unknown }).getBBox;
    }
  });

  it('keep each code’s own gradient, though every code names its background’s alike', async () => {
    // Both backgrounds are "qr-bg" in their SVG: one fades to red, the other to blue.
    const fading = (to: string) => ({ backgroundGradient: true, backgroundColor2: to });
    const red = await code('https://example.com/a', fading('#FF0000'));
    const blue = await code('https://example.com/b', fading('#0000FF'));
    expect(red.svg).toContain('id="qr-bg"');
    expect(blue.svg).toContain('id="qr-bg"');
    const text = await pdfText(await labelSheetPdf([red, blue], 'avery-l7160'));
    // Two backgrounds and two codes' dot gradients: under one name, jsPDF would keep the red
    // background's gradient for both, and fill the blue code's with red.
    expect(text.match(/\/ShadingType 2/g)).toHaveLength(4);
  });
});

describe('the alignment page', () => {
  it('is one page with an outline and a cross for every label, and says how to print it', async () => {
    const text = await pdfText(await alignmentTestPdf('avery-l7160'));
    expect(pageCount(text)).toBe(1);
    expect(text).toContain('at 100 % \\("Actual size", not "Fit to page"\\)');
    // Rounded outlines are curves; each cross is two lines of its own.
    expect(text.match(/ c\n/g)!.length).toBeGreaterThanOrEqual(21 * 4);
    expect(text).toContain('This line is 100 mm long at full size.');
  });
});

describe('the PDF of codes', () => {
  it('has one page a code, the size of the single download, with its title and bookmarks', async () => {
    const text = await pdfText(
      await codesPdf(
        codes.slice(0, 3).map((drawn, index) => ({ code: drawn, name: `Table ${index + 1}` })),
        { title: 'Menus – Café Ōsaka' },
      ),
    );
    expect(pageCount(text)).toBe(3);
    // 100 mm: 283.46 points.
    expect(text).toContain('/MediaBox [0 0 283.46');
    expect(text).toContain('/Title (Table 3)');
    // The title in UTF-16, so that "–" and "Ō" stay themselves.
    const utf16 = (s: string) =>
      '\xfe\xff' + [...s].map((c) => String.fromCharCode(0, c.charCodeAt(0))).join('');
    expect(text).toContain(`/Title (${utf16('Menus ')}`);
  });
});
