// The whole scan check of one design, shared by the design page, My QR Codes and the render
// harness: decode the drawn code (scan-check.ts), turn the results into a verdict
// (scan-verdict.ts), and, when the code does not pass, find a fix that really makes it pass by
// drawing and decoding each candidate in turn. A fix that only sounds right is not offered:
// "Use square corner centres" once turned a "Risky" code into one that "May not scan".
import type { QrDesign } from '../../../domain/qr/design';
import { designAdvice, type AdviceFix } from '../../../domain/qr/design-advice';
import {
  combinedFix,
  safeShapesFix,
  scanVerdict,
  type ScanVerdict,
} from '../../../domain/qr/scan-verdict';
import type { RenderResult } from '../render/render-code';
import { codeBox } from './code-box';
import type { ScanChecker } from './scan-check';

/** Draws a design (its logo however the caller holds it) for `text`. */
export type Draw<F> = (design: QrDesign<F>) => Promise<RenderResult>;

/** The verdict on a drawn code, with no fix tried yet. */
export async function judgeDrawn<F>(
  checker: ScanChecker,
  design: QrDesign<F>,
  drawn: { readonly svg: string; readonly modules: number },
  text: string,
): Promise<ScanVerdict> {
  const results = await checker.check(drawn.svg, text, {
    transparent: design.transparentBackground,
    codeBox: codeBox(design),
  });
  return scanVerdict(results, designAdvice(design), drawn.modules);
}

/**
 * The verdict with, in place of its candidate fixes, the first that makes the code pass once
 * drawn and decoded: each advice's own fix in turn, then all of them at once, then all of them
 * with square shapes and no logo. None when even that does not pass (a content too long for a
 * small print: the reason then says how large to print it).
 */
export async function withVerifiedFix<F>(
  checker: ScanChecker,
  design: QrDesign<F>,
  verdict: ScanVerdict,
  draw: Draw<F>,
  text: string,
): Promise<ScanVerdict> {
  if (verdict.status === 'scans') return verdict;
  const candidates: AdviceFix[] = [
    ...verdict.fixes,
    ...(verdict.fixes.length > 1 ? [combinedFix(verdict.fixes)] : []),
    safeShapesFix(design, verdict.fixes),
  ];
  const tried = new Set<string>();
  for (const fix of candidates) {
    const key = JSON.stringify(fix.patch);
    if (tried.has(key)) continue;
    tried.add(key);
    const fixed = { ...design, ...fix.patch } as QrDesign<F>;
    const drawn = await draw(fixed);
    if (!drawn.ok) continue;
    const next = await judgeDrawn(checker, fixed, drawn.code, text);
    if (next.status === 'scans') return { ...verdict, fixes: [fix] };
  }
  return { ...verdict, fixes: [] };
}
