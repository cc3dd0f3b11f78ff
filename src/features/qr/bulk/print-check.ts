// Every code of a batch drawn as the single download draws it and put through the scan check the
// single code passes (ZXing and ZBar, at full size, small, blurred, tilted, in a JPEG, on black
// where the background is transparent), one code after another with a pause between, so a batch
// of hundreds leaves the page responsive. A code that may not scan is kept out of every output and
// listed with the fix the check found (a fix is offered only once it has been drawn and decoded
// itself); a risky one is delivered with its verdict in the manifest.
import { codeText } from '../../../domain/qr/code-text';
import { scanVerdict, type ScanVerdict } from '../../../domain/qr/scan-verdict';
import { designAdvice } from '../../../domain/qr/design-advice';
import type { SavedCode } from '../../../domain/qr/saved-code';
import { pause } from '../../../lib/pause';
import { judgeDrawn, withVerifiedFix } from '../check/judge';
import { createScanChecker } from '../check/scan-check';
import { renderCode, type RenderedCode } from '../render/render-code';

/** A code of the batch to print: the saved code, what its picture holds, its files' name. */
export interface PrintItem {
  readonly code: SavedCode;
  /** The picture's text: a dynamic code's printed short link, a static one's content; null: none yet. */
  readonly text: string | null;
  /** What its files are called (the row's file name, or the code's name). */
  readonly fileName: string;
  /** What the code holds (static) or where it leads (dynamic), for the manifest. */
  readonly content: string;
  /** Why it has no picture yet (a dynamic code whose short link the server has not made). */
  readonly missing?: string;
}

export type CheckedPrint =
  | {
      readonly item: PrintItem;
      readonly ok: true;
      readonly drawn: RenderedCode;
      readonly verdict: ScanVerdict;
    }
  | { readonly item: PrintItem; readonly ok: false; readonly reason: string };

/**
 * A saved code to print: its picture's text (its printed short link when dynamic, `linkId`; else
 * its content), and its content for the manifest (where a dynamic code's link leads).
 */
export function printItem(
  code: SavedCode,
  linkId: string | null,
  origin: string,
  fileName: string,
  missing?: string,
): PrintItem {
  const content = codeText(code, null, origin).text ?? '';
  const text = code.dynamic ? (linkId ? codeText(code, linkId, origin).text : null) : content;
  return { code, text, fileName, content, ...(missing ? { missing } : {}) };
}

/**
 * Draws and checks each item in turn; `onProgress` hears how many are done. Stops with the
 * signal's reason when it is aborted.
 */
export async function checkPrints(
  items: readonly PrintItem[],
  onProgress: (done: number) => void,
  signal?: AbortSignal,
): Promise<CheckedPrint[]> {
  const checker = createScanChecker();
  const checked: CheckedPrint[] = [];
  try {
    for (const [index, item] of items.entries()) {
      signal?.throwIfAborted();
      checked.push(await checkOne(checker, item, index));
      onProgress(index + 1);
      await pause();
    }
  } finally {
    checker.dispose();
  }
  return checked;
}

async function checkOne(
  checker: ReturnType<typeof createScanChecker>,
  item: PrintItem,
  index: number,
): Promise<CheckedPrint> {
  const { code, text } = item;
  if (text === null) {
    return { item, ok: false, reason: item.missing ?? 'Its short link is not made yet.' };
  }
  const drawn = await renderCode(code.design, text, `bulk-${index}`);
  if (!drawn.ok) return { item, ok: false, reason: drawn.message };
  let verdict: ScanVerdict;
  try {
    verdict = await judgeDrawn(checker, code.design, drawn.code, text);
    if (verdict.status === 'may-not-scan') {
      const draw = (design: typeof code.design) => renderCode(design, text, `bulk-fix-${index}`);
      verdict = await withVerifiedFix(checker, code.design, verdict, draw, text);
    }
  } catch (error) {
    // The readers could not run here: the colours alone speak, as on the design page.
    console.error(error);
    verdict = scanVerdict([], designAdvice(code.design));
  }
  return { item, ok: true, drawn: drawn.code, verdict };
}
