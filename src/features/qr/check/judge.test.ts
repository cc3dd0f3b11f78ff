import { describe, expect, it } from 'vitest';
import { defaultDesign, type QrDesign } from '../../../domain/qr/design';
import type { ScanCaseResult, ScanVerdict } from '../../../domain/qr/scan-verdict';
import type { RenderResult } from '../render/render-code';
import { withVerifiedFix } from './judge';
import type { ScanChecker } from './scan-check';

type Design = QrDesign<string>;
const base: Design = { ...defaultDesign, patternGradient: false, logo: null };

/**
 * A stand-in for drawing and decoding: the "svg" is the design itself, and `reads` says whether
 * both readers decode it under every condition.
 */
function fakes(reads: (design: Design) => boolean) {
  const tried: Design[] = [];
  const checker: ScanChecker = {
    check: async (svg) => {
      const design = JSON.parse(svg) as Design;
      tried.push(design);
      const ok = reads(design);
      return (['preview', 'small', 'tilted'] as const).map((name): ScanCaseResult => ({
        name,
        zxing: true,
        zbar: name === 'preview' || ok,
      }));
    },
    dispose: () => {},
  };
  const draw = async (design: Design): Promise<RenderResult> => ({
    ok: true,
    code: { svg: JSON.stringify(design), modules: 33 } as never,
  });
  return { checker, draw, tried };
}

const risky = (fixes: ScanVerdict['fixes']): ScanVerdict => ({
  status: 'risky',
  label: 'Risky',
  reason: 'ZBar cannot read it seen at an angle.',
  fixes,
});
const frames = {
  label: 'Use extra-rounded corner frames',
  patch: { cornerFrame: 'extra-rounded' },
} as const;
const logo = { label: 'Remove the logo', patch: { logo: null } } as const;

describe('verified fixes', () => {
  it('offers the first fix that, drawn and decoded, scans', async () => {
    const { checker, draw, tried } = fakes((d) => d.logo === null);
    const design = { ...base, cornerFrame: 'dot', logo: 'data:logo' } as Design;
    const verdict = await withVerifiedFix(checker, design, risky([frames, logo]), draw, 'x');
    expect(verdict.fixes).toEqual([logo]);
    // The frames alone were tried first and did not pass.
    expect(tried.map((d) => [d.cornerFrame, d.logo])).toEqual([
      ['extra-rounded', 'data:logo'],
      ['dot', null],
    ]);
  });

  it('offers all of them at once when no single one is enough', async () => {
    const { checker, draw } = fakes((d) => d.logo === null && d.cornerFrame !== 'dot');
    const design = { ...base, cornerFrame: 'dot', logo: 'data:logo' } as Design;
    const verdict = await withVerifiedFix(checker, design, risky([frames, logo]), draw, 'x');
    expect(verdict.fixes.map((f) => f.label)).toEqual([
      'Use extra-rounded corner frames and remove the logo',
    ]);
  });

  it('falls back on square shapes, and offers nothing that does not pass', async () => {
    const squares = fakes((d) => d.pattern === 'square' && d.cornerFrame === 'square');
    const design = { ...base, pattern: 'dots', cornerFrame: 'dot' } as Design;
    const verdict = await withVerifiedFix(
      squares.checker,
      design,
      risky([frames]),
      squares.draw,
      'x',
    );
    expect(verdict.fixes.map((f) => f.label)).toEqual(['Use square shapes']);
    const never = fakes(() => false);
    const none = await withVerifiedFix(never.checker, design, risky([frames]), never.draw, 'x');
    expect(none.fixes).toEqual([]);
    expect(none.status).toBe('risky');
  });

  it('tries nothing for a code that scans', async () => {
    const { checker, draw, tried } = fakes(() => true);
    const scans: ScanVerdict = { status: 'scans', label: 'Scans', reason: '', fixes: [] };
    expect(await withVerifiedFix(checker, base, scans, draw, 'x')).toBe(scans);
    expect(tried).toEqual([]);
  });
});
