// Helpers for the QR wizard specs: choosing a type, valid content for every field, and sample
// uploads of every kind written to disk (large ones sparse, so a 200 MB video costs nothing).
import { mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { textFields, type TextFieldId } from '../../src/domain/qr/content';
import { type QrType } from '../../src/domain/qr/qr-types';
export { mp3Head, mp4Head, tinyPdf, tinyPng } from './sample-files';
export { validText } from './valid-content';

export const wizardHeadings = {
  type: 'Choose the type of your QR code',
  content: 'Add content to your QR code',
  design: 'Design the QR Code',
  demo: 'Your QR Code is ready',
  /** The demo page of a code that cannot be finished (a file type, content too long). */
  demoNotReady: 'Your QR Code is not ready yet',
} as const;

/** Opens the type screen and chooses a type; lands on its content form. */
export async function chooseType(page: Page, type: QrType) {
  await page.goto('/QR_Type');
  await page.getByRole('button', { name: `${type.label} ${type.description}` }).click();
  await expect(page).toHaveURL(/\/QR_Content$/);
  await expect(
    page.getByRole('heading', { level: 2, name: type.label, exact: true }),
  ).toBeVisible();
}

export const label = (id: TextFieldId) => textFields[id].label;

const folder = join('test-results', 'wizard-files');

/** A file on disk of the given size (sparse beyond its first bytes), for setInputFiles. */
export function sampleFile(name: string, size: number, head: Uint8Array = new Uint8Array()) {
  mkdirSync(folder, { recursive: true });
  const path = join(folder, name);
  writeFileSync(path, head);
  if (size > head.length) truncateSync(path, size);
  return path;
}

/** A file whose bytes are all different, to check a round trip byte for byte. */
export function patternedBytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let seed = 12345;
  for (let index = 0; index < size; index += 1) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    bytes[index] = seed >>> 24;
  }
  return bytes;
}

/** Adds a logo on the design page (its section opened first): a square PNG of one colour. */
export async function addLogo(page: Page, colour: string) {
  await page.getByRole('button', { name: 'Add Logo' }).click();
  const logo = await page.evaluate((fill) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 200;
    const context = canvas.getContext('2d')!;
    context.fillStyle = fill;
    context.fillRect(0, 0, 200, 200);
    return canvas.toDataURL('image/png').split(',')[1]!;
  }, colour);
  await page.getByLabel('Logo (image, max 1MB)').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from(logo, 'base64'),
  });
}
