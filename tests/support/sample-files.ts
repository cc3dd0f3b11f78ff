// Small valid files of every upload kind, as bytes: the wizard's end-to-end specs write them to
// disk for the file picker, and the content form's component test (content-page.test.tsx) hands
// them to the form as Files. Plain bytes, with no Node API, so both can import them.
import type { FileKind } from '../../src/domain/qr/files';

/** A 1×1 PNG. */
export const tinyPng = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  ),
  (character) => character.charCodeAt(0),
);

export const tinyPdf = new TextEncoder().encode(
  '%PDF-1.1\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** The first bytes of an MP4 video (its `ftyp` box), enough for the site's content check. */
export const mp4Head = Uint8Array.from([
  0x00,
  0x00,
  0x00,
  0x18,
  ...new TextEncoder().encode('ftypisom'),
  0x00,
  0x00,
  0x02,
  0x00,
  ...new TextEncoder().encode('isommp41'),
]);

/** The first bytes of an MP3: an empty ID3v2 tag, then an MPEG-1 layer III frame header. */
export const mp3Head = Uint8Array.from([
  ...new TextEncoder().encode('ID3'),
  0x03,
  0x00,
  0x00,
  0x00,
  0x00,
  0x00,
  0x00,
  0xff,
  0xfb,
  0x90,
  0x64,
]);

/** The first bytes of a valid file, by extension; the type a browser gives a file so named. */
const samples: Record<string, { head: Uint8Array; type: string }> = {
  '.pdf': { head: tinyPdf, type: 'application/pdf' },
  '.png': { head: tinyPng, type: 'image/png' },
  '.mp4': { head: mp4Head, type: 'video/mp4' },
  '.mp3': { head: mp3Head, type: 'audio/mpeg' },
};

/**
 * A small valid file of a kind, with the first extension it accepts: its name, the type a
 * browser would give it, and its bytes (its kind's first bytes, then zeros to 64 bytes at least).
 */
export function smallSample(kind: FileKind) {
  const extension = kind.extensions[0];
  const sample = samples[extension] ?? { head: new Uint8Array(), type: '' };
  const bytes = new Uint8Array(Math.max(sample.head.length, 64));
  bytes.set(sample.head);
  return { name: `small${extension}`, type: sample.type, bytes };
}
