/**
 * Draws the matrix rain on a 2D context. Runs unchanged inside the worker (OffscreenCanvas) and
 * on the main thread when the browser cannot hand the canvas to a worker.
 */
import {
  MATRIX_CELL_PX,
  MATRIX_FADE_ALPHA,
  MATRIX_FONT_SIZE_PX,
  MATRIX_FRAME_MS,
  MATRIX_GLYPH_ALPHA,
  columnCount,
  pickGlyph,
  resizeDrops,
  rowCount,
  seededRandom,
  stepDrops,
  stillGlyphs,
  type RandomSource,
} from '../../domain/matrix';

export type MatrixContext = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

/** CSS pixel size of the canvas and the device pixel ratio to render it at. */
export interface MatrixViewport {
  readonly width: number;
  readonly height: number;
  readonly dpr: number;
}

export interface MatrixControls {
  resize(viewport: MatrixViewport): void;
  setHidden(hidden: boolean): void;
  setReducedMotion(reduced: boolean): void;
  dispose(): void;
}

export type MatrixMessage =
  | { readonly type: 'init'; readonly canvas: OffscreenCanvas }
  | { readonly type: 'resize'; readonly viewport: MatrixViewport }
  | { readonly type: 'hidden'; readonly hidden: boolean }
  | { readonly type: 'reduced-motion'; readonly reduced: boolean };

/** Same as --green-950 in global.css, which paints the page under the canvas. */
export const MATRIX_BACKGROUND = '#00140a';
const GLYPH_GREEN = '#2fc46f';
const GLYPH_GOLD = '#ca9d20';
/** A rare brand-gold glyph; more than this turns the rain from green to olive. */
const GOLD_CHANCE = 0.03;
const FONT = `${MATRIX_FONT_SIZE_PX}px ui-monospace, 'SFMono-Regular', Menlo, Consolas, 'DejaVu Sans Mono', monospace`;

/** Sharper than 2x costs fill rate for no visible gain behind text. */
const MAX_DPR = 2;
/** Caps the fade fill on large HiDPI desktops, where each full-canvas fill is the main cost. */
const MAX_BACKING_PIXELS = 6_000_000;

export function backingScale({ width, height, dpr }: MatrixViewport): number {
  const area = Math.max(width * height, 1);
  return Math.max(1, Math.min(dpr, MAX_DPR, Math.sqrt(MAX_BACKING_PIXELS / area)));
}

export function applyMatrixMessage(controls: MatrixControls, message: MatrixMessage): void {
  switch (message.type) {
    case 'resize':
      controls.resize(message.viewport);
      break;
    case 'hidden':
      controls.setHidden(message.hidden);
      break;
    case 'reduced-motion':
      controls.setReducedMotion(message.reduced);
      break;
    case 'init':
      break;
  }
}

export class MatrixRenderer implements MatrixControls {
  private readonly context: MatrixContext;
  private readonly random: RandomSource;
  /** Fixed per renderer so a still frame redrawn at the same size looks the same. */
  private readonly stillSeed: number;
  private viewport: MatrixViewport = { width: 0, height: 0, dpr: 1 };
  private columns = 0;
  private rows = 0;
  private drops: number[] = [];
  private hidden = false;
  private reducedMotion = false;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(context: MatrixContext, random: RandomSource = Math.random) {
    this.context = context;
    this.random = random;
    this.stillSeed = Math.floor(random() * 2 ** 32);
  }

  resize(viewport: MatrixViewport): void {
    const width = Math.max(0, Math.round(viewport.width));
    const height = Math.max(0, Math.round(viewport.height));
    const dpr = backingScale({ width, height, dpr: viewport.dpr });
    const previous = this.viewport;
    if (width === previous.width && height === previous.height && dpr === previous.dpr) return;

    const snapshot = this.reducedMotion ? null : this.snapshot();
    this.viewport = { width, height, dpr };
    this.columns = columnCount(width);
    this.rows = rowCount(height);
    this.drops = resizeDrops(this.drops, this.columns, this.rows, this.random);
    this.resizeBackingStore();
    this.paintBackground();
    // Keeping the old trails avoids a flash of empty background after every resize.
    if (snapshot) this.context.drawImage(snapshot, 0, 0, previous.width, previous.height);
    if (this.reducedMotion && this.hasArea()) this.drawStill();
    this.sync();
  }

  setHidden(hidden: boolean): void {
    this.hidden = hidden;
    this.sync();
  }

  setReducedMotion(reduced: boolean): void {
    if (reduced === this.reducedMotion) return;
    this.reducedMotion = reduced;
    // Turning motion back on keeps the still and lets the rain fade it out.
    if (reduced && this.hasArea()) this.drawStill();
    this.sync();
  }

  dispose(): void {
    this.stop();
  }

  /** One redraw: fade what is there a little, then one glyph at the head of each column. */
  frame(): void {
    const { context, random } = this;
    const { width, height } = this.viewport;
    context.globalAlpha = MATRIX_FADE_ALPHA;
    context.fillStyle = MATRIX_BACKGROUND;
    context.fillRect(0, 0, width, height);

    context.globalAlpha = MATRIX_GLYPH_ALPHA;
    context.fillStyle = GLYPH_GREEN;
    this.drops.forEach((row, column) => {
      if (row >= this.rows) return;
      const gold = random() < GOLD_CHANCE;
      if (gold) context.fillStyle = GLYPH_GOLD;
      this.drawGlyph(pickGlyph(random), column, row);
      if (gold) context.fillStyle = GLYPH_GREEN;
    });
    this.drops = stepDrops(this.drops, this.rows, random);
  }

  /** The reduced-motion picture: trails as the rain would leave them, frozen. */
  drawStill(): void {
    const { context } = this;
    const random = seededRandom(this.stillSeed);
    this.paintBackground();
    for (const { column, row, glyph, alpha } of stillGlyphs(this.columns, this.rows, random)) {
      context.globalAlpha = alpha;
      context.fillStyle = random() < GOLD_CHANCE ? GLYPH_GOLD : GLYPH_GREEN;
      this.drawGlyph(glyph, column, row);
    }
  }

  private drawGlyph(glyph: string, column: number, row: number): void {
    const half = MATRIX_CELL_PX / 2;
    this.context.fillText(glyph, column * MATRIX_CELL_PX + half, row * MATRIX_CELL_PX + half);
  }

  /** Runs the loop only while it can be seen, motion is welcome and there is room to draw. */
  private sync(): void {
    if (this.reducedMotion || this.hidden || !this.hasArea()) {
      this.stop();
      return;
    }
    this.timer ??= setInterval(() => this.frame(), MATRIX_FRAME_MS);
  }

  private hasArea(): boolean {
    return this.columns > 0 && this.rows > 0;
  }

  private stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private snapshot(): OffscreenCanvas | null {
    const { canvas } = this.context;
    if (typeof OffscreenCanvas !== 'function' || canvas.width === 0 || canvas.height === 0) {
      return null;
    }
    const copy = new OffscreenCanvas(canvas.width, canvas.height);
    const copyContext = copy.getContext('2d');
    if (!copyContext) return null;
    copyContext.drawImage(canvas, 0, 0);
    return copy;
  }

  /** Resizing a canvas resets its whole drawing state, so the text settings go back on here. */
  private resizeBackingStore(): void {
    const { context } = this;
    const { width, height, dpr } = this.viewport;
    context.canvas.width = Math.round(width * dpr);
    context.canvas.height = Math.round(height * dpr);
    context.setTransform(dpr, 0, 0, dpr, 0, 0);
    context.font = FONT;
    context.textAlign = 'center';
    context.textBaseline = 'middle';
  }

  private paintBackground(): void {
    const { context } = this;
    const { width, height } = this.viewport;
    context.globalAlpha = 1;
    context.fillStyle = MATRIX_BACKGROUND;
    context.fillRect(0, 0, width, height);
  }
}
