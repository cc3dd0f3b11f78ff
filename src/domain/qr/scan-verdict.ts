// Will the styled code scan? Two sources of evidence meet here: the design's colours (judged
// before any pixel is drawn) and the live decoding of the preview by two readers under harder
// conditions (src/features/qr/check). The result is one plain-English verdict with one-click
// fixes, each a patch to the design.
import { QUIET_ZONE } from './code-plan';
import { BLACK, cornerCentres, defaultDesign, GREEN, WHITE, type QrDesign } from './design';

/** The conditions the preview is decoded under. */
export type ScanCaseName = 'preview' | 'small' | 'small-blurred' | 'on-black';

/** Whether each reader decoded one condition's image to exactly the expected content. */
export interface ScanCaseResult {
  readonly name: ScanCaseName;
  readonly jsqr: boolean;
  readonly zxing: boolean;
}

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

export type ScanStatus = 'scans' | 'may-not-scan' | 'risky';

export interface ScanVerdict {
  readonly status: ScanStatus;
  readonly label: 'Scans' | 'May not scan' | 'Risky';
  readonly reason: string;
  readonly fixes: AdviceFix[];
}

// ---------------------------------------------------------------------------------------------
// Colour maths (WCAG 2.x definitions)

const HEX = /^#?([\da-f]{6}|[\da-f]{3})$/i;

/** The sRGB channels of '#rrggbb' or '#rgb' in 0..1; black for anything else. */
function channels(hex: string): [number, number, number] {
  const match = HEX.exec(hex.trim());
  if (!match) return [0, 0, 0];
  const digits =
    match[1].length === 3 ? [...match[1]].map((digit) => digit + digit).join('') : match[1];
  return [0, 2, 4].map((start) => parseInt(digits.slice(start, start + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
}

/** WCAG relative luminance: 0 for black, 1 for white. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) =>
    c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio, 1 (same luminance) to 21 (black on white), whatever the order. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

// ---------------------------------------------------------------------------------------------
// Thresholds
//
// Readers do not see WCAG contrast: they turn the camera image grey and split it into dark and
// light modules with a threshold taken from each neighbourhood's mean (jsQR: 8 px blocks,
// ZXing's HybridBinarizer likewise). A module is read right when its grey is clearly on its own
// side of that mean, after the camera has flattened the contrast (glare, shadow, paper, auto
// exposure: printed black on white reaches the sensor as roughly 8:1, not 21:1).
//
// - Below 3:1 a colour pair falls apart once printed and photographed: FAIL. This is where the
//   measured failure sits: gold #CA9D20 corners next to dark green #002D17 dots on white are
//   2.5:1 against the white and were unread by at least one reader in most corner styles.
// - Below 4.5:1 it still scans on a screen but has no margin for a poor print or dim light: RISK.
// - The darker colour of the pair above a relative luminance of 0.25 (a grey lighter than about
//   54 % sRGB, the middle of the grey scale) sits on the wrong side of a mean threshold next to
//   a light background, whatever the ratio: FAIL. (Only reachable from 3:1 to 3.5:1 on white.)
const FAIL_CONTRAST = 3;
const RISK_CONTRAST = 4.5;
const MAX_DARK_LUMINANCE = 0.25;

// ---------------------------------------------------------------------------------------------
// Design advice

type Design = QrDesign<unknown>;

/** The colours the code is drawn on; a transparent code is judged on white, its best case. */
function backgroundColours(design: Design): string[] {
  if (design.transparentBackground) return [WHITE];
  return design.backgroundGradient
    ? [design.backgroundColor1, design.backgroundColor2]
    : [design.backgroundColor1];
}

function patternColours(design: Design): string[] {
  return design.patternGradient
    ? [design.patternColor1, design.patternColor2]
    : [design.patternColor1];
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const meanLuminance = (colours: string[]) => mean(colours.map(relativeLuminance));

type Grade = 'ok' | 'risk' | 'fail';

/** How one colour reads against the background colours: its worst pair decides. */
function grade(colour: string, backgrounds: string[]): { grade: Grade; ratio: number } {
  let worst: { grade: Grade; ratio: number } = { grade: 'ok', ratio: Infinity };
  const rank: Record<Grade, number> = { ok: 0, risk: 1, fail: 2 };
  for (const background of backgrounds) {
    const ratio = contrastRatio(colour, background);
    const dark = Math.min(relativeLuminance(colour), relativeLuminance(background));
    const g: Grade =
      ratio < FAIL_CONTRAST || dark > MAX_DARK_LUMINANCE
        ? 'fail'
        : ratio < RISK_CONTRAST
          ? 'risk'
          : 'ok';
    if (rank[g] > rank[worst.grade] || (g === worst.grade && ratio < worst.ratio)) {
      worst = { grade: g, ratio };
    }
  }
  return worst;
}

const passes = (colour: string, backgrounds: string[]) => grade(colour, backgrounds).grade === 'ok';

/** A dark colour that reads well on these backgrounds: the brand green, else black, else none. */
function darkFor(backgrounds: string[]): string | undefined {
  return [GREEN, BLACK].find(
    (colour) =>
      passes(colour, backgrounds) &&
      backgrounds.every((b) => relativeLuminance(colour) < relativeLuminance(b)),
  );
}

const ratioText = (ratio: number) => `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;

/** Dark dots and corners on a plain white background, keeping what already fits. */
function darkOnLightFix(design: Design): AdviceFix {
  const light = [WHITE];
  const candidates = [...patternColours(design), ...backgroundColours(design)];
  const darkest = candidates.reduce((a, b) =>
    relativeLuminance(b) < relativeLuminance(a) ? b : a,
  );
  const dark = passes(darkest, light) ? darkest : BLACK;
  return {
    label: 'Use dark dots on a white background',
    patch: {
      patternColor1: dark,
      patternGradient: false,
      gradientStyle: defaultDesign.gradientStyle,
      transparentBackground: false,
      backgroundGradient: false,
      backgroundColor1: WHITE,
      ...(passes(design.cornerFrameColor, light) ? {} : { cornerFrameColor: dark }),
      ...(passes(design.cornerCentreColor, light) ? {} : { cornerCentreColor: dark }),
    },
  };
}

function patternFix(design: Design, backgrounds: string[]): AdviceFix {
  const dark = darkFor(backgrounds);
  if (!dark) return darkOnLightFix(design);
  if (!design.patternGradient) {
    return { label: 'Darken the pattern', patch: { patternColor1: dark } };
  }
  // Keep the gradient where one of its colours is fine; a gradient of one colour is none.
  const [c1, c2] = [design.patternColor1, design.patternColor2].map((c) =>
    passes(c, backgrounds) ? c : dark,
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
  backgrounds: string[],
  key: 'cornerFrameColor' | 'cornerCentreColor',
  what: string,
): AdviceFix {
  // The pattern's own colour, if it reads; with a gradient, the one that reads best.
  const fitting = patternColours(design)
    .filter((c) => passes(c, backgrounds))
    .sort((a, b) => grade(b, backgrounds).ratio - grade(a, backgrounds).ratio)[0];
  if (fitting)
    return { label: `Use the pattern colour for the ${what}`, patch: { [key]: fitting } };
  const dark = darkFor(backgrounds);
  if (dark) return { label: `Darken the ${what}`, patch: { [key]: dark } };
  return darkOnLightFix(design);
}

const isRound = (style: string) => style === 'dot' || style === 'extra-rounded';

/** The corner centre of the same kind as a corner frame: circle, extra rounded or square. */
function matchingCentre(frame: Design['cornerFrame']) {
  const id = frame === 'dot' || frame === 'extra-rounded' ? frame : 'square';
  return cornerCentres.find((centre) => centre.id === id)!;
}

/** What the design's options alone say about scanning, before any decoding. */
export function designAdvice(design: Design): Advice[] {
  const advice: Advice[] = [];
  const backgrounds = backgroundColours(design);
  const pattern = patternColours(design);
  const background = design.transparentBackground
    ? 'a light surface'
    : design.backgroundGradient
      ? 'the background gradient'
      : 'the background';

  // Which way round the code is: dark on light, or inverted. Judged on the mean of each side.
  const inverted = meanLuminance(backgrounds) < meanLuminance(pattern);

  // The pattern: its worst colour against the background.
  const worstPattern = pattern
    .map((colour) => ({ colour, ...grade(colour, backgrounds) }))
    .sort((a, b) => (a.grade === b.grade ? a.ratio - b.ratio : a.grade === 'fail' ? -1 : 1))
    .find((g) => g.grade !== 'ok');
  if (worstPattern) {
    advice.push({
      id: 'pattern-contrast',
      severity: worstPattern.grade === 'fail' ? 'fail' : 'risk',
      reason:
        worstPattern.grade === 'fail'
          ? `The pattern (${worstPattern.colour}) is too close to ${background} ` +
            `(contrast ${ratioText(worstPattern.ratio)}): cameras cannot tell the dots from ` +
            `the background. Codes need at least 3:1, better 4.5:1.`
          : `The pattern (${worstPattern.colour}) has little contrast with ${background} ` +
            `(${ratioText(worstPattern.ratio)}): it may fail when printed or in dim light. ` +
            `4.5:1 or more is safe.`,
      fix: patternFix(design, backgrounds),
    });
  }

  const corners = [
    {
      id: 'corner-frame',
      key: 'cornerFrameColor',
      what: 'corners',
      name: 'corner frames',
      colour: design.cornerFrameColor,
    },
    {
      id: 'corner-centre',
      key: 'cornerCentreColor',
      what: 'corner centres',
      name: 'corner centres',
      colour: design.cornerCentreColor,
    },
  ] as const;
  for (const corner of corners) {
    const g = grade(corner.colour, backgrounds);
    const cornerInverted = meanLuminance(backgrounds) < relativeLuminance(corner.colour);
    const Name = corner.name[0].toUpperCase() + corner.name.slice(1);
    if (g.grade !== 'fail' && cornerInverted !== inverted) {
      // Readers find the code by its three corner squares, dark ring, light ring, dark centre,
      // in the same polarity as the dots: a corner the other way round is not seen at all.
      advice.push({
        id: `${corner.id}-polarity`,
        severity: 'fail',
        reason:
          `The ${corner.name} (${corner.colour}) are ${cornerInverted ? 'lighter' : 'darker'} ` +
          `than ${background} while the pattern is ${inverted ? 'lighter' : 'darker'}: ` +
          `readers find a code by its corners and will not see them.`,
        fix: cornerFix(design, backgrounds, corner.key, corner.what),
      });
    } else if (g.grade !== 'ok') {
      advice.push({
        id: `${corner.id}-contrast`,
        severity: g.grade,
        reason:
          g.grade === 'fail'
            ? `${Name} (${corner.colour}) are too light against ${background} ` +
              `(contrast ${ratioText(g.ratio)}): readers find a code by its three corners, ` +
              `and these are hard to see.`
            : `${Name} (${corner.colour}) have little contrast with ${background} ` +
              `(${ratioText(g.ratio)}): readers find a code by its corners, so this may fail ` +
              `in poor light.`,
        fix: cornerFix(design, backgrounds, corner.key, corner.what),
      });
    }
  }

  if (inverted) {
    advice.push({
      id: 'inverted',
      severity: 'risk',
      reason:
        'The pattern is lighter than the background. Many phone readers fail light-on-dark ' +
        'codes.',
      fix: darkOnLightFix(design),
    });
  }

  if (design.transparentBackground) {
    advice.push({
      id: 'transparent',
      severity: 'risk',
      reason:
        'The background is transparent: the code will only scan on a light surface, never on ' +
        'a dark one.',
      fix: {
        label: 'Use a white background',
        patch: { transparentBackground: false, backgroundGradient: false, backgroundColor1: WHITE },
      },
    });
  }

  // Shapes that scan in most designs, but are the likely cause when a reader fails.
  //
  // Measured with the 180 combinations (tests/qr-render.spec.ts): jsQR misses, at full size or
  // printed small, codes whose corner frame and centre mix a round shape with a square-cornered
  // one (it also measures the corners along their diagonals, where such shapes disagree); ZXing
  // reads them all. The fix gives the centre the frame's own kind of shape.
  const shapesDiffer = isRound(design.cornerFrame) !== isRound(design.cornerCentre);
  if (shapesDiffer) {
    const match = matchingCentre(design.cornerFrame);
    advice.push({
      id: 'corner-shapes',
      severity: 'risk',
      onlyIfUnread: true,
      reason:
        'The corner frames and centres mix a round shape with a square one, which some readers ' +
        'cannot measure.',
      fix: {
        label: `Use ${match.label.toLowerCase()} corner centres`,
        patch: { cornerCentre: match.id },
      },
    });
  }
  if (design.pattern === 'dots') {
    advice.push({
      id: 'dots-pattern',
      severity: 'risk',
      onlyIfUnread: true,
      reason: 'Round dots leave gaps between modules that some readers stumble on.',
      fix: { label: 'Use square dots', patch: { pattern: 'square' } },
    });
  }
  if (design.cornerCentre === 'dot' && !shapesDiffer) {
    advice.push({
      id: 'dot-corner-centre',
      severity: 'risk',
      onlyIfUnread: true,
      reason: 'Round corner centres are harder for some readers to lock on to.',
      fix: { label: 'Use square corner centres', patch: { cornerCentre: 'square' } },
    });
  }
  if (design.logo !== null) {
    advice.push({
      id: 'logo',
      severity: 'risk',
      onlyIfUnread: true,
      reason: 'The logo covers part of the code.',
      fix: { label: 'Remove the logo', patch: { logo: null } },
    });
  }
  return advice;
}

// ---------------------------------------------------------------------------------------------
// Verdict

/** How each condition reads in a sentence: "cannot read it ___". */
const conditions: Record<ScanCaseName, string> = {
  preview: 'at full size',
  small: 'printed small (about 2 cm across)',
  'small-blurred': 'small and slightly out of focus',
  'on-black': 'on a dark surface',
};

const readerNames = {
  jsqr: 'jsQR (used by many web-based scanners)',
  zxing: 'ZXing (used by many Android scanners)',
} as const;

/** "ZXing (...) cannot read it printed small." for each unread condition, readers merged. */
function failureSentences(results: readonly ScanCaseResult[]): string[] {
  return results
    .filter((result) => !result.jsqr || !result.zxing)
    .map((result) => {
      const where = conditions[result.name];
      if (!result.jsqr && !result.zxing) return `Neither jsQR nor ZXing can read it ${where}.`;
      return `${result.jsqr ? readerNames.zxing : readerNames.jsqr} cannot read it ${where}.`;
    });
}

/** "a, b and c". */
const listed = (items: string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

const uniqueFixes = (advice: readonly Advice[]): AdviceFix[] => {
  const seen = new Set<string>();
  const fixes: AdviceFix[] = [];
  for (const { fix } of advice) {
    if (fix && !seen.has(fix.label)) {
      seen.add(fix.label);
      fixes.push(fix);
    }
  }
  return fixes;
};

/** The smallest module that phones read reliably at arm's length, in millimetres. */
export const MIN_MODULE_MM = 0.5;

/**
 * What to do when a code reads at full size but not small, which no design change may fix (a
 * long content makes many fine modules): print it large enough, the quiet zone included.
 */
export function printSizeAdvice(modules: number): string {
  // It was just read unreliably at 2 cm: never less than 2.5 cm.
  const centimetres = Math.max(
    2.5,
    Math.ceil(((modules + 2 * QUIET_ZONE) * MIN_MODULE_MM) / 5) / 2,
  );
  return `Print the code at least ${centimetres} cm across (its ${modules} modules then measure ${MIN_MODULE_MM} mm or more each), or shorten the content.`;
}

/**
 * One verdict from the decoding results and the design advice. 'May not scan': the preview is
 * unread by either reader, or a colour rule fails. 'Risky': the preview reads, but a harder
 * condition does not, or a risk applies. Results may be empty (not decoded yet): then the
 * advice alone decides.
 */
export function scanVerdict(
  results: readonly ScanCaseResult[],
  advice: readonly Advice[],
  /** Modules across the code: with them, a code unread small gets a print size to keep to. */
  modules?: number,
): ScanVerdict {
  const unread = results.filter((result) => !result.jsqr || !result.zxing);
  const previewUnread = unread.filter((result) => result.name === 'preview');
  const harderUnread = unread.filter((result) => result.name !== 'preview');
  const standing = advice.filter((a) => !a.onlyIfUnread);
  const causes = unread.length > 0 ? advice.filter((a) => a.onlyIfUnread) : [];
  const fails = standing.filter((a) => a.severity === 'fail');
  const risks = standing.filter((a) => a.severity === 'risk');

  if (previewUnread.length > 0 || fails.length > 0) {
    const explained = [...fails, ...causes, ...risks];
    return {
      status: 'may-not-scan',
      label: 'May not scan',
      reason: [...failureSentences(previewUnread), ...explained.map((a) => a.reason)].join(' '),
      fixes: uniqueFixes(explained),
    };
  }
  if (harderUnread.length > 0 || risks.length > 0) {
    const explained = [...causes, ...risks];
    return {
      status: 'risky',
      label: 'Risky',
      reason: [
        ...(harderUnread.length > 0 ? ['It scans at full size.'] : []),
        ...failureSentences(harderUnread),
        ...explained.map((a) => a.reason),
        ...(modules !== undefined && harderUnread.some((r) => r.name !== 'on-black')
          ? [printSizeAdvice(modules)]
          : []),
      ].join(' '),
      fixes: uniqueFixes(explained),
    };
  }
  return {
    status: 'scans',
    label: 'Scans',
    reason:
      results.length > 0
        ? `Both readers (jsQR and ZXing) decode it ${listed(results.map((r) => conditions[r.name]))}.`
        : 'Its colours and shapes read well.',
    fixes: [],
  };
}
