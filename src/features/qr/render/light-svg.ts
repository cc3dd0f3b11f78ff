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
// Written against qr-code-styling 1.9.2 (pinned in package.json); tests/qr-render.spec.ts decodes
// every pattern, corner and frame drawn this way.

const SVG_NS = 'http://www.w3.org/2000/svg';

/** An element as qr-code-styling draws it: a name, attributes and children, nothing more. */
export class LightElement {
  readonly attributes = new Map<string, string>();
  readonly children: LightElement[] = [];
  constructor(readonly name: string) {}

  setAttribute(name: string, value: string): void {
    this.attributes.set(name, String(value));
  }

  appendChild(child: LightElement): LightElement {
    this.children.push(child);
    return child;
  }
}

/**
 * What qr-code-styling's `jsdom` option wants: `new LightDom('', options).window`. The logo is
 * still loaded (for its size) by the browser's own Image.
 */
export function LightDom(this: unknown): { window: unknown } {
  return {
    window: {
      document: { createElementNS: (_namespace: string, name: string) => new LightElement(name) },
      Image: window.Image,
    },
  };
}

/** The real SVG element of a light one, each clipPath's plain shapes merged into one path. */
export function realise(light: LightElement): SVGElement {
  const element = document.createElementNS(SVG_NS, light.name) as SVGElement;
  for (const [name, value] of light.attributes) element.setAttribute(name, value);
  if (light.name === 'clipPath') {
    // Painting the shapes as filled paths instead of clipping by them was tried: the same pixels
    // to the eye, but jsQR read fewer dotted codes (Chromium antialiases a fill and a clip
    // mask differently), so the clip stays as qr-code-styling made it.
    let merged = '';
    const others: LightElement[] = [];
    for (const child of light.children) {
      const data = shapePath(child);
      if (data === null) others.push(child);
      else merged += data;
    }
    if (merged) {
      const path = document.createElementNS(SVG_NS, 'path');
      path.setAttribute('d', merged);
      element.append(path);
    }
    element.append(...others.map(realise));
  } else {
    element.append(...light.children.map(realise));
  }
  return element;
}

type Point = readonly [number, number];

/**
 * A circle, rect or path (with at most a rotate() transform) as path data, or null for anything
 * else (a fill rule of its own, rounded corners, other attributes, absolute commands after the
 * first move). The data is an absolute move then relative commands: qr-code-styling draws every
 * module that way, so the relative part is the same for all modules of one shape and turn, and
 * is worked out once (a code has hundreds of modules and a handful of shapes).
 */
export function shapePath(shape: LightElement): string | null {
  const attributes = new Map(shape.attributes);
  const turn = rotation(attributes.get('transform'));
  attributes.delete('transform');
  if (turn === null) return null;
  const only = (...names: string[]) =>
    attributes.size === names.length && names.every((name) => attributes.has(name));
  const number = (name: string) => Number(attributes.get(name));

  let start: Point;
  let tail: string;
  if (shape.name === 'circle' && only('cx', 'cy', 'r')) {
    const r = number('r');
    start = [number('cx') - r, number('cy')];
    tail = `a ${r} ${r} 0 1 0 ${2 * r} 0 a ${r} ${r} 0 1 0 ${-2 * r} 0 z`;
  } else if (shape.name === 'rect' && only('x', 'y', 'width', 'height')) {
    const [width, height] = [number('width'), number('height')];
    start = [number('x'), number('y')];
    // Down the left side first, the way qr-code-styling draws its modules and a circle here
    // goes: neighbours wind alike, so their shared edge cancels out instead of antialiasing into
    // a light seam (with opposite windings the code read worse small and blurred).
    tail = `v ${height} h ${width} v ${-height} z`;
  } else if (shape.name === 'path' && only('d')) {
    const lead = LEAD.exec(attributes.get('d')!);
    if (!lead) return null;
    start = [Number(lead[1]), Number(lead[2])];
    tail = lead[3]!;
  } else {
    return null;
  }
  if (!start.every(Number.isFinite)) return null;
  const key = `${turn.degrees} ${tail}`;
  let relative = tails.get(key);
  if (relative === undefined) {
    relative = relativePath(tail, turn);
    if (tails.size > 200) tails.clear();
    tails.set(key, relative);
  }
  return relative === null ? null : `M${place(start, turn)}${relative}`;
}

const LEAD = /^\s*M\s*(-?[\d.]+(?:e[-+]?\d+)?)[\s,]*(-?[\d.]+(?:e[-+]?\d+)?)(.*)$/is;
const tails = new Map<string, string | null>();

interface Turn {
  readonly cos: number;
  readonly sin: number;
  readonly degrees: number;
  readonly centre: Point;
}

const noTurn: Turn = { cos: 1, sin: 0, degrees: 0, centre: [0, 0] };

const round = (value: number) => Math.round(value * 1000) / 1000;

/** A point turned about the turn's centre, as "x y". */
function place([x, y]: Point, turn: Turn): string {
  const dx = x - turn.centre[0];
  const dy = y - turn.centre[1];
  return ` ${round(turn.centre[0] + dx * turn.cos - dy * turn.sin)} ${round(turn.centre[1] + dx * turn.sin + dy * turn.cos)}`;
}

/** `rotate(deg,cx,cy)` as a turn (exact for quarter turns), no transform as none, else null. */
function rotation(transform: string | undefined): Turn | null {
  if (transform === undefined) return noTurn;
  const match = /^rotate\(\s*(\S+?)\s*,\s*(\S+?)\s*,\s*(\S+?)\s*\)$/.exec(transform);
  if (!match) return null;
  const [degrees, cx, cy] = match.slice(1).map(Number) as [number, number, number];
  if (![degrees, cx, cy].every(Number.isFinite)) return null;
  const quarter = Math.round(degrees / 90);
  const exact = Math.abs(degrees - quarter * 90) < 1e-9;
  const quarters: Record<number, Point> = { 0: [1, 0], 1: [0, 1], 2: [-1, 0], 3: [0, -1] };
  const [cos, sin] = exact
    ? quarters[((quarter % 4) + 4) % 4]!
    : [Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180)];
  return { cos, sin, degrees: exact ? quarter * 90 : degrees, centre: [cx, cy] };
}

const TOKEN = /\s*,?\s*(?:([a-zA-Z])|(-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?))/gy;
const ARGUMENTS: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, a: 7, z: 0 };

/**
 * Relative path commands (m l h v a z) turned by `turn`, as relative m, l, a and z commands;
 * null for anything else (absolute or unknown commands, missing numbers).
 */
export function relativePath(data: string, turn: Turn = noTurn): string | null {
  const vector = (x: number, y: number) =>
    `${round(x * turn.cos - y * turn.sin)} ${round(x * turn.sin + y * turn.cos)}`;
  const tokens: (string | number)[] = [];
  TOKEN.lastIndex = 0;
  let match: RegExpExecArray | null;
  let read = 0;
  while ((match = TOKEN.exec(data))) {
    tokens.push(match[1] ?? Number(match[2]));
    read = TOKEN.lastIndex;
  }
  if (data.slice(read).trim() !== '') return null;

  let out = '';
  let index = 0;
  while (index < tokens.length) {
    const letter = tokens[index++];
    if (typeof letter !== 'string') return null;
    const command = letter === 'Z' ? 'z' : letter;
    const size = ARGUMENTS[command];
    if (size === undefined) return null;
    if (size === 0) {
      out += ' z';
      continue;
    }
    let sets = 0;
    while (typeof tokens[index] === 'number') {
      const v = tokens.slice(index, index + size) as number[];
      if (v.length < size || v.some((value) => typeof value !== 'number')) return null;
      index += size;
      sets++;
      if (command === 'h') out += ` l ${vector(v[0]!, 0)}`;
      else if (command === 'v') out += ` l ${vector(0, v[0]!)}`;
      else if (command === 'a') {
        const [rx, ry, angle, large, sweep, x, y] = v as [
          number,
          number,
          number,
          number,
          number,
          number,
          number,
        ];
        out += ` a ${round(rx)} ${round(ry)} ${round(angle + turn.degrees)} ${large} ${sweep} ${vector(x, y)}`;
      } else out += ` ${command === 'm' && sets === 1 ? 'm' : 'l'} ${vector(v[0]!, v[1]!)}`;
    }
    if (sets === 0) return null;
  }
  return out;
}
