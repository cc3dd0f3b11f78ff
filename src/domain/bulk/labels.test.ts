import { describe, expect, it } from 'vitest';
import {
  A4_MM,
  codeBox,
  CUT_MARK_GAP_MM,
  cutMarks,
  LABEL_PADDING_MM,
  labelBoxes,
  labelTemplate,
  labelTemplates,
  labelWarning,
  MIN_MODULE_MM,
  printedCodeSideMm,
  sheetCount,
  templateWarning,
  type LabelBox,
} from './labels';

/**
 * Avery's published figures, written here from their template sheets as they are printed (the
 * gaps, not the pitches the module keeps), so the positions below are worked out independently.
 */
const published = {
  'avery-l7160': {
    across: 3,
    down: 7,
    width: 63.5,
    height: 38.1,
    top: 15.15,
    left: 7.2,
    gapX: 2.5,
    gapY: 0,
  },
  'avery-l7163': {
    across: 2,
    down: 7,
    width: 99.1,
    height: 38.1,
    top: 15.15,
    left: 4.65,
    gapX: 2.5,
    gapY: 0,
  },
} as const;

const TOLERANCE_MM = 0.2;

describe('Avery label positions', () => {
  for (const [id, sheet] of Object.entries(published)) {
    it(`${id}: every label within ${TOLERANCE_MM} mm of Avery's sheet`, () => {
      const boxes = labelBoxes(labelTemplate(id as keyof typeof published));
      expect(boxes).toHaveLength(sheet.across * sheet.down);
      for (let row = 0; row < sheet.down; row++) {
        for (let column = 0; column < sheet.across; column++) {
          const box = boxes[row * sheet.across + column];
          const x = sheet.left + column * (sheet.width + sheet.gapX);
          const y = sheet.top + row * (sheet.height + sheet.gapY);
          expect(Math.abs(box.xMm - x)).toBeLessThanOrEqual(TOLERANCE_MM);
          expect(Math.abs(box.yMm - y)).toBeLessThanOrEqual(TOLERANCE_MM);
          expect(Math.abs(box.widthMm - sheet.width)).toBeLessThanOrEqual(TOLERANCE_MM);
          expect(Math.abs(box.heightMm - sheet.height)).toBeLessThanOrEqual(TOLERANCE_MM);
        }
      }
    });
  }

  it('fill the sheet top to bottom: the last row ends as far from the bottom as the first starts', () => {
    for (const id of ['avery-l7160', 'avery-l7163'] as const) {
      const boxes = labelBoxes(labelTemplate(id));
      const last = boxes[boxes.length - 1];
      expect(A4_MM.height - (last.yMm + last.heightMm)).toBeCloseTo(boxes[0].yMm, 1);
    }
  });
});

describe('every template', () => {
  const overlaps = (a: LabelBox, b: LabelBox) =>
    a.xMm < b.xMm + b.widthMm - 1e-6 &&
    b.xMm < a.xMm + a.widthMm - 1e-6 &&
    a.yMm < b.yMm + b.heightMm - 1e-6 &&
    b.yMm < a.yMm + a.heightMm - 1e-6;

  for (const template of labelTemplates) {
    it(`${template.id}: labels on the A4 page, row by row, none overlapping`, () => {
      const boxes = labelBoxes(template);
      expect(boxes).toHaveLength(template.columns * template.rows);
      for (const box of boxes) {
        expect(box.xMm).toBeGreaterThanOrEqual(0);
        expect(box.yMm).toBeGreaterThanOrEqual(0);
        expect(box.xMm + box.widthMm).toBeLessThanOrEqual(A4_MM.width);
        expect(box.yMm + box.heightMm).toBeLessThanOrEqual(A4_MM.height);
      }
      // Row by row: the second label is beside the first, not under it.
      if (template.columns > 1) expect(boxes[1].yMm).toBe(boxes[0].yMm);
      boxes.forEach((a, i) =>
        boxes.slice(i + 1).forEach((b) => expect(overlaps(a, b)).toBe(false)),
      );
    });
  }
});

describe('the plain grid to cut out', () => {
  const grid = labelTemplate('cut-grid');
  const boxes = labelBoxes(grid);

  it('is 24 squares of 45 mm, centred on A4', () => {
    expect(boxes).toHaveLength(24);
    expect(boxes.every((box) => box.widthMm === 45 && box.heightMm === 45)).toBe(true);
    const right = Math.max(...boxes.map((box) => box.xMm + box.widthMm));
    const bottom = Math.max(...boxes.map((box) => box.yMm + box.heightMm));
    expect(A4_MM.width - right).toBeCloseTo(boxes[0].xMm, 6);
    expect(A4_MM.height - bottom).toBeCloseTo(boxes[0].yMm, 6);
  });

  it('has a mark at both ends of every cut, in the margin and on the page', () => {
    const marks = cutMarks(grid);
    // 5 vertical cuts (4 columns) and 7 horizontal ones (6 rows), marked at both ends.
    expect(marks).toHaveLength((5 + 7) * 2);
    for (const mark of marks) {
      for (const [x, y] of [
        [mark.x1Mm, mark.y1Mm],
        [mark.x2Mm, mark.y2Mm],
      ]) {
        expect(x).toBeGreaterThan(0);
        expect(y).toBeGreaterThan(0);
        expect(x).toBeLessThan(A4_MM.width);
        expect(y).toBeLessThan(A4_MM.height);
        // Outside every square, and at least the gap away from the grid.
        const inside = boxes.some(
          (box) =>
            x > box.xMm - CUT_MARK_GAP_MM + 1e-6 &&
            x < box.xMm + box.widthMm + CUT_MARK_GAP_MM - 1e-6 &&
            y > box.yMm - CUT_MARK_GAP_MM + 1e-6 &&
            y < box.yMm + box.heightMm + CUT_MARK_GAP_MM - 1e-6,
        );
        expect(inside).toBe(false);
      }
    }
    // Every square's corner lies on a cut between two marks.
    const verticals = new Set(marks.filter((m) => m.x1Mm === m.x2Mm).map((m) => m.x1Mm));
    const horizontals = new Set(marks.filter((m) => m.y1Mm === m.y2Mm).map((m) => m.y1Mm));
    for (const box of boxes) {
      expect(verticals.has(box.xMm) && verticals.has(box.xMm + box.widthMm)).toBe(true);
      expect(horizontals.has(box.yMm) && horizontals.has(box.yMm + box.heightMm)).toBe(true);
    }
  });

  it('is the only template with cut marks', () => {
    expect(labelTemplates.filter((t) => cutMarks(t).length > 0).map((t) => t.id)).toEqual([
      'cut-grid',
    ]);
  });
});

describe('sheets', () => {
  it('are as many as the codes need, after the labels already used', () => {
    const l7160 = labelTemplate('avery-l7160');
    expect(sheetCount(l7160, 21)).toBe(1);
    expect(sheetCount(l7160, 22)).toBe(2);
    expect(sheetCount(l7160, 20, 1)).toBe(1);
    expect(sheetCount(l7160, 20, 2)).toBe(2);
    expect(sheetCount(l7160, 0)).toBe(1);
  });
});

describe('the code in its label', () => {
  const [l7160] = labelBoxes(labelTemplate('avery-l7160'));
  const [l7163] = labelBoxes(labelTemplate('avery-l7163'));
  const [square] = labelBoxes(labelTemplate('cut-grid'));
  const within = (inner: LabelBox, outer: LabelBox) =>
    inner.xMm >= outer.xMm - 1e-9 &&
    inner.yMm >= outer.yMm - 1e-9 &&
    inner.xMm + inner.widthMm <= outer.xMm + outer.widthMm + 1e-9 &&
    inner.yMm + inner.heightMm <= outer.yMm + outer.heightMm + 1e-9;
  const padded = (box: LabelBox): LabelBox => ({
    xMm: box.xMm + LABEL_PADDING_MM,
    yMm: box.yMm + LABEL_PADDING_MM,
    widthMm: box.widthMm - 2 * LABEL_PADDING_MM,
    heightMm: box.heightMm - 2 * LABEL_PADDING_MM,
  });

  it('is as large as fits inside the padding, centred, in its own proportions', () => {
    const box = codeBox(l7160, 1);
    expect(box.heightMm).toBeCloseTo(38.1 - 4, 6);
    expect(box.widthMm).toBeCloseTo(box.heightMm, 6);
    expect(box.xMm + box.widthMm / 2).toBeCloseTo(l7160.xMm + l7160.widthMm / 2, 6);
    expect(box.yMm + box.heightMm / 2).toBeCloseTo(l7160.yMm + l7160.heightMm / 2, 6);
    // A framed code, taller than wide.
    const framed = codeBox(square, 407 / 470);
    expect(framed.heightMm).toBeCloseTo(41, 6);
    expect(framed.widthMm / framed.heightMm).toBeCloseTo(407 / 470, 6);
    expect(framed.textBox).toBeUndefined();
  });

  it('moves left for a caption beside it on a wide label, and makes room under it on a square', () => {
    for (const label of [l7160, l7163]) {
      const box = codeBox(label, 1, 'Aisle 4, shelf 2');
      expect(box.xMm).toBeCloseTo(label.xMm + LABEL_PADDING_MM, 6);
      expect(box.heightMm).toBeCloseTo(38.1 - 4, 6);
      expect(box.textBox?.align).toBe('left');
      expect(box.textBox!.xMm).toBeGreaterThan(box.xMm + box.widthMm);
      expect(within(box.textBox!, padded(label))).toBe(true);
    }
    const under = codeBox(square, 1, 'Table 12');
    expect(under.textBox?.align).toBe('center');
    expect(under.textBox!.yMm).toBeGreaterThan(under.yMm + under.heightMm);
    expect(within(under, padded(square))).toBe(true);
    expect(within(under.textBox!, padded(square))).toBe(true);
    // A blank caption is none.
    expect(codeBox(square, 1, '  ')).toEqual(codeBox(square, 1));
  });
});

describe('whether a code will read', () => {
  it('asks for dots of at least the minimum module size', () => {
    expect(labelWarning(30, 30 / MIN_MODULE_MM)).toBeNull();
    expect(labelWarning(30, 81)).toMatch(/dots would print 0\.37 mm wide/);
  });

  it('asks for a tenth of the reading distance (10:1): 25 mm from a shelf at 25 cm', () => {
    expect(labelWarning(25, 29)).toBeNull();
    expect(labelWarning(24.5, 29)).toBe(
      'The code would print 24 mm wide, which reads from about 24 cm; to read it from 25 cm it ' +
        'needs 25 mm. Choose larger labels (a frame around the code also takes room from it).',
    );
    expect(labelWarning(40, 29, 500)).toMatch(/to read it from 50 cm it needs 50 mm/);
    expect(labelWarning(50, 29, 500)).toBeNull();
  });

  it('measures the modules of a drawing as the renderer draws them (10 units a module)', () => {
    // 29 modules, a quiet zone of 4 each side: 370 units; a frame adds 18.5 each side.
    expect(printedCodeSideMm({ width: 370, height: 370, modules: 29 }, 37)).toBeCloseTo(29, 6);
    expect(printedCodeSideMm({ width: 407, height: 470, modules: 29 }, 40.7)).toBeCloseTo(29, 6);
  });

  it('on the templates: a plain code fits an L7160 label, a framed one there is too small', () => {
    const l7160 = labelTemplate('avery-l7160');
    expect(templateWarning(l7160, { width: 370, height: 370, modules: 29 })).toBeNull();
    expect(templateWarning(l7160, { width: 407, height: 470, modules: 29 })).toMatch(
      /reads from about 21 cm/,
    );
    // A long web address (version 10: 57 modules) still prints its dots cleanly there.
    expect(templateWarning(l7160, { width: 650, height: 650, modules: 57 })).toBeNull();
    expect(templateWarning(l7160, { width: 1010, height: 1010, modules: 93 })).toMatch(/dots/);
  });
});
