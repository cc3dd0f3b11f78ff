// A light document for qr-code-styling, and the real SVG built from what it drew.
//
// qr-code-styling draws each module of a code as its own SVG element (a circle, a square, or a
// path turned by a transform) inside a clipPath: about 600 elements for a short web address, and
// 1,700 for a vCard. Creating and setting them was half the preview's update time, and the page
// then styled and laid out every one. qr-code-styling takes a `jsdom` option (a constructor whose
// instances have a `window`) for drawing outside a browser, and uses nothing of that document but
// createElementNS, setAttribute and appendChild. So it draws into plain objects here; then
// `realise` builds the real SVG, with each clipPath's plain shapes merged into one path (the
// shapes are the same; their union is the clip, as before). Shapes it cannot read (the corner
// frames' rings, with their own clip-rule) stay elements of their own.
//
// The plain objects and their markup need no DOM (light-tree.ts): the server draws the same way.
//
// Written against qr-code-styling 1.9.2 (pinned in package.json); tests/qr-render.spec.ts decodes
// every pattern, corner and frame drawn this way.

import {
  lightWindow,
  realisedChildren,
  type LightElement,
} from '../../../domain/qr/drawing/light-tree';

// The tree's parts, where the page and its tests have always found them.
export { LightElement, relativePath, shapePath } from '../../../domain/qr/drawing/light-tree';

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * What qr-code-styling's `jsdom` option wants: `new LightDom('', options).window`. The logo is
 * still loaded (for its size) by the browser's own Image.
 */
export function LightDom(this: unknown): { window: unknown } {
  return lightWindow(window.Image);
}

/** The real SVG element of a light one, each clipPath's plain shapes merged into one path. */
export function realise(light: LightElement): SVGElement {
  const element = document.createElementNS(SVG_NS, light.name) as SVGElement;
  for (const [name, value] of light.attributes) element.setAttribute(name, value);
  // Painting a clipPath's shapes as filled paths instead of clipping by them was tried: the same
  // pixels to the eye, but jsQR read fewer dotted codes (Chromium antialiases a fill and a clip
  // mask differently), so the clip stays as qr-code-styling made it (realisedChildren).
  element.append(...realisedChildren(light).map(realise));
  return element;
}
