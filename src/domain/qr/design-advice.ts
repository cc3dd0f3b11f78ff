// What the design's options alone say about scanning, before any pixel is drawn: a table of
// rules, each one piece of advice (when it applies, how serious, why, and the one-click fix).
// designAdvice runs the table in order; scan-verdict.ts weighs the advice against the readers'
// results. Adding advice is adding one entry to `rules` (docs/scan-check.md says how).
import {
  contrastGrade,
  meanLuminance,
  ratioText,
  readsWell,
  relativeLuminance,
  type Graded,
} from './contrast';
import { BLACK, defaultDesign, GREEN, WHITE, type QrDesign } from './design';

export interface AdviceFix {
  readonly label: string;
  readonly patch: Partial<QrDesign<never>>;
}

export interface Advice {
  readonly id: string;
  readonly severity: 'fail' | 'risk';
  readonly reason: string;
  readonly fix?: AdviceFix;
  /**
   * A likely cause rather than a problem in itself: it counts only when a reader failed under
   * some condition (the 'dots' pattern scans fine in most designs, but explains a failure).
   */
  readonly onlyIfUnread?: true;
}

type Design = QrDesign<unknown>;

type CornerKey = 'cornerFrameColor' | 'cornerCentreColor';

/** What several rules judge by, worked out once per design. */
export interface AdviceContext {
  /** The colours the code is drawn on; a transparent code is judged on white, its best case. */
  readonly backgrounds: string[];
  /** The pattern's colours: one, or a gradient's two. */
  readonly patternColours: string[];
  /** The background in a sentence: "too close to ___". */
  readonly background: 'the background' | 'the background gradient' | 'a light surface';
  /** Light on dark: the pattern's mean luminance above the background's. */
  readonly inverted: boolean;
  /** The pattern's worst colour against the background, unless every colour reads well. */
  readonly weakPattern?: Graded & { readonly colour: string };
  /** Each corner colour against the background, and whether it is lighter than the background. */
  readonly corners: Record<CornerKey, Graded & { readonly lighter: boolean }>;
}

function adviceContext(design: Design): AdviceContext {
  const backgrounds = design.transparentBackground
    ? [WHITE]
    : design.backgroundGradient
      ? [design.backgroundColor1, design.backgroundColor2]
      : [design.backgroundColor1];
  const patternColours = design.patternGradient
    ? [design.patternColor1, design.patternColor2]
    : [design.patternColor1];
  const corner = (colour: string) => ({
    ...contrastGrade(colour, backgrounds),
    lighter: meanLuminance(backgrounds) < relativeLuminance(colour),
  });
  return {
    backgrounds,
    patternColours,
    background: design.transparentBackground
      ? 'a light surface'
      : design.backgroundGradient
        ? 'the background gradient'
        : 'the background',
    inverted: meanLuminance(backgrounds) < meanLuminance(patternColours),
    weakPattern: patternColours
      .map((colour) => ({ colour, ...contrastGrade(colour, backgrounds) }))
      .sort((a, b) => (a.grade === b.grade ? a.ratio - b.ratio : a.grade === 'fail' ? -1 : 1))
      .find((g) => g.grade !== 'ok'),
    corners: {
      cornerFrameColor: corner(design.cornerFrameColor),
      cornerCentreColor: corner(design.cornerCentreColor),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Fixes shared by several rules

/** A dark colour that reads well on these backgrounds: the brand green, else black, else none. */
function darkFor(backgrounds: string[]): string | undefined {
  return [GREEN, BLACK].find(
    (colour) =>
      readsWell(colour, backgrounds) &&
      backgrounds.every((b) => relativeLuminance(colour) < relativeLuminance(b)),
  );
}

/** Dark dots and corners on a plain white background, keeping what already fits. */
function darkOnLightFix(design: Design, { backgrounds, patternColours }: AdviceContext): AdviceFix {
  const light = [WHITE];
  const candidates = [...patternColours, ...backgrounds];
  const darkest = candidates.reduce((a, b) =>
    relativeLuminance(b) < relativeLuminance(a) ? b : a,
  );
  const dark = readsWell(darkest, light) ? darkest : BLACK;
  return {
    label: 'Use dark dots on a white background',
    patch: {
      patternColor1: dark,
      patternGradient: false,
      gradientStyle: defaultDesign.gradientStyle,
      transparentBackground: false,
      backgroundGradient: false,
      backgroundColor1: WHITE,
      ...(readsWell(design.cornerFrameColor, light) ? {} : { cornerFrameColor: dark }),
      ...(readsWell(design.cornerCentreColor, light) ? {} : { cornerCentreColor: dark }),
    },
  };
}

function patternFix(design: Design, context: AdviceContext): AdviceFix {
  const { backgrounds } = context;
  const dark = darkFor(backgrounds);
  if (!dark) return darkOnLightFix(design, context);
  if (!design.patternGradient) {
    return { label: 'Darken the pattern', patch: { patternColor1: dark } };
  }
  // Keep the gradient where one of its colours is fine; a gradient of one colour is none.
  const [c1, c2] = [design.patternColor1, design.patternColor2].map((c) =>
    readsWell(c, backgrounds) ? c : dark,
  );
  return {
    label: 'Darken the pattern',
    patch:
      c1.toLowerCase() === c2.toLowerCase()
        ? {
            patternColor1: c1,
            patternGradient: false,
            gradientStyle: defaultDesign.gradientStyle,
          }
        : { patternColor1: c1, patternColor2: c2 },
  };
}

function cornerFix(
  design: Design,
  context: AdviceContext,
  key: CornerKey,
  what: string,
): AdviceFix {
  const { backgrounds } = context;
  // The pattern's own colour, if it reads; with a gradient, the one that reads best.
  const fitting = context.patternColours
    .filter((c) => readsWell(c, backgrounds))
    .sort((a, b) => contrastGrade(b, backgrounds).ratio - contrastGrade(a, backgrounds).ratio)[0];
  if (fitting)
    return { label: `Use the pattern colour for the ${what}`, patch: { [key]: fitting } };
  const dark = darkFor(backgrounds);
  if (dark) return { label: `Darken the ${what}`, patch: { [key]: dark } };
  return darkOnLightFix(design, context);
}

// ---------------------------------------------------------------------------------------------
// The rules

/** A field given outright, or worked out from the design and its context. */
type Given<T> = T | ((design: Design, context: AdviceContext) => T);

/** One piece of advice: designAdvice gives it, in table order, for every design it applies to. */
export interface AdviceRule {
  /** Stable: tests and the render harness find advice by it. */
  readonly id: string;
  /** Whether the advice applies to this design. */
  readonly when: (design: Design, context: AdviceContext) => boolean;
  readonly severity: Given<Advice['severity']>;
  /** Only a likely cause of a failed read, not a problem in itself (see Advice). */
  readonly onlyIfUnread?: true;
  /** A plain-English sentence or two: what is wrong and why it matters to a reader. */
  readonly reason: Given<string>;
  readonly fix?: Given<AdviceFix>;
}

/** Readers find a code by its three corner squares, so each corner colour has rules of its own. */
const corners = [
  { id: 'corner-frame', key: 'cornerFrameColor', what: 'corners', name: 'corner frames' },
  { id: 'corner-centre', key: 'cornerCentreColor', what: 'corner centres', name: 'corner centres' },
] as const;

const capitalised = (text: string) => text[0].toUpperCase() + text.slice(1);

const cornerRules = corners.flatMap(({ id, key, what, name }): AdviceRule[] => {
  // A corner drawn the other way round from the dots, unless its contrast fails outright (then
  // the contrast is the clearer reason, and its fix mends both).
  const corner = (context: AdviceContext) => context.corners[key];
  const wrongWayRound = (_: Design, context: AdviceContext) =>
    corner(context).grade !== 'fail' && corner(context).lighter !== context.inverted;
  const fix = (design: Design, context: AdviceContext) => cornerFix(design, context, key, what);
  return [
    {
      // Readers find the code by its three corner squares, dark ring, light ring, dark centre,
      // in the same polarity as the dots: a corner the other way round is not seen at all.
      id: `${id}-polarity`,
      when: wrongWayRound,
      severity: 'fail',
      reason: (design, context) =>
        `The ${name} (${design[key]}) are ${corner(context).lighter ? 'lighter' : 'darker'} ` +
        `than ${context.background} while the pattern is ` +
        `${context.inverted ? 'lighter' : 'darker'}: ` +
        `readers find a code by its corners and will not see them.`,
      fix,
    },
    {
      id: `${id}-contrast`,
      when: (design, context) => corner(context).grade !== 'ok' && !wrongWayRound(design, context),
      severity: (_, context) => (corner(context).grade === 'fail' ? 'fail' : 'risk'),
      reason: (design, context) =>
        corner(context).grade === 'fail'
          ? `${capitalised(name)} (${design[key]}) are too light against ` +
            `${context.background} ` +
            `(contrast ${ratioText(corner(context).ratio)}): readers find a code by its three ` +
            `corners, and these are hard to see.`
          : `${capitalised(name)} (${design[key]}) have little contrast with ` +
            `${context.background} ` +
            `(${ratioText(corner(context).ratio)}): readers find a code by its corners, so this ` +
            `may fail in poor light.`,
      fix,
    },
  ];
});

/** Every piece of advice, in the order it is given (the more serious first). */
export const rules: readonly AdviceRule[] = [
  {
    // The pattern: its worst colour against the background.
    id: 'pattern-contrast',
    when: (_, { weakPattern }) => weakPattern !== undefined,
    severity: (_, { weakPattern }) => (weakPattern?.grade === 'fail' ? 'fail' : 'risk'),
    reason: (_, { weakPattern, background }) => {
      const { colour, grade, ratio } = weakPattern!;
      return grade === 'fail'
        ? `The pattern (${colour}) is too close to ${background} ` +
            `(contrast ${ratioText(ratio)}): cameras cannot tell the dots from ` +
            `the background. Codes need at least 3:1, better 4.5:1.`
        : `The pattern (${colour}) has little contrast with ${background} ` +
            `(${ratioText(ratio)}): it may fail when printed or in dim light. ` +
            `4.5:1 or more is safe.`;
    },
    fix: patternFix,
  },
  ...cornerRules,
  {
    id: 'inverted',
    when: (_, { inverted }) => inverted,
    severity: 'risk',
    reason:
      'The pattern is lighter than the background. Many phone readers fail light-on-dark codes.',
    fix: darkOnLightFix,
  },
  {
    id: 'transparent',
    when: (design) => design.transparentBackground,
    severity: 'risk',
    reason:
      'The background is transparent: the code will only scan on a light surface, never on ' +
      'a dark one.',
    fix: {
      label: 'Use a white background',
      patch: { transparentBackground: false, backgroundGradient: false, backgroundColor1: WHITE },
    },
  },
  // Shapes that scan in most designs, but are the likely cause when a reader fails, most likely
  // first. Measured over the render matrix (tests/qr-render.spec.ts, docs/scan-check.md): ZBar
  // misses circle corner frames seen at an angle in every combination, and some at full size,
  // printed small or in a JPEG; ZXing reads them. Extra-rounded frames with circle centres come
  // next (small and out of focus, with a logo); round dots lose most to JPEG in long contents.
  // The fix offered is the one that, rendered and decoded, scans (src/features/qr/check/judge.ts).
  {
    id: 'circle-corner-frames',
    when: (design) => design.cornerFrame === 'dot',
    severity: 'risk',
    onlyIfUnread: true,
    reason:
      'Circle corner frames are the weak part: readers find a code by its three square ' +
      'corners, and ZBar-based scanners often miss round ones, above all at an angle.',
    fix: { label: 'Use extra-rounded corner frames', patch: { cornerFrame: 'extra-rounded' } },
  },
  {
    id: 'dots-pattern',
    when: (design) => design.pattern === 'dots',
    severity: 'risk',
    onlyIfUnread: true,
    reason:
      'The dots pattern is the weak part: round dots leave gaps between modules that blur ' +
      'and JPEG compression fill in.',
    fix: { label: 'Use rounded dots', patch: { pattern: 'rounded' } },
  },
  {
    id: 'dot-corner-centre',
    when: (design) => design.cornerCentre === 'dot',
    severity: 'risk',
    onlyIfUnread: true,
    reason: 'Circle corner centres are harder for some readers to lock on to.',
    fix: { label: 'Use square corner centres', patch: { cornerCentre: 'square' } },
  },
  {
    id: 'extra-rounded-corner-frames',
    when: (design) => design.cornerFrame === 'extra-rounded',
    severity: 'risk',
    onlyIfUnread: true,
    reason: 'Extra-rounded corner frames are harder for some readers to find.',
    fix: { label: 'Use rounded corner frames', patch: { cornerFrame: 'rounded' } },
  },
  {
    id: 'logo',
    when: (design) => design.logo !== null,
    severity: 'risk',
    onlyIfUnread: true,
    reason: 'The logo covers part of the code.',
    fix: { label: 'Remove the logo', patch: { logo: null } },
  },
];

/** What the design's options alone say about scanning, before any decoding. */
export function designAdvice(design: Design): Advice[] {
  const context = adviceContext(design);
  const given = <T>(field: Given<T>): T =>
    typeof field === 'function'
      ? (field as (design: Design, context: AdviceContext) => T)(design, context)
      : field;
  return rules
    .filter((rule) => rule.when(design, context))
    .map((rule) => ({
      id: rule.id,
      severity: given(rule.severity),
      ...(rule.onlyIfUnread ? { onlyIfUnread: true as const } : {}),
      reason: given(rule.reason),
      ...(rule.fix ? { fix: given(rule.fix) } : {}),
    }));
}
