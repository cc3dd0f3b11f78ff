// Bulk codes on A4 label sheets (the templates: src/domain/bulk/labels.ts), each code drawn as its
// own PDF download draws it (vectors, frame and call to action included), and the alignment page
// that shows, on plain paper, where the labels will print before a sheet of labels is spent.
import {
  A4_MM,
  CAPTION_FONT_PT,
  CAPTION_LINE_MM,
  codeBox,
  cutMarks,
  labelBoxes,
  labelTemplate,
  lineHeightMm,
  type CodeBox,
  type LabelBox,
  type LabelTemplate,
  type LabelTemplateId,
} from '../../../domain/bulk/labels';
import { pause } from '../../../lib/pause';
import { pdfUnwritable } from '../render/downloads';
import { openPdf, type PdfBox, type PdfWriter } from '../render/pdf-maker';
import type { RenderedCode } from '../render/render-code';

const A4 = { width: A4_MM.width, height: A4_MM.height };
/** Cut marks and outlines: thin, but still printed whole by an office printer. */
const LINE_MM = 0.2;
/** Half the arms of the cross at each label's centre. */
const CROSS_MM = 3;
/** The alignment page's text and scale start this far from the paper's left edge. */
const MARGIN_MM = 10;
/** Nearer the paper's edge than this, many printers print nothing. */
const PRINTABLE_EDGE_MM = 5;
/** Type sizes tried for the instructions, largest first, until they fit above the labels. */
const INSTRUCTION_SIZES_PT = [8, 7.5, 7, 6.5, 6];
/** Between the instructions and the labels. */
const INSTRUCTION_GAP_MM = 1.5;
/** The length of the line that tells whether the page printed at full size. */
const SCALE_MM = 100;

export interface LabelSheetOptions {
  /** Printed beside or under each code (its name, a table number); none when omitted. */
  readonly captions?: readonly string[];
  /** Labels already used on the first sheet, left blank: a sheet can be used up over time. */
  readonly skip?: number;
  /** The document's title; the template's name when omitted. */
  readonly title?: string;
  /** Codes drawn so far, of all of them. */
  readonly onProgress?: (drawn: number, total: number) => void;
  readonly signal?: AbortSignal;
}

/**
 * A PDF of `codes` on sheets of `templateId`, as many A4 pages as they need, each code in its
 * label's code box. Pauses between codes, so a batch of hundreds leaves the page responsive.
 */
export async function labelSheetPdf(
  codes: readonly RenderedCode[],
  templateId: LabelTemplateId,
  options: LabelSheetOptions = {},
): Promise<Blob> {
  const template = labelTemplate(templateId);
  const labels = labelBoxes(template);
  const skip = Math.min(Math.max(0, Math.floor(options.skip ?? 0)), labels.length - 1);
  const writer = await openPdf(A4, options.title ?? `QR codes on ${template.name}`);
  drawCutMarks(writer, template);
  for (const [index, code] of codes.entries()) {
    options.signal?.throwIfAborted();
    const slot = skip + index;
    if (slot > 0 && slot % labels.length === 0) {
      writer.addPage(A4);
      drawCutMarks(writer, template);
    }
    const caption = options.captions?.[index]?.trim() ?? '';
    const box = codeBox(labels[slot % labels.length], code.width / code.height, caption);
    await writer.drawSvg(code.svg, pdfBox(box));
    if (box.textBox) writeCaption(writer, caption, box.textBox);
    options.onProgress?.(index + 1, codes.length);
    await pause();
  }
  return writer.blob();
}

/**
 * One page with every label of `templateId` outlined and its centre marked, and what to do with
 * it: printed on plain paper and held against a sheet of labels, it shows whether the printer
 * prints where the labels are, and at full size.
 */
export async function alignmentTestPdf(templateId: LabelTemplateId): Promise<Blob> {
  const template = labelTemplate(templateId);
  const writer = await openPdf(A4, `Alignment test for ${template.name}`);
  const { doc } = writer;
  doc.setLineWidth(LINE_MM);
  doc.setDrawColor(0, 0, 0);
  for (const label of labelBoxes(template)) {
    const radius = template.cornerRadiusMm;
    doc.roundedRect(label.xMm, label.yMm, label.widthMm, label.heightMm, radius, radius, 'S');
    const x = label.xMm + label.widthMm / 2;
    const y = label.yMm + label.heightMm / 2;
    doc.line(x - CROSS_MM, y, x + CROSS_MM, y);
    doc.line(x, y - CROSS_MM, x, y + CROSS_MM);
  }
  writeInstructions(writer, template);
  drawScale(writer, template);
  return writer.blob();
}

const pdfBox = (box: LabelBox): PdfBox => ({
  x: box.xMm,
  y: box.yMm,
  width: box.widthMm,
  height: box.heightMm,
});

function drawCutMarks({ doc }: PdfWriter, template: LabelTemplate) {
  const marks = cutMarks(template);
  if (marks.length === 0) return;
  doc.setLineWidth(LINE_MM);
  doc.setDrawColor(0, 0, 0);
  for (const mark of marks) doc.line(mark.x1Mm, mark.y1Mm, mark.x2Mm, mark.y2Mm);
}

/**
 * The text as the PDF's standard Helvetica can write it: a letter it lacks loses its accent where
 * that leaves one it has (Ō → O), and is a question mark otherwise.
 */
function writable(text: string): string {
  const missing = new Set(pdfUnwritable(text));
  if (missing.size === 0) return text;
  return [...text]
    .map((character) => {
      if (!missing.has(character)) return character;
      const bare = character.normalize('NFD').replace(/\p{M}/gu, '');
      return bare && pdfUnwritable(bare).length === 0 ? bare : '?';
    })
    .join('');
}

/** The caption in its box: as many lines as fit, the last cut short with an ellipsis. */
function writeCaption({ doc }: PdfWriter, caption: string, box: NonNullable<CodeBox['textBox']>) {
  // svg2pdf leaves its own font and colour behind: set them for every caption.
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(CAPTION_FONT_PT);
  doc.setTextColor(0, 0, 0);
  const room = Math.max(1, Math.floor(box.heightMm / CAPTION_LINE_MM));
  const wrapped = doc.splitTextToSize(writable(caption), box.widthMm) as string[];
  const lines = wrapped.slice(0, room);
  if (wrapped.length > room) {
    let last = lines[room - 1];
    while (last && doc.getTextWidth(`${last}…`) > box.widthMm) last = last.slice(0, -1);
    lines[room - 1] = `${last.trimEnd()}…`;
  }
  const top = box.yMm + (box.heightMm - lines.length * CAPTION_LINE_MM) / 2;
  const x = box.align === 'left' ? box.xMm : box.xMm + box.widthMm / 2;
  lines.forEach((line, index) => {
    doc.text(line, x, top + (index + 0.5) * CAPTION_LINE_MM, {
      align: box.align,
      baseline: 'middle',
    });
  });
}

/** What to do with the page, for label stock or for plain paper to cut. */
function instructions(template: LabelTemplate): string {
  const fullSize = 'on plain paper at 100 % ("Actual size", not "Fit to page")';
  return template.cutMarks
    ? `Alignment test for ${template.name}. Print this page ${fullSize} and measure a square: ` +
        `it should be ${template.labelWidthMm} mm wide. Then print the codes with the same settings.`
    : `Alignment test for ${template.name}. Print this page ${fullSize} and hold it against a ` +
        'sheet of labels up to the light: each outline should lie on a label, each cross at its ' +
        'centre. Then print the labels with the same settings.';
}

/** What to do, in the top margin above the labels. */
function writeInstructions({ doc }: PdfWriter, template: LabelTemplate) {
  const text = writable(instructions(template));
  const width = A4.width - 2 * MARGIN_MM;
  doc.setFont('helvetica', 'normal');
  doc.setTextColor(0, 0, 0);
  const room = template.topMm - INSTRUCTION_GAP_MM - PRINTABLE_EDGE_MM;
  let lines: string[] = [];
  let lineMm = 0;
  for (const size of INSTRUCTION_SIZES_PT) {
    doc.setFontSize(size);
    lines = doc.splitTextToSize(text, width) as string[];
    lineMm = lineHeightMm(size);
    if (lines.length * lineMm <= room) break;
  }
  const top = template.topMm - INSTRUCTION_GAP_MM - lines.length * lineMm;
  lines.forEach((line, index) => {
    doc.text(line, MARGIN_MM, top + (index + 0.5) * lineMm, { baseline: 'middle' });
  });
}

/** A line of known length under the labels, to measure whether the page printed at full size. */
function drawScale({ doc }: PdfWriter, template: LabelTemplate) {
  const bottom = template.topMm + (template.rows - 1) * template.pitchYMm + template.labelHeightMm;
  const y = bottom + (A4.height - bottom) / 2;
  const x = MARGIN_MM;
  doc.setLineWidth(LINE_MM);
  doc.line(x, y, x + SCALE_MM, y);
  for (const end of [x, x + SCALE_MM]) doc.line(end, y - 1.5, end, y + 1.5);
  doc.setFontSize(INSTRUCTION_SIZES_PT[0]);
  doc.text(`This line is ${SCALE_MM} mm long at full size.`, x + SCALE_MM + 3, y, {
    baseline: 'middle',
  });
}
