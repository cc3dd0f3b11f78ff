// The drawing of a code, with no DOM: qr-code-styling draws the code (SVG, with a quiet zone of 4
// modules) into light elements (light-tree.ts), placed in the frame that frame-art draws around
// it. The page builds the real SVG from it (render-code.ts); the server, which emails a saved code
// drawn by itself (functions/src/code-files.ts), writes the same drawing out as markup
// (drawingMarkup), so both draw a code one way.
import QRCodeStyling from 'qr-code-styling';
import { codeSize, errorCorrectionFor, stylingOptions, tooLongMessage } from '../code-plan';
import type { QrDesign } from '../design';
import { frameArt, type FramedCode } from '../frame-art';
import { lightElements, lightMarkup, type LightElement } from './light-tree';

/** A design whose logo, if any, is already a data: URL. */
export type RenderDesign = QrDesign<string>;

export interface CodeDrawing {
  /** qr-code-styling's SVG of the code box, placed and sized in the frame. */
  readonly code: LightElement;
  /** The frame: drawn under and over the code. */
  readonly art: FramedCode;
  readonly width: number;
  readonly height: number;
  /** Modules across the code (without the quiet zone). */
  readonly modules: number;
}

export type DrawResult =
  | { readonly ok: true; readonly drawing: CodeDrawing }
  | { readonly ok: false; readonly message: string };

type JsdomOption = NonNullable<ConstructorParameters<typeof QRCodeStyling>[0]>['jsdom'];

export const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * The drawing of a code for `text` in `design`. `id` prefixes the frame's ids, so that two codes
 * on one page never share a gradient. `lightDom` is what qr-code-styling draws with: a
 * constructor whose instances have a `window` of light elements (light-tree.ts lightWindow).
 */
export async function drawCode(
  design: RenderDesign,
  text: string,
  id: string,
  lightDom: (this: unknown) => { window: unknown },
): Promise<DrawResult> {
  const size = sizeOf(text, errorCorrectionFor(design));
  if (!size.fits) return { ok: false, message: tooLongMessage(size, design.logo !== null) };

  const options = stylingOptions(design, text, size.modules, design.logo);
  const styling = new QRCodeStyling({ ...options, jsdom: lightDom as unknown as JsdomOption });
  const code = (await styling._getElement('svg')) as unknown as LightElement;
  const side = options.width;
  for (const image of lightElements(code, 'image')) {
    // saveAsBlob is off (it would fetch the logo over XHR): the href is the data: URL itself.
    image.setAttribute('href', design.logo ?? '');
    image.removeAttribute('xlink:href');
  }
  const art = frameArt(design, side, id);
  code.setAttribute('x', String(art.code.x));
  code.setAttribute('y', String(art.code.y));
  code.setAttribute('viewBox', `0 0 ${side} ${side}`);
  // Square modules drawn sharp: scaled by a fraction, antialiased edges go grey, and a small,
  // slightly blurred code then failed jsQR in the check. Square shapes lose nothing by it.
  if (design.pattern === 'square') code.setAttribute('shape-rendering', 'crispEdges');
  return {
    ok: true,
    drawing: {
      code,
      art,
      width: Math.round(art.width),
      height: Math.round(art.height),
      modules: size.modules,
    },
  };
}

/**
 * frame-art's markup as the browser writes it back once parsed: text keeps its quotes and
 * apostrophes (frame-art escapes them; XMLSerializer escapes only &, < and > in text).
 */
const asSerialised = (markup: string) =>
  markup.replace(
    />([^<]+)</g,
    (_, text: string) => `>${text.replace(/&quot;/g, '"').replace(/&apos;/g, "'")}<`,
  );

/**
 * The whole drawing as one SVG document (no XML declaration), as the page serialises it; `size`
 * gives the document another width and height (the drawing scaled to fit, as by its viewBox).
 */
export function drawingMarkup(
  { code, art, width, height }: CodeDrawing,
  size: { readonly width: number; readonly height: number } = { width, height },
): string {
  return `<svg xmlns="${SVG_NS}" width="${size.width}" height="${size.height}" viewBox="0 0 ${width} ${height}">${asSerialised(art.under)}${lightMarkup(code)}${asSerialised(art.over)}</svg>`;
}

/**
 * codeSize, remembered for the last text and level: a design change keeps both, and the encoder
 * tries all 8 masks each time (a few ms of the preview's update).
 */
let lastSize: { key: string; size: ReturnType<typeof codeSize> } | undefined;
function sizeOf(text: string, level: ReturnType<typeof errorCorrectionFor>) {
  const key = `${level}\n${text}`;
  if (lastSize?.key !== key) lastSize = { key, size: codeSize(text, level) };
  return lastSize.size;
}
