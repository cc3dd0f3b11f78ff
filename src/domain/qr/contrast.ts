// Colour maths for the scan check: WCAG luminance and contrast, and the thresholds that grade a
// colour against the colours it is drawn on. The design advice (design-advice.ts) words the
// grades; nothing here knows about a design.

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

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** The mean luminance of a side of the code (a gradient's two colours, or one colour). */
export const meanLuminance = (colours: string[]) => mean(colours.map(relativeLuminance));

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

export type Grade = 'ok' | 'risk' | 'fail';

export interface Graded {
  readonly grade: Grade;
  /** The contrast ratio of the pair that decided the grade. */
  readonly ratio: number;
}

/** How one colour reads against the background colours: its worst pair decides. */
export function contrastGrade(colour: string, backgrounds: string[]): Graded {
  let worst: Graded = { grade: 'ok', ratio: Infinity };
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

/** Whether a colour reads well (neither a risk nor a failure) on every background colour. */
export const readsWell = (colour: string, backgrounds: string[]) =>
  contrastGrade(colour, backgrounds).grade === 'ok';

/** "2.5:1": a ratio rounded down, so a ratio just short of a threshold never reads as on it. */
export const ratioText = (ratio: number) => `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;
