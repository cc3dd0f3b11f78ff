// What a scanner reads from a code the page draws as inline SVG, or from a downloaded picture:
// the picture is drawn in the page (the browser's own SVG and image decoders) onto a white canvas,
// and decoded there with jsQR, loaded into the page once: only the texts come back, not a canvas
// of pixels a picture, so a sample of dozens of files takes seconds.
import type { Locator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type jsQR from 'jsqr';

/** The longer side of the canvas the code is decoded from: about 12 px a module for most codes. */
const SIZE = 480;

export interface Scan {
  /** What the code reads, or null if nothing scans. */
  readonly text: string | null;
  /** The picture's own size, before it was fitted to the canvas. */
  readonly width: number;
  readonly height: number;
}

/** A picture for the page to load: an address it can load, or bytes of a type. */
type Picture = { readonly url: string } | { readonly base64: string; readonly type: string };

const jsQrSource = () =>
  readFileSync(createRequire(import.meta.url).resolve('jsqr/dist/jsQR.js'), 'utf8');

/** Draws each picture fitted on a white square and decodes it, in the page. */
async function scanPictures(page: Page, pictures: readonly Picture[]): Promise<Scan[]> {
  if (!(await page.evaluate(() => 'jsQR' in window))) {
    // Run by the debugging protocol, as the test's own code is: the site's CSP allows no script
    // tag of another's, rightly.
    await page.evaluate(jsQrSource());
  }
  return page.evaluate(
    async ({ pictures, size }) => {
      const decode = (window as unknown as { jsQR: typeof jsQR }).jsQR;
      const scans: Scan[] = [];
      for (const picture of pictures) {
        const url =
          'url' in picture
            ? picture.url
            : URL.createObjectURL(
                new Blob([Uint8Array.from(atob(picture.base64), (char) => char.charCodeAt(0))], {
                  type: picture.type,
                }),
              );
        const image = new Image();
        image.src = url;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = size;
        const context = canvas.getContext('2d')!;
        context.fillStyle = '#fff';
        context.fillRect(0, 0, size, size);
        const scale = Math.min(size / image.naturalWidth, size / image.naturalHeight);
        const [w, h] = [image.naturalWidth * scale, image.naturalHeight * scale];
        context.drawImage(image, (size - w) / 2, (size - h) / 2, w, h);
        if (!('url' in picture)) URL.revokeObjectURL(url);
        scans.push({
          text: decode(context.getImageData(0, 0, size, size).data, size, size)?.data ?? null,
          width: image.naturalWidth,
          height: image.naturalHeight,
        });
      }
      return scans;
    },
    { pictures, size: SIZE },
  );
}

/**
 * What a scanner reads from the SVG inside `element` (e.g. the role="img" wrapper of the code),
 * drawn as the page draws it.
 */
export async function scanSvg(element: Locator): Promise<string | null> {
  const url = await element.evaluate((wrapper) => {
    const markup = new XMLSerializer().serializeToString(wrapper.querySelector('svg')!);
    return URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml' }));
  });
  const [scan] = await scanPictures(element.page(), [{ url }]);
  return scan!.text;
}

/** What a scanner reads from a file's bytes (PNG, JPEG, WEBP or SVG), and the picture's size. */
export async function scanFile(page: Page, bytes: Buffer, type: string): Promise<Scan> {
  const [scan] = await scanPictures(page, [{ base64: bytes.toString('base64'), type }]);
  return scan!;
}

/** What a scanner reads from each of `files`, in one visit to the page. */
export async function scanFilesInPage(
  page: Page,
  files: readonly { readonly bytes: Uint8Array; readonly type: string }[],
): Promise<(string | null)[]> {
  const pictures = files.map(({ bytes, type }) => ({
    base64: Buffer.from(bytes).toString('base64'),
    type,
  }));
  return (await scanPictures(page, pictures)).map((scan) => scan.text);
}
