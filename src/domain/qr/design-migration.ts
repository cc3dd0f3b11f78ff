// Ids older versions of the app stored in a design, read as today's ids. Designs are kept in the
// wizard's draft on the device and in saved codes in Cloud Firestore, and neither is rewritten
// when the app changes: a stored design is brought up to date as it is read (restoreDraft, which
// both stores read through), and the current id is written on the next save.
import { frameId, type FrameId, type QrDesign } from './design';

/**
 * Until November 2026 a frame's id was its place in the list, `frame-${row * 4 + column}`: the
 * outlines were the rows and the label positions the columns, in this order. These lists are that
 * order as it was, frozen: they must not follow design.ts, whose lists may grow.
 */
const numberedOutlines = [
  'none',
  'square',
  'rounded',
  'thick',
  'double',
  'dashed',
  'brackets',
  'circle',
] as const;
const numberedLabelPositions = ['none', 'bottom', 'top', 'bottom-tab'] as const;

/** `frame-0` … `frame-31` and the frames they named. */
export const numberedFrameIds: Readonly<Record<string, FrameId>> = Object.fromEntries(
  numberedOutlines.flatMap((outline, row) =>
    numberedLabelPositions.map((position, column) => [
      `frame-${row * numberedLabelPositions.length + column}`,
      frameId(outline, position),
    ]),
  ),
);

type OptionKey = 'frame' | 'pattern' | 'gradientStyle' | 'cornerFrame' | 'cornerCentre';

/**
 * Every id once stored that is no longer an id, by design field: old id → current id. An option
 * that is ever renamed adds its old id here (and keeps it here for good).
 */
export const formerIds: { readonly [K in OptionKey]?: Readonly<Record<string, QrDesign[K]>> } = {
  frame: numberedFrameIds,
};

/** A stored design (any shape) with each former id replaced by the current one. */
export function migrateDesign(stored: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const design = { ...stored };
  for (const [key, renamed] of Object.entries(formerIds)) {
    const value = design[key];
    if (typeof value === 'string' && Object.hasOwn(renamed, value)) design[key] = renamed[value];
  }
  return design;
}
