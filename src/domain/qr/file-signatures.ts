// What a file really is, from its first bytes: the server hosts a file only when its content is
// what its field accepts (a PDF for a PDF code, an image for an image code), whatever its name or
// the type the browser reported, and serves it with the type found here. A file named menu.pdf
// that is a web page is never served as anything, let alone as a page of our domain.
//
// The signatures are the ones the WHATWG MIME Sniffing standard and the formats' own specs give.
// SVG is recognised only to refuse it by name: it is XML that can carry script, so a hosted SVG
// opened on its own would run that script on our origin.
import { fileKinds, type FileKindId } from './files';

/** How many first bytes sniffType() needs (an ISO-BMFF `ftyp` box's brands fit in them). */
export const SNIFF_BYTES = 64;

const ascii = (head: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...head.subarray(at, at + length));

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((byte, index) => head[at + index] === byte);

const startsWithText = (head: Uint8Array, text: string, at = 0) =>
  head.length >= at + text.length && ascii(head, at, text.length) === text;

/**
 * The major and compatible brands of an ISO base media file (MP4, MOV, M4A, AVIF, HEIC): the
 * file opens with a box `size, 'ftyp', major brand, minor version, compatible brands…`.
 */
function isoBrands(head: Uint8Array): string[] | null {
  if (!startsWithText(head, 'ftyp', 4) || head.length < 12) return null;
  const boxSize = ((head[0] << 24) | (head[1] << 16) | (head[2] << 8) | head[3]) >>> 0;
  if (boxSize < 16) return null;
  const brands = [ascii(head, 8, 4)];
  for (let at = 16; at + 4 <= Math.min(boxSize, head.length); at += 4) {
    brands.push(ascii(head, at, 4));
  }
  // Some writers pad a three-letter brand with a NUL where the standard has a space ('M4A\0').
  return brands.map((brand) => brand.replace(/\0/g, ' '));
}

/** Brands of MP4 files (ISO, Apple's M4V, DASH, Sony's, Adobe's Flash video…). */
const MP4_BRANDS = new Set([
  ...'isom iso2 iso3 iso4 iso5 iso6 iso7 iso8 iso9 mp41 mp42 avc1 dash mmp4'.split(' '),
  ...'M4VH M4VP MSNV NDAS NDSC NDSH NDSM NDSP NDSS NDXC'.split(' '),
  ...['M4V ', 'F4V ', 'F4P '],
]);

const isoTypeOfBrand = (brand: string): string | null => {
  if (brand === 'avif' || brand === 'avis') return 'image/avif';
  if (['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx'].includes(brand)) return 'image/heic';
  if (brand === 'qt  ') return 'video/quicktime';
  if (['M4A ', 'M4B ', 'M4P ', 'F4A ', 'F4B '].includes(brand)) return 'audio/mp4';
  if (brand.startsWith('3g')) return 'video/3gpp';
  return MP4_BRANDS.has(brand) ? 'video/mp4' : null;
};

/** QuickTime files older than the `ftyp` box open with one of these atoms. */
const QUICKTIME_ATOMS = ['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'];

/**
 * The type of an ISO base media file: by its major brand, else by a compatible one (null: of a
 * brand not known here); undefined when the file is not one.
 */
function isoType(head: Uint8Array): string | null | undefined {
  const brands = isoBrands(head);
  if (!brands) {
    return head.length >= 8 && QUICKTIME_ATOMS.includes(ascii(head, 4, 4))
      ? 'video/quicktime'
      : undefined;
  }
  const [major, ...compatible] = brands;
  // An AVIF image often names the generic image brand 'mif1' first and 'avif' among the rest.
  if (compatible.includes('avif') && (major === 'mif1' || major === 'msf1')) return 'image/avif';
  if (major === 'mif1' || major === 'msf1') return 'image/heic';
  const byMajor = isoTypeOfBrand(major);
  if (byMajor) return byMajor;
  for (const brand of compatible) {
    const type = isoTypeOfBrand(brand);
    if (type) return type;
  }
  return null;
}

/**
 * WebM and Matroska share the EBML header; its DocType element (ID 0x4282) says which, within
 * the first few dozen bytes. Whether the file holds video or only sound is told by tracks far
 * further in, so a WebM is 'video/webm' here, and the audio kind accepts it too.
 */
function ebmlType(head: Uint8Array): string {
  for (let at = 4; at + 3 < head.length; at += 1) {
    if (head[at] !== 0x42 || head[at + 1] !== 0x82) continue;
    const docType = ascii(head, at + 3, head[at + 2] & 0x7f);
    if (docType.startsWith('webm')) return 'video/webm';
    if (docType.startsWith('matroska')) return 'video/x-matroska';
  }
  return 'video/x-matroska';
}

/** An Ogg file's first packet (after the 27-byte page header and its segment table) names its codec. */
function oggType(head: Uint8Array): string {
  const packet = 27 + (head[26] ?? 0);
  if (startsWithText(head, 'theora', packet + 1) || startsWithText(head, 'fishead', packet)) {
    return 'video/ogg';
  }
  return 'audio/ogg';
}

/**
 * An MPEG audio frame header (MP3, MP2): 11 sync bits, a version that is not the reserved one,
 * layer II or III (layer bits 00 is ADTS AAC's; layer I is rare and matches text in UTF-16, whose
 * byte order mark is FF FE), a bitrate that is not 'bad' and a sample rate that is not reserved.
 */
function isMpegFrame(head: Uint8Array): boolean {
  if (head.length < 3 || head[0] !== 0xff || (head[1] & 0xe0) !== 0xe0) return false;
  const version = (head[1] >> 3) & 0b11;
  const layer = (head[1] >> 1) & 0b11;
  const bitrate = head[2] >> 4;
  const sampleRate = (head[2] >> 2) & 0b11;
  return (
    version !== 0b01 && (layer === 0b01 || layer === 0b10) && bitrate !== 0xf && sampleRate !== 0b11
  );
}

/** An ADTS frame header (a raw .aac file): 12 sync bits, layer 00, a known sampling frequency. */
const isAdtsFrame = (head: Uint8Array) =>
  head.length >= 3 && head[0] === 0xff && (head[1] & 0xf6) === 0xf0 && ((head[2] >> 2) & 0xf) < 13;

/** A BMP's file header, then the size of the DIB header that follows it: one of the known ones. */
function isBmp(head: Uint8Array): boolean {
  if (!startsWithText(head, 'BM') || head.length < 18) return false;
  const dibSize = head[14] | (head[15] << 8) | (head[16] << 16) | (head[17] << 24);
  return [12, 40, 52, 56, 64, 108, 124].includes(dibSize);
}

/** Markup: what a text file opens with, past a byte order mark and white space. */
function markupType(head: Uint8Array): string | null {
  const lower = new TextDecoder()
    .decode(head)
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (lower.includes('<svg') || lower.startsWith('<!doctype svg')) return 'image/svg+xml';
  if (/^<(!doctype html|html|head|body|script|iframe|!--|title|div|p|a|h1)[\s>]/.test(lower)) {
    return 'text/html';
  }
  if (lower.startsWith('<?xml')) return 'application/xml';
  return null;
}

/**
 * The length of the ID3v2 tag a file opens with (MP3s have one, and now and then a FLAC or an
 * AAC): its 10-byte header gives the size of what follows as four 7-bit bytes, then maybe a footer.
 */
function id3Length(head: Uint8Array): number {
  const size =
    ((head[6] & 0x7f) << 21) |
    ((head[7] & 0x7f) << 14) |
    ((head[8] & 0x7f) << 7) |
    (head[9] & 0x7f);
  return 10 + size + (head[5] & 0x10 ? 10 : 0);
}

/** Sound after an ID3 tag, when `head` reaches past the tag; an MP3 otherwise, as most are. */
function afterId3(head: Uint8Array): string {
  const end = id3Length(head);
  const inner = head.length >= end + 4 ? sniffType(head.subarray(end)) : null;
  return inner?.startsWith('audio/') ? inner : 'audio/mpeg';
}

/**
 * The media type found in a file's first bytes, or null when they are not of a format known here.
 * SNIFF_BYTES of them say it; more tell an ID3-tagged FLAC or AAC from an MP3 (the server passes
 * the whole first chunk). Formats we never host are named too (ZIP, HTML, SVG…), so a refusal can
 * say what the file is.
 */
export function sniffType(bytes: Uint8Array): string | null {
  if (bytes.length >= 10 && startsWithText(bytes, 'ID3')) return afterId3(bytes);
  const head = bytes.subarray(0, SNIFF_BYTES);
  if (startsWithText(head, '%PDF-')) return 'application/pdf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWithText(head, 'GIF87a') || startsWithText(head, 'GIF89a')) return 'image/gif';
  if (startsWithText(head, 'RIFF') && head.length >= 12) {
    const form = ascii(head, 8, 4);
    if (form === 'WEBP') return 'image/webp';
    if (form === 'WAVE') return 'audio/wav';
    if (form === 'AVI ') return 'video/x-msvideo';
    return null;
  }
  const iso = isoType(head);
  if (iso !== undefined) return iso;
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return ebmlType(head);
  if (startsWithText(head, 'OggS')) return oggType(head);
  if (startsWithText(head, 'fLaC')) return 'audio/flac';
  if (startsWithText(head, 'ID3')) return 'audio/mpeg';
  if (isAdtsFrame(head)) return 'audio/aac';
  if (isMpegFrame(head)) return 'audio/mpeg';
  if (isBmp(head)) return 'image/bmp';
  if (startsWithText(head, 'II*\0') || startsWithText(head, 'MM\0*')) return 'image/tiff';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'application/zip';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    return 'application/x-ole-storage';
  }
  if (startsWithText(head, '{\\rtf')) return 'application/rtf';
  return markupType(head);
}

const images = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp'];

/**
 * The sniffed types each kind of file accepts: what browsers show or play (no HEIC, TIFF or AVI,
 * which most cannot; never SVG). A sniffed WebM or MP4 may hold sound only (.weba, .m4a with a
 * generic brand), so the audio kind takes those too; an <audio> element plays them.
 */
const accepted: Record<FileKindId, readonly string[]> = {
  pdf: ['application/pdf'],
  image: images,
  menu: ['application/pdf', ...images],
  logo: images,
  video: ['video/mp4', 'video/quicktime', 'video/webm', 'video/x-matroska', 'video/ogg'],
  audio: [
    'audio/mpeg',
    'audio/mp4',
    'audio/aac',
    'audio/wav',
    'audio/flac',
    'audio/ogg',
    'video/mp4',
    'video/webm',
  ],
};

/** Whether a file of `kind` may be a file whose content sniffType() found to be `type`. */
export const acceptsType = (kind: FileKindId, type: string): boolean =>
  accepted[kind].includes(type);

/** What a type is, in a sentence. */
const described: Record<string, string> = {
  'application/pdf': 'a PDF',
  'image/png': 'a PNG image',
  'image/jpeg': 'a JPEG image',
  'image/gif': 'a GIF image',
  'image/webp': 'a WebP image',
  'image/avif': 'an AVIF image',
  'image/bmp': 'a BMP image',
  'image/heic': 'a HEIC photo, which most browsers cannot show (save it as a JPEG first)',
  'image/tiff': 'a TIFF image, which most browsers cannot show',
  'image/svg+xml': 'an SVG image, which we do not host because an SVG can carry script',
  'video/mp4': 'an MP4 video',
  'video/quicktime': 'a QuickTime video',
  'video/webm': 'a WebM video',
  'video/x-matroska': 'a Matroska video',
  'video/ogg': 'an Ogg video',
  'video/3gpp': 'a 3GP video, which most browsers cannot play',
  'video/x-msvideo': 'an AVI video, which browsers cannot play',
  'audio/mpeg': 'an MP3 audio file',
  'audio/mp4': 'an M4A audio file',
  'audio/aac': 'an AAC audio file',
  'audio/wav': 'a WAV audio file',
  'audio/flac': 'a FLAC audio file',
  'audio/ogg': 'an Ogg audio file',
  'application/zip': 'a ZIP archive (as Word, Excel and PowerPoint files are)',
  'application/x-ole-storage': 'an older Microsoft Office document',
  'application/rtf': 'an RTF document',
  'text/html': 'a web page (HTML)',
  'application/xml': 'an XML document',
};

/**
 * Why a file the server sniffed as `type` (null: not recognised) cannot be `kind`'s:
 * `"menu.docx" is not a PDF or an image: its content is a ZIP archive (…). Please choose a PDF
 * or an image.`
 */
export function wrongContentMessage(name: string, kind: FileKindId, type: string | null): string {
  const { noun } = fileKinds[kind];
  // An SVG whose <svg> tag comes after a long XML prolog or comment is still one.
  if (/\.svgz?$/i.test(name) && (type === null || type === 'application/xml')) {
    type = 'image/svg+xml';
  }
  const what = type
    ? `its content is ${described[type] ?? `of type ${type}`}`
    : 'its content is not of a kind we recognise';
  return `"${name}" is not ${noun}: ${what}. Please choose ${noun}.`;
}
