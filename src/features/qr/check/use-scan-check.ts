// The live scan check of a drawn code: after each new drawing settles (a short pause, so a colour
// dragged across the picker is checked once), its SVG goes to the checker's worker, the results
// with the design's own advice make the verdict, and a fix is found that really passes. The last verdict stays on screen while
// the next is worked out, so the page does not flicker between changes.
import { useEffect, useRef, useState } from 'react';
import type { QrDesign } from '../../../domain/qr/design';
import type { QrDraft } from '../../../domain/qr/draft';
import { designAdvice } from '../../../domain/qr/design-advice';
import { scanVerdict, type ScanVerdict } from '../../../domain/qr/scan-verdict';
import { renderCode, renderDesign, type RenderedCode } from '../render/render-code';
import { useCode, type CodeState } from '../render/use-code';
import { judgeDrawn, withVerifiedFix } from './judge';
import { createScanChecker, isSuperseded, type ScanChecker } from './scan-check';

export interface ScanCheckState {
  /** Null until the first check of this page has finished. */
  readonly verdict: ScanVerdict | null;
  /** A newer drawing is being checked. */
  readonly checking: boolean;
  /** The readers could not run here (the verdict then rests on the colours alone). */
  readonly unavailable: boolean;
  /** The verdict is in, and a fix that passes is being looked for (drawn and decoded). */
  readonly findingFix: boolean;
}

const SETTLE_MS = 150;

/** The performance measure of each check's decoding, from the drawing sent to the results. */
export const SCAN_CHECK_MEASURE = 'qr-scan-check';

/**
 * A draft's live code and its scan check, as every screen that shows one needs them (the design
 * preview, the last step, My QR Codes' download): `id` names the drawing (see useCode).
 */
export function useCheckedCode(draft: QrDraft, id: string) {
  const code = useCode(draft, id);
  const check = useScanCheck(code, draft.design);
  return { code, check };
}

export function useScanCheck(code: CodeState, design: QrDesign): ScanCheckState {
  const checker = useRef<ScanChecker | null>(null);
  const [state, setState] = useState<{
    verdict: ScanVerdict | null;
    unavailable: boolean;
    /** The drawing the verdict is about. */
    checked: RenderedCode | null;
    findingFix: boolean;
  }>({ verdict: null, unavailable: false, checked: null, findingFix: false });
  // The drawing itself, not its SVG text: the text is made only when the check reads it, after
  // the pause, rather than on every change.
  const drawing = code.status === 'ready' ? code.code : null;
  const text = code.status === 'ready' ? code.text : null;

  useEffect(() => () => checker.current?.dispose(), []);

  useEffect(() => {
    if (drawing === null || text === null) return;
    let current = true;
    const advice = designAdvice(design);
    const timer = window.setTimeout(() => {
      checker.current ??= createScanChecker();
      // A fix is offered only once it has been drawn and decoded itself (judge.ts).
      const draw = async (fixed: QrDesign) =>
        renderCode(await renderDesign(fixed), text, 'scan-fix');
      const started = performance.now();
      const active = checker.current;
      judgeDrawn(active, design, drawing, text)
        .then((verdict) => {
          // The check itself, for the bench (scripts/bench/wizard.mjs).
          performance.measure(SCAN_CHECK_MEASURE, { start: started, end: performance.now() });
          if (!current) return;
          // The verdict shows at once; its fix follows once one has been drawn and decoded.
          const searching = verdict.status !== 'scans' && verdict.fixes.length > 0;
          setState({
            verdict: { ...verdict, fixes: [] },
            unavailable: false,
            checked: drawing,
            findingFix: searching,
          });
          if (!searching) return;
          return withVerifiedFix(active, design, verdict, draw, text)
            .catch((error: unknown) => {
              // A fix that cannot be tried (its drawing failed) is not offered.
              if (isSuperseded(error)) throw error;
              console.error(error);
              return { ...verdict, fixes: [] };
            })
            .then((fixed) => {
              if (current)
                setState({
                  verdict: fixed,
                  unavailable: false,
                  checked: drawing,
                  findingFix: false,
                });
            });
        })
        .catch((error: unknown) => {
          if (!current || isSuperseded(error)) return;
          console.error(error);
          setState({
            verdict: scanVerdict([], advice),
            unavailable: true,
            checked: drawing,
            findingFix: false,
          });
        });
    }, SETTLE_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
    // The drawing already follows every design change that matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [drawing, text]);

  return {
    verdict: state.verdict,
    unavailable: state.unavailable,
    findingFix: state.findingFix && drawing === state.checked,
    checking: drawing !== null && drawing !== state.checked,
  };
}
