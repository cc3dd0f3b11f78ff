// The QR design: every option as data, the defaults, and the rules between options. Every id
// here is stored (the wizard's draft on the device, saved codes in Cloud Firestore), so an id is
// a name that never changes and never depends on an option's place in a list: docs/qr-design.md
// says what adding an option takes, and design-migration.ts reads the ids older versions stored.
// Ids of patterns and corners are qr-code-styling's type names, so the renderer reads them as
// they are (the compiler holds them to the library's types there).
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

/**
 * A gradient style's whole meaning: its name, its shape and, for a linear one, the direction its
 * colours run (radians, clockwise from left to right; qr-code-styling's rotation). code-plan.ts
 * draws both the pattern's gradient and the frame's background from this entry alone.
 */
export interface GradientStyle extends Choice {
  readonly shape: 'linear' | 'radial';
  /** A radial gradient has none: 0. */
  readonly rotation: number;
}

export const gradientStyles = [
  { id: 'inverse-diagonal', label: 'Inverse diagonal', shape: 'linear', rotation: -Math.PI / 4 },
  { id: 'diagonal', label: 'Diagonal', shape: 'linear', rotation: Math.PI / 4 },
  { id: 'vertical', label: 'Vertical', shape: 'linear', rotation: Math.PI / 2 },
  { id: 'horizontal', label: 'Horizontal', shape: 'linear', rotation: 0 },
  { id: 'radial', label: 'Radial', shape: 'radial', rotation: 0 },
] as const satisfies readonly GradientStyle[];

/**
 * The line drawn around the code, with its name. Each is drawn by its entry in frame-art.ts
 * (`outlineArt`), which is also its picture in the wizard; the compiler asks for that entry.
 */
export const frameOutlines = [
  { id: 'none', label: 'No border' },
  { id: 'square', label: 'Square border' },
  { id: 'rounded', label: 'Rounded border' },
  { id: 'thick', label: 'Thick border' },
  { id: 'double', label: 'Double border' },
  { id: 'dashed', label: 'Dashed border' },
  { id: 'brackets', label: 'Corner brackets' },
  { id: 'circle', label: 'Circle' },
] as const satisfies readonly Choice[];

/** Where the call to action sits, and the words that say so in a frame's name. */
export const frameLabelPositions = [
  { id: 'none', label: '' },
  { id: 'bottom', label: ', text below' },
  { id: 'top', label: ', text above' },
  { id: 'bottom-tab', label: ', text in a tab' },
] as const satisfies readonly Choice[];

export type FrameOutline = (typeof frameOutlines)[number]['id'];
export type FrameLabelPosition = (typeof frameLabelPositions)[number]['id'];

type Some<T> = Exclude<T, 'none'>;
/**
 * A frame's stored id: its outline's id and its label position's id, joined by a hyphen, each
 * left out when it is 'none' ('square-bottom', 'circle', 'top'); 'none' is no frame at all.
 * Made of names only, so a new outline or label position leaves every stored id as it was.
 */
export type FrameId =
  | 'none'
  | Some<FrameOutline>
  | Some<FrameLabelPosition>
  | `${Some<FrameOutline>}-${Some<FrameLabelPosition>}`;

export const frameId = (outline: FrameOutline, labelPosition: FrameLabelPosition): FrameId =>
  ([outline, labelPosition].filter((part) => part !== 'none').join('-') || 'none') as FrameId;

export interface FrameStyle extends Choice<FrameId> {
  readonly outline: FrameOutline;
  readonly labelPosition: FrameLabelPosition;
}

/** Every outline with every label position; the first is no frame at all. */
export const frames: readonly FrameStyle[] = frameOutlines.flatMap((outline) =>
  frameLabelPositions.map((position) => ({
    id: frameId(outline.id, position.id),
    label:
      outline.id === 'none' && position.id === 'none'
        ? 'No frame'
        : `${outline.label}${position.label}`,
    outline: outline.id,
    labelPosition: position.id,
  })),
);

export const FRAME_TEXT_MAX = 24;

export type PatternId = (typeof patterns)[number]['id'];
export type CornerFrameId = (typeof cornerFrames)[number]['id'];
export type CornerCentreId = (typeof cornerCentres)[number]['id'];
export type GradientStyleId = (typeof gradientStyles)[number]['id'];

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
 * The defaults: the specified gradient pattern in its Inverse diagonal style, on the brand's
 * green and gold, but arranged so the code as first shown scans with every reader.
 * The specified colours (gold #CA9D20 dots and corner frames on a green #002D17 background) are
 * light-on-dark with gold finder patterns: measured, only 7 of 49 corner styles decoded even with
 * dark dots on white. Here: green-to-dark-gold dots and green corners on white, with pale gold as
 * the second background colour. Gold and green stay one click away (brandColors).
 */
export const defaultDesign: QrDesign = {
  frame: 'none',
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

/** The rules between design options, each a pure step from one design to the next. */
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
