import { describe, expect, it } from 'vitest';
import {
  MATRIX_GLYPH_ALPHA,
  MATRIX_GLYPHS,
  columnCount,
  createDrops,
  pickGlyph,
  resizeDrops,
  rowCount,
  seededRandom,
  stepDrops,
  stillGlyphs,
  trailAlpha,
} from './matrix';

function constant(value: number): () => number {
  return () => value;
}

describe('what the rain looks like', () => {
  it('draws the letters, the digits and < > ( ), every one of them', () => {
    // Random values spread evenly over [0, 1) reach each glyph of the set once.
    const seen = Array.from({ length: 66 }, (_, index) => pickGlyph(constant((index + 0.5) / 66)));
    expect(seen.join('')).toBe(
      'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789<>()',
    );
  });

  it('draws a fresh glyph at half opacity, and each redraw fades what remains by 4%', () => {
    expect(trailAlpha(0)).toBe(0.5);
    expect(trailAlpha(1)).toBeCloseTo(0.48, 10);
    expect(trailAlpha(2)).toBeCloseTo(0.4608, 10);
    expect(trailAlpha(100)).toBeLessThan(0.01);
  });
});

describe('grid size', () => {
  it('has one column per started 14 px of width', () => {
    expect(columnCount(1280)).toBe(92);
    expect(columnCount(390)).toBe(28);
    expect(columnCount(14)).toBe(1);
    expect(columnCount(15)).toBe(2);
    expect(columnCount(0)).toBe(0);
  });

  it('has one row per started 14 px of height', () => {
    expect(rowCount(844)).toBe(61);
    expect(rowCount(800)).toBe(58);
    expect(rowCount(0)).toBe(0);
  });
});

describe('seededRandom', () => {
  it('repeats for a seed, differs between seeds and stays in [0, 1)', () => {
    const a = seededRandom(5);
    const b = seededRandom(5);
    const c = seededRandom(6);
    const first = Array.from({ length: 1000 }, a);
    expect(Array.from({ length: 1000 }, b)).toEqual(first);
    expect(Array.from({ length: 1000 }, c)).not.toEqual(first);
    for (const value of first) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });
});

describe('pickGlyph', () => {
  it('maps the random range onto the whole glyph set', () => {
    expect(pickGlyph(constant(0))).toBe('A');
    expect(pickGlyph(constant(0.999999))).toBe(')');
    expect(pickGlyph(constant(1))).toBe(')');
  });

  it('only ever returns glyphs from the set', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 2000; i += 1) expect(MATRIX_GLYPHS).toContain(pickGlyph(random));
  });
});

describe('createDrops', () => {
  it('makes one drop per column, each on a row of the screen', () => {
    const drops = createDrops(92, 58, seededRandom(1));
    expect(drops).toHaveLength(92);
    for (const row of drops) {
      expect(Number.isInteger(row)).toBe(true);
      expect(row).toBeGreaterThanOrEqual(0);
      expect(row).toBeLessThan(58);
    }
    expect(new Set(drops).size).toBeGreaterThan(10);
  });

  it('makes no drops for no columns', () => {
    expect(createDrops(0, 58, seededRandom(1))).toEqual([]);
  });
});

describe('stepDrops', () => {
  it('moves every drop on the screen down one row without asking for randomness', () => {
    let calls = 0;
    const random = () => {
      calls += 1;
      return 0;
    };
    expect(stepDrops([0, 5, 9], 10, random)).toEqual([1, 6, 10]);
    expect(calls).toBe(0);
  });

  it('restarts a drop past the bottom at the top when random() < 0.025', () => {
    expect(stepDrops([10], 10, constant(0))).toEqual([0]);
    expect(stepDrops([14], 10, constant(0.0249))).toEqual([0]);
  });

  it('keeps a drop past the bottom falling when random() >= 0.025', () => {
    expect(stepDrops([10], 10, constant(0.025))).toEqual([11]);
    expect(stepDrops([30], 10, constant(0.5))).toEqual([31]);
  });

  it('restarts about 2.5% of drops past the bottom per redraw', () => {
    const random = seededRandom(42);
    let restarts = 0;
    const trials = 40_000;
    for (let i = 0; i < trials; i += 1) if (stepDrops([20], 10, random)[0] === 0) restarts += 1;
    expect(restarts / trials).toBeGreaterThan(0.02);
    expect(restarts / trials).toBeLessThan(0.03);
  });

  it('decides each column on its own', () => {
    const values = [0.9, 0.01];
    const random = () => values.shift() ?? 1;
    expect(stepDrops([3, 12, 11], 10, random)).toEqual([4, 13, 0]);
  });

  it('does not change the drops it is given', () => {
    const drops = [1, 2, 3];
    stepDrops(drops, 10, constant(0));
    expect(drops).toEqual([1, 2, 3]);
  });
});

describe('resizeDrops', () => {
  it('keeps existing drops and adds new ones for added columns', () => {
    const resized = resizeDrops([4, 40, 7], 6, 30, constant(0.5));
    expect(resized).toEqual([4, 40, 7, 15, 15, 15]);
  });

  it('drops the columns that no longer fit and keeps the rest as they were', () => {
    expect(resizeDrops([4, 40, 7, 2], 2, 30, constant(0.5))).toEqual([4, 40]);
  });

  it('keeps a drop that ends up past a shorter screen so it restarts by the usual rule', () => {
    const resized = resizeDrops([50], 1, 20, constant(0));
    expect(resized).toEqual([50]);
    expect(stepDrops(resized, 20, constant(0))).toEqual([0]);
  });
});

describe('stillGlyphs', () => {
  const columns = 28;
  const rows = 61;
  const glyphs = stillGlyphs(columns, rows, seededRandom(3));

  it('places glyphs from the set inside the grid', () => {
    expect(glyphs.length).toBeGreaterThan(columns * 5);
    for (const { column, row, glyph } of glyphs) {
      expect(column).toBeGreaterThanOrEqual(0);
      expect(column).toBeLessThan(columns);
      expect(row).toBeGreaterThanOrEqual(0);
      expect(row).toBeLessThan(rows);
      expect(MATRIX_GLYPHS).toContain(glyph);
    }
  });

  it('never draws brighter than a fresh glyph and fades along each trail', () => {
    for (const { alpha } of glyphs) {
      expect(alpha).toBeGreaterThan(0);
      expect(alpha).toBeLessThanOrEqual(MATRIX_GLYPH_ALPHA);
    }
    expect(trailAlpha(10)).toBeLessThan(trailAlpha(9));
  });

  it('draws at most one glyph per cell and spreads over most columns', () => {
    const cells = new Set(glyphs.map(({ column, row }) => `${column}:${row}`));
    expect(cells.size).toBe(glyphs.length);
    expect(new Set(glyphs.map(({ column }) => column)).size).toBeGreaterThan(columns / 2);
  });

  it('is reproducible for the same random source', () => {
    expect(stillGlyphs(10, 20, seededRandom(9))).toEqual(stillGlyphs(10, 20, seededRandom(9)));
  });
});
