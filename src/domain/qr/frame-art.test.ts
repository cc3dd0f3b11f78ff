import { describe, expect, it } from 'vitest';
import { defaultDesign, frames } from './design';
import { frameArt } from './frame-art';

const SIDE = 290;
const design = { ...defaultDesign, logo: null };
const art = (changes: Partial<typeof design>) => frameArt({ ...design, ...changes }, SIDE, 'p');

describe('frameArt', () => {
  it('with no frame is the code box alone, on its background', () => {
    const plain = art({ frame: 'none' });
    expect(plain).toMatchObject({ width: SIDE, height: SIDE, code: { x: 0, y: 0, side: SIDE } });
    expect(plain.under).toBe(`<rect width="${SIDE}" height="${SIDE}" rx="0" fill="#FFFFFF"/>`);
    expect(plain.over).toBe('');
  });

  it.each(frames.map((frame) => [frame.label, frame] as const))(
    '%s keeps the code box whole and inside the picture',
    (_, frame) => {
      const { width, height, code, over } = art({ frame: frame.id });
      expect(code.side).toBe(SIDE);
      expect(code.x).toBeGreaterThanOrEqual(0);
      expect(code.y).toBeGreaterThanOrEqual(0);
      expect(code.x + code.side).toBeLessThanOrEqual(width);
      expect(code.y + code.side).toBeLessThanOrEqual(height);
      expect(over.includes('Scan me')).toBe(frame.labelPosition !== 'none');
      expect(art({ frame: frame.id, frameText: '  Scan me ' }).label).toBe(
        frame.labelPosition === 'none' ? '' : 'Scan me',
      );
      expect(over === '').toBe(frame.outline === 'none' && frame.labelPosition === 'none');
    },
  );

  it('puts the call to action above or below the code', () => {
    const above = art({ frame: frames.find((f) => f.labelPosition === 'top')!.id });
    const below = art({ frame: frames.find((f) => f.labelPosition === 'bottom')!.id });
    const textY = (markup: string) => Number(/<text[^>]* y="([\d.]+)"/.exec(markup)?.[1]);
    expect(textY(above.over)).toBeLessThan(above.code.y);
    expect(textY(below.over)).toBeGreaterThan(below.code.y + SIDE);
  });

  it('draws a tab in the ink with the text in the background colour', () => {
    const tab = art({
      frame: frames.find((f) => f.labelPosition === 'bottom-tab')!.id,
      patternColor1: '#112233',
      backgroundColor1: '#FFEEDD',
    });
    expect(tab.over).toMatch(/<rect [^>]*fill="#112233"\/><text [^>]*fill="#FFEEDD"/);
  });

  it('escapes the call to action', () => {
    const { over } = art({ frame: 'bottom', frameText: '<Scan> & "go"' });
    expect(over).toContain('&lt;Scan&gt; &amp; &quot;go&quot;');
    expect(over).not.toContain('<Scan>');
  });

  it('squeezes a long call to action into the room', () => {
    const { over } = art({ frame: 'bottom', frameText: 'W'.repeat(24) });
    expect(over).toContain('lengthAdjust="spacingAndGlyphs"');
    expect(art({ frame: 'bottom' }).over).not.toContain('lengthAdjust');
  });

  it('leaves out an empty call to action', () => {
    expect(art({ frame: 'bottom', frameText: '  ' }).over).toBe('');
  });

  it('draws a gradient background in the chosen style, and none when transparent', () => {
    const gradient = art({ backgroundGradient: true, gradientStyle: 'horizontal' });
    expect(gradient.under).toContain(
      '<linearGradient id="p-bg" x1="0" y1="0.5" x2="1" y2="0.5"><stop offset="0" stop-color="#FFFFFF"/><stop offset="1" stop-color="#F6EBC8"/>',
    );
    expect(gradient.under).toContain('fill="url(#p-bg)"');
    expect(art({ backgroundGradient: true, gradientStyle: 'radial' }).under).toContain(
      '<radialGradient id="p-bg"',
    );
    expect(art({ transparentBackground: true }).under).toBe('');
  });

  it('uses no style attributes (the CSP allows none)', () => {
    for (const frame of frames) {
      const { under, over } = art({ frame: frame.id, backgroundGradient: true });
      expect(`${under}${over}`).not.toContain('style=');
    }
  });
});
