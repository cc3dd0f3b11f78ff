// Draws the real code of a design: qr-code-styling makes the code (SVG, with a quiet zone of 4
// modules), frame-art draws the card, outline and call to action around it, and the whole is one
// self-contained SVG document: the logo is embedded as a data: URL, nothing is referenced from
// outside, so the same markup is the preview, the scan check's input and the SVG download.
// The drawing itself needs no DOM (code-drawing.ts: the server draws the same); here it becomes a
// live SVG element. Loaded only on the QR screens (qr-code-styling stays out of the marketing pages).
import type { QrDesign } from '../../../domain/qr/design';
import { drawCode, SVG_NS, type RenderDesign } from '../../../domain/qr/drawing/code-drawing';
import { LightDom, realise } from './light-svg';

export type { RenderDesign } from '../../../domain/qr/drawing/code-drawing';

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

/**
 * The SVG of a code for `text` in `design`; `id` prefixes the ids inside it, so that two codes on
 * one page (the preview and a download in progress) never share a gradient.
 */
export async function renderCode(
  design: RenderDesign,
  text: string,
  id = 'qr',
): Promise<RenderResult> {
  const drawn = await drawCode(design, text, id, LightDom);
  if (!drawn.ok) return drawn;
  const { art, width, height, modules } = drawn.drawing;
  // Drawn into plain objects, then built as real SVG with each layer's shapes in one path.
  const element = realise(drawn.drawing.code);
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
    modules,
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
