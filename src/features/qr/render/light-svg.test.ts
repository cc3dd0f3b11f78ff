// @vitest-environment jsdom
import QRCodeStyling from 'qr-code-styling';
import { describe, expect, it } from 'vitest';
import { LightDom, LightElement, realise, relativePath, shapePath } from './light-svg';

function shape(name: string, attributes: Record<string, string | number>): LightElement {
  const element = new LightElement(name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  return element;
}

describe('relativePath', () => {
  it('writes lines and arcs as relative commands, unturned', () => {
    // The tail of qr-code-styling's side-rounded module, 10 units, round side to the right.
    expect(relativePath('v 10h 5a 5 5, 0, 0, 0, 0 -10')).toBe(' l 0 10 l 5 0 a 5 5 0 0 0 0 -10');
  });

  it('turns every vector a quarter turn exactly; arcs keep their flags', () => {
    expect(
      relativePath('v 10h 5a 5 5, 0, 0, 0, 0 -10', { cos: 0, sin: 1, degrees: 90, centre: [0, 0] }),
    ).toBe(' l -10 0 l 0 5 a 5 5 90 0 0 10 0');
  });

  it('reads moves, repeated pairs and closes', () => {
    expect(relativePath('h 4 v 5 z m 1 1 2 0 Z')).toBe(' l 4 0 l 0 5 z m 1 1 l 2 0 z');
  });

  it('refuses absolute commands, curves and missing numbers', () => {
    expect(relativePath('L 0 0')).toBeNull();
    expect(relativePath('c 1 1 2 2 3 3')).toBeNull();
    expect(relativePath('h')).toBeNull();
    expect(relativePath('a 1 1 0 0')).toBeNull();
  });
});

describe('shapePath', () => {
  it('draws a circle and a square as paths, turned by their rotate()', () => {
    expect(shapePath(shape('circle', { cx: 5, cy: 5, r: 5 }))).toBe(
      'M 0 5 a 5 5 0 1 0 10 0 a 5 5 0 1 0 -10 0 z',
    );
    expect(
      shapePath(shape('rect', { x: 0, y: 0, width: 4, height: 4, transform: 'rotate(180,2,2)' })),
    ).toBe('M 4 4 l 0 -4 l -4 0 l 0 4 z');
  });

  it('leaves shapes with a fill rule, rounded corners or other transforms as they are', () => {
    expect(shapePath(shape('path', { d: 'M 0 0 h 1 z', 'clip-rule': 'evenodd' }))).toBeNull();
    expect(shapePath(shape('rect', { x: 0, y: 0, width: 4, height: 4, rx: 1 }))).toBeNull();
    expect(
      shapePath(shape('rect', { x: 0, y: 0, width: 4, height: 4, transform: 'scale(2)' })),
    ).toBeNull();
    expect(shapePath(shape('image', { href: 'data:,' }))).toBeNull();
  });
});

describe('realise', () => {
  it('builds real SVG elements, each clipPath with its plain shapes in one path', () => {
    const svg = shape('svg', { width: 10, height: 10 });
    const clip = svg.appendChild(shape('clipPath', { id: 'clip' }));
    clip.appendChild(shape('rect', { x: 0, y: 0, width: 1, height: 1 }));
    clip.appendChild(shape('circle', { cx: 3.5, cy: 0.5, r: 0.5 }));
    clip.appendChild(shape('path', { d: 'M 0 0 h 7 v 7 h -7 z', 'clip-rule': 'evenodd' }));
    svg.appendChild(shape('rect', { width: 10, height: 10, 'clip-path': "url('#clip')" }));

    const element = realise(svg);
    expect(element).toBeInstanceOf(SVGElement);
    const paths = [...element.querySelector('clipPath')!.children];
    expect(paths.map((path) => path.localName)).toEqual(['path', 'path']);
    expect(paths[0]!.getAttribute('d')).toBe(
      'M 0 0 l 0 1 l 1 0 l 0 -1 zM 3 0.5 a 0.5 0.5 0 1 0 1 0 a 0.5 0.5 0 1 0 -1 0 z',
    );
    expect(paths[1]!.getAttribute('clip-rule')).toBe('evenodd');
    expect(element.querySelector(':scope > rect')?.getAttribute('clip-path')).toBe("url('#clip')");
  });

  it('merges every module qr-code-styling draws: one subpath per dark module outside the finders', async () => {
    const styling = new QRCodeStyling({
      type: 'svg',
      width: 290,
      height: 290,
      margin: 40,
      data: 'https://example.com',
      qrOptions: { errorCorrectionLevel: 'Q' },
      dotsOptions: { type: 'rounded', color: '#000', roundSize: true },
      cornersSquareOptions: { type: 'extra-rounded', color: '#000' },
      cornersDotOptions: { type: 'dot', color: '#000' },
      jsdom: LightDom as never,
    });
    const light = (await styling._getElement('svg')) as unknown as LightElement;
    const element = realise(light);
    const qr = styling._qr!;
    const count = qr.getModuleCount();
    const inFinder = (row: number, col: number) =>
      (row < 7 || row >= count - 7) && (col < 7 || col >= count - 7) && !(row >= 7 && col >= 7);
    let dark = 0;
    for (let row = 0; row < count; row++)
      for (let col = 0; col < count; col++) if (qr.isDark(row, col) && !inFinder(row, col)) dark++;

    const dots = element.querySelector('clipPath[id^="clip-path-dot-color"]')!;
    expect(dots.children).toHaveLength(1);
    expect(dots.firstElementChild!.getAttribute('d')!.match(/M/g)).toHaveLength(dark);
    // The six corner clips (frames and centres) hold their shapes too.
    expect(element.querySelectorAll('clipPath[id^="clip-path-corners"]')).toHaveLength(6);
  });
});
