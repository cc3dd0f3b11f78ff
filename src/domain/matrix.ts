/**
 * State of the decorative "matrix rain" background: one drop per 14 px column, each drop being
 * the row its next glyph is drawn on. Pure so the worker and the main-thread fallback share it
 * and so the restart rule can be tested with an injected random source.
 */

export const MATRIX_CELL_PX = 14;
export const MATRIX_FONT_SIZE_PX = 14;
export const MATRIX_FRAME_MS = 33;
export const MATRIX_FADE_ALPHA = 0.04;
export const MATRIX_GLYPH_ALPHA = 0.5;
export const MATRIX_RESET_PROBABILITY = 0.025;

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
export const MATRIX_GLYPHS = `${LETTERS}${DIGITS}<>()`;

/** Uniform in [0, 1), like Math.random; injected so tests and stills are reproducible. */
export type RandomSource = () => number;

/** Row index of the next glyph of each column; rows at or past `rows` are below the bottom. */
export type Drops = readonly number[];

export interface StillGlyph {
  readonly column: number;
  readonly row: number;
  readonly glyph: string;
  readonly alpha: number;
}

export function columnCount(widthPx: number): number {
  return widthPx > 0 ? Math.ceil(widthPx / MATRIX_CELL_PX) : 0;
}

export function rowCount(heightPx: number): number {
  return heightPx > 0 ? Math.ceil(heightPx / MATRIX_CELL_PX) : 0;
}

/** An index in [0, length) even if a random source returns exactly 1. */
function randomIndex(length: number, random: RandomSource): number {
  return Math.min(length - 1, Math.floor(random() * length));
}

export function pickGlyph(random: RandomSource): string {
  return MATRIX_GLYPHS.charAt(randomIndex(MATRIX_GLYPHS.length, random));
}

/** A small seeded generator (mulberry32) so a still frame can be redrawn identically. */
export function seededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Drops start scattered over the screen so the rain looks settled at once, not a curtain. */
export function createDrops(columns: number, rows: number, random: RandomSource): number[] {
  return Array.from({ length: columns }, () => randomIndex(Math.max(rows, 1), random));
}

export function isPastBottom(row: number, rows: number): boolean {
  return row >= rows;
}

/**
 * One redraw's advance. `random` is consulted only for drops past the bottom, which restart at
 * the top with MATRIX_RESET_PROBABILITY; the staggered restarts are what break the columns up.
 */
export function stepDrops(drops: Drops, rows: number, random: RandomSource): number[] {
  return drops.map((row) =>
    isPastBottom(row, rows) && random() < MATRIX_RESET_PROBABILITY ? 0 : row + 1,
  );
}

/** Keeps the columns that still fit so a resize does not restart the rain on screen. */
export function resizeDrops(
  drops: Drops,
  columns: number,
  rows: number,
  random: RandomSource,
): number[] {
  const kept = drops.slice(0, columns);
  return kept.concat(createDrops(columns - kept.length, rows, random));
}

/** How bright a glyph drawn `age` redraws ago still is after the fade overlays since. */
export function trailAlpha(age: number): number {
  return MATRIX_GLYPH_ALPHA * (1 - MATRIX_FADE_ALPHA) ** age;
}

/** Trails fainter than this are lost in the background anyway, so stills skip them. */
const STILL_MIN_ALPHA = 0.04;

/**
 * A frozen frame for reduced motion: each column gets the trail its drop would leave after
 * falling for a while, computed directly instead of by running the animation.
 */
export function stillGlyphs(columns: number, rows: number, random: RandomSource): StillGlyph[] {
  const glyphs: StillGlyph[] = [];
  for (let column = 0; column < columns; column += 1) {
    // Heads may sit below the bottom so some columns show only a fading tail.
    const head = randomIndex(Math.max(Math.ceil(rows * 1.4), 1), random);
    for (let age = 0; head - age >= 0; age += 1) {
      const alpha = trailAlpha(age);
      if (alpha < STILL_MIN_ALPHA) break;
      const row = head - age;
      if (row < rows) glyphs.push({ column, row, glyph: pickGlyph(random), alpha });
    }
  }
  return glyphs;
}
