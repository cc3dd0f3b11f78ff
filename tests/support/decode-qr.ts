import type { Locator } from '@playwright/test';
import jsQR from 'jsqr';

const SIZE = 400;

/**
 * What a scanner reads from a QR code image on the page: the image is drawn, as the browser shows
 * it, onto a canvas on a white ground, and its pixels are decoded with jsQR. Null if nothing scans.
 */
export async function scanQrImage(image: Locator): Promise<string | null> {
  const pixels = await image.evaluate(async (element, size) => {
    const img = element as HTMLImageElement;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size, size);
    context.drawImage(img, 0, 0, size, size);
    return Array.from(context.getImageData(0, 0, size, size).data);
  }, SIZE);
  return jsQR(Uint8ClampedArray.from(pixels), SIZE, SIZE)?.data ?? null;
}
