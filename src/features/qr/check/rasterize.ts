// Turns the preview's SVG markup into pixels, as a camera would see the code, for the scan check.
// Main thread only: SVG decoding needs an <img> (a worker has no SVG rasterizer).

export interface DrawOptions {
  /** Gaussian blur, standard deviation in px (CSS `blur()`), to mimic a soft focus. */
  readonly blur?: number;
  /** What shows through transparent parts: a CSS colour or 'transparent'; white by default. */
  readonly background?: string;
}

export interface SvgImage {
  readonly image: HTMLImageElement;
  readonly width: number;
  readonly height: number;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * The markup with an explicit width and height: Firefox does not draw an SVG without an
 * intrinsic size onto a canvas, and the size gives the aspect ratio to fit.
 */
function sized(svg: string): { markup: string; width: number; height: number } {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const root = doc.documentElement;
  if (root.namespaceURI !== SVG_NS || root.localName !== 'svg') {
    throw new Error('The scan check was given something other than SVG markup.');
  }
  const viewBox = (root.getAttribute('viewBox') ?? '').split(/[\s,]+/).map(Number);
  const length = (name: 'width' | 'height', fallback: number | undefined) => {
    const value = parseFloat(root.getAttribute(name) ?? '');
    // Percentages and other relative units have no meaning outside a page.
    return Number.isFinite(value) && !/%|em|ex|vw|vh/.test(root.getAttribute(name) ?? '')
      ? value
      : fallback;
  };
  const fromViewBox = viewBox.length === 4 && viewBox.every(Number.isFinite);
  const width = length('width', fromViewBox ? viewBox[2] : undefined) ?? 300;
  const height = length('height', fromViewBox ? viewBox[3] : undefined) ?? 150;
  root.setAttribute('width', String(width));
  root.setAttribute('height', String(height));
  // qr-code-styling draws each module as its own shape; scaled by a fraction, their shared
  // edges antialias into light hairlines across dark areas, which made both readers miss a
  // plain 21-module code at 400 px. Print and camera show no such seams, so draw without them.
  root.setAttribute('shape-rendering', 'crispEdges');
  return { markup: new XMLSerializer().serializeToString(doc), width, height };
}

/** Decodes the SVG once; draw it at several sizes with drawToImageData. */
export async function loadSvgImage(svg: string): Promise<SvgImage> {
  const { markup, width, height } = sized(svg);
  const url = URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    // decode() also waits for embedded data: images (logos) and fonts of <text>.
    await image.decode();
    return { image, width, height };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The image centred on a size×size square, scaled to fit whole, as RGBA pixels. */
export function drawToImageData(
  { image, width, height }: SvgImage,
  size: number,
  { blur = 0, background = '#ffffff' }: DrawOptions = {},
): ImageData {
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('No 2D canvas for the scan check.');
  if (background !== 'transparent') {
    context.fillStyle = background;
    context.fillRect(0, 0, size, size);
  }
  const scale = Math.min(size / width, size / height);
  const [w, h] = [width * scale, height * scale];
  context.drawImage(image, (size - w) / 2, (size - h) / 2, w, h);
  const pixels = context.getImageData(0, 0, size, size);
  if (blur > 0) gaussianBlur(pixels, blur);
  return pixels;
}

/** Loads and draws in one go, for a single size. */
export async function rasterize(svg: string, size: number, options?: DrawOptions) {
  return drawToImageData(await loadSvgImage(svg), size, options);
}

/**
 * A true Gaussian blur over RGBA (separable, edges clamped), rather than the canvas `filter`:
 * Chromium's CPU canvas (which `willReadFrequently` selects) approximates `blur()` by three box
 * blurs of whole-pixel width, so any blur under 0.8 px does nothing and 0.8 to 1.3 px are the
 * same; older Safari has no canvas filter at all. This gives every browser the same pixels, in
 * a few milliseconds at 160 px.
 */
function gaussianBlur(pixels: ImageData, sigma: number) {
  const radius = Math.ceil(sigma * 3);
  const kernel = Array.from({ length: radius * 2 + 1 }, (_, i) =>
    Math.exp(-((i - radius) ** 2) / (2 * sigma * sigma)),
  );
  const total = kernel.reduce((a, b) => a + b, 0);
  const weights = kernel.map((k) => k / total);
  const { width, height, data } = pixels;
  const pass = (source: Uint8ClampedArray, target: Uint8ClampedArray, horizontal: boolean) => {
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        for (let c = 0; c < 4; c++) {
          let sum = 0;
          for (let k = -radius; k <= radius; k++) {
            const sx = horizontal ? Math.min(width - 1, Math.max(0, x + k)) : x;
            const sy = horizontal ? y : Math.min(height - 1, Math.max(0, y + k));
            sum += source[(sy * width + sx) * 4 + c] * weights[k + radius];
          }
          target[(y * width + x) * 4 + c] = sum;
        }
      }
    }
  };
  const temp = new Uint8ClampedArray(data.length);
  pass(data, temp, true);
  pass(temp, data, false);
}
