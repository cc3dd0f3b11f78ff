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
import { designAdvice, type Advice } from './scan-verdict';

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
  it('gives the advice it gave before it became a table', () => {
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
