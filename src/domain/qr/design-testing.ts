// For the design's unit tests only: the plain design every advice and verdict test starts from.
import { defaultDesign, GREEN, type QrDesign } from './design';
import type { Advice } from './design-advice';

/** Dark green square dots and corners on plain white: the design that should just scan. */
export const plain: QrDesign<null> = {
  ...defaultDesign,
  patternColor1: GREEN,
  patternGradient: false,
  patternColor2: GREEN,
  backgroundColor1: '#FFFFFF',
  backgroundColor2: '#FFFFFF',
  cornerFrameColor: GREEN,
  cornerCentreColor: GREEN,
  logo: null,
};

/** The plain design with a change. */
export const design = (change: Partial<QrDesign<unknown>>): QrDesign<unknown> => ({
  ...plain,
  ...change,
});

export const ids = (advice: Advice[]) => advice.map((a) => a.id);
