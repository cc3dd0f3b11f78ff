// The QR design (SPEC sections 3, 4 and 9): every option as data, the defaults, and the rules
// between options. Ids of patterns and corners are qr-code-styling's type names, so the renderer
// reads them as they are.

export interface Choice<Id extends string = string> {
  readonly id: Id;
  readonly label: string;
}

export const patterns = [
  { id: 'square', label: 'Square' },
  { id: 'rounded', label: 'Rounded' },
  { id: 'extra-rounded', label: 'Extra rounded' },
  { id: 'classy', label: 'Classy' },
  { id: 'dots', label: 'Dots' },
] as const satisfies readonly Choice[];

export const cornerFrames = [
  { id: 'square', label: 'Square' },
  { id: 'extra-rounded', label: 'Extra rounded' },
  { id: 'rounded', label: 'Rounded' },
  { id: 'dot', label: 'Circle' },
  { id: 'classy', label: 'Classy' },
  { id: 'classy-rounded', label: 'Classy rounded' },
] as const satisfies readonly Choice[];

export const cornerCentres = [
  { id: 'square', label: 'Square' },
  { id: 'dot', label: 'Circle' },
  { id: 'rounded', label: 'Rounded' },
  { id: 'extra-rounded', label: 'Extra rounded' },
  { id: 'classy', label: 'Classy' },
  { id: 'classy-rounded', label: 'Classy rounded' },
] as const satisfies readonly Choice[];

export const gradientStyles = [
  { id: 'inverse-diagonal', label: 'Inverse diagonal' },
  { id: 'diagonal', label: 'Diagonal' },
  { id: 'vertical', label: 'Vertical' },
  { id: 'horizontal', label: 'Horizontal' },
  { id: 'radial', label: 'Radial' },
] as const satisfies readonly Choice[];

/** The line drawn around the code. */
export const frameOutlines = [
  'none',
  'square',
  'rounded',
  'thick',
  'double',
  'dashed',
  'brackets',
  'circle',
] as const;
/** Where the call to action sits. */
export const frameLabelPositions = ['none', 'bottom', 'top', 'bottom-tab'] as const;

export type FrameOutline = (typeof frameOutlines)[number];
export type FrameLabelPosition = (typeof frameLabelPositions)[number];

export interface FrameStyle extends Choice<`frame-${number}`> {
  readonly outline: FrameOutline;
  readonly labelPosition: FrameLabelPosition;
}

const outlineNames: Record<FrameOutline, string> = {
  none: 'No border',
  square: 'Square border',
  rounded: 'Rounded border',
  thick: 'Thick border',
  double: 'Double border',
  dashed: 'Dashed border',
  brackets: 'Corner brackets',
  circle: 'Circle',
};
const labelNames: Record<FrameLabelPosition, string> = {
  none: '',
  bottom: ', text below',
  top: ', text above',
  'bottom-tab': ', text in a tab',
};

/** The 32 frames: every outline with every label position; the first is no frame at all. */
export const frames: readonly FrameStyle[] = frameOutlines.flatMap((outline, row) =>
  frameLabelPositions.map((labelPosition, column) => ({
    id: `frame-${row * frameLabelPositions.length + column}` as const,
    label:
      outline === 'none' && labelPosition === 'none'
        ? 'No frame'
        : `${outlineNames[outline]}${labelNames[labelPosition]}`,
    outline,
    labelPosition,
  })),
);

export const FRAME_TEXT_MAX = 24;

export type PatternId = (typeof patterns)[number]['id'];
export type CornerFrameId = (typeof cornerFrames)[number]['id'];
export type CornerCentreId = (typeof cornerCentres)[number]['id'];
export type GradientStyleId = (typeof gradientStyles)[number]['id'];
export type FrameId = FrameStyle['id'];

export interface QrDesign<F = File> {
  readonly frame: FrameId;
  /** The call to action of a frame with a label. */
  readonly frameText: string;
  readonly pattern: PatternId;
  readonly patternColor1: string;
  readonly patternGradient: boolean;
  readonly patternColor2: string;
  readonly gradientStyle: GradientStyleId;
  readonly transparentBackground: boolean;
  readonly backgroundGradient: boolean;
  readonly backgroundColor1: string;
  readonly backgroundColor2: string;
  readonly cornerFrame: CornerFrameId;
  readonly cornerFrameColor: string;
  readonly cornerCentre: CornerCentreId;
  readonly cornerCentreColor: string;
  readonly logo: F | null;
}

export const GOLD = '#CA9D20';
export const GREEN = '#002D17';
/** The brand gold darkened until a scanner's threshold reads it as dark (contrast 7.4 on white). */
export const DARK_GOLD = '#6B5210';
export const PALE_GOLD = '#F6EBC8';
export const WHITE = '#FFFFFF';
export const BLACK = '#000000';

/** Colours offered beside every colour picker: the brand's, and the two every scanner reads. */
export const brandColors = [
  { id: GREEN, label: 'Kempton green' },
  { id: GOLD, label: 'Kempton gold' },
  { id: DARK_GOLD, label: 'Dark gold' },
  { id: PALE_GOLD, label: 'Pale gold' },
  { id: BLACK, label: 'Black' },
  { id: WHITE, label: 'White' },
] as const satisfies readonly Choice[];

/**
 * The defaults: SPEC section 3's gradient pattern in its Inverse diagonal style, on the brand's
 * green and gold, but arranged so the code as first shown scans with every reader (issue 10).
 * The SPEC's own colours (gold #CA9D20 dots and corner frames on a green #002D17 background) are
 * light-on-dark with gold finder patterns: measured, only 7 of 49 corner styles decoded even with
 * dark dots on white. Here: green-to-dark-gold dots and green corners on white, with pale gold as
 * the second background colour. Gold and green stay one click away (brandColors).
 */
export const defaultDesign: QrDesign = {
  frame: 'frame-0',
  frameText: 'Scan me',
  pattern: 'square',
  patternColor1: GREEN,
  patternGradient: true,
  patternColor2: DARK_GOLD,
  gradientStyle: 'inverse-diagonal',
  transparentBackground: false,
  backgroundGradient: false,
  backgroundColor1: WHITE,
  backgroundColor2: PALE_GOLD,
  cornerFrame: 'square',
  cornerFrameColor: GREEN,
  cornerCentre: 'square',
  cornerCentreColor: GREEN,
  logo: null,
};

type Rule<F> = (design: QrDesign<F>) => QrDesign<F>;

/** The design rules of SPEC section 4, each a pure step from one design to the next. */
export const designRules = {
  /** Off resets the style to the default (the page also closes the style's list). */
  setPatternGradient:
    <F>(on: boolean): Rule<F> =>
    (design) => ({
      ...design,
      patternGradient: on,
      gradientStyle: on ? design.gradientStyle : defaultDesign.gradientStyle,
    }),
  /** Transparent and a gradient background exclude each other. */
  setTransparentBackground:
    <F>(on: boolean): Rule<F> =>
    (design) => ({
      ...design,
      transparentBackground: on,
      backgroundGradient: on ? false : design.backgroundGradient,
    }),
  setBackgroundGradient:
    <F>(on: boolean): Rule<F> =>
    (design) => ({
      ...design,
      backgroundGradient: on,
      transparentBackground: on ? false : design.transparentBackground,
    }),
  swapPatternColors:
    <F>(): Rule<F> =>
    (design) => ({
      ...design,
      patternColor1: design.patternColor2,
      patternColor2: design.patternColor1,
    }),
  swapBackgroundColors:
    <F>(): Rule<F> =>
    (design) => ({
      ...design,
      backgroundColor1: design.backgroundColor2,
      backgroundColor2: design.backgroundColor1,
    }),
};

const HEX = /^#[\da-f]{6}$/i;
export const isHexColor = (value: unknown): value is string =>
  typeof value === 'string' && HEX.test(value);

export const findChoice = <C extends Choice>(choices: readonly C[], id: unknown): C | undefined =>
  choices.find((choice) => choice.id === id);
