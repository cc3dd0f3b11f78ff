// The generator's own renderer and scan check, alone on a page, for tests/qr-render.spec.ts: the
// spec drives hundreds of designs through exactly the code the design page runs (renderCode, the
// worker with ZXing and ZBar, the verdict and its verified fix), without clicking through the wizard for each one.
// Built by `npm run build:harness` (tests/harness/vite.config.ts) into .harness/.
import type { QrDesign } from '../../src/domain/qr/design';
import { designAdvice } from '../../src/domain/qr/design-advice';
import { scanVerdict, type ScanCaseResult } from '../../src/domain/qr/scan-verdict';
import { codeBox } from '../../src/features/qr/check/code-box';
import { withVerifiedFix } from '../../src/features/qr/check/judge';
import { createScanChecker, type ScanChecker } from '../../src/features/qr/check/scan-check';
import { renderCode } from '../../src/features/qr/render/render-code';

const checker = createScanChecker();

/** A logo as people upload them: a square picture with a mark and a letter, as a data: URL. */
function sampleLogo(color: string): string {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 240;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, 240, 240);
  context.fillStyle = color;
  context.beginPath();
  context.arc(120, 120, 100, 0, Math.PI * 2);
  context.fill();
  context.fillStyle = '#ffffff';
  context.font = 'bold 140px sans-serif';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText('K', 120, 128);
  return canvas.toDataURL('image/png');
}

/** A design the verdict drew while looking for a fix, and what the readers made of it. */
interface Tried {
  readonly design: string;
  readonly svg: string;
  readonly modules: number;
  results?: ScanCaseResult[];
}

/**
 * The verdict's status on `design` from its own drawing and decoding among those `tried`; 'not
 * drawn' when it was never drawn and decoded.
 */
function statusAmong(tried: readonly Tried[], design: QrDesign<string>) {
  const drawn = tried.find((entry) => entry.design === JSON.stringify(design));
  return drawn?.results
    ? scanVerdict(drawn.results, designAdvice(design), drawn.modules).status
    : ('not drawn' as const);
}

async function check(design: QrDesign<string>, text: string) {
  const rendered = await renderCode(design, text, 'harness');
  if (!rendered.ok) return { ok: false as const, message: rendered.message };
  const started = performance.now();
  const results = await checker.check(rendered.code.svg, text, {
    transparent: design.transparentBackground,
    codeBox: codeBox(design),
  });
  const checkMs = performance.now() - started;
  const first = scanVerdict(results, designAdvice(design), rendered.code.modules);
  // Each candidate fix the verdict draws and decodes is kept, so that the fix it offers can be
  // judged here again from its own drawing and decoding (the design patched as a click on the
  // fix patches it) rather than drawn and decoded a second time.
  const tried: Tried[] = [];
  const draw = async (fixed: QrDesign<string>) => {
    const drawn = await renderCode(fixed, text, 'harness-fix');
    if (drawn.ok) {
      const { svg, modules } = drawn.code;
      tried.push({ design: JSON.stringify(fixed), svg, modules });
    }
    return drawn;
  };
  const recording: ScanChecker = {
    async check(svg, expected, options) {
      const decoded = await checker.check(svg, expected, options);
      for (const entry of tried) if (entry.svg === svg) entry.results = decoded;
      return decoded;
    },
    dispose: () => checker.dispose(),
  };
  const verdict = await withVerifiedFix(recording, design, first, draw, text);
  const offered = verdict.fixes[0];
  return {
    ok: true as const,
    results,
    checkMs,
    status: verdict.status,
    reason: verdict.reason,
    fixes: verdict.fixes,
    /** The fixes the verdict would offer before any was tried. */
    candidateFixes: first.fixes,
    /** The status of the design with the offered fix applied (statusAmong). */
    fixedStatus: offered
      ? statusAmong(tried, { ...design, ...offered.patch } as QrDesign<string>)
      : undefined,
    modules: rendered.code.modules,
    svg: rendered.code.svg,
  };
}

const harness = { check, render: renderCode, sampleLogo };
export type Harness = typeof harness;
(window as unknown as { qrHarness: Harness }).qrHarness = harness;
document.body.dataset.ready = 'true';
