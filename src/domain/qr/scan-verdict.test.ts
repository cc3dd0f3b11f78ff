import { describe, expect, it } from 'vitest';
import { defaultDesign, GOLD, GREEN, type QrDesign } from './design';
import {
  combinedFix,
  contrastRatio,
  designAdvice,
  printSizeAdvice,
  relativeLuminance,
  safeShapes,
  safeShapesFix,
  scanVerdict,
  type Advice,
  type ScanCaseResult,
} from './scan-verdict';

/** Dark green square dots and corners on plain white: the design that should just scan. */
const plain: QrDesign<null> = {
  ...defaultDesign,
  patternColor1: GREEN,
  patternGradient: false,
  patternColor2: GREEN,
  backgroundColor1: '#FFFFFF',
  backgroundColor2: '#FFFFFF',
  cornerFrameColor: GREEN,
  cornerCentreColor: GREEN,
  logo: null,
};
const design = (change: Partial<QrDesign<unknown>>): QrDesign<unknown> => ({ ...plain, ...change });
const ids = (advice: Advice[]) => advice.map((a) => a.id);
const byId = (advice: Advice[], id: string) => {
  const found = advice.find((a) => a.id === id);
  if (!found) throw new Error(`no advice ${id} in ${ids(advice).join(', ')}`);
  return found;
};
/** The design after a one-click fix. */
const applied = (d: QrDesign<unknown>, advice: Advice) => ({ ...d, ...advice.fix?.patch });

describe('colour maths', () => {
  it('gives WCAG relative luminance', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBeCloseTo(1, 10);
    expect(relativeLuminance('#fff')).toBeCloseTo(1, 10);
    // Reference values (WebAIM contrast checker).
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2159, 4);
    expect(relativeLuminance('#FF0000')).toBeCloseTo(0.2126, 4);
    expect(relativeLuminance(GOLD)).toBeCloseTo(0.3677, 3);
    expect(relativeLuminance(GREEN)).toBeCloseTo(0.0193, 3);
  });

  it('gives WCAG contrast ratios, in either order', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 10);
    expect(contrastRatio('#FFFFFF', '#000000')).toBeCloseTo(21, 10);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    expect(contrastRatio('#767676', '#FFFFFF')).toBeCloseTo(4.54, 2);
    expect(contrastRatio(GOLD, '#FFFFFF')).toBeCloseTo(2.51, 2);
    expect(contrastRatio(GREEN, '#FFFFFF')).toBeCloseTo(15.14, 1);
    expect(contrastRatio(GREEN, GOLD)).toBeCloseTo(6.03, 1);
  });
});

describe('design advice', () => {
  it('has nothing to say about dark green on white', () => {
    expect(designAdvice(plain)).toEqual([]);
    expect(designAdvice(design({ patternColor1: '#000000', cornerFrameColor: '#000' }))).toEqual(
      [],
    );
  });

  it('fails a pattern too light for its background, and darkens it', () => {
    const d = design({ patternColor1: GOLD });
    const advice = byId(designAdvice(d), 'pattern-contrast');
    expect(advice.severity).toBe('fail');
    expect(advice.reason).toMatch(/#CA9D20.*too close to the background.*2\.5:1/);
    expect(advice.fix).toEqual({ label: 'Darken the pattern', patch: { patternColor1: GREEN } });
    expect(ids(designAdvice(applied(d, advice)))).not.toContain('pattern-contrast');
  });

  it('darkens with black where the brand green does not contrast enough', () => {
    // Mid grey background: green reaches only 3.9:1, black 5.3:1.
    const d = design({ backgroundColor1: '#888888', patternColor1: '#666666' });
    const advice = byId(designAdvice(d), 'pattern-contrast');
    expect(advice.fix?.patch).toEqual({ patternColor1: '#000000' });
  });

  it('calls weak but workable contrast a risk', () => {
    // #767676 on white is 4.5:1 exactly at the edge; #858585 is 3.7:1.
    const advice = byId(designAdvice(design({ patternColor1: '#858585' })), 'pattern-contrast');
    expect(advice.severity).toBe('risk');
    expect(designAdvice(design({ patternColor1: '#767676' }))).toEqual([]);
  });

  it('fails a dark colour lighter than mid grey even above 3:1', () => {
    // #8A8A8A on white: 3.45:1, but luminance 0.254.
    expect(contrastRatio('#8A8A8A', '#FFFFFF')).toBeGreaterThan(3);
    const advice = byId(designAdvice(design({ patternColor1: '#8A8A8A' })), 'pattern-contrast');
    expect(advice.severity).toBe('fail');
  });

  it('judges each colour of a pattern gradient and keeps the one that reads', () => {
    const d = design({ patternGradient: true, patternColor1: GOLD, patternColor2: '#000000' });
    const advice = byId(designAdvice(d), 'pattern-contrast');
    expect(advice.severity).toBe('fail');
    expect(advice.fix?.patch).toEqual({ patternColor1: GREEN, patternColor2: '#000000' });
  });

  it('turns a gradient of one colour off', () => {
    const d = design({ patternGradient: true, patternColor1: GOLD, patternColor2: GREEN });
    const advice = byId(designAdvice(d), 'pattern-contrast');
    expect(advice.fix?.patch).toEqual({
      patternColor1: GREEN,
      patternGradient: false,
      gradientStyle: defaultDesign.gradientStyle,
    });
  });

  it('judges each colour of a background gradient', () => {
    const d = design({
      backgroundGradient: true,
      backgroundColor1: '#FFFFFF',
      backgroundColor2: '#1A1A1A',
    });
    expect(byId(designAdvice(d), 'pattern-contrast').severity).toBe('fail');
    expect(byId(designAdvice(d), 'pattern-contrast').reason).toMatch(/background gradient/);
  });

  it('fails gold corner frames beside dark dots on white, and uses the pattern colour', () => {
    const d = design({ cornerFrameColor: GOLD });
    const advice = byId(designAdvice(d), 'corner-frame-contrast');
    expect(advice.severity).toBe('fail');
    expect(advice.reason).toMatch(/Corner frames \(#CA9D20\) are too light/);
    expect(advice.fix).toEqual({
      label: 'Use the pattern colour for the corners',
      patch: { cornerFrameColor: GREEN },
    });
    expect(designAdvice(applied(d, advice))).toEqual([]);
  });

  it('fails gold corner centres likewise', () => {
    const d = design({ cornerCentreColor: GOLD });
    const advice = byId(designAdvice(d), 'corner-centre-contrast');
    expect(advice.severity).toBe('fail');
    expect(advice.fix).toEqual({
      label: 'Use the pattern colour for the corner centres',
      patch: { cornerCentreColor: GREEN },
    });
  });

  it('darkens corners when the pattern colour does not read either', () => {
    const d = design({ patternColor1: GOLD, cornerFrameColor: GOLD });
    const advice = byId(designAdvice(d), 'corner-frame-contrast');
    expect(advice.fix).toEqual({ label: 'Darken the corners', patch: { cornerFrameColor: GREEN } });
  });

  it('fails corners drawn the other way round from the dots', () => {
    // White corners on mid grey (4.3:1) with black dots (4.9:1): contrast alone would be a
    // risk at most, but the corners are light where the dots are dark.
    const d = design({
      backgroundColor1: '#7A7A7A',
      patternColor1: '#000000',
      cornerFrameColor: '#FFFFFF',
      cornerCentreColor: '#000000',
    });
    const advice = byId(designAdvice(d), 'corner-frame-polarity');
    expect(advice.severity).toBe('fail');
    expect(advice.reason).toMatch(/lighter than the background while the pattern is darker/);
    expect(advice.fix).toEqual({
      label: 'Use the pattern colour for the corners',
      patch: { cornerFrameColor: '#000000' },
    });
  });

  it('flags light-on-dark codes as a risk, with a dark-on-light fix', () => {
    const d = design({
      patternColor1: '#FFFFFF',
      backgroundColor1: '#000000',
      cornerFrameColor: '#FFFFFF',
      cornerCentreColor: '#FFFFFF',
    });
    const advice = designAdvice(d);
    expect(ids(advice)).toEqual(['inverted']);
    const inverted = byId(advice, 'inverted');
    expect(inverted.severity).toBe('risk');
    expect(inverted.reason).toMatch(/Many phone readers fail light-on-dark codes/);
    expect(inverted.fix?.patch).toMatchObject({
      patternColor1: '#000000',
      backgroundColor1: '#FFFFFF',
      cornerFrameColor: '#000000',
      cornerCentreColor: '#000000',
    });
    expect(designAdvice(applied(d, inverted))).toEqual([]);
  });

  it('sends the brand’s gold-on-green design to dark green on white', () => {
    const spec = design({
      patternColor1: GOLD,
      patternGradient: true,
      patternColor2: GREEN,
      backgroundColor1: GREEN,
      backgroundColor2: GOLD,
      cornerFrameColor: GOLD,
      cornerCentreColor: GREEN,
    });
    const advice = designAdvice(spec);
    expect(ids(advice)).toEqual(['pattern-contrast', 'corner-centre-contrast', 'inverted']);
    const pattern = byId(advice, 'pattern-contrast');
    expect(pattern.severity).toBe('fail');
    // Dark dots would vanish into the dark background: the fix turns the code round.
    expect(pattern.fix?.label).toBe('Use dark dots on a white background');
    const fixed = applied(spec, pattern);
    expect(fixed).toMatchObject({
      patternColor1: GREEN,
      patternGradient: false,
      backgroundColor1: '#FFFFFF',
      cornerFrameColor: GREEN,
      cornerCentreColor: GREEN,
    });
    expect(designAdvice(fixed)).toEqual([]);
  });

  it('warns that a transparent code needs a light surface', () => {
    const d = design({ transparentBackground: true, backgroundColor1: '#000000' });
    const advice = designAdvice(d);
    // Judged on white: the dark background colour underneath does not count.
    expect(ids(advice)).toEqual(['transparent']);
    expect(advice[0].severity).toBe('risk');
    expect(advice[0].reason).toMatch(/only scan on a light surface/);
    expect(advice[0].fix?.patch).toMatchObject({
      transparentBackground: false,
      backgroundColor1: '#FFFFFF',
    });
  });

  it('notes circle frames, dots, round centres and logos only as causes of a failed read', () => {
    const advice = designAdvice(
      design({ pattern: 'dots', cornerFrame: 'dot', cornerCentre: 'dot', logo: new Uint8Array() }),
    );
    // The likeliest cause first: ZBar misses circle corner frames at an angle in every design.
    expect(ids(advice)).toEqual([
      'circle-corner-frames',
      'dots-pattern',
      'dot-corner-centre',
      'logo',
    ]);
    expect(advice.every((a) => a.onlyIfUnread && a.severity === 'risk')).toBe(true);
    expect(byId(advice, 'circle-corner-frames').fix).toEqual({
      label: 'Use extra-rounded corner frames',
      patch: { cornerFrame: 'extra-rounded' },
    });
    expect(byId(advice, 'circle-corner-frames').reason).toMatch(
      /^Circle corner frames are the weak part/,
    );
    expect(byId(advice, 'dots-pattern').fix?.patch).toEqual({ pattern: 'rounded' });
    expect(byId(advice, 'logo').fix?.patch).toEqual({ logo: null });
    expect(
      ids(designAdvice(design({ cornerFrame: 'extra-rounded', cornerCentre: 'square' }))),
    ).toEqual(['extra-rounded-corner-frames']);
  });

  it('no longer blames corners that mix round and square shapes (only jsQR missed those)', () => {
    expect(ids(designAdvice(design({ cornerFrame: 'square', cornerCentre: 'classy' })))).toEqual(
      [],
    );
    expect(ids(designAdvice(design({ cornerFrame: 'rounded', cornerCentre: 'dot' })))).toEqual([
      'dot-corner-centre',
    ]);
  });
});

describe('safe shapes', () => {
  it('keeps the default design inside the measured safe set', () => {
    expect(safeShapes.patterns).toContain(defaultDesign.pattern);
    expect(safeShapes.cornerFrames).toContain(defaultDesign.cornerFrame);
    expect(safeShapes.cornerCentres).toContain(defaultDesign.cornerCentre);
  });

  it('leaves out circle corner frames, which the advice names as the weak part', () => {
    expect(safeShapes.cornerFrames).not.toContain('dot');
    expect(ids(designAdvice(design({ cornerFrame: 'dot' })))).toContain('circle-corner-frames');
  });
});

describe('combined fixes', () => {
  const frames = {
    label: 'Use extra-rounded corner frames',
    patch: { cornerFrame: 'extra-rounded' },
  };
  const logo = { label: 'Remove the logo', patch: { logo: null } };
  const dark = { label: 'Darken the pattern', patch: { patternColor1: GREEN } };

  it('applies every fix at once, the first winning where two change one option', () => {
    expect(combinedFix([frames, logo, dark] as never)).toEqual({
      label: 'Use extra-rounded corner frames, remove the logo and darken the pattern',
      patch: { cornerFrame: 'extra-rounded', logo: null, patternColor1: GREEN },
    });
    const other = { label: 'Use square corner frames', patch: { cornerFrame: 'square' } };
    expect(combinedFix([frames, other] as never).patch).toEqual({ cornerFrame: 'extra-rounded' });
  });

  it('falls back on square shapes without the logo, keeping colour fixes', () => {
    expect(safeShapesFix(design({ logo: new Uint8Array() }), [frames, dark] as never)).toEqual({
      label: 'Darken the pattern and use square shapes without the logo',
      patch: {
        patternColor1: GREEN,
        pattern: 'square',
        cornerFrame: 'square',
        cornerCentre: 'square',
        logo: null,
      },
    });
    expect(safeShapesFix(plain, []).label).toBe('Use square shapes');
  });
});

describe('scan verdict', () => {
  const read = (name: ScanCaseResult['name'], zbar = true, zxing = true): ScanCaseResult => ({
    name,
    zbar,
    zxing,
  });
  const allRead = [read('preview'), read('small'), read('small-blurred')];
  const fail: Advice = {
    id: 'f',
    severity: 'fail',
    reason: 'Bad colours.',
    fix: { label: 'Fix F', patch: {} },
  };
  const risk: Advice = {
    id: 'r',
    severity: 'risk',
    reason: 'Risky colours.',
    fix: { label: 'Fix R', patch: {} },
  };
  const cause: Advice = {
    id: 'c',
    severity: 'risk',
    onlyIfUnread: true,
    reason: 'Round dots.',
    fix: { label: 'Fix C', patch: {} },
  };

  it('scans when every condition reads and nothing is advised', () => {
    const verdict = scanVerdict(allRead, []);
    expect(verdict).toEqual({
      status: 'scans',
      label: 'Scans',
      reason:
        'Both families of reader (ZXing and ZBar) decode it at full size, printed small ' +
        '(about 2 cm across) and small and slightly out of focus.',
      fixes: [],
    });
  });

  it('ignores notes that only explain failures when nothing failed', () => {
    expect(scanVerdict(allRead, [cause]).status).toBe('scans');
  });

  it('may not scan when either reader misses the preview, naming it', () => {
    const verdict = scanVerdict([read('preview', true, false), read('small')], []);
    expect(verdict.status).toBe('may-not-scan');
    expect(verdict.label).toBe('May not scan');
    expect(verdict.reason).toBe(
      'ZXing (the reader of many Android scanners and Chrome) cannot read it at full size.',
    );
    const both = scanVerdict([read('preview', false, false)], []);
    expect(both.reason).toBe('Neither ZXing nor ZBar can read it at full size.');
  });

  it('may not scan on a failing colour rule even when the readers manage', () => {
    const verdict = scanVerdict(allRead, [fail, risk]);
    expect(verdict.status).toBe('may-not-scan');
    expect(verdict.reason).toBe('Bad colours. Risky colours.');
    expect(verdict.fixes.map((f) => f.label)).toEqual(['Fix F', 'Fix R']);
  });

  it('is risky when only a harder condition fails', () => {
    const verdict = scanVerdict(
      [
        read('preview'),
        read('small', false, true),
        read('small-blurred'),
        read('on-black', false, false),
      ],
      [],
    );
    expect(verdict.status).toBe('risky');
    expect(verdict.label).toBe('Risky');
    expect(verdict.reason).toBe(
      'It scans at full size. Neither ZXing nor ZBar can read it on a dark surface. ZBar (the ' +
        'reader inside many scanner apps) cannot read it printed small (about 2 cm across).',
    );
  });

  it('gives a print size to keep to when only the small code is unread', () => {
    const small = [read('preview'), read('small'), read('small-blurred', false, true)];
    // A vCard of 69 modules: 77 with the quiet zone, 0.5 mm each → 3.85 cm, rounded up to 4.
    expect(scanVerdict(small, [], 69).reason).toBe(
      'It scans at full size. ZBar (the reader inside many scanner apps) cannot read it small ' +
        'and slightly out of focus. Print the code at least 4 cm across (its 69 modules then ' +
        'measure 0.5 mm or more each), or shorten the content.',
    );
    // Unreliable at 2 cm: never less than 2.5 cm, even for a few modules.
    expect(printSizeAdvice(25)).toMatch(/^Print the code at least 2.5 cm across/);
    expect(printSizeAdvice(49)).toMatch(/^Print the code at least 3 cm across/);
    // Unread on black only: size is not the cure.
    expect(
      scanVerdict([read('preview'), read('on-black', false, true)], [], 69).reason,
    ).not.toMatch(/Print/);
  });

  it('is risky on a risk advice alone', () => {
    const verdict = scanVerdict(allRead, [risk]);
    expect(verdict).toMatchObject({ status: 'risky', reason: 'Risky colours.' });
    expect(verdict.fixes).toEqual([risk.fix]);
  });

  it('gives the likely cause and its fix once a read fails', () => {
    const verdict = scanVerdict([read('preview', false, true)], [cause]);
    expect(verdict.status).toBe('may-not-scan');
    expect(verdict.reason).toMatch(/cannot read it at full size\. Round dots\.$/);
    expect(verdict.fixes).toEqual([cause.fix]);
    expect(scanVerdict([read('preview'), read('small', true, false)], [cause]).fixes).toEqual([
      cause.fix,
    ]);
  });

  it('puts "may not scan" before "risky"', () => {
    expect(scanVerdict([read('preview', false), read('small', false)], [risk]).status).toBe(
      'may-not-scan',
    );
    expect(scanVerdict([read('preview'), read('small', false)], [risk]).status).toBe('risky');
  });

  it('lists each fix once', () => {
    const again: Advice = { ...fail, id: 'f2', reason: 'Also bad.' };
    expect(scanVerdict(allRead, [fail, again]).fixes).toEqual([fail.fix]);
  });

  it('names each reader once, with every condition it missed', () => {
    const verdict = scanVerdict(
      [read('preview'), read('small', false), read('tilted', false), read('jpeg', true, false)],
      [],
    );
    expect(verdict.reason).toBe(
      'It scans at full size. ZBar (the reader inside many scanner apps) cannot read it printed ' +
        'small (about 2 cm across) or seen at an angle. ZXing (the reader of many Android ' +
        'scanners and Chrome) cannot read it in a compressed (JPEG) photo.',
    );
  });

  it('passes only when both lineages read every condition, the angle and JPEG included', () => {
    const all = (['preview', 'small', 'small-blurred', 'tilted', 'jpeg'] as const).map((name) =>
      read(name),
    );
    expect(scanVerdict(all, []).status).toBe('scans');
    expect(scanVerdict([...all.slice(0, 3), read('tilted', false), all[4]!], []).status).toBe(
      'risky',
    );
    expect(scanVerdict([...all.slice(0, 4), read('jpeg', true, false)], []).status).toBe('risky');
  });

  it('decides on the advice alone before any decoding', () => {
    expect(scanVerdict([], []).status).toBe('scans');
    expect(scanVerdict([], [risk]).status).toBe('risky');
    expect(scanVerdict([], [cause]).status).toBe('scans');
  });
});
