// Will the styled code scan? Two sources of evidence meet here: the design's colours (judged
// before any pixel is drawn) and the live decoding of the preview by two readers under harder
// conditions (src/features/qr/check). The result is one plain-English verdict with one-click
// fixes, each a patch to the design. The colour maths is contrast.ts; the advice on the design's
// options, a table of rules, is design-advice.ts.
import { QUIET_ZONE } from './code-plan';
import type { QrDesign } from './design';
import type { Advice, AdviceFix } from './design-advice';

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

export type ScanStatus = 'scans' | 'may-not-scan' | 'risky';

export interface ScanVerdict {
  readonly status: ScanStatus;
  readonly label: 'Scans' | 'May not scan' | 'Risky';
  readonly reason: string;
  readonly fixes: AdviceFix[];
}

type Design = QrDesign<unknown>;

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
