// A website code downloaded in every format, each file checked as what it claims to be: the
// pictures decode back to the address, the SVG stands alone, the PDF draws the code as vectors.
import { readFile } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { openWebCode } from './support/demo-code';
import { scanFile } from './support/scan-svg';
import { signedInTest as test } from './support/signed-in';

const site = 'https://kemptoncodeworks.co.za/print?batch=7';
const name = 'Shop window';

async function download(page: Page, format: string, size?: string) {
  // Not exact: the chosen format's name gains the check mark drawn after it.
  await page.getByRole('radio', { name: format }).check();
  if (size) await page.getByLabel('Size').selectOption(size);
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download', exact: true }).click(),
  ]);
  expect(await file.failure()).toBeNull();
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

/** Every stream of a PDF, inflated where it is compressed, as text. */
function pdfStreams(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const streams: string[] = [];
  // Each stream's own dictionary: from its object's start, never across an endobj.
  for (const match of text.matchAll(/obj\s*<<((?:(?!endobj)[^])*?)>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    const raw = pdf.subarray(start, end);
    streams.push(
      /\/FlateDecode/.test(match[1]) ? inflateSync(raw).toString('latin1') : raw.toString('latin1'),
    );
  }
  return streams;
}

test('a website code downloads in every format, named after the code, each holding the code', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await openWebCode(page, { url: site, name });
  const pdfMaker = (url: string) => /jspdf|svg2pdf/i.test(url);

  let aspect = 1;
  await test.step('SVG: the drawing as it is, standing alone', async () => {
    const file = await download(page, 'SVG');
    expect(file.name).toBe(`${name}.svg`);
    const markup = file.bytes.toString('utf8');
    expect(markup.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg')).toBe(true);
    const facts = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
      const links = [...doc.querySelectorAll('*')].flatMap((element) =>
        [...element.attributes]
          .filter((attribute) => attribute.localName === 'href' || /url\(/.test(attribute.value))
          .map((attribute) => attribute.value),
      );
      const root = doc.documentElement;
      return {
        errors: doc.getElementsByTagName('parsererror').length,
        root: root.localName,
        links,
        width: Number(root.getAttribute('width')),
        height: Number(root.getAttribute('height')),
      };
    }, markup);
    expect(facts.errors).toBe(0);
    expect(facts.root).toBe('svg');
    // Nothing outside the file: every reference is inside it (#id) or embedded (data:).
    for (const link of facts.links) {
      expect(link).toMatch(/^(#|data:|url\(["']?#)/);
    }
    aspect = facts.width / facts.height;
    expect((await scanFile(page, file.bytes, 'image/svg+xml')).text).toBe(site);
  });

  await test.step('PNG: 1024 px by default, 2048 px when chosen, scanning to the address', async () => {
    for (const [size, longer] of [
      [undefined, 1024],
      ['2048', 2048],
    ] as const) {
      const file = await download(page, 'PNG', size);
      expect(file.name).toBe(`${name}.png`);
      expect(file.bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      const scan = await scanFile(page, file.bytes, 'image/png');
      expect(scan.text).toBe(site);
      expect(Math.max(scan.width, scan.height)).toBe(longer);
      expect(scan.width / scan.height).toBeCloseTo(aspect, 2);
    }
  });

  await test.step('JPEG and WEBP: valid pictures that scan', async () => {
    const jpeg = await download(page, 'JPEG');
    expect(jpeg.name).toBe(`${name}.jpg`);
    expect(jpeg.bytes.subarray(0, 3).toString('hex')).toBe('ffd8ff');
    expect((await scanFile(page, jpeg.bytes, 'image/jpeg')).text).toBe(site);

    const webp = await download(page, 'WEBP');
    expect(webp.name).toBe(`${name}.webp`);
    expect(webp.bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(webp.bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect((await scanFile(page, webp.bytes, 'image/webp')).text).toBe(site);
  });

  await test.step('PDF: the PDF maker loads only now; one page drawing the code as paths', async () => {
    expect(scripts.filter(pdfMaker)).toEqual([]);
    const file = await download(page, 'PDF');
    expect(scripts.filter(pdfMaker).length).toBeGreaterThan(0);
    expect(file.name).toBe(`${name}.pdf`);
    expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = file.bytes.toString('latin1');
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(1);
    // The page is the code's shape.
    const box = /\/MediaBox \[([\d.\s-]+)\]/.exec(text)![1].trim().split(/\s+/).map(Number);
    expect((box[2] - box[0]) / (box[3] - box[1])).toBeCloseTo(aspect, 2);
    // No picture anywhere: no image XObject, no inline image.
    expect(text).not.toMatch(/\/Subtype\s*\/Image/);
    const content = pdfStreams(file.bytes).join('\n');
    expect(content).not.toMatch(/\bBI\b[^]*\bID\b/);
    // Vector drawing: hundreds of path segments (moveto, lineto, curveto, rectangles) and fills.
    const segments = content.match(/\s(m|l|c|re)\n/g) ?? [];
    expect(segments.length).toBeGreaterThan(300);
    expect(content).toMatch(/\s(f|f\*|B|b)\n/);
  });
});
