// A logo made small enough to keep with a saved code: a Firestore document holds at most 1 MiB and
// the rules allow the logo LOGO_MAX_CHARS characters. The upload itself (up to 1 MB) stays in the
// device's draft. Browser only (canvas); tested end to end, as jsdom has no canvas.
import { LOGO_MAX_CHARS } from '../../../domain/qr/saved-code';

/** Longer sides tried in turn: 512 px keeps a logo sharp in a 2048 px download. */
const SIDES = [512, 384, 256, 192, 128, 96, 64];
/** PNG first (exact colours, crisp edges), then WebP (far smaller for photos); both keep alpha. */
const ENCODINGS: readonly [type: string, quality?: number][] = [
  ['image/png'],
  ['image/webp', 0.9],
  ['image/webp', 0.75],
];

const thumbnails = new WeakMap<Blob, Promise<string>>();

/**
 * The logo as a PNG or WebP data: URL of at most `maxChars` characters, at most 512 px on its
 * longer side (a bitmap is never enlarged, an SVG is drawn at that size): the largest size and
 * the first encoding that fit. Rejects with an Error a user can read when the file is no picture
 * the browser can draw, or cannot be made small enough. Made once per file.
 */
export function logoThumbnail(file: Blob, maxChars = LOGO_MAX_CHARS): Promise<string> {
  if (maxChars !== LOGO_MAX_CHARS) return makeThumbnail(file, maxChars);
  let thumbnail = thumbnails.get(file);
  if (!thumbnail) {
    thumbnail = makeThumbnail(file, maxChars);
    thumbnails.set(file, thumbnail);
    thumbnail.catch(() => thumbnails.delete(file));
  }
  return thumbnail;
}

async function makeThumbnail(file: Blob, maxChars: number): Promise<string> {
  const picture = await decode(file);
  try {
    const longer = Math.max(picture.width, picture.height);
    const canvas = document.createElement('canvas');
    let tried = 0;
    for (const side of SIDES) {
      // A drawing (SVG) is drawn at the full size; a photo is never enlarged.
      const scale = picture.vector ? side / longer : Math.min(1, side / longer);
      const width = Math.max(1, Math.round(picture.width * scale));
      const height = Math.max(1, Math.round(picture.height * scale));
      if (width === tried) continue; // a small logo: the same size again would not help
      tried = width;
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('This browser cannot draw the logo.');
      context.clearRect(0, 0, width, height);
      context.imageSmoothingQuality = 'high';
      context.drawImage(picture.source, 0, 0, width, height);
      for (const [type, quality] of ENCODINGS) {
        // A browser that cannot write WebP writes PNG instead; any picture will do.
        const url = dataUrl(canvas, type, quality);
        if (url.length <= maxChars && url.startsWith('data:image/')) return url;
      }
    }
    throw new Error('The logo could not be made small enough to save. Try a simpler picture.');
  } finally {
    picture.close();
  }
}

function dataUrl(canvas: HTMLCanvasElement, type: string, quality?: number): string {
  try {
    return canvas.toDataURL(type, quality);
  } catch (error) {
    // A canvas the browser counts as tainted (some older browsers, for any SVG) cannot be read.
    throw new Error('This browser cannot read the logo back. Try a PNG or JPEG.', { cause: error });
  }
}

interface Picture {
  readonly source: CanvasImageSource;
  readonly width: number;
  readonly height: number;
  /** Drawn sharp at any size. */
  readonly vector: boolean;
  close(): void;
}

/** SVG size when the file gives none (no width/height or viewBox). */
const SVG_FALLBACK_SIDE = 512;

/** The file decoded; SVG through an <img>, as createImageBitmap does not take SVG blobs. */
async function decode(file: Blob): Promise<Picture> {
  if (file.type !== 'image/svg+xml' && typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file);
      return {
        source: bitmap,
        width: bitmap.width,
        height: bitmap.height,
        vector: false,
        close: () => bitmap.close(),
      };
    } catch {
      // Some formats (or an SVG with no type) only an <img> decodes.
    }
  }
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch {
    URL.revokeObjectURL(url);
    throw new Error('The logo is not a picture this browser can read. Try a PNG or JPEG.');
  }
  return {
    source: image,
    width: image.naturalWidth || SVG_FALLBACK_SIDE,
    height: image.naturalHeight || SVG_FALLBACK_SIDE,
    vector: file.type === 'image/svg+xml',
    close: () => URL.revokeObjectURL(url),
  };
}
