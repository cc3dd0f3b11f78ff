// What a scanner reads from a code the page draws as inline SVG, or from a downloaded picture:
// the picture is drawn in the page (the browser's own SVG and image decoders) onto a white canvas,
// and its pixels are decoded here with jsQR.
import type { Locator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import jsQR from 'jsqr';

/** The longer side of the canvas the code is decoded from: about 12 px a module for most codes. */
const SIZE = 480;

export interface Scan {
  /** What the code reads, or null if nothing scans. */
  readonly text: string | null;
  /** The picture's own size, before it was fitted to the canvas. */
  readonly width: number;
  readonly height: number;
}

/** Draws `url` (an image the page can load) fitted on a white square, and decodes it. */
async function scanUrl(page: Page, url: string): Promise<Scan> {
  const drawn = await page.evaluate(
    async ({ url, size }) => {
      const image = new Image();
      image.src = url;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = size;
      canvas.height = size;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#fff';
      context.fillRect(0, 0, size, size);
      const scale = Math.min(size / image.naturalWidth, size / image.naturalHeight);
      const [w, h] = [image.naturalWidth * scale, image.naturalHeight * scale];
      context.drawImage(image, (size - w) / 2, (size - h) / 2, w, h);
      const bytes = context.getImageData(0, 0, size, size).data;
      // Sent as base64: a plain array of a million numbers is slow to pass out of the page.
      let binary = '';
      for (let index = 0; index < bytes.length; index += 0x8000) {
        binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
      }
      return { pixels: btoa(binary), width: image.naturalWidth, height: image.naturalHeight };
    },
    { url, size: SIZE },
  );
  const pixels = Uint8ClampedArray.from(Buffer.from(drawn.pixels, 'base64'));
  const text = jsQR(pixels, SIZE, SIZE)?.data ?? null;
  return { text, width: drawn.width, height: drawn.height };
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
  return (await scanUrl(element.page(), url)).text;
}

/** What a scanner reads from a file's bytes (PNG, JPEG, WEBP or SVG), and the picture's size. */
export async function scanFile(page: Page, bytes: Buffer, type: string): Promise<Scan> {
  const url = await page.evaluate(
    ({ base64, type }) => {
      const binary = atob(base64);
      const data = Uint8Array.from(binary, (char) => char.charCodeAt(0));
      return URL.createObjectURL(new Blob([data], { type }));
    },
    { base64: bytes.toString('base64'), type },
  );
  return scanUrl(page, url);
}

/**
 * What a scanner reads from each of `files` (PNG, JPEG, WEBP or SVG bytes), decoded in the page
 * itself with jsQR loaded there once: only the texts come back, not a canvas of pixels per file,
 * which makes a sample of dozens of files a matter of seconds.
 */
export async function scanFilesInPage(
  page: Page,
  files: readonly { readonly bytes: Uint8Array; readonly type: string }[],
): Promise<(string | null)[]> {
  if (!(await page.evaluate(() => 'jsQR' in window))) {
    // Run by the debugging protocol, as the test's own code is: the site's CSP allows no script
    // tag of another's, rightly.
    await page.evaluate(
      readFileSync(createRequire(import.meta.url).resolve('jsqr/dist/jsQR.js'), 'utf8'),
    );
  }
  return page.evaluate(
    async ({ files, size }) => {
      const decode = (window as unknown as { jsQR: typeof jsQR }).jsQR;
      const texts: (string | null)[] = [];
      for (const { base64, type } of files) {
        const data = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        const image = new Image();
        image.src = URL.createObjectURL(new Blob([data], { type }));
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = size;
        const context = canvas.getContext('2d')!;
        context.fillStyle = '#fff';
        context.fillRect(0, 0, size, size);
        const scale = Math.min(size / image.naturalWidth, size / image.naturalHeight);
        const [w, h] = [image.naturalWidth * scale, image.naturalHeight * scale];
        context.drawImage(image, (size - w) / 2, (size - h) / 2, w, h);
        URL.revokeObjectURL(image.src);
        texts.push(decode(context.getImageData(0, 0, size, size).data, size, size)?.data ?? null);
      }
      return texts;
    },
    {
      files: files.map(({ bytes, type }) => ({
        base64: Buffer.from(bytes).toString('base64'),
        type,
      })),
      size: SIZE,
    },
  );
}
