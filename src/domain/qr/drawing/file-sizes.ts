// The sizes and the SVG file of a code's downloads, with no DOM: the page's downloads
// (downloads.ts) and the files the server emails with a saved code (functions/src/code-files.ts)
// are made to the same measures.

/** PNG sizes offered, in pixels along the longer side. */
export const pngSizes = [512, 1024, 2048, 4096] as const;
export type PngSize = (typeof pngSizes)[number];
export const DEFAULT_PNG_SIZE: PngSize = 1024;
/** The PDF page is the code itself (quiet zone included), this long on its longer side. */
export const PDF_LONGER_SIDE_MM = 100;

/** The PDF page of a code in millimetres: the drawing's proportions, PDF_LONGER_SIDE_MM the longer side. */
export function pdfPageSize(code: { readonly width: number; readonly height: number }): {
  width: number;
  height: number;
} {
  const scale = PDF_LONGER_SIDE_MM / Math.max(code.width, code.height);
  return { width: code.width * scale, height: code.height * scale };
}

/** A picture size with the code's aspect ratio (frames make it non-square): the longer side is `longer`. */
export function rasterSize(
  code: { readonly width: number; readonly height: number },
  longer: number,
): { width: number; height: number } {
  const scale = longer / Math.max(code.width, code.height);
  return {
    width: Math.max(1, Math.round(code.width * scale)),
    height: Math.max(1, Math.round(code.height * scale)),
  };
}

/** The renderer's SVG as a file: an XML declaration, then the markup as it is. */
export function svgFile(svg: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${svg}`;
}
