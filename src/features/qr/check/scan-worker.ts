/**
 * Decodes the scan check's images off the main thread (see scan-check.ts). Typed against the
 * DOM lib, as the project has no WebWorker lib for src/; `self` is enough here.
 */
import type { ScanCaseName, ScanCaseResult } from '../../../domain/qr/scan-verdict';
import { gaussianBlur } from './blur';
import { decodeWithJsqr, decodeWithZxing } from './decode';

export interface ScanRequest {
  readonly id: number;
  readonly expected: string;
  readonly cases: readonly {
    readonly name: ScanCaseName;
    /** The code drawn for this case (transferred; closed once read). */
    readonly bitmap: ImageBitmap;
    /** Gaussian blur in px to apply before decoding (0: none). */
    readonly blur: number;
  }[];
}

export type ScanResponse =
  | { readonly id: number; readonly results: ScanCaseResult[] }
  /** A newer request came in while this one was decoding; the rest was skipped. */
  | { readonly id: number; readonly superseded: true }
  | { readonly id: number; readonly error: string };

let latest = 0;

async function scan({ id, expected, cases }: ScanRequest): Promise<ScanResponse> {
  const results: ScanCaseResult[] = [];
  for (const { name, bitmap, blur } of cases) {
    if (id !== latest) {
      for (const rest of cases) rest.bitmap.close();
      return { id, superseded: true };
    }
    const image = pixelsOf(bitmap);
    if (blur > 0) gaussianBlur(image, blur);
    const jsqr = decodeWithJsqr(image) === expected;
    const zxing = (await decodeWithZxing(image)) === expected;
    results.push({ name, jsqr, zxing });
  }
  return { id, results };
}

/** A bitmap's pixels, read here rather than on the main thread. */
function pixelsOf(bitmap: ImageBitmap): ImageData {
  const { width, height } = bitmap;
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('No 2D canvas in the scan worker.');
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return context.getImageData(0, 0, width, height);
}

self.addEventListener('message', (event: MessageEvent<ScanRequest>) => {
  const request = event.data;
  latest = Math.max(latest, request.id);
  void scan(request)
    .catch((error: unknown) => ({
      id: request.id,
      error: error instanceof Error ? error.message : String(error),
    }))
    .then((response) => self.postMessage(response));
});
