import { describe, expect, it } from 'vitest';
import { LightElement, lightMarkup, renameIds } from './light-tree';

function element(
  name: string,
  attributes: Record<string, string> = {},
  children: LightElement[] = [],
): LightElement {
  const made = new LightElement(name);
  for (const [key, value] of Object.entries(attributes)) made.setAttribute(key, value);
  children.forEach((child) => made.appendChild(child));
  return made;
}

describe('lightMarkup', () => {
  it('writes attributes in the order first set, escaped as XMLSerializer escapes them', () => {
    const svg = element('svg', { width: '10', 'clip-path': `url('#a')` });
    svg.setAttribute('title', `Tom & "Jerry" <3>`);
    svg.setAttribute('width', '20');
    expect(lightMarkup(svg, 'http://www.w3.org/2000/svg')).toBe(
      `<svg xmlns="http://www.w3.org/2000/svg" width="20" clip-path="url('#a')" title="Tom &amp; &quot;Jerry&quot; &lt;3&gt;"/>`,
    );
  });

  it("merges a clipPath's plain shapes into one path, first, as the page's realise does", () => {
    const clip = element('clipPath', { id: 'clip' }, [
      element('rect', { x: '0', y: '0', width: '1', height: '1' }),
      element('path', { d: 'M 0 0 h 7 v 7 h -7 z', 'clip-rule': 'evenodd' }),
      element('circle', { cx: '3.5', cy: '0.5', r: '0.5' }),
    ]);
    expect(lightMarkup(element('defs', {}, [clip]))).toBe(
      '<defs><clipPath id="clip">' +
        '<path d="M 0 0 l 0 1 l 1 0 l 0 -1 zM 3 0.5 a 0.5 0.5 0 1 0 1 0 a 0.5 0.5 0 1 0 -1 0 z"/>' +
        '<path d="M 0 0 h 7 v 7 h -7 z" clip-rule="evenodd"/>' +
        '</clipPath></defs>',
    );
  });
});

describe('renameIds', () => {
  it('renames ids and every reference to them, and nothing else', () => {
    const tree = element('svg', {}, [
      element('clipPath', { id: 'clip-path-dot-color-7' }),
      element('linearGradient', { id: 'dot-color-7' }),
      element('rect', {
        'clip-path': "url('#clip-path-dot-color-7')",
        fill: 'url(#dot-color-7)',
        stroke: 'url(#elsewhere-7)',
      }),
      element('use', { href: '#dot-color-7' }),
    ]);
    renameIds(tree, (id) => id.replace(/-\d+$/, '-0'));
    expect(lightMarkup(tree)).toBe(
      '<svg><clipPath id="clip-path-dot-color-0"/><linearGradient id="dot-color-0"/>' +
        `<rect clip-path="url('#clip-path-dot-color-0')" fill="url(#dot-color-0)" stroke="url(#elsewhere-7)"/>` +
        '<use href="#dot-color-0"/></svg>',
    );
  });
});
