// Draws the real code of a design: qr-code-styling makes the code (SVG, with a quiet zone of 4
// modules), frame-art draws the card, outline and call to action around it, and the whole is one
// self-contained SVG document: the logo is embedded as a data: URL, nothing is referenced from
// outside, so the same markup is the preview, the scan check's input and the SVG download.
// Loaded only on the QR screens (qr-code-styling stays out of the marketing pages).
import QRCodeStyling from 'qr-code-styling';
import {
  codeSize,
  errorCorrectionFor,
  stylingOptions,
  tooLongMessage,
} from '../../../domain/qr/code-plan';
import type { QrDesign } from '../../../domain/qr/design';
import { frameArt } from '../../../domain/qr/frame-art';
import { LightDom, realise, type LightElement } from './light-svg';

export interface RenderedCode {
  /** A complete SVG document (no XML declaration), serialised from `element` when first read. */
  readonly svg: string;
  /** The same drawing as a live element, for the preview to adopt as it is (no markup to parse). */
  readonly element: SVGSVGElement;
  readonly width: number;
  readonly height: number;
  /** Modules across the code (without the quiet zone). */
  readonly modules: number;
  /** The frame's call to action as drawn; '' when there is none. */
  readonly label: string;
}

export type RenderResult =
  | { readonly ok: true; readonly code: RenderedCode }
  | { readonly ok: false; readonly message: string };

/** A design whose logo, if any, is already a data: URL (see logoDataUrl). */
export type RenderDesign = QrDesign<string>;

const SVG_NS = 'http://www.w3.org/2000/svg';

type JsdomOption = NonNullable<ConstructorParameters<typeof QRCodeStyling>[0]>['jsdom'];

/**
 * The SVG of a code for `text` in `design`; `id` prefixes the ids inside it, so that two codes on
 * one page (the preview and a download in progress) never share a gradient.
 */
export async function renderCode(
  design: RenderDesign,
  text: string,
  id = 'qr',
): Promise<RenderResult> {
  const size = sizeOf(text, errorCorrectionFor(design));
  if (!size.fits) return { ok: false, message: tooLongMessage(size, design.logo !== null) };

  const options = stylingOptions(design, text, size.modules, design.logo);
  // Drawn into plain objects, then built as real SVG with each layer's shapes in one path.
  const styling = new QRCodeStyling({ ...options, jsdom: LightDom as unknown as JsdomOption });
  const element = realise((await styling._getElement('svg')) as unknown as LightElement);
  const side = options.width;
  for (const image of element.querySelectorAll('image')) {
    // saveAsBlob is off (it would fetch the logo over XHR): the href is the data: URL itself.
    image.setAttribute('href', design.logo ?? '');
    image.removeAttribute('xlink:href');
  }
  const art = frameArt(design, side, id);
  element.setAttribute('x', String(art.code.x));
  element.setAttribute('y', String(art.code.y));
  element.setAttribute('viewBox', `0 0 ${side} ${side}`);
  // Square modules drawn sharp: scaled by a fraction, antialiased edges go grey, and a small,
  // slightly blurred code then failed jsQR in the check. Square shapes lose nothing by it.
  if (design.pattern === 'square') element.setAttribute('shape-rendering', 'crispEdges');
  const width = Math.round(art.width);
  const height = Math.round(art.height);
  const drawing = document.createElementNS(SVG_NS, 'svg');
  drawing.setAttribute('width', String(width));
  drawing.setAttribute('height', String(height));
  drawing.setAttribute('viewBox', `0 0 ${width} ${height}`);
  drawing.append(...svgNodes(art.under), element, ...svgNodes(art.over));
  let svg: string | undefined;
  const code: RenderedCode = {
    get svg() {
      // The check reads it after the drawing settles, a download when asked: not on every change.
      svg ??= new XMLSerializer().serializeToString(drawing);
      return svg;
    },
    element: drawing,
    width,
    height,
    modules: size.modules,
    label: art.label,
  };
  return { ok: true, code };
}

/** Markup of SVG elements (frame-art's) parsed as SVG nodes. */
function svgNodes(markup: string): Node[] {
  if (!markup) return [];
  const group = document.createElementNS(SVG_NS, 'g');
  group.innerHTML = markup;
  return [...group.childNodes];
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

const logoUrls = new WeakMap<Blob, Promise<string>>();

/** A logo file as a data: URL (read once per file). */
export function logoDataUrl(file: Blob): Promise<string> {
  let url = logoUrls.get(file);
  if (!url) {
    url = new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error ?? new Error('The logo could not be read.'));
      reader.readAsDataURL(file);
    });
    logoUrls.set(file, url);
  }
  return url;
}

/** The design with its logo read as a data: URL, ready for renderCode. */
export async function renderDesign(design: QrDesign): Promise<RenderDesign> {
  return { ...design, logo: design.logo ? await logoDataUrl(design.logo) : null };
}
