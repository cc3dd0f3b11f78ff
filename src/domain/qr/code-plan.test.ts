import { describe, expect, it } from 'vitest';
import {
  byteString,
  codeSize,
  errorCorrectionFor,
  maxBytes,
  MODULE,
  modeOf,
  QUIET_ZONE,
  stylingGradient,
  stylingOptions,
  svgGradient,
  svgGradientVector,
  tooLongMessage,
} from './code-plan';
import { defaultDesign, gradientStyles } from './design';

describe('errorCorrectionFor', () => {
  it('is Q without a logo and H under one', () => {
    expect(errorCorrectionFor({ logo: null })).toBe('Q');
    expect(errorCorrectionFor({ logo: 'data:image/png;base64,AA==' })).toBe('H');
  });
});

describe('byteString', () => {
  it('leaves ASCII as it is', () => {
    expect(byteString('https://example.com/?a=1')).toBe('https://example.com/?a=1');
  });

  it('spells non-ASCII text as its UTF-8 bytes, one character each', () => {
    expect([...byteString('é')].map((c) => c.charCodeAt(0))).toEqual([0xc3, 0xa9]);
    expect(byteString('Ω😀')).toHaveLength(2 + 4);
    expect([...byteString('Zoë Ω')].every((c) => c.charCodeAt(0) < 256)).toBe(true);
  });
});

describe('modeOf (as qr-code-styling picks it)', () => {
  it.each([
    ['0123456789', 'Numeric'],
    ['HELLO WORLD $%*+-./:', 'Alphanumeric'],
    ['hello', 'Byte'],
    ['https://x.co', 'Byte'],
  ])('%s is %s', (text, mode) => {
    expect(modeOf(text)).toBe(mode);
  });
});

describe('codeSize', () => {
  it('gives the modules of the smallest version that holds the text', () => {
    // Version 2 at Q holds 20 bytes in byte mode; version 3, 32.
    expect(codeSize('https://example.com', 'Q')).toEqual({ fits: true, modules: 25, version: 2 });
    expect(codeSize('https://example.com/ab', 'Q')).toEqual({
      fits: true,
      modules: 29,
      version: 3,
    });
    expect(codeSize('A', 'L')).toEqual({ fits: true, modules: 21, version: 1 });
  });

  it('grows with the error correction level', () => {
    const text = 'https://kemptoncodeworks.co.za/some/longer/path?with=query';
    const q = codeSize(text, 'Q');
    const h = codeSize(text, 'H');
    expect(q.fits && h.fits && h.modules > q.modules).toBe(true);
  });

  it('counts UTF-8 bytes, not characters', () => {
    const ascii = codeSize('a'.repeat(1600), 'Q');
    const accented = codeSize('é'.repeat(1600), 'Q');
    expect(ascii.fits).toBe(true);
    expect(accented).toMatchObject({
      fits: false,
      bytes: 3200,
      max: maxBytes.Q,
      over: 3200 - 1663,
    });
  });

  it('fits exactly the published capacity of version 40 in byte mode', () => {
    expect(codeSize('a'.repeat(maxBytes.H), 'H')).toMatchObject({ fits: true, version: 40 });
    expect(codeSize('a'.repeat(maxBytes.H + 1), 'H')).toMatchObject({ fits: false, over: 1 });
  });
});

describe('tooLongMessage', () => {
  it('says how much to cut and the limit', () => {
    const size = codeSize('x'.repeat(1700), 'Q');
    if (size.fits) throw new Error('should not fit');
    expect(tooLongMessage(size, false)).toBe(
      'Too long for a QR code: cut about 37 characters (it holds 1663 bytes at most; this content takes 1700).',
    );
    expect(tooLongMessage(size, true)).toMatch(/removing it gives more room\.$/);
  });

  it('speaks of one character in the singular', () => {
    const size = codeSize('x'.repeat(maxBytes.Q + 1), 'Q');
    if (size.fits) throw new Error('should not fit');
    expect(tooLongMessage(size, false)).toMatch(/cut about 1 character \(/);
  });
});

describe('gradients', () => {
  it('maps the five styles to qr-code-styling gradients', () => {
    expect(stylingGradient('horizontal', '#111111', '#222222')).toEqual({
      type: 'linear',
      rotation: 0,
      colorStops: [
        { offset: 0, color: '#111111' },
        { offset: 1, color: '#222222' },
      ],
    });
    expect(stylingGradient('vertical', '#1', '#2').rotation).toBeCloseTo(Math.PI / 2);
    expect(stylingGradient('diagonal', '#1', '#2').rotation).toBeCloseTo(Math.PI / 4);
    expect(stylingGradient('inverse-diagonal', '#1', '#2').rotation).toBeCloseTo(-Math.PI / 4);
    expect(stylingGradient('radial', '#1', '#2').type).toBe('radial');
  });

  it('gives the same directions as SVG vectors', () => {
    expect(svgGradientVector('horizontal')).toEqual({ x1: 0, y1: 0.5, x2: 1, y2: 0.5 });
    const vertical = svgGradientVector('vertical');
    expect(vertical.y1).toBeCloseTo(0);
    expect(vertical.y2).toBeCloseTo(1);
    const inverse = svgGradientVector('inverse-diagonal');
    expect(inverse.y1).toBeGreaterThan(inverse.y2);
  });

  it('draws each style as an SVG gradient from its entry alone: linear or radial', () => {
    for (const style of gradientStyles) {
      const markup = svgGradient(style.id, 'g', '#111111', '#222222');
      expect(markup.startsWith(`<${style.shape}Gradient id="g"`), style.id).toBe(true);
      expect(stylingGradient(style.id, '#1', '#2')).toMatchObject({
        type: style.shape,
        rotation: style.rotation,
      });
    }
    expect(svgGradient('vertical', 'g', '#111111', '#222222')).toBe(
      '<linearGradient id="g" x1="0.5" y1="0" x2="0.5" y2="1"><stop offset="0" stop-color="#111111"/><stop offset="1" stop-color="#222222"/></linearGradient>',
    );
  });
});

describe('stylingOptions', () => {
  const design = { ...defaultDesign, logo: null };

  it('keeps a quiet zone of exactly four modules', () => {
    const options = stylingOptions(design, 'hello', 21, null);
    expect(options.margin).toBe(QUIET_ZONE * MODULE);
    expect(options.width).toBe((21 + 2 * QUIET_ZONE) * MODULE);
    expect((options.width - 2 * options.margin) / 21).toBe(MODULE);
  });

  it('hands every style and colour of the design to the library', () => {
    const options = stylingOptions(
      {
        ...design,
        pattern: 'classy',
        patternGradient: false,
        cornerFrame: 'dot',
        cornerFrameColor: '#123456',
        cornerCentre: 'classy-rounded',
        cornerCentreColor: '#654321',
      },
      'hello',
      21,
      null,
    );
    expect(options.dotsOptions).toEqual({ type: 'classy', color: '#002D17', roundSize: true });
    expect(options.cornersSquareOptions).toEqual({ type: 'dot', color: '#123456' });
    expect(options.cornersDotOptions).toEqual({ type: 'classy-rounded', color: '#654321' });
    expect(options.qrOptions.errorCorrectionLevel).toBe('Q');
    expect(options).not.toHaveProperty('image');
  });

  it('adds the gradient when it is on', () => {
    const options = stylingOptions(design, 'hello', 21, null);
    expect(options.dotsOptions.gradient?.colorStops.map((stop) => stop.color)).toEqual([
      design.patternColor1,
      design.patternColor2,
    ]);
  });

  it('raises error correction to H and hides the dots under a logo', () => {
    const logo = 'data:image/png;base64,AA==';
    const options = stylingOptions({ ...design, logo }, 'hello', 25, logo);
    expect(options.qrOptions.errorCorrectionLevel).toBe('H');
    expect(options.image).toBe(logo);
    expect(options.imageOptions?.hideBackgroundDots).toBe(true);
  });

  it('hands the text as UTF-8 bytes', () => {
    expect(stylingOptions(design, 'Zoë', 21, null).data).toBe(byteString('Zoë'));
  });
});
