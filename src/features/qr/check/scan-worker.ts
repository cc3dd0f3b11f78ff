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
    readonly image: ImageData;
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
  for (const { name, image, blur } of cases) {
    if (id !== latest) return { id, superseded: true };
    if (blur > 0) gaussianBlur(image, blur);
    const jsqr = decodeWithJsqr(image) === expected;
    const zxing = (await decodeWithZxing(image)) === expected;
    results.push({ name, jsqr, zxing });
  }
  return { id, results };
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
