// Will the styled code scan? Two sources of evidence meet here: the design's colours (judged
// before any pixel is drawn) and the live decoding of the preview by two readers under harder
// conditions (src/features/qr/check). The result is one plain-English verdict with one-click
// fixes, each a patch to the design.
import { QUIET_ZONE } from './code-plan';
import { BLACK, defaultDesign, GREEN, WHITE, type QrDesign } from './design';

/** The conditions the preview is decoded under. */
export type ScanCaseName = 'preview' | 'small' | 'small-blurred' | 'tilted' | 'jpeg' | 'on-black';

/**
 * Whether each reader decoded one condition's image to exactly the expected content: ZXing and
 * ZBar, two separate lineages of reader (most phone scanners descend from one or the other).
 */
export interface ScanCaseResult {
  readonly name: ScanCaseName;
  readonly zxing: boolean;
  readonly zbar: boolean;
  readonly jsqr?: boolean;
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

  // Shapes that scan in most designs, but are the likely cause when a reader fails, most likely
  // first. Measured over the render matrix (tests/qr-render.spec.ts, docs/scan-check.md): ZBar
  // misses circle corner frames seen at an angle in every combination, and some at full size,
  // printed small or in a JPEG; ZXing reads them. Extra-rounded frames with circle centres come
  // next (small and out of focus, with a logo); round dots lose most to JPEG in long contents.
  // The fix offered is the one that, rendered and decoded, scans (verified-fix.ts).
  if (design.cornerFrame === 'dot') {
    advice.push({
      id: 'circle-corner-frames',
      severity: 'risk',
      onlyIfUnread: true,
      reason:
        'Circle corner frames are the weak part: readers find a code by its three square ' +
        'corners, and ZBar-based scanners often miss round ones, above all at an angle.',
      fix: { label: 'Use extra-rounded corner frames', patch: { cornerFrame: 'extra-rounded' } },
    });
  }
  if (design.pattern === 'dots') {
    advice.push({
      id: 'dots-pattern',
      severity: 'risk',
      onlyIfUnread: true,
      reason:
        'The dots pattern is the weak part: round dots leave gaps between modules that blur ' +
        'and JPEG compression fill in.',
      fix: { label: 'Use rounded dots', patch: { pattern: 'rounded' } },
    });
  }
  if (design.cornerCentre === 'dot') {
    advice.push({
      id: 'dot-corner-centre',
      severity: 'risk',
      onlyIfUnread: true,
      reason: 'Circle corner centres are harder for some readers to lock on to.',
      fix: { label: 'Use square corner centres', patch: { cornerCentre: 'square' } },
    });
  }
  if (design.cornerFrame === 'extra-rounded') {
    advice.push({
      id: 'extra-rounded-corner-frames',
      severity: 'risk',
      onlyIfUnread: true,
      reason: 'Extra-rounded corner frames are harder for some readers to find.',
      fix: { label: 'Use rounded corner frames', patch: { cornerFrame: 'rounded' } },
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
  tilted: 'seen at an angle',
  jpeg: 'in a compressed (JPEG) photo',
  'on-black': 'on a dark surface',
};

const readerNames = {
  zxing: 'ZXing (the reader of many Android scanners and Chrome)',
  zbar: 'ZBar (the reader inside many scanner apps)',
} as const;

const unreadBy = (result: ScanCaseResult) => !result.zxing || !result.zbar;

/** "ZBar (...) cannot read it printed small or seen at an angle.": conditions merged by reader. */
function failureSentences(results: readonly ScanCaseResult[]): string[] {
  const both = results.filter((result) => !result.zxing && !result.zbar);
  const where = (list: readonly ScanCaseResult[]) =>
    listed(
      list.map((result) => conditions[result.name]),
      'or',
    );
  const alone = (reader: 'zxing' | 'zbar') =>
    results.filter((result) => !result[reader] && !both.includes(result));
  return [
    ...(both.length > 0 ? [`Neither ZXing nor ZBar can read it ${where(both)}.`] : []),
    ...(['zbar', 'zxing'] as const)
      .filter((reader) => alone(reader).length > 0)
      .map((reader) => `${readerNames[reader]} cannot read it ${where(alone(reader))}.`),
  ];
}

/** "a, b and c" (or "a, b or c"). */
const listed = (items: string[], last = 'and') =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;

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

const lowerFirst = (text: string) => text[0]!.toLowerCase() + text.slice(1);

/**
 * All the fixes at once, for when no single one is enough: "Use extra-rounded corner frames and
 * remove the logo". Where two change the same option, the first (the more serious) wins.
 */
export function combinedFix(fixes: readonly AdviceFix[]): AdviceFix {
  const [first, ...rest] = fixes;
  if (!first) throw new Error('No fix to combine.');
  return {
    label: listed([first.label, ...rest.map((fix) => lowerFirst(fix.label))]),
    patch: Object.assign({}, ...[...fixes].reverse().map((fix) => fix.patch)) as AdviceFix['patch'],
  };
}

/**
 * The last resort: the other fixes with the shapes every reader reads (square dots, frames and
 * centres: inside the safe set of docs/scan-check.md) and no logo.
 */
export function safeShapesFix(design: Design, fixes: readonly AdviceFix[]): AdviceFix {
  const shapes: AdviceFix = {
    label: design.logo !== null ? 'Use square shapes without the logo' : 'Use square shapes',
    patch: {
      pattern: 'square',
      cornerFrame: 'square',
      cornerCentre: 'square',
      ...(design.logo !== null ? { logo: null } : {}),
    },
  };
  const others = fixes.filter((fix) => !Object.keys(fix.patch).some((key) => key in shapes.patch));
  return others.length > 0 ? combinedFix([...others, shapes]) : shapes;
}

/**
 * The shapes measured safe together (docs/scan-check.md): every combination of the pattern,
 * corner frames and corner centres listed here, plain or with gradients, was read by ZXing and
 * ZBar under every condition of the check in the render matrix, for a short web address (33
 * modules) and for a 191-character vCard (61 modules, finer than phones read at 2 cm). Circle
 * corner frames are left out (ZBar misses them at an angle in every combination), and so are the
 * shapes that shrink a module (rounded, extra-rounded and classy dots, extra-rounded corners),
 * which lose fine codes to blur and angle. The design's defaults stay inside.
 */
export const safeShapes = {
  patterns: ['square'],
  cornerFrames: ['square', 'rounded', 'classy', 'classy-rounded'],
  cornerCentres: ['square', 'dot', 'classy', 'classy-rounded'],
} as const satisfies {
  patterns: readonly Design['pattern'][];
  cornerFrames: readonly Design['cornerFrame'][];
  cornerCentres: readonly Design['cornerCentre'][];
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
  const unread = results.filter(unreadBy);
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
        ? `Both families of reader (ZXing and ZBar) decode it ${listed(results.map((r) => conditions[r.name]))}.`
        : 'Its colours and shapes read well.',
    fixes: [],
  };
}
