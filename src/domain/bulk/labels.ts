// The sheets bulk codes are printed on, described once as data: where each label sits on an A4
// page, where a code sits in its label, and whether a code that size will read. The label sheet
// PDF, its alignment page and the page that offers them all read these figures.
import { MODULE } from '../qr/code-plan';

/** A4 portrait, the only paper the templates are for. */
export const A4_MM = { width: 210, height: 297 } as const;

/** A rectangle on the page in millimetres, from the page's top-left corner. */
export interface LabelBox {
  readonly xMm: number;
  readonly yMm: number;
  readonly widthMm: number;
  readonly heightMm: number;
}

interface TemplateFigures {
  readonly id: string;
  readonly name: string;
  readonly columns: number;
  readonly rows: number;
  readonly labelWidthMm: number;
  readonly labelHeightMm: number;
  /** From the page's top edge to the first row's top edge. */
  readonly topMm: number;
  /** From the page's left edge to the first column's left edge. */
  readonly leftMm: number;
  /** From one label's left edge to the next one's across: the label's width plus the gap. */
  readonly pitchXMm: number;
  /** From one label's top edge to the next one's down. */
  readonly pitchYMm: number;
  /** Drawn only on the alignment page: the codes stay inside the padding anyway. */
  readonly cornerRadiusMm: number;
  /** Plain paper to cut by hand: marks in the margin show where each cut runs. */
  readonly cutMarks: boolean;
}

/**
 * A grid of `columns` × `rows` squares of `sideMm`, touching (one cut separates two codes) and
 * centred on the page.
 */
function centredGrid(columns: number, rows: number, sideMm: number) {
  return {
    columns,
    rows,
    labelWidthMm: sideMm,
    labelHeightMm: sideMm,
    topMm: (A4_MM.height - rows * sideMm) / 2,
    leftMm: (A4_MM.width - columns * sideMm) / 2,
    pitchXMm: sideMm,
    pitchYMm: sideMm,
    cornerRadiusMm: 0,
    cutMarks: true,
  };
}

const templates = [
  // Avery's template sheet for L7160 (and its inkjet twin J8160): 3 × 7 labels of
  // 63.5 × 38.1 mm, 15.15 mm from the top, 7.2 mm from the left, 2.5 mm between the columns and
  // none between the rows. The corner radius is gLabels' figure for the 7160 family (5 pt).
  {
    id: 'avery-l7160',
    name: 'Avery L7160: 21 labels of 63.5 × 38.1 mm',
    columns: 3,
    rows: 7,
    labelWidthMm: 63.5,
    labelHeightMm: 38.1,
    topMm: 15.15,
    leftMm: 7.2,
    pitchXMm: 66.0,
    pitchYMm: 38.1,
    cornerRadiusMm: 1.76,
    cutMarks: false,
  },
  // Avery's template sheet for L7163 (J8163): 2 × 7 labels of 99.1 × 38.1 mm, 15.15 mm from the
  // top, 4.65 mm from the left, 2.5 mm between the columns. Corner radius as L7160's.
  {
    id: 'avery-l7163',
    name: 'Avery L7163: 14 labels of 99.1 × 38.1 mm',
    columns: 2,
    rows: 7,
    labelWidthMm: 99.1,
    labelHeightMm: 38.1,
    topMm: 15.15,
    leftMm: 4.65,
    pitchXMm: 101.6,
    pitchYMm: 38.1,
    cornerRadiusMm: 1.76,
    cutMarks: false,
  },
  // Plain paper, cut by hand: 45 mm squares hold a code of about 41 mm with its quiet zone, which
  // for a short link reads from about 32 cm, 25 cm in a frame (a table talker, a door, a product
  // card), and 4 × 6 of them fill A4
  // with 13.5 mm and 15 mm margins, wider than any office printer's unprintable edge, so the cut
  // marks in them print too. The squares touch: a ruler laid from mark to mark cuts two rows or
  // columns apart at once, and no line is printed on the pieces themselves.
  {
    id: 'cut-grid',
    name: 'Plain A4 to cut out: 24 squares of 45 mm',
    ...centredGrid(4, 6, 45),
  },
] as const satisfies readonly TemplateFigures[];

export type LabelTemplateId = (typeof templates)[number]['id'];

export interface LabelTemplate extends TemplateFigures {
  readonly id: LabelTemplateId;
}

export const labelTemplates: readonly LabelTemplate[] = templates;

export function labelTemplate(id: LabelTemplateId): LabelTemplate {
  return labelTemplates.find((template) => template.id === id)!;
}

export const labelsPerSheet = (template: LabelTemplate) => template.columns * template.rows;

/** Every label of one sheet, row by row from the top left. */
export function labelBoxes(template: LabelTemplate): LabelBox[] {
  const boxes: LabelBox[] = [];
  for (let row = 0; row < template.rows; row++) {
    for (let column = 0; column < template.columns; column++) {
      boxes.push({
        xMm: template.leftMm + column * template.pitchXMm,
        yMm: template.topMm + row * template.pitchYMm,
        widthMm: template.labelWidthMm,
        heightMm: template.labelHeightMm,
      });
    }
  }
  return boxes;
}

/** Sheets needed for `count` codes when the first `skip` labels of the first sheet are used up. */
export function sheetCount(template: LabelTemplate, count: number, skip = 0): number {
  return Math.max(1, Math.ceil((skip + count) / labelsPerSheet(template)));
}

// ---------------------------------------------------------------------------------------------
// Cut marks

export interface MarkLine {
  readonly x1Mm: number;
  readonly y1Mm: number;
  readonly x2Mm: number;
  readonly y2Mm: number;
}

/** Kept off the grid, so a slightly crooked cut leaves no mark on a piece. */
export const CUT_MARK_GAP_MM = 2;
export const CUT_MARK_LENGTH_MM = 5;

/**
 * Short lines in the margin at both ends of every cut: each column's and row's edges (edges
 * shared by two touching cells once).
 */
export function cutMarks(template: LabelTemplate): MarkLine[] {
  if (!template.cutMarks) return [];
  const boxes = labelBoxes(template);
  const xs = distinct(boxes.flatMap((box) => [box.xMm, box.xMm + box.widthMm]));
  const ys = distinct(boxes.flatMap((box) => [box.yMm, box.yMm + box.heightMm]));
  const [top, bottom] = [Math.min(...ys), Math.max(...ys)];
  const [left, right] = [Math.min(...xs), Math.max(...xs)];
  const near = CUT_MARK_GAP_MM;
  const far = CUT_MARK_GAP_MM + CUT_MARK_LENGTH_MM;
  return [
    ...xs.flatMap((x) => [
      { x1Mm: x, y1Mm: top - far, x2Mm: x, y2Mm: top - near },
      { x1Mm: x, y1Mm: bottom + near, x2Mm: x, y2Mm: bottom + far },
    ]),
    ...ys.flatMap((y) => [
      { x1Mm: left - far, y1Mm: y, x2Mm: left - near, y2Mm: y },
      { x1Mm: right + near, y1Mm: y, x2Mm: right + far, y2Mm: y },
    ]),
  ];
}

/** The values once each, equal within a hundredth of a millimetre. */
function distinct(values: number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.filter((value, index) => index === 0 || value - sorted[index - 1] > 0.01);
}

// ---------------------------------------------------------------------------------------------
// A code in its label

/** Blank label around the code: the sheet may sit up to a millimetre off in the printer. */
export const LABEL_PADDING_MM = 2;
/** The caption's type size: small, but legible on a shelf label. */
export const CAPTION_FONT_PT = 8;
/** A line of text of `pt` points, with the space between lines, in millimetres. */
export const lineHeightMm = (pt: number) => ((pt * 25.4) / 72) * 1.25;
export const CAPTION_LINE_MM = lineHeightMm(CAPTION_FONT_PT);
const CAPTION_GAP_MM = 1.5;
/** Narrower than this, a caption beside the code would hold a word or two a line: it goes under. */
const CAPTION_MIN_WIDTH_MM = 20;

export interface CodeBox extends LabelBox {
  /** Where a caption goes, and how it lines up; absent without one. */
  readonly textBox?: LabelBox & { readonly align: 'left' | 'center' };
}

/**
 * Where a drawing of `codeAspect` (width / height) sits in `label`: as large as fits inside the
 * padding, centred. With a caption `text`, the code moves to the left where the label leaves a
 * useful width beside it (both Avery labels), and else shrinks for a line under it (the squares).
 */
export function codeBox(label: LabelBox, codeAspect: number, text?: string): CodeBox {
  const inner = inset(label, LABEL_PADDING_MM);
  const largest = fit(inner, codeAspect);
  if (!text?.trim()) return largest;
  const codeRight = inner.xMm + largest.widthMm;
  const besideWidth = inner.xMm + inner.widthMm - codeRight - CAPTION_GAP_MM;
  if (besideWidth >= CAPTION_MIN_WIDTH_MM) {
    return {
      ...largest,
      xMm: inner.xMm,
      textBox: {
        xMm: codeRight + CAPTION_GAP_MM,
        yMm: inner.yMm,
        widthMm: besideWidth,
        heightMm: inner.heightMm,
        align: 'left',
      },
    };
  }
  const above = fit(
    { ...inner, heightMm: inner.heightMm - CAPTION_LINE_MM - CAPTION_GAP_MM },
    codeAspect,
  );
  return {
    ...above,
    textBox: {
      xMm: inner.xMm,
      yMm: inner.yMm + inner.heightMm - CAPTION_LINE_MM,
      widthMm: inner.widthMm,
      heightMm: CAPTION_LINE_MM,
      align: 'center',
    },
  };
}

function inset(box: LabelBox, by: number): LabelBox {
  return {
    xMm: box.xMm + by,
    yMm: box.yMm + by,
    widthMm: box.widthMm - 2 * by,
    heightMm: box.heightMm - 2 * by,
  };
}

/** The largest box of `aspect` inside `box`, centred in it. */
function fit(box: LabelBox, aspect: number): LabelBox {
  const widthMm = Math.min(box.widthMm, box.heightMm * aspect);
  const heightMm = widthMm / aspect;
  return {
    xMm: box.xMm + (box.widthMm - widthMm) / 2,
    yMm: box.yMm + (box.heightMm - heightMm) / 2,
    widthMm,
    heightMm,
  };
}

// ---------------------------------------------------------------------------------------------
// Will it read?

/**
 * The 10:1 rule of thumb of QR print guides: a phone reads a code from up to about ten times its
 * side, beyond which the camera's field of view leaves too few pixels a module. A shelf label is
 * read from about 25 cm, a phone at arm's length: its code wants 25 mm.
 */
export const READING_RATIO = 10;
export const DEFAULT_READING_DISTANCE_MM = 250;

/**
 * The smallest module (one dot of the code) printed cleanly on an office laser or inkjet: 0.4 mm
 * is about 9 printer dots at 600 dpi, so toner spread or ink bleeding into label paper (a tenth
 * of a millimetre or so at an edge) still leaves most of each dot its own colour. Smaller dots
 * run together, and the code fails although it is large enough for the distance.
 */
export const MIN_MODULE_MM = 0.4;

/**
 * Null when a code whose modules span `codeSideMm` (the quiet zone and any frame not counted)
 * with `moduleCount` modules across will print cleanly and read from `readingDistanceMm`; else
 * what is wrong, in words for the person.
 */
export function labelWarning(
  codeSideMm: number,
  moduleCount: number,
  readingDistanceMm = DEFAULT_READING_DISTANCE_MM,
): string | null {
  const moduleMm = codeSideMm / moduleCount;
  if (moduleMm < MIN_MODULE_MM) {
    return (
      `The code's dots would print ${moduleMm.toFixed(2)} mm wide; under ${MIN_MODULE_MM} mm an ` +
      'office printer runs them together. Choose larger labels, or put less in the code.'
    );
  }
  const neededMm = readingDistanceMm / READING_RATIO;
  if (codeSideMm < neededMm) {
    return (
      `The code would print ${Math.floor(codeSideMm)} mm wide, which reads from about ` +
      `${Math.floor((codeSideMm * READING_RATIO) / 10)} cm; to read it from ` +
      `${Math.round(readingDistanceMm / 10)} cm it needs ${Math.ceil(neededMm)} mm. ` +
      'Choose larger labels (a frame around the code also takes room from it).'
    );
  }
  return null;
}

/** What the renderer tells of a drawing: its size in drawing units and its modules across. */
export interface CodeMeasures {
  readonly width: number;
  readonly height: number;
  readonly modules: number;
}

/**
 * The printed side of the code's modules when its drawing is `drawnWidthMm` wide: the renderer
 * draws MODULE units a module, whatever the frame around it.
 */
export const printedCodeSideMm = (code: CodeMeasures, drawnWidthMm: number) =>
  (drawnWidthMm * code.modules * MODULE) / code.width;

/** labelWarning for `code` on a label of `template` (with its caption, which takes room). */
export function templateWarning(
  template: LabelTemplate,
  code: CodeMeasures,
  options: { readonly caption?: string; readonly readingDistanceMm?: number } = {},
): string | null {
  const [first] = labelBoxes(template);
  const box = codeBox(first, code.width / code.height, options.caption);
  return labelWarning(
    printedCodeSideMm(code, box.widthMm),
    code.modules,
    options.readingDistanceMm,
  );
}
