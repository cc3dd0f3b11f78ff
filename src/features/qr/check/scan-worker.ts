/**
 * Decodes the scan check's images off the main thread (see scan-check.ts). Typed against the
 * DOM lib, as the project has no WebWorker lib for src/; `self` is enough here.
 */
import type { ScanCaseName, ScanCaseResult } from '../../../domain/qr/scan-verdict';
import { gaussianBlur } from './blur';
import { jpegged, tilted } from './camera';
import { decodeWithZbar, decodeWithZxing } from './decode';

export interface ScanRequest {
  readonly id: number;
  readonly expected: string;
  /** The code drawn on nothing, once for each size of the cases (transferred; closed here). */
  readonly pictures: readonly ImageBitmap[];
  readonly cases: readonly {
    readonly name: ScanCaseName;
    /** The side of the square in px: the picture of this width is used. */
    readonly size: number;
    /** What shows through a transparent code (CSS colour). */
    readonly background: string;
    /** Gaussian blur in px to apply before decoding (0: none). */
    readonly blur: number;
    /** Seen at an angle: degrees about the code's vertical axis and in its plane (0: square on). */
    readonly tilt: number;
    readonly turn: number;
    /** Through a JPEG of this quality, 0..1 (0: none). */
    readonly jpeg: number;
  }[];
}

export type ScanResponse =
  | { readonly id: number; readonly results: ScanCaseResult[] }
  /** A newer request came in while this one was decoding; the rest was skipped. */
  | { readonly id: number; readonly superseded: true }
  | { readonly id: number; readonly error: string };

let latest = 0;

async function scan({ id, expected, pictures, cases }: ScanRequest): Promise<ScanResponse> {
  try {
    return await scanCases(id, expected, pictures, cases);
  } finally {
    for (const picture of pictures) picture.close();
  }
}

async function scanCases(
  id: number,
  expected: string,
  pictures: readonly ImageBitmap[],
  cases: ScanRequest['cases'],
): Promise<ScanResponse> {
  const results: ScanCaseResult[] = [];
  for (const { name, size, background, blur, tilt, turn, jpeg } of cases) {
    if (id !== latest) return { id, superseded: true };
    const picture = pictures.find((drawn) => drawn.width === size);
    if (!picture) throw new Error(`No picture of ${size} px for the scan check.`);
    let image = pixelsOf(picture, background);
    if (blur > 0) gaussianBlur(image, blur);
    if (tilt !== 0 || turn !== 0) image = tilted(image, tilt, turn, greyOf(background));
    if (jpeg > 0) image = await jpegged(image, jpeg);
    const zxing = (await decodeWithZxing(image)) === expected;
    const zbar = (await decodeWithZbar(image)) === expected;
    results.push({ name, zxing, zbar });
  }
  return { id, results };
}

/** The grey of '#rrggbb' (the backgrounds the checker sends are all of this form). */
const greyOf = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return 0.299 * r! + 0.587 * g! + 0.114 * b!;
};

/**
 * The pixels of the picture on its background colour, in grey (R = G = B, the luma of
 * Rec. 601, which is what both readers and a JPEG's brightness channel keep): the blur and tilt
 * then work on one channel instead of four.
 */
function pixelsOf(picture: ImageBitmap, background: string): ImageData {
  const { width, height } = picture;
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('No 2D canvas in the scan worker.');
  context.fillStyle = background;
  context.fillRect(0, 0, width, height);
  context.drawImage(picture, 0, 0);
  const image = context.getImageData(0, 0, width, height);
  const { data } = image;
  for (let i = 0; i < data.length; i += 4) {
    const grey = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
    data[i] = data[i + 1] = data[i + 2] = grey;
  }
  return image;
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
