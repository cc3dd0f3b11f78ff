// The code as files: PNG, JPEG and WEBP drawn from its SVG on a canvas, the SVG itself, and a
// vector PDF for print shops (pdf-maker.ts, loaded only when a PDF is asked for).
import { fileBaseName } from '../../../domain/file-name';
import type { RenderedCode } from './render-code';
import {
  DEFAULT_PNG_SIZE,
  pdfPageSize,
  rasterSize,
  svgFile,
} from '../../../domain/qr/drawing/file-sizes';
import { DownloadError } from './download-error';
import { openPdf } from './pdf-maker';
import { drawPicture, loadSvgPicture } from './svg-picture';

// Where the download panel and the tests have always found them.
export {
  DEFAULT_PNG_SIZE,
  PDF_LONGER_SIDE_MM,
  pngSizes,
  rasterSize,
  svgFile,
  type PngSize,
} from '../../../domain/qr/drawing/file-sizes';

// Kept here too, where the download panel and its tests find it.
export { saveFile } from '../../../lib/save-file';

export type DownloadFormat = 'png' | 'svg' | 'jpeg' | 'webp' | 'pdf';

export interface FormatInfo {
  readonly id: DownloadFormat;
  readonly label: string;
  readonly hint: string;
  readonly extension: string;
  readonly mime: string;
  /** Pictures drawn from the SVG: their one size (longer side, px) or none (PNG: chosen), and quality. */
  readonly picture?: { readonly size?: number; readonly quality?: number };
}

/** JPEG and WEBP come in one size: large enough to print small, small enough to send. */
export const PICTURE_SIZE = 1024;

export const downloadFormats: readonly FormatInfo[] = [
  {
    id: 'png',
    label: 'PNG',
    hint: 'A picture for screens, documents and the web, at the size you choose.',
    extension: 'png',
    mime: 'image/png',
    picture: {},
  },
  {
    id: 'svg',
    label: 'SVG',
    hint: 'Vector: sharp at any size, for designers and websites.',
    extension: 'svg',
    mime: 'image/svg+xml',
  },
  {
    id: 'jpeg',
    label: 'JPEG',
    hint: 'A picture on a solid background (white where yours is transparent).',
    extension: 'jpg',
    mime: 'image/jpeg',
    picture: { size: PICTURE_SIZE, quality: 0.92 },
  },
  {
    id: 'webp',
    label: 'WEBP',
    hint: 'A small picture for the web.',
    extension: 'webp',
    mime: 'image/webp',
    picture: { size: PICTURE_SIZE, quality: 0.92 },
  },
  {
    id: 'pdf',
    label: 'PDF',
    hint: 'Vector, for print shops: sharp at any print size.',
    extension: 'pdf',
    mime: 'application/pdf',
  },
];

/** The characters beyond Windows-1252 that the standard PDF fonts (WinAnsi) also have. */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

/**
 * The characters of a call to action that the PDF cannot write: jsPDF writes text in its
 * standard Helvetica, which holds only Western European letters (WinAnsi), so others would
 * print as the wrong glyphs. Each listed once, in order.
 */
export function pdfUnwritable(text: string): string[] {
  const unwritable = [...text].filter((character) => {
    const code = character.codePointAt(0)!;
    const latin = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff);
    return !latin && !WIN_ANSI_EXTRA.includes(character);
  });
  return [...new Set(unwritable)];
}

export const formatInfo = (format: DownloadFormat): FormatInfo =>
  downloadFormats.find((entry) => entry.id === format)!;

export { DownloadError };

// ---------------------------------------------------------------------------------------------
// Names and sizes

export { fileBaseName };

export function fileName(qrName: string, format: DownloadFormat): string {
  return `${fileBaseName(qrName)}.${formatInfo(format).extension}`;
}

// ---------------------------------------------------------------------------------------------
// Making the file

export interface DownloadRequest {
  readonly code: RenderedCode;
  /** The code's name (qrName); the file is named after it. */
  readonly name: string;
  readonly format: DownloadFormat;
  /** PNG only: pixels along the longer side. */
  readonly size?: number;
}

export async function makeDownload({
  code,
  name,
  format,
  size = DEFAULT_PNG_SIZE,
}: DownloadRequest): Promise<{ blob: Blob; name: string }> {
  const file = fileName(name, format);
  const info = formatInfo(format);
  if (info.picture) {
    const { size: fixed, quality } = info.picture;
    return {
      blob: await picture(code, rasterSize(code, fixed ?? size), info, quality),
      name: file,
    };
  }
  const blob =
    format === 'pdf' ? await pdf(code, name) : new Blob([svgFile(code.svg)], { type: info.mime });
  return { blob, name: file };
}

/** The SVG drawn at the exact pixel size (see loadSvgPicture), as the renderer marks it. */
async function picture(
  code: RenderedCode,
  size: { width: number; height: number },
  { mime: type, label }: FormatInfo,
  quality?: number,
): Promise<Blob> {
  const loaded = await loadSvgPicture(code.svg, size).catch(() => {
    throw new DownloadError('The code could not be drawn as a picture. Please try SVG or PDF.');
  });
  // JPEG has no transparency: a transparent background becomes white, not black.
  const drawn = drawPicture(
    loaded,
    size.width,
    size.height,
    type === 'image/jpeg' ? '#ffffff' : undefined,
  );
  if (!drawn) throw tooLarge(size.width);
  const blob = await new Promise<Blob | null>((resolve) =>
    drawn.canvas.toBlob(resolve, type, quality),
  );
  if (!blob) throw tooLarge(size.width);
  // A browser that cannot write a format hands back a PNG instead (older Safari for WEBP).
  if (blob.type !== type) {
    throw new DownloadError(`This browser cannot make ${label} files. Please choose PNG instead.`);
  }
  return blob;
}

function tooLarge(width: number) {
  return new DownloadError(
    `This browser could not make a picture ${width} pixels wide. Please choose a smaller size.`,
  );
}

/** A vector PDF whose page is the code (quiet zone included): paths, not a picture. */
async function pdf(code: RenderedCode, title: string): Promise<Blob> {
  const page = pdfPageSize(code);
  const writer = await openPdf(page, title);
  await writer.drawSvg(code.svg, { x: 0, y: 0, ...page });
  return writer.blob();
}
