import { describe, expect, it } from 'vitest';
import {
  BLACK,
  cornerCentres,
  cornerFrames,
  DARK_GOLD,
  defaultDesign,
  GOLD,
  GREEN,
  patterns,
  WHITE,
  type QrDesign,
} from './design';
import { contrastRatio } from './contrast';
import { designAdvice, type Advice } from './design-advice';
import { design, ids, plain } from './design-testing';

const byId = (advice: Advice[], id: string) => {
  const found = advice.find((a) => a.id === id);
  if (!found) throw new Error(`no advice ${id} in ${ids(advice).join(', ')}`);
  return found;
};
/** The design after a one-click fix. */
const applied = (d: QrDesign<unknown>, advice: Advice) => ({ ...d, ...advice.fix?.patch });

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

// The advice is a table of rules; this holds every design's advice to what the advice said before
// it became one (the snapshot was recorded from the former if-blocks), so a change to the table
// that changes any design's advice shows here. Every shape is crossed with colour sets that set
// off each rule: inverted, low contrast (a risk and a failure), transparent, gradients, a logo.
const colourSets: Record<string, Partial<QrDesign<unknown>>> = {
  default: {},
  plain: { patternGradient: false, cornerFrameColor: GREEN, cornerCentreColor: GREEN },
  logo: { logo: new Uint8Array() },
  'gold corners': { patternGradient: false, cornerFrameColor: GOLD, cornerCentreColor: GOLD },
  'grey risk': { patternColor1: '#858585', patternGradient: false, cornerCentreColor: '#858585' },
  'gold pattern gradient': { patternColor1: GOLD, patternColor2: BLACK },
  inverted: {
    patternColor1: WHITE,
    patternGradient: false,
    backgroundColor1: BLACK,
    cornerFrameColor: WHITE,
    cornerCentreColor: GOLD,
  },
  'corners the other way round': {
    patternColor1: BLACK,
    patternGradient: false,
    backgroundColor1: '#7A7A7A',
    cornerFrameColor: WHITE,
    cornerCentreColor: BLACK,
  },
  'light code, dark centres': {
    patternColor1: WHITE,
    patternGradient: false,
    backgroundColor1: '#7A7A7A',
    cornerFrameColor: WHITE,
    cornerCentreColor: BLACK,
  },
  transparent: { transparentBackground: true, backgroundColor1: BLACK, cornerFrameColor: GOLD },
  'gradient background': {
    backgroundGradient: true,
    backgroundColor1: WHITE,
    backgroundColor2: '#1A1A1A',
    cornerFrameColor: DARK_GOLD,
  },
  'brand gold on green, logo': {
    patternColor1: GOLD,
    patternColor2: GREEN,
    backgroundGradient: true,
    backgroundColor1: GREEN,
    backgroundColor2: GOLD,
    cornerFrameColor: GOLD,
    cornerCentreColor: GREEN,
    logo: new Uint8Array(),
  },
};

const designs = Object.entries(colourSets).flatMap(([colours, change]) =>
  patterns.flatMap(({ id: pattern }) =>
    cornerFrames.flatMap(({ id: cornerFrame }) =>
      cornerCentres.map(({ id: cornerCentre }) => ({
        name: `${colours} | ${pattern} | ${cornerFrame} | ${cornerCentre}`,
        design: { ...defaultDesign, ...change, pattern, cornerFrame, cornerCentre },
      })),
    ),
  ),
);

/** The same text for equal advice whatever the order its fields were written in. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

describe('design advice, every shape by colour set', () => {
  // 2,160 designs: well under a second alone, but the machine may be shared.
  it('gives the advice it gave before it became a table', { timeout: 30_000 }, () => {
    // Each distinct piece of advice in full once, then each design's advice as their numbers.
    const distinct = new Map<string, { number: number; advice: Advice }>();
    const number = (advice: Advice) => {
      const key = canonical(advice);
      if (!distinct.has(key)) distinct.set(key, { number: distinct.size, advice });
      return distinct.get(key)!.number;
    };
    const byDesign = designs.map(
      ({ name, design }) => `${name}: ${designAdvice(design).map(number).join(' ') || '-'}`,
    );
    expect(designs).toHaveLength(12 * 5 * 6 * 6);
    expect({ distinct: [...distinct.values()].map((d) => d.advice), byDesign }).toMatchSnapshot();
  });
});
