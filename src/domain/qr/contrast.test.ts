import { describe, expect, it } from 'vitest';
import { contrastRatio, relativeLuminance } from './contrast';
import { GOLD, GREEN } from './design';

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
