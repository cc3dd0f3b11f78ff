// The plain objects qr-code-styling draws into (light-svg.ts says why), with no DOM: the shapes of
// a clipPath read as path data (shapePath), and the tree written out as SVG markup (lightMarkup)
// the way the browser's XMLSerializer writes the real SVG that `realise` builds from it. The page
// realises the tree; the server (functions/src/code-files.ts), which has no DOM, writes it out.

/** An element as qr-code-styling draws it: a name, attributes and children, nothing more. */
export class LightElement {
  /** In the order first set, as a DOM element keeps them (setting one again keeps its place). */
  readonly attributes = new Map<string, string>();
  readonly children: LightElement[] = [];
  constructor(readonly name: string) {}

  setAttribute(name: string, value: string): void {
    this.attributes.set(name, String(value));
  }

  removeAttribute(name: string): void {
    this.attributes.delete(name);
  }

  appendChild(child: LightElement): LightElement {
    this.children.push(child);
    return child;
  }
}

/**
 * The window qr-code-styling's `jsdom` option gives it: a document that makes light elements, and
 * `Image`, which it loads a logo with to learn its size (the browser's own, or the server's).
 */
export function lightWindow(Image: unknown): { window: unknown } {
  return {
    window: {
      document: { createElementNS: (_namespace: string, name: string) => new LightElement(name) },
      Image,
    },
  };
}

/** Every element of the tree named `name`, in document order. */
export function lightElements(root: LightElement, name: string): LightElement[] {
  const found: LightElement[] = [];
  const visit = (element: LightElement) => {
    if (element.name === name) found.push(element);
    element.children.forEach(visit);
  };
  visit(root);
  return found;
}

/**
 * The children of an element as `realise` makes them: a clipPath's plain shapes merged into one
 * path (first), its other shapes after it; any other element's children as they are.
 */
export function realisedChildren(light: LightElement): LightElement[] {
  if (light.name !== 'clipPath') return light.children;
  let merged = '';
  const others: LightElement[] = [];
  for (const child of light.children) {
    const data = shapePath(child);
    if (data === null) others.push(child);
    else merged += data;
  }
  if (!merged) return others;
  const path = new LightElement('path');
  path.setAttribute('d', merged);
  return [path, ...others];
}

const escapeAttribute = (value: string) =>
  value.replace(
    /[&"<>]/g,
    (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c] ?? c,
  );

/**
 * The tree as SVG markup, as XMLSerializer writes the element `realise` makes of it: attributes
 * in their order with &, ", < and > escaped, an element without children closed as `<x/>`.
 * `xmlns` names the namespace on the root (none inside a document that already has it).
 */
export function lightMarkup(light: LightElement, xmlns?: string): string {
  const attributes = [...(xmlns ? [['xmlns', xmlns] as const] : []), ...light.attributes]
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  const children = realisedChildren(light);
  if (children.length === 0) return `<${light.name}${attributes}/>`;
  const inner = children.map((child) => lightMarkup(child)).join('');
  return `<${light.name}${attributes}>${inner}</${light.name}>`;
}

/**
 * Renames every id of the tree by `rename`, and every reference to one (`url(#id)`,
 * `url('#id')`, `href="#id"`), so that a drawing's ids do not depend on how many came before it.
 */
export function renameIds(root: LightElement, rename: (id: string) => string): void {
  const names = new Map<string, string>();
  const visit = (element: LightElement, act: (element: LightElement) => void) => {
    act(element);
    element.children.forEach((child) => visit(child, act));
  };
  visit(root, (element) => {
    const id = element.attributes.get('id');
    if (id !== undefined) names.set(id, rename(id));
  });
  const reference = /(url\(\s*['"]?#|^#)([^'")\s]+)/g;
  visit(root, (element) => {
    for (const [name, value] of element.attributes) {
      const renamed =
        name === 'id'
          ? (names.get(value) ?? value)
          : value.replace(reference, (whole, lead: string, id: string) =>
              names.has(id) ? `${lead}${names.get(id)}` : whole,
            );
      if (renamed !== value) element.setAttribute(name, renamed);
    }
  });
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
