// How a design and a payload become a drawn code: the error correction, the size in modules,
// the "too long" answer, the quiet zone and every qr-code-styling option, as plain data. The
// renderer (src/features/qr/render) only hands this to the library and adds the frame. Pure
// TypeScript: qrcode-generator (the encoder qr-code-styling itself uses) answers how many modules
// a text needs.
import qrcode from 'qrcode-generator';
import {
  findChoice,
  gradientStyles,
  type GradientStyle,
  type GradientStyleId,
  type QrDesign,
} from './design';

export type ErrorCorrection = 'L' | 'M' | 'Q' | 'H';
type Mode = 'Numeric' | 'Alphanumeric' | 'Byte';

/** Q by default (25% of the code can be lost); H (30%) under a logo, which hides modules. */
export const errorCorrectionFor = (design: Pick<QrDesign<unknown>, 'logo'>): ErrorCorrection =>
  design.logo ? 'H' : 'Q';

/** The blank margin every scanner needs around the code, in modules (ISO/IEC 18004). */
export const QUIET_ZONE = 4;

/** Drawing units per module: the SVG is vector, so this only sets the numbers' scale. */
export const MODULE = 10;

/** Bytes a version-40 code holds in byte mode at each level: the most any code can carry. */
export const maxBytes: Record<ErrorCorrection, number> = { L: 2953, M: 2331, Q: 1663, H: 1273 };

/**
 * The text as qr-code-styling must be given it: one character per UTF-8 byte. The library's
 * bundled encoder keeps only the low byte of each character, so "é" or "Ω" would be mangled;
 * pre-encoding makes every scanner read the text as typed (they read byte mode as UTF-8).
 */
export function byteString(text: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(text)) out += String.fromCharCode(byte);
  return out;
}

/** The mode qr-code-styling picks for a text (its getMode), so sizes here match its drawing. */
export function modeOf(data: string): Mode {
  if (/^\d*$/.test(data)) return 'Numeric';
  if (/^[\dA-Z $%*+\-./:]*$/.test(data)) return 'Alphanumeric';
  return 'Byte';
}

export type CodeSize =
  | { readonly fits: true; readonly modules: number; readonly version: number }
  | { readonly fits: false; readonly bytes: number; readonly max: number; readonly over: number };

/**
 * Sizes already worked out, by what alone decides one: the mode, the data's length and the level
 * (the encoder tries all eight masks, about 2 ms a text, and a sheet checks a thousand).
 */
const sizes = new Map<string, CodeSize>();
const SIZES_KEPT = 4096;

/** How big the code of a text is at a level, or by how much the text is too long. */
export function codeSize(text: string, level: ErrorCorrection): CodeSize {
  const data = byteString(text);
  const key = `${modeOf(data)}:${data.length}:${level}`;
  let size = sizes.get(key);
  if (!size) {
    if (sizes.size >= SIZES_KEPT) sizes.clear();
    size = measuredSize(data, level);
    sizes.set(key, size);
  }
  return size;
}

function measuredSize(data: string, level: ErrorCorrection): CodeSize {
  try {
    const code = qrcode(0, level);
    code.addData(data, modeOf(data));
    code.make();
    const modules = code.getModuleCount();
    return { fits: true, modules, version: (modules - 17) / 4 };
  } catch {
    const bytes = data.length;
    const max = maxBytes[level];
    return { fits: false, bytes, max, over: Math.max(1, bytes - max) };
  }
}

/** What the page says when the content is too long for any code. */
export function tooLongMessage(
  size: Extract<CodeSize, { fits: false }>,
  withLogo: boolean,
): string {
  const logo = withLogo
    ? ' A logo needs the strongest error correction, which holds less: removing it gives more room.'
    : '';
  return `Too long for a QR code: cut about ${size.over} character${size.over === 1 ? '' : 's'} (it holds ${size.max} bytes at most; this content takes ${size.bytes}).${logo}`;
}

// ---------------------------------------------------------------------------------------------
// Gradients

/** qr-code-styling's gradient: linear at a rotation (radians, clockwise from left-to-right). */
export interface StylingGradient {
  readonly type: GradientStyle['shape'];
  readonly rotation: number;
  readonly colorStops: readonly { readonly offset: number; readonly color: string }[];
}

/** A style's entry in design.ts: everything a gradient is drawn from. */
const styleOf = (id: GradientStyleId): GradientStyle =>
  findChoice(gradientStyles, id) ?? gradientStyles[0];

export function stylingGradient(style: GradientStyleId, from: string, to: string): StylingGradient {
  const { shape, rotation } = styleOf(style);
  return {
    type: shape,
    rotation,
    colorStops: [
      { offset: 0, color: from },
      { offset: 1, color: to },
    ],
  };
}

/** The same direction as SVG attributes over a box (a radial style's is its centre). */
export function svgGradientVector(style: GradientStyleId): {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
} {
  const { shape, rotation } = styleOf(style);
  if (shape === 'radial') return { x1: 0.5, y1: 0.5, x2: 0.5, y2: 0.5 };
  const dx = Math.cos(rotation) / 2;
  const dy = Math.sin(rotation) / 2;
  return { x1: 0.5 - dx, y1: 0.5 - dy, x2: 0.5 + dx, y2: 0.5 + dy };
}

/** A number as SVG markup writes it: at most two decimals. */
export const svgNumber = (value: number) => String(Math.round(value * 100) / 100);

/**
 * The same gradient as an SVG element with the id `id`, over the box of the shape it fills (the
 * frame's card): a radial one spreads from the centre to the corners (half the box's diagonal).
 */
export function svgGradient(style: GradientStyleId, id: string, from: string, to: string): string {
  const stops = `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>`;
  if (styleOf(style).shape === 'radial') {
    return `<radialGradient id="${id}" cx="0.5" cy="0.5" r="0.71">${stops}</radialGradient>`;
  }
  const v = svgGradientVector(style);
  return `<linearGradient id="${id}" x1="${svgNumber(v.x1)}" y1="${svgNumber(v.y1)}" x2="${svgNumber(v.x2)}" y2="${svgNumber(v.y2)}">${stops}</linearGradient>`;
}

// ---------------------------------------------------------------------------------------------
// The options

/** Share of the code a logo may take (qr-code-styling's imageSize, scaled by the level's loss). */
export const LOGO_SIZE = 0.35;

/**
 * Every qr-code-styling option for a design: drawn as SVG at MODULE units per module with a
 * quiet zone of QUIET_ZONE modules; the background is left to the frame (drawn under the whole
 * picture), so the code's own background is transparent.
 */
export function stylingOptions(
  design: QrDesign<unknown>,
  text: string,
  modules: number,
  logoUrl: string | null,
) {
  const side = (modules + 2 * QUIET_ZONE) * MODULE;
  const gradient = design.patternGradient
    ? stylingGradient(design.gradientStyle, design.patternColor1, design.patternColor2)
    : undefined;
  return {
    type: 'svg' as const,
    width: side,
    height: side,
    margin: QUIET_ZONE * MODULE,
    data: byteString(text),
    qrOptions: { errorCorrectionLevel: errorCorrectionFor(design), typeNumber: 0 as const },
    ...(logoUrl
      ? {
          image: logoUrl,
          imageOptions: {
            hideBackgroundDots: true,
            imageSize: LOGO_SIZE,
            margin: MODULE / 2,
            // The renderer sets the image's href itself (a data: URL, so downloads embed it).
            saveAsBlob: false,
          },
        }
      : {}),
    dotsOptions: {
      type: design.pattern,
      color: design.patternColor1,
      ...(gradient ? { gradient: { ...gradient, colorStops: [...gradient.colorStops] } } : {}),
      roundSize: true,
    },
    cornersSquareOptions: { type: design.cornerFrame, color: design.cornerFrameColor },
    cornersDotOptions: { type: design.cornerCentre, color: design.cornerCentreColor },
    backgroundOptions: { color: 'transparent' },
  };
}
