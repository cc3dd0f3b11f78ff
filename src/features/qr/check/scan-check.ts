// The live scan check: the preview's SVG is drawn on the main thread (only there can SVG become
// pixels) once for each size the conditions need, on nothing (transparent), and handed over as
// bitmaps; the worker puts each on what shows through a transparent code, blurs where asked and
// decodes with jsQR and ZXing, so typing stays smooth. (Drawn once and scaled down, small codes
// with a circle frame came out softer than the browser draws them at that size.) What the results mean for the
// user is src/domain/qr/scan-verdict.ts.
import type { ScanCaseName, ScanCaseResult } from '../../../domain/qr/scan-verdict';
import { drawPicture, loadSvgPicture, type SvgPicture } from '../render/svg-picture';
import type { ScanRequest, ScanResponse } from './scan-worker';

export type { ScanCaseName, ScanCaseResult };

export interface ScanCheckOptions {
  /** The code has a transparent background: also try it on black. */
  readonly transparent: boolean;
  /** The size of the on-screen preview in px; 400 by default. */
  readonly previewSize?: number;
  /**
   * The code's side as a share of the drawing's longer side (RenderedCode.codeShare); 1 by
   * default. The small conditions size the code itself, not its frame, at about 2 cm.
   */
  readonly codeShare?: number;
}

export interface ScanChecker {
  /**
   * Decodes the code under each condition. A newer call supersedes this one: its promise then
   * rejects with a DOMException named 'AbortError' (check `isSuperseded`). It rejects with an
   * Error when the SVG cannot be drawn or a reader cannot load.
   */
  check(svg: string, expected: string, options: ScanCheckOptions): Promise<ScanCaseResult[]>;
  /** Ends the worker; a pending check rejects as superseded. The checker may be used again. */
  dispose(): void;
}

/** About the size of a 2 cm print of the code seen from a phone at arm's length. */
const SMALL_SIZE = 160;
/**
 * Soft focus on the small code: a Gaussian of this standard deviation in px. Measured in
 * headless Chromium on plain black-on-white codes from qr-code-styling at 160 px: both readers
 * still read codes of up to 41 modules (version 6, 3.7 px a module) at 1.2 px or more, 49
 * modules (an 80-character URL at level Q) at 1.0 px, 61 modules up to 0.8 px; the limit is
 * about 0.3 of a module. 0.8 px keeps everyday codes well clear of it, while 61+ modules at
 * 2 cm (under 0.35 mm a module) are too fine for phones anyway.
 */
const SMALL_BLUR = 0.8;

interface Condition {
  readonly name: ScanCaseName;
  readonly size: number;
  /** What shows through a transparent code. */
  readonly background: string;
  /** Gaussian blur in px, applied by the worker. */
  readonly blur: number;
}

const conditions = (options: ScanCheckOptions): readonly Condition[] => {
  const preview = options.previewSize ?? 400;
  // A framed code printed with its code 2 cm across: the drawing is larger than that.
  const small = Math.round(SMALL_SIZE / Math.min(1, Math.max(0.2, options.codeShare ?? 1)));
  return [
    { name: 'preview', size: preview, background: '#ffffff', blur: 0 },
    { name: 'small', size: small, background: '#ffffff', blur: 0 },
    { name: 'small-blurred', size: small, background: '#ffffff', blur: SMALL_BLUR },
    ...(options.transparent
      ? [{ name: 'on-black' as const, size: preview, background: '#000000', blur: 0 }]
      : []),
  ];
};

/** The picture fitted on a size×size square of nothing, as a bitmap for the worker. */
function bitmap(picture: SvgPicture, size: number): Promise<ImageBitmap> {
  const drawn = drawPicture(picture, size, size);
  if (!drawn) throw new Error('No 2D canvas for the scan check.');
  return createImageBitmap(drawn.canvas);
}

export const isSuperseded = (error: unknown) =>
  error instanceof DOMException && error.name === 'AbortError';

const superseded = () => new DOMException('superseded', 'AbortError');

export function createScanChecker(): ScanChecker {
  let worker: Worker | undefined;
  let latest = 0;
  let pending:
    | { id: number; resolve: (results: ScanCaseResult[]) => void; reject: (e: unknown) => void }
    | undefined;

  const settle = (outcome: { results: ScanCaseResult[] } | { error: unknown }) => {
    const current = pending;
    pending = undefined;
    if (!current) return;
    if ('results' in outcome) current.resolve(outcome.results);
    else current.reject(outcome.error);
  };

  const start = () => {
    const created = new Worker(new URL('./scan-worker.ts', import.meta.url), { type: 'module' });
    created.addEventListener('message', (event: MessageEvent<ScanResponse>) => {
      const response = event.data;
      if (response.id !== pending?.id) return;
      if ('results' in response) settle({ results: response.results });
      else if ('error' in response) settle({ error: new Error(response.error) });
      else settle({ error: superseded() });
    });
    // The worker script itself failed to load or threw: the next check starts a fresh one.
    created.addEventListener('error', (event) => {
      event.preventDefault();
      created.terminate();
      if (worker === created) worker = undefined;
      settle({ error: new Error(event.message || 'The scan check could not start.') });
    });
    return created;
  };

  return {
    async check(svg, expected, options) {
      const id = ++latest;
      settle({ error: superseded() });
      const picture = await loadSvgPicture(svg);
      if (id !== latest) throw superseded();
      const cases = conditions(options);
      const sizes = [...new Set(cases.map((c) => c.size))];
      const pictures = await Promise.all(sizes.map((size) => bitmap(picture, size)));
      if (id !== latest) {
        for (const drawn of pictures) drawn.close();
        throw superseded();
      }
      return new Promise<ScanCaseResult[]>((resolve, reject) => {
        pending = { id, resolve, reject };
        worker ??= start();
        const request: ScanRequest = { id, expected, pictures, cases };
        worker.postMessage(request, pictures);
      });
    },
    dispose() {
      latest++;
      settle({ error: superseded() });
      worker?.terminate();
      worker = undefined;
    },
  };
}
