// The QR design options, the defaults, and the rules between options.
import { describe, expect, it } from 'vitest';
import {
  brandColors,
  cornerCentres,
  cornerFrames,
  defaultDesign,
  designRules,
  findChoice,
  frameId,
  frameLabelPositions,
  frameOutlines,
  frames,
  gradientStyles,
  isHexColor,
  patterns,
  type Choice,
  type QrDesign,
} from './design';

const unique = (choices: readonly Choice[]) => ({
  ids: new Set(choices.map((choice) => choice.id)).size,
  labels: new Set(choices.map((choice) => choice.label)).size,
});

/** A design with every option away from its default, to see what a rule leaves alone. */
const custom: QrDesign<string> = {
  frame: 'thick-bottom',
  frameText: 'Menu',
  pattern: 'dots',
  patternColor1: '#111111',
  patternGradient: true,
  patternColor2: '#222222',
  gradientStyle: 'radial',
  transparentBackground: false,
  backgroundGradient: true,
  backgroundColor1: '#333333',
  backgroundColor2: '#444444',
  cornerFrame: 'classy',
  cornerFrameColor: '#555555',
  cornerCentre: 'dot',
  cornerCentreColor: '#666666',
  logo: 'logo.png',
};

describe('the design options', () => {
  it('has 32 frames with unique ids and labels, the first being no frame at all', () => {
    expect(frames).toHaveLength(32);
    expect(unique(frames)).toEqual({ ids: 32, labels: 32 });
    expect(frames[0]).toMatchObject({
      id: 'none',
      label: 'No frame',
      outline: 'none',
      labelPosition: 'none',
    });
    expect(frames.filter((frame) => frame.label === 'No frame')).toHaveLength(1);
  });

  it('pairs every outline with every label position, in the order of the two lists', () => {
    const pairs = new Set(frames.map((frame) => `${frame.outline}/${frame.labelPosition}`));
    expect(pairs.size).toBe(frameOutlines.length * frameLabelPositions.length);
    expect(frames.map((frame) => [frame.outline, frame.labelPosition])).toEqual(
      frameOutlines.flatMap((outline) =>
        frameLabelPositions.map((position) => [outline.id, position.id]),
      ),
    );
    for (const frame of frames) expect(frame.label.trim()).not.toBe('');
  });

  // Ids are stored in drafts and saved codes: a name made of the outline's and the label
  // position's, never a place in the list, so a new outline or position renumbers nothing.
  it("names each frame by its outline and label position, leaving out 'none'", () => {
    const id = (outline: string, position: string) =>
      frames.find((frame) => frame.outline === outline && frame.labelPosition === position)?.id;
    expect(id('none', 'none')).toBe('none');
    expect(id('none', 'bottom')).toBe('bottom');
    expect(id('square', 'none')).toBe('square');
    expect(id('square', 'bottom')).toBe('square-bottom');
    expect(id('rounded', 'bottom-tab')).toBe('rounded-bottom-tab');
    expect(id('circle', 'top')).toBe('circle-top');
    for (const frame of frames) {
      expect(frame.id).toBe(frameId(frame.outline, frame.labelPosition));
      expect(frame.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
    }
  });

  it('names every other stored option by a name of its own, not by a place or a number', () => {
    for (const choices of [patterns, cornerFrames, cornerCentres, gradientStyles]) {
      for (const choice of choices) expect(choice.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
    }
  });

  it('has 5 patterns, 6 corner frames, 6 corner centres and 5 gradient styles', () => {
    expect(unique(patterns)).toEqual({ ids: 5, labels: 5 });
    expect(patterns).toHaveLength(5);
    expect(unique(cornerFrames)).toEqual({ ids: 6, labels: 6 });
    expect(cornerFrames).toHaveLength(6);
    expect(unique(cornerCentres)).toEqual({ ids: 6, labels: 6 });
    expect(cornerCentres).toHaveLength(6);
    expect(unique(gradientStyles)).toEqual({ ids: 5, labels: 5 });
    expect(gradientStyles).toHaveLength(5);
  });

  it('offers the five gradient styles, Inverse diagonal first', () => {
    expect(gradientStyles.map((style) => style.label)).toEqual([
      'Inverse diagonal',
      'Diagonal',
      'Vertical',
      'Horizontal',
      'Radial',
    ]);
  });

  it('gives each gradient style its whole meaning in its entry: shape and direction', () => {
    expect(gradientStyles.filter((style) => style.shape === 'radial').map((s) => s.id)).toEqual([
      'radial',
    ]);
    expect(Object.fromEntries(gradientStyles.map((style) => [style.id, style.rotation]))).toEqual({
      horizontal: 0,
      vertical: Math.PI / 2,
      diagonal: Math.PI / 4,
      'inverse-diagonal': -Math.PI / 4,
      radial: 0,
    });
  });
});

describe('defaultDesign', () => {
  it('has the gradient on, in the Inverse diagonal style', () => {
    expect(defaultDesign.patternGradient).toBe(true);
    expect(findChoice(gradientStyles, defaultDesign.gradientStyle)?.label).toBe('Inverse diagonal');
  });

  // Not the brand's gold dots on green: light on dark with gold corners does not scan. Dark on
  // light instead, from the brand's palette, with gold and green kept as swatches.
  it('has dark brand colours on white, so the first code scans', () => {
    expect(defaultDesign).toMatchObject({
      patternColor1: '#002D17',
      patternColor2: '#6B5210',
      backgroundColor1: '#FFFFFF',
      backgroundColor2: '#F6EBC8',
      cornerFrameColor: '#002D17',
      cornerCentreColor: '#002D17',
    });
  });

  it("keeps the brand's gold and green among the offered colours", () => {
    expect(brandColors.map((color) => color.id)).toEqual(
      expect.arrayContaining(['#CA9D20', '#002D17']),
    );
  });

  it('starts with no frame, no logo, and neither a transparent nor a gradient background', () => {
    expect(defaultDesign).toMatchObject({
      frame: 'none',
      transparentBackground: false,
      backgroundGradient: false,
      logo: null,
    });
  });

  it('chooses only options that exist, and valid colours', () => {
    expect(findChoice(frames, defaultDesign.frame)).toBeDefined();
    expect(findChoice(patterns, defaultDesign.pattern)).toBeDefined();
    expect(findChoice(cornerFrames, defaultDesign.cornerFrame)).toBeDefined();
    expect(findChoice(cornerCentres, defaultDesign.cornerCentre)).toBeDefined();
    for (const key of [
      'patternColor1',
      'patternColor2',
      'backgroundColor1',
      'backgroundColor2',
      'cornerFrameColor',
      'cornerCentreColor',
    ] as const) {
      expect(isHexColor(defaultDesign[key]), key).toBe(true);
    }
  });
});

describe('designRules: the rules between options', () => {
  /** Applies a rule to a frozen copy: a rule that mutates its input throws. */
  const apply = (
    rule: (design: QrDesign<string>) => QrDesign<string>,
    design: QrDesign<string>,
  ) => {
    const input = Object.freeze({ ...design });
    const output = rule(input);
    expect(output).not.toBe(input);
    expect(input).toEqual(design);
    return output;
  };

  describe('setPatternGradient', () => {
    it('off turns the gradient off and resets the style to Inverse diagonal', () => {
      const next = apply(designRules.setPatternGradient(false), custom);
      expect(next).toEqual({
        ...custom,
        patternGradient: false,
        gradientStyle: 'inverse-diagonal',
      });
    });

    it('on keeps the chosen style', () => {
      const off = { ...custom, patternGradient: false };
      expect(apply(designRules.setPatternGradient(true), off)).toEqual({
        ...custom,
        patternGradient: true,
        gradientStyle: 'radial',
      });
      expect(apply(designRules.setPatternGradient(true), custom)).toEqual(custom);
    });
  });

  describe('setTransparentBackground', () => {
    it('on turns the gradient background off', () => {
      expect(apply(designRules.setTransparentBackground(true), custom)).toEqual({
        ...custom,
        transparentBackground: true,
        backgroundGradient: false,
      });
    });

    it('off leaves the gradient background as it is', () => {
      const transparent = { ...custom, transparentBackground: true, backgroundGradient: false };
      expect(apply(designRules.setTransparentBackground(false), transparent)).toEqual({
        ...transparent,
        transparentBackground: false,
      });
      expect(apply(designRules.setTransparentBackground(false), custom)).toEqual(custom);
    });
  });

  describe('setBackgroundGradient', () => {
    it('on turns transparent off', () => {
      const transparent = { ...custom, transparentBackground: true, backgroundGradient: false };
      expect(apply(designRules.setBackgroundGradient(true), transparent)).toEqual({
        ...custom,
        transparentBackground: false,
        backgroundGradient: true,
      });
    });

    it('off leaves transparent as it is', () => {
      const transparent = { ...custom, transparentBackground: true, backgroundGradient: false };
      expect(apply(designRules.setBackgroundGradient(false), transparent)).toEqual(transparent);
      expect(apply(designRules.setBackgroundGradient(false), custom)).toEqual({
        ...custom,
        backgroundGradient: false,
        transparentBackground: false,
      });
    });

    it('never leaves both on, whatever the order', () => {
      const both = [
        designRules.setTransparentBackground<string>(true),
        designRules.setBackgroundGradient<string>(true),
      ];
      for (const [first, second] of [both, [...both].reverse()]) {
        const next = second(first(custom));
        expect(next.transparentBackground && next.backgroundGradient).toBe(false);
      }
    });
  });

  describe('swaps', () => {
    it('exchange the pattern colours, and nothing else', () => {
      const next = apply(designRules.swapPatternColors(), custom);
      expect(next).toEqual({ ...custom, patternColor1: '#222222', patternColor2: '#111111' });
      expect(apply(designRules.swapPatternColors(), next)).toEqual(custom);
    });

    it('exchange the background colours, and nothing else', () => {
      const next = apply(designRules.swapBackgroundColors(), custom);
      expect(next).toEqual({
        ...custom,
        backgroundColor1: '#444444',
        backgroundColor2: '#333333',
      });
      expect(apply(designRules.swapBackgroundColors(), next)).toEqual(custom);
    });

    it('swap the defaults into each other', () => {
      const next = designRules.swapPatternColors<File>()(defaultDesign);
      expect(next.patternColor1).toBe(defaultDesign.patternColor2);
      expect(next.patternColor2).toBe(defaultDesign.patternColor1);
      expect(defaultDesign.patternColor1).not.toBe(defaultDesign.patternColor2);
    });
  });
});

describe('isHexColor', () => {
  it.each(['#CA9D20', '#002d17', '#000000', '#FFFFFF'])('accepts %s', (value) => {
    expect(isHexColor(value)).toBe(true);
  });

  it.each(['CA9D20', '#CA9D2', '#CA9D200', '#GGGGGG', 'red', '', ' #CA9D20', null, 123])(
    'refuses %j',
    (value) => {
      expect(isHexColor(value)).toBe(false);
    },
  );
});

describe('findChoice', () => {
  it('finds by id and nothing else', () => {
    expect(findChoice(patterns, 'dots')?.label).toBe('Dots');
    expect(findChoice(patterns, 'Dots')).toBeUndefined();
    expect(findChoice(patterns, undefined)).toBeUndefined();
    expect(findChoice(frames, 'frame-32')).toBeUndefined();
    // A former id is not an id: design-migration.ts reads it as the current one.
    expect(findChoice(frames, 'frame-0')).toBeUndefined();
  });
});
