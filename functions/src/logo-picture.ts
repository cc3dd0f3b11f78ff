// A saved code's logo as the server's drawing needs it. qr-code-styling loads the logo with an
// Image to learn its size (LogoImage reads it from the picture's header, with no decoding), and
// the rasteriser and the PDF maker read PNG and JPEG, not the WebP that a photo's thumbnail is
// saved as (src/features/qr/codes/logo-thumbnail.ts: PNG or WebP; older codes may hold JPEG or
// GIF), nor (the PDF) GIF: those are turned into PNG first (rasterLogo).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import * as webp from '@jsquash/webp/decode.js';
import { encode as encodePng } from 'fast-png';
import { imageSize } from 'image-size';

const require = createRequire(import.meta.url);

/** The WebP decoder, as it is: its own types name the browser's ImageData and options only. */
const { default: decodeWebp, init: initWebp } = webp as unknown as {
  default: (
    bytes: ArrayBuffer,
  ) => Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
  /** Emscripten's module options: the WebAssembly is given as bytes, read from the package. */
  init: (options: { wasmBinary: Uint8Array }) => Promise<void>;
};

/** The bytes and type of a `data:image/...;base64,` URL; null for anything else. */
export function dataUrlBytes(url: string): { type: string; bytes: Buffer } | null {
  const match = /^data:(image\/[a-z+.-]+);base64,([A-Za-z0-9+/]*=*)$/.exec(url);
  return match ? { type: match[1]!, bytes: Buffer.from(match[2]!, 'base64') } : null;
}

/** The width and height a picture's header gives; null when it is no picture that can be read. */
export function pictureSize(url: string): { width: number; height: number } | null {
  const picture = dataUrlBytes(url);
  if (!picture) return null;
  try {
    const { width, height } = imageSize(picture.bytes);
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}

/**
 * The Image qr-code-styling loads a logo with, for its size only: `src` is a data: URL, whose
 * header gives the size; then `onload`, or `onerror` when it cannot be read.
 */
export class LogoImage {
  width = 0;
  height = 0;
  onload: (() => void) | null = null;
  onerror: ((error: unknown) => void) | null = null;
  crossOrigin: string | null = null;

  set src(url: string) {
    const size = pictureSize(url);
    if (size) Object.assign(this, size);
    // As a browser does: after the assignment, never during it.
    setTimeout(() => {
      if (size) this.onload?.();
      else this.onerror?.(new Error('The logo is no picture that can be read.'));
    });
  }
}

let webpReady: Promise<void> | undefined;

/** The WebP decoder, started once, with its WebAssembly from the package's file (never fetched). */
function webpDecoder(): Promise<void> {
  webpReady ??= initWebp({
    wasmBinary: readFileSync(require.resolve('@jsquash/webp/codec/dec/webp_dec.wasm')),
  });
  return webpReady;
}

const pngUrl = (bytes: Uint8Array) =>
  `data:image/png;base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}`;

/**
 * The logo as a PNG or JPEG data: URL, for the rasteriser and the PDF: a PNG or JPEG as it is,
 * a WebP decoded and a GIF drawn (its first frame) into a PNG of the same size.
 */
export async function rasterLogo(url: string): Promise<string> {
  const picture = dataUrlBytes(url);
  if (!picture) throw new Error('The logo is no data: URL of a picture.');
  if (picture.type === 'image/png' || picture.type === 'image/jpeg') return url;
  if (picture.type === 'image/webp') {
    await webpDecoder();
    const { bytes } = picture;
    const image = await decodeWebp(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    return pngUrl(
      encodePng({
        width: image.width,
        height: image.height,
        data: new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength),
        channels: 4,
      }),
    );
  }
  const size = pictureSize(url);
  if (!size) throw new Error('The logo is no picture that can be read.');
  const { width, height } = size;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><image href="${url}" width="${width}" height="${height}"/></svg>`;
  return pngUrl(new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng());
}
