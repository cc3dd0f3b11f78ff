// The frame around a code, drawn from its data (design.ts `frames`: an outline and where the
// call to action sits): the card under the code (its background: a colour, a gradient or none),
// the outline and the label over it, around a code box of a given side. The code box already
// holds the quiet zone, so nothing here ever touches the code. The outline and the label are
// shapes as data (frameShapes): written out as SVG markup for the code, and drawn as they are by
// the wizard's frame pictures, so each outline is drawn in this one place. Pure.
import { svgGradient, svgNumber as n } from './code-plan';
import { findChoice, frames, type FrameOutline, type FrameStyle, type QrDesign } from './design';

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly side: number;
}

/** One SVG element as data, its attributes in the order they are written. */
export interface SvgShape {
  readonly tag: 'rect' | 'circle' | 'path';
  readonly attrs: Readonly<Record<string, string>>;
}

export interface FramedCode {
  readonly width: number;
  readonly height: number;
  /** Where the code box (code + quiet zone) goes. */
  readonly code: Box;
  /** Drawn before the code: definitions and the card. */
  readonly under: string;
  /** Drawn after the code: the outline and the call to action. */
  readonly over: string;
  /** The call to action as drawn; '' when the frame has none. */
  readonly label: string;
}

/** What of a design the outline and the label are drawn from. */
export type FrameDesign = Pick<
  QrDesign<unknown>,
  'frameText' | 'patternColor1' | 'transparentBackground' | 'backgroundColor1'
>;

type Design = FrameDesign &
  Pick<QrDesign<unknown>, 'frame' | 'backgroundGradient' | 'backgroundColor2' | 'gradientStyle'>;

/** The stroke's attributes, in the ink. */
type Line = Readonly<Record<'fill' | 'stroke' | 'stroke-width', string>>;

/**
 * How an outline is drawn: its stroke and the room it takes beside the code box (shares of the
 * box's side), the corner radius of the card under it (the same), and its shapes around `box`.
 */
interface OutlineArt {
  readonly stroke: number;
  readonly room: number;
  readonly cardRadius: number;
  readonly draw: (box: Box, sw: number, line: Line) => SvgShape[];
}

/** A rectangle `gap` outside the box, its stroke wholly outside the quiet zone. */
function around(box: Box, sw: number, line: Line, gap = 0, extra: Record<string, string> = {}) {
  const o = gap + sw / 2;
  const at = (value: number) => n(value - o);
  const length = n(box.side + 2 * o);
  const attrs = { x: at(box.x), y: at(box.y), width: length, height: length, ...extra, ...line };
  return { tag: 'rect', attrs } as const satisfies SvgShape;
}

/**
 * Every outline of design.ts `frameOutlines`, drawn: the code's frame and the wizard's picture of
 * it are both this drawing. The compiler asks for an entry here for each outline there.
 */
export const outlineArt: Record<FrameOutline, OutlineArt> = {
  none: { stroke: 0, room: 0, cardRadius: 0.03, draw: () => [] },
  square: {
    stroke: 0.025,
    room: 0.05,
    cardRadius: 0.03,
    draw: (box, sw, line) => [around(box, sw, line)],
  },
  rounded: {
    stroke: 0.025,
    room: 0.06,
    cardRadius: 0.08,
    draw: (box, sw, line) => [around(box, sw, line, 0.01 * box.side, { rx: n(0.06 * box.side) })],
  },
  thick: {
    stroke: 0.06,
    room: 0.08,
    cardRadius: 0.03,
    draw: (box, sw, line) => [around(box, sw, line)],
  },
  double: {
    stroke: 0.014,
    room: 0.07,
    cardRadius: 0.03,
    draw: (box, sw, line) => [around(box, sw, line), around(box, sw, line, sw * 2.2)],
  },
  dashed: {
    stroke: 0.025,
    room: 0.05,
    cardRadius: 0.03,
    draw: (box, sw, line) => [
      around(box, sw, line, 0, { 'stroke-dasharray': `${n(sw * 2.4)} ${n(sw * 1.6)}` }),
    ],
  },
  brackets: {
    stroke: 0.03,
    room: 0.05,
    cardRadius: 0.03,
    draw: (box, sw, line) => {
      const o = sw / 2 + 0.005 * box.side;
      const [x0, y0] = [box.x - o, box.y - o];
      const [x1, y1] = [box.x + box.side + o, box.y + box.side + o];
      const l = box.side * 0.18;
      const d = [
        `M${n(x0)} ${n(y0 + l)}V${n(y0)}H${n(x0 + l)}`,
        `M${n(x1 - l)} ${n(y0)}H${n(x1)}V${n(y0 + l)}`,
        `M${n(x1)} ${n(y1 - l)}V${n(y1)}H${n(x1 - l)}`,
        `M${n(x0 + l)} ${n(y1)}H${n(x0)}V${n(y1 - l)}`,
      ].join('');
      return [{ tag: 'path', attrs: { d, ...line, 'stroke-linecap': 'round' } }];
    },
  },
  circle: {
    stroke: 0.025,
    // Round a square: the circle passes just outside the box's corners.
    room: Math.SQRT1_2 - 0.5 + 0.04,
    cardRadius: 0.03,
    draw: (box, sw, line) => {
      const r = box.side * Math.SQRT1_2 + sw / 2 + 0.005 * box.side;
      const c = box.side / 2;
      return [{ tag: 'circle', attrs: { cx: n(box.x + c), cy: n(box.y + c), r: n(r), ...line } }];
    },
  },
};

// Presentation attributes, not a style attribute: the site's CSP has no 'unsafe-inline' styles.
const FONT_FAMILY = "system-ui, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const LABEL_BAND = 0.17;
const FONT_SIZE = 0.09;

/** The call to action: its tab, if any, and where and how its words are written. */
export interface LabelArt {
  readonly tab: SvgShape | null;
  /** The words' centre, size, colour and the width they are given (a guess, or the room). */
  readonly x: number;
  readonly y: number;
  readonly size: number;
  readonly width: number;
  readonly fill: string;
  /** Squeezed into `width`: the words would spill out of the room otherwise. */
  readonly squeezed: boolean;
  readonly text: string;
}

/** A frame around a code box of `side` units, as shapes: what the markup and the picture draw. */
export interface FrameShapes {
  readonly width: number;
  readonly height: number;
  readonly code: Box;
  readonly cardRadius: number;
  readonly outline: readonly SvgShape[];
  /** null when the frame has no call to action, or its words are empty. */
  readonly label: LabelArt | null;
}

export function frameShapes(frame: FrameStyle, design: FrameDesign, side: number): FrameShapes {
  const ink = design.patternColor1;
  const art = outlineArt[frame.outline];
  const pad = art.room * side;
  const band = frame.labelPosition === 'none' ? 0 : LABEL_BAND * side;
  const width = side + 2 * pad;
  const top = frame.labelPosition === 'top' ? band : 0;
  const height = side + 2 * pad + band;
  const box = { x: pad, y: pad + top, side };
  const framed = frame.outline !== 'none' || frame.labelPosition !== 'none';
  const sw = art.stroke * side;
  return {
    width,
    height,
    code: box,
    cardRadius: framed ? art.cardRadius * side : 0,
    outline: art.draw(box, sw, { fill: 'none', stroke: ink, 'stroke-width': n(sw) }),
    label: label(frame, design, box, band, width),
  };
}

function label(
  frame: FrameStyle,
  design: FrameDesign,
  box: Box,
  band: number,
  width: number,
): LabelArt | null {
  const text = design.frameText.trim();
  if (frame.labelPosition === 'none' || text === '') return null;
  const ink = design.patternColor1;
  const size = FONT_SIZE * box.side;
  const roomBelow = (width - box.side) / 2;
  const y =
    frame.labelPosition === 'top'
      ? band / 2 + 0.01 * box.side
      : box.y + box.side + roomBelow + band / 2;
  // System fonts differ: squeeze a long call to action into the room rather than let it spill.
  const room = width - 0.12 * box.side;
  const guess = 0.62 * size * text.length;
  const tabbed = frame.labelPosition === 'bottom-tab';
  const tabWidth = Math.min(room + 0.06 * box.side, guess + 0.12 * box.side);
  const tab: SvgShape | null = tabbed
    ? {
        tag: 'rect',
        attrs: {
          x: n(width / 2 - tabWidth / 2),
          y: n(y - band * 0.42),
          width: n(tabWidth),
          height: n(band * 0.84),
          rx: n(band * 0.2),
          fill: ink,
        },
      }
    : null;
  return {
    tab,
    x: width / 2,
    y,
    size,
    width: Math.min(guess, room),
    fill: tabbed ? (design.transparentBackground ? '#ffffff' : design.backgroundColor1) : ink,
    squeezed: guess > room,
    text,
  };
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** A shape as SVG markup. */
export const svgMarkup = ({ tag, attrs }: SvgShape) =>
  `<${tag} ${Object.entries(attrs)
    .map(([name, value]) => `${name}="${value}"`)
    .join(' ')}/>`;

function labelMarkup(label: LabelArt): string {
  const squeeze = label.squeezed
    ? ` textLength="${n(label.width)}" lengthAdjust="spacingAndGlyphs"`
    : '';
  const words = `<text x="${n(label.x)}" y="${n(label.y)}" text-anchor="middle" dominant-baseline="central" font-family="${FONT_FAMILY}" font-size="${n(label.size)}" font-weight="700" fill="${label.fill}"${squeeze}>${escapeXml(label.text)}</text>`;
  return `${label.tab ? svgMarkup(label.tab) : ''}${words}`;
}

/** The frame of a design around a code box of `side` units; ids are prefixed with `id`. */
export function frameArt(design: Design, side: number, id: string): FramedCode {
  const frame = findChoice(frames, design.frame) ?? frames[0]!;
  const shapes = frameShapes(frame, design, side);
  const { width, height } = shapes;

  const defs: string[] = [];
  let fill = 'none';
  if (!design.transparentBackground) {
    fill = design.backgroundColor1;
    if (design.backgroundGradient) {
      const gradient = `${id}-bg`;
      defs.push(
        svgGradient(
          design.gradientStyle,
          gradient,
          design.backgroundColor1,
          design.backgroundColor2,
        ),
      );
      fill = `url(#${gradient})`;
    }
  }
  const card =
    fill === 'none'
      ? ''
      : `<rect width="${n(width)}" height="${n(height)}" rx="${n(shapes.cardRadius)}" fill="${fill}"/>`;

  return {
    width,
    height,
    code: shapes.code,
    under: `${defs.length ? `<defs>${defs.join('')}</defs>` : ''}${card}`,
    over: `${shapes.outline.map(svgMarkup).join('')}${shapes.label ? labelMarkup(shapes.label) : ''}`,
    label: frame.labelPosition === 'none' ? '' : design.frameText.trim(),
  };
}
