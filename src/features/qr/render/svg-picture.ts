// The renderer's SVG as something a canvas can draw: one way for the scan check's pixels and the
// PNG, JPEG and WEBP downloads, so the check judges exactly the picture people download. The
// markup is drawn as renderCode made it (it decides how modules are antialiased).

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The root <svg> of the markup; throws when it is anything else. */
export function parseSvg(svg: string): SVGSVGElement {
  const root = new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement;
  if (root.namespaceURI !== SVG_NS || root.localName !== 'svg') {
    throw new Error('The code is not SVG markup.');
  }
  return root as unknown as SVGSVGElement;
}

export interface SvgPicture {
  readonly image: HTMLImageElement;
  readonly width: number;
  readonly height: number;
}

/**
 * The SVG decoded as an image. With `size`, the markup is given that width and height first, so
 * the browser draws the vectors at that size rather than scaling up a small bitmap. decode() also
 * waits for the embedded logo.
 */
export async function loadSvgPicture(
  svg: string,
  size?: { readonly width: number; readonly height: number },
): Promise<SvgPicture> {
  // Without a size the markup is drawn as it is, and its own size is the image's natural size:
  // no parse (a large code's markup takes ~10 ms to parse, on every check).
  const markup = size ? resized(svg, size) : svg;
  const url = URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return { image, width: image.naturalWidth, height: image.naturalHeight };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The markup with its root's width and height set. */
function resized(svg: string, size: { readonly width: number; readonly height: number }) {
  const root = parseSvg(svg);
  root.setAttribute('width', String(size.width));
  root.setAttribute('height', String(size.height));
  return new XMLSerializer().serializeToString(root);
}

/**
 * A canvas of `width`×`height` on `background` (none when omitted) with the picture drawn on it,
 * fitted whole and centred. Null when the browser cannot make a canvas that large.
 */
export function drawPicture(
  { image, width, height }: SvgPicture,
  canvasWidth: number,
  canvasHeight: number,
  background?: string,
  options?: CanvasRenderingContext2DSettings,
): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D } | null {
  const canvas = document.createElement('canvas');
  canvas.width = canvasWidth;
  canvas.height = canvasHeight;
  const context = canvas.getContext('2d', options);
  if (!context) return null;
  if (background) {
    context.fillStyle = background;
    context.fillRect(0, 0, canvasWidth, canvasHeight);
  }
  const scale = Math.min(canvasWidth / width, canvasHeight / height);
  const [w, h] = [width * scale, height * scale];
  context.drawImage(image, (canvasWidth - w) / 2, (canvasHeight - h) / 2, w, h);
  return { canvas, context };
}
