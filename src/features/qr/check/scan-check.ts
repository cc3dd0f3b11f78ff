// The live scan check: the preview's SVG is drawn on the main thread (only there can SVG become
// pixels) once for each size the conditions need, on nothing (transparent), cut to the code
// itself (with its quiet zone: a frame's outline and call to action are left out, so the verdict
// is about the code and never about the frame's words), and handed over as bitmaps; the worker
// puts each on what shows through a transparent code, blurs, tilts or compresses it where asked
// and decodes it with ZXing and ZBar, so typing stays smooth. (Drawn once and scaled down, small
// codes with a circle frame came out softer than the browser draws them at that size.) What the
// results mean for the user is src/domain/qr/scan-verdict.ts; docs/scan-check.md has the figures.
import type { ScanCaseName, ScanCaseResult } from '../../../domain/qr/scan-verdict';
import { loadSvgPicture, type SvgPicture } from '../render/svg-picture';
import type { ScanRequest, ScanResponse } from './scan-worker';

export type { ScanCaseName, ScanCaseResult };

export interface ScanCheckOptions {
  /** The code has a transparent background: also try it on black. */
  readonly transparent: boolean;
  /**
   * Where the code (with its quiet zone) sits in the drawing, as shares of the drawing's longer
   * side (codeBox in code-box.ts); the whole drawing by default. Only this square is decoded.
   */
  readonly codeBox?: CodeBox;
}

export interface CodeBox {
  readonly x: number;
  readonly y: number;
  readonly side: number;
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

/** The code at a comfortable size on screen, px across with its quiet zone. */
const PREVIEW_SIZE = 400;
/** About the size of a 2 cm print of the code seen from a phone at arm's length. */
const SMALL_SIZE = 160;
/**
 * Soft focus on the small code: a Gaussian of this standard deviation in px. Measured in
 * headless Chromium on plain black-on-white codes from qr-code-styling at 160 px: the readers of
 * the time (jsQR and ZXing) still read codes of up to 41 modules (version 6, 3.7 px a module) at
 * 1.2 px or more, 49 modules (an 80-character URL at level Q) at 1.0 px, 61 modules up to 0.8 px;
 * the limit is about 0.3 of a module. 0.8 px keeps everyday codes well clear of it, while 61+ modules at
 * 2 cm (under 0.35 mm a module) are too fine for phones anyway.
 */
const SMALL_BLUR = 0.8;
/**
 * A phone held at an angle: 20 degrees off square about the code's vertical axis (one side
 * nearer and larger) and turned 8 degrees, the code about 2.5 cm across.
 */
const TILTED = { size: 200, tilt: 20, turn: 8 };
/** A phone's photo or video frame: the small code through a JPEG of quality 0.4. */
const JPEG = { size: SMALL_SIZE, quality: 0.4 };

type Condition = ScanRequest['cases'][number];

const plain = { blur: 0, tilt: 0, turn: 0, jpeg: 0, background: '#ffffff' } as const;

const conditions = (options: ScanCheckOptions): readonly Condition[] => [
  { ...plain, name: 'preview', size: PREVIEW_SIZE },
  { ...plain, name: 'small', size: SMALL_SIZE },
  { ...plain, name: 'small-blurred', size: SMALL_SIZE, blur: SMALL_BLUR },
  { ...plain, name: 'tilted', size: TILTED.size, tilt: TILTED.tilt, turn: TILTED.turn },
  { ...plain, name: 'jpeg', size: JPEG.size, jpeg: JPEG.quality },
  ...(options.transparent
    ? [{ ...plain, name: 'on-black' as const, size: PREVIEW_SIZE, background: '#000000' }]
    : []),
];

/** The code's square of the picture, size×size px, on nothing, as a bitmap for the worker. */
function bitmap(picture: SvgPicture, size: number, box: CodeBox): Promise<ImageBitmap> {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas for the scan check.');
  // The drawing's longer side in px, for the code's side to be `size`.
  const longer = size / box.side;
  const scale = longer / Math.max(picture.width, picture.height);
  context.drawImage(
    picture.image,
    -box.x * longer,
    -box.y * longer,
    picture.width * scale,
    picture.height * scale,
  );
  return createImageBitmap(canvas);
}

/** The whole drawing, centred in the square. */
const wholeDrawing = ({ width, height }: SvgPicture): CodeBox => {
  const longer = Math.max(width, height);
  return { x: (width - longer) / 2 / longer, y: (height - longer) / 2 / longer, side: 1 };
};

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
      const box = options.codeBox ?? wholeDrawing(picture);
      const pictures = await Promise.all(sizes.map((size) => bitmap(picture, size, box)));
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
