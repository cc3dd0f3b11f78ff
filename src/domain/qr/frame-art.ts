// The frame around a code, drawn from its data (design.ts `frames`: an outline and where the
// call to action sits): the card under the code (its background: a colour, a gradient or none),
// the outline and the label over it, as SVG markup around a code box of a given side. The code
// box already holds the quiet zone, so nothing here ever touches the code. Pure string building.
import { svgGradientVector } from './code-plan';
import { findChoice, frames, type FrameStyle, type QrDesign } from './design';

export interface FramedCode {
  readonly width: number;
  readonly height: number;
  /** Where the code box (code + quiet zone) goes. */
  readonly code: { readonly x: number; readonly y: number; readonly side: number };
  /** Drawn before the code: definitions and the card. */
  readonly under: string;
  /** Drawn after the code: the outline and the call to action. */
  readonly over: string;
  /** The call to action as drawn; '' when the frame has none. */
  readonly label: string;
}

type Design = Pick<
  QrDesign<unknown>,
  | 'frame'
  | 'frameText'
  | 'patternColor1'
  | 'transparentBackground'
  | 'backgroundGradient'
  | 'backgroundColor1'
  | 'backgroundColor2'
  | 'gradientStyle'
>;

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

const n = (value: number) => String(Math.round(value * 100) / 100);

/** Stroke width and the room an outline takes beside the code box, as shares of its side. */
const outlineSizes: Record<FrameStyle['outline'], { stroke: number; room: number }> = {
  none: { stroke: 0, room: 0 },
  square: { stroke: 0.025, room: 0.05 },
  rounded: { stroke: 0.025, room: 0.06 },
  thick: { stroke: 0.06, room: 0.08 },
  double: { stroke: 0.014, room: 0.07 },
  dashed: { stroke: 0.025, room: 0.05 },
  brackets: { stroke: 0.03, room: 0.05 },
  // Round a square: the circle passes just outside the box's corners.
  circle: { stroke: 0.025, room: Math.SQRT1_2 - 0.5 + 0.04 },
};

// Presentation attributes, not a style attribute: the site's CSP has no 'unsafe-inline' styles.
const FONT_FAMILY = "system-ui, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const LABEL_BAND = 0.17;
const FONT_SIZE = 0.09;

/** The frame of a design around a code box of `side` units; ids are prefixed with `id`. */
export function frameArt(design: Design, side: number, id: string): FramedCode {
  const frame = findChoice(frames, design.frame) ?? frames[0]!;
  const ink = design.patternColor1;
  const { stroke, room } = outlineSizes[frame.outline];
  const pad = room * side;
  const band = frame.labelPosition === 'none' ? 0 : LABEL_BAND * side;
  const width = side + 2 * pad;
  const top = frame.labelPosition === 'top' ? band : 0;
  const height = side + 2 * pad + band;
  const box = { x: pad, y: pad + top, side };
  const framed = frame.outline !== 'none' || frame.labelPosition !== 'none';

  const defs: string[] = [];
  let fill = 'none';
  if (!design.transparentBackground) {
    fill = design.backgroundColor1;
    if (design.backgroundGradient) {
      const v = svgGradientVector(design.gradientStyle);
      const stops = `<stop offset="0" stop-color="${design.backgroundColor1}"/><stop offset="1" stop-color="${design.backgroundColor2}"/>`;
      defs.push(
        design.gradientStyle === 'radial'
          ? `<radialGradient id="${id}-bg" cx="0.5" cy="0.5" r="0.71">${stops}</radialGradient>`
          : `<linearGradient id="${id}-bg" x1="${n(v.x1)}" y1="${n(v.y1)}" x2="${n(v.x2)}" y2="${n(v.y2)}">${stops}</linearGradient>`,
      );
      fill = `url(#${id}-bg)`;
    }
  }
  const radius = framed ? (frame.outline === 'rounded' ? 0.08 : 0.03) * side : 0;
  const card =
    fill === 'none'
      ? ''
      : `<rect width="${n(width)}" height="${n(height)}" rx="${n(radius)}" fill="${fill}"/>`;

  const over = [
    outline(frame, box, stroke * side, ink),
    label(frame, design, box, band, width, ink),
  ]
    .filter(Boolean)
    .join('');
  return {
    width,
    height,
    code: box,
    under: `${defs.length ? `<defs>${defs.join('')}</defs>` : ''}${card}`,
    over,
    label: frame.labelPosition === 'none' ? '' : design.frameText.trim(),
  };
}

type Box = { x: number; y: number; side: number };

function outline(frame: FrameStyle, box: Box, sw: number, ink: string): string {
  const line = `fill="none" stroke="${ink}" stroke-width="${n(sw)}"`;
  // A rectangle just outside the box, its stroke wholly outside the quiet zone.
  const around = (gap: number, extra = '') => {
    const o = gap + sw / 2;
    return `<rect x="${n(box.x - o)}" y="${n(box.y - o)}" width="${n(box.side + 2 * o)}" height="${n(box.side + 2 * o)}" ${extra}${line}/>`;
  };
  switch (frame.outline) {
    case 'none':
      return '';
    case 'square':
    case 'thick':
      return around(0);
    case 'rounded':
      return around(0.01 * box.side, `rx="${n(0.06 * box.side)}" `);
    case 'dashed':
      return around(0, `stroke-dasharray="${n(sw * 2.4)} ${n(sw * 1.6)}" `);
    case 'double':
      return around(0) + around(sw * 2.2);
    case 'circle': {
      const r = box.side * Math.SQRT1_2 + sw / 2 + 0.005 * box.side;
      const c = box.side / 2;
      return `<circle cx="${n(box.x + c)}" cy="${n(box.y + c)}" r="${n(r)}" ${line}/>`;
    }
    case 'brackets': {
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
      return `<path d="${d}" ${line} stroke-linecap="round"/>`;
    }
  }
}

function label(
  frame: FrameStyle,
  design: Design,
  box: Box,
  band: number,
  width: number,
  ink: string,
): string {
  if (frame.labelPosition === 'none' || design.frameText.trim() === '') return '';
  const text = escapeXml(design.frameText.trim());
  const size = FONT_SIZE * box.side;
  const roomBelow = (width - box.side) / 2;
  const centreY =
    frame.labelPosition === 'top'
      ? band / 2 + 0.01 * box.side
      : box.y + box.side + roomBelow + band / 2;
  // System fonts differ: squeeze a long call to action into the room rather than let it spill.
  const room = width - 0.12 * box.side;
  const guess = 0.62 * size * text.length;
  const squeeze = guess > room ? ` textLength="${n(room)}" lengthAdjust="spacingAndGlyphs"` : '';
  const tab = frame.labelPosition === 'bottom-tab';
  const textFill = tab ? (design.transparentBackground ? '#ffffff' : design.backgroundColor1) : ink;
  const tabWidth = Math.min(room + 0.06 * box.side, guess + 0.12 * box.side);
  const tabRect = tab
    ? `<rect x="${n(width / 2 - tabWidth / 2)}" y="${n(centreY - band * 0.42)}" width="${n(tabWidth)}" height="${n(band * 0.84)}" rx="${n(band * 0.2)}" fill="${ink}"/>`
    : '';
  return `${tabRect}<text x="${n(width / 2)}" y="${n(centreY)}" text-anchor="middle" dominant-baseline="central" font-family="${FONT_FAMILY}" font-size="${n(size)}" font-weight="700" fill="${textFill}"${squeeze}>${text}</text>`;
}
