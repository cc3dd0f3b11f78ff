// The files an emailed code carries, drawn here from the saved code, never taken from a request:
//   SVG  the page's own drawing code (src/domain/qr/drawing/code-drawing.ts: qr-code-styling and
//        frame-art), written out as the browser writes it, byte for byte;
//   PNG  that SVG drawn by resvg (a Rust SVG renderer whose npm package carries a prebuilt binary
//        for each platform), 1024 px on its longer side as the page's default PNG;
//   PDF  that SVG as vectors (paths, not a picture) by pdfkit and svg-to-pdfkit, both plain
//        JavaScript, 100 mm on its longer side as the page's PDF.
// The frames' call to action is set in Roboto Bold (@expo-google-fonts/roboto, SIL Open Font
// License), the one font both renderers are given: the SVG names Roboto among the system fonts
// it asks for, and the server has no system fonts to fall back on. A character Roboto lacks
// (it covers Latin, Greek and Cyrillic) is left out of the PNG and the PDF.
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import PDFDocument from 'pdfkit';
import {
  drawCode,
  drawingMarkup,
  type CodeDrawing,
  type RenderDesign,
} from '../../src/domain/qr/drawing/code-drawing';
import {
  DEFAULT_PNG_SIZE,
  PDF_LONGER_SIDE_MM,
  rasterSize,
  svgFile,
} from '../../src/domain/qr/drawing/file-sizes';
import { lightWindow, renameIds } from '../../src/domain/qr/drawing/light-tree';
import { LogoImage, pictureSize, rasterLogo } from './logo-picture';

const require = createRequire(import.meta.url);

/** svg-to-pdfkit (CommonJS, without types of its own): the options used here. */
const svgToPdf = require('svg-to-pdfkit') as (
  doc: PDFKit.PDFDocument,
  svg: string,
  x: number,
  y: number,
  options: {
    width: number;
    height: number;
    assumePt?: boolean;
    fontCallback?: () => string;
    warningCallback?: (warning: string) => void;
  },
) => void;

export const ROBOTO_BOLD = require.resolve('@expo-google-fonts/roboto/700Bold/Roboto_700Bold.ttf');
const FONT = 'Roboto-Bold';
const POINTS_PER_MM = 72 / 25.4;

/** What qr-code-styling draws with here: light elements, and LogoImage for the logo's size. */
function ServerDom(this: unknown) {
  return lightWindow(LogoImage);
}

export interface CodeFiles {
  /** The SVG file (with its XML declaration), as the page's SVG download. */
  readonly svg: string;
  readonly png: Buffer;
  readonly pdf: Buffer;
}

export type Drawn<T> =
  ({ readonly ok: true } & T) | { readonly ok: false; readonly message: string };

/**
 * The code's SVG document (no XML declaration) and its drawing. qr-code-styling numbers its ids
 * by how many codes it has drawn in this instance: they are numbered as a page's first code's,
 * so a code is drawn the same every time.
 */
export async function codeSvg(
  design: RenderDesign,
  text: string,
): Promise<Drawn<{ svg: string; drawing: CodeDrawing }>> {
  if (design.logo !== null && !pictureSize(design.logo)) {
    return {
      ok: false,
      message:
        "This code's logo cannot be read. Open the code in My QR Codes, choose its logo again and save it.",
    };
  }
  const drawn = await drawCode(design, text, 'qr', ServerDom);
  if (!drawn.ok) return drawn;
  renameIds(drawn.drawing.code, (id) => id.replace(/-\d+$/, '-0'));
  return { ok: true, svg: drawingMarkup(drawn.drawing), drawing: drawn.drawing };
}

/** The code's SVG, PNG and PDF, drawn from `design` for `text`; the PDF titled `title`. */
export async function codeFiles(
  design: RenderDesign,
  text: string,
  title: string,
): Promise<Drawn<{ files: CodeFiles }>> {
  const drawn = await codeSvg(design, text);
  if (!drawn.ok) return drawn;
  const { svg, drawing } = drawn;
  const logo = design.logo ? await rasterLogo(design.logo) : null;
  return {
    ok: true,
    files: {
      svg: svgFile(svg),
      png: pngOf(forRenderers(svg, design.logo, logo), drawing),
      pdf: await pdfOf(drawing, design.logo, logo, title),
    },
  };
}

/**
 * The drawing as the renderers read it: the logo as a PNG or JPEG, and references written
 * url(#id), as resvg reads them (qr-code-styling quotes them, url('#id'), which resvg ignores:
 * every clip would be lost).
 */
function forRenderers(svg: string, logo: string | null, rasterised: string | null): string {
  const plain = svg.replace(/url\('#([^')]+)'\)/g, 'url(#$1)');
  return logo && rasterised ? plain.split(logo).join(rasterised) : plain;
}

function pngOf(svg: string, drawing: CodeDrawing): Buffer {
  const { width, height } = rasterSize(drawing, DEFAULT_PNG_SIZE);
  const fitTo =
    width >= height
      ? { mode: 'width' as const, value: width }
      : { mode: 'height' as const, value: height };
  const resvg = new Resvg(svg, {
    fitTo,
    font: { fontFiles: [ROBOTO_BOLD], loadSystemFonts: false, defaultFontFamily: 'Roboto' },
  });
  return resvg.render().asPng();
}

function pdfOf(
  drawing: CodeDrawing,
  logo: string | null,
  rasterised: string | null,
  title: string,
): Promise<Buffer> {
  const scale = (PDF_LONGER_SIDE_MM / Math.max(drawing.width, drawing.height)) * POINTS_PER_MM;
  const width = drawing.width * scale;
  const height = drawing.height * scale;
  // The document as large as the page, in points (assumePt): its viewBox scales the drawing.
  const svg = forRenderers(drawingMarkup(drawing, { width, height }), logo, rasterised);
  const doc = new PDFDocument({
    size: [width, height],
    margin: 0,
    compress: true,
    info: { Title: title.trim() || 'QR code', Creator: 'QR code generator' },
  });
  doc.registerFont(FONT, ROBOTO_BOLD);
  const chunks: Buffer[] = [];
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  svgToPdf(doc, svg, 0, 0, {
    width,
    height,
    assumePt: true,
    fontCallback: () => FONT,
    warningCallback: (warning) => console.warn(JSON.stringify({ severity: 'WARNING', warning })),
  });
  doc.end();
  return ended;
}
