// What a printer would put on each label of a label-sheet PDF: every page rendered by Poppler's
// pdftoppm (as a print preview would), each label's square cut from it by the template's own
// geometry, and read with jsQR. Nothing leaves the machine.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { labelBoxes, labelTemplate, type LabelTemplateId } from '../../src/domain/bulk/labels';

/** Dots per inch the pages are rendered at: a label of L7160 is then 500 px wide. */
const DPI = 200;

/** An RGB picture from a binary PPM (P6) file, as pdftoppm writes it. */
function readPpm(bytes: Buffer): { width: number; height: number; rgb: Buffer } {
  const header = bytes.subarray(0, 64).toString('latin1');
  const match = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(header);
  if (!match) throw new Error('pdftoppm did not write a PPM picture.');
  return {
    width: Number(match[1]),
    height: Number(match[2]),
    rgb: bytes.subarray(match[0].length),
  };
}

/** What each label of `pdf` reads, page after page, in the template's order (null: nothing). */
export function readLabels(pdf: Buffer, templateId: LabelTemplateId): (string | null)[] {
  const folder = mkdtempSync(join(tmpdir(), 'labels-'));
  try {
    writeFileSync(join(folder, 'sheet.pdf'), pdf);
    try {
      execFileSync('pdftoppm', [
        '-r',
        String(DPI),
        join(folder, 'sheet.pdf'),
        join(folder, 'page'),
      ]);
    } catch (error) {
      throw new Error(
        `pdftoppm could not render the label sheet (${String(error)}). It comes with Poppler: apt-get install -y poppler-utils.`,
      );
    }
    const pages = readdirSync(folder)
      .filter((name) => name.endsWith('.ppm'))
      .sort();
    const boxes = labelBoxes(labelTemplate(templateId));
    const px = (mm: number) => Math.round((mm / 25.4) * DPI);
    return pages.flatMap((page) => {
      const { width, rgb } = readPpm(readFileSync(join(folder, page)));
      return boxes.map((box) => {
        const [x0, y0, w, h] = [px(box.xMm), px(box.yMm), px(box.widthMm), px(box.heightMm)];
        const rgba = new Uint8ClampedArray(w * h * 4);
        for (let y = 0; y < h; y += 1) {
          for (let x = 0; x < w; x += 1) {
            const from = ((y0 + y) * width + x0 + x) * 3;
            const to = (y * w + x) * 4;
            rgba[to] = rgb[from]!;
            rgba[to + 1] = rgb[from + 1]!;
            rgba[to + 2] = rgb[from + 2]!;
            rgba[to + 3] = 255;
          }
        }
        return jsQR(rgba, w, h)?.data ?? null;
      });
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
