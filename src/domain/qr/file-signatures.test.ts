// What a hosted file really is, from its first bytes. The byte prefixes are those of real files:
// the ones from files at hand (a PNG, a JPEG, a GIF, a WebP, a BMP, a WAV, an MP3, a PDF, an SVG)
// as they are, the others as the usual encoders write them (ffmpeg's MP4, WebM, Matroska, Ogg and
// ADTS; an iPhone's MOV and HEIC; libavif's AVIF; the flac tool's FLAC; Word's DOCX).
import { describe, expect, it } from 'vitest';
import type { FileKindId } from './files';
import { acceptsType, sniffType, SNIFF_BYTES, wrongContentMessage } from './file-signatures';

/** Bytes from hex, with spaces between groups for reading. */
const hex = (text: string) =>
  Uint8Array.from(text.replace(/\s+/g, '').match(/../g) ?? [], (pair) => parseInt(pair, 16));
const text = (value: string) => new TextEncoder().encode(value);
const join = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((part) => [...part]));

/** An Ogg file's first page holding one packet that opens with `packet`. */
const oggPage = (packet: Uint8Array) =>
  join(text('OggS'), hex('00 02 0000000000000000 6b8b4567 00000000 a1b2c3d4 01 1e'), packet);

const prefixes: [string, Uint8Array, string | null][] = [
  [
    'a PDF',
    hex('255044462d312e350a25d0d4c5d80a312030206f626a0a3c3c0a2f4c656e6774'),
    'application/pdf',
  ],
  ['a PNG', hex('89504e470d0a1a0a0000000d49484452000002600000011308020000001e572d'), 'image/png'],
  ['a JPEG', hex('ffd8ffdb00430001010101010101010101010101010102010101010102020202'), 'image/jpeg'],
  ['a JPEG from a camera (Exif)', hex('ffd8ffe1 2ffe 457869660000 4d4d002a'), 'image/jpeg'],
  ['a GIF', hex('4749463839618002a501f7023100000000000900ff0001000b01010003021004'), 'image/gif'],
  ['a GIF87a', text('GIF87a\x10\x00\x10\x00'), 'image/gif'],
  ['a WebP', hex('52494646a801000057454250565038580a000000100000000f00000f0000414c'), 'image/webp'],
  ['a BMP', hex('424d8a040000000000008a0000007c0000001000000010000000010020000300'), 'image/bmp'],
  [
    'an AVIF (libavif)',
    hex('00000020 66747970 61766966 00000000 61766966 6d696631 6d696166 4d413142'),
    'image/avif',
  ],
  [
    'an AVIF whose major brand is the generic mif1',
    hex('0000001c 66747970 6d696631 00000000 6d696631 61766966 6d696166'),
    'image/avif',
  ],
  [
    'an MP4 (ffmpeg)',
    hex(
      '00000020 66747970 69736f6d 00000200 69736f6d 69736f32 61766331 6d703431 00000008 66726565',
    ),
    'video/mp4',
  ],
  [
    'an MP4 of a phone (mp42)',
    hex('00000018 66747970 6d703432 00000000 69736f6d 6d703432'),
    'video/mp4',
  ],
  [
    'a MOV of an iPhone',
    hex('00000014 66747970 71742020 00000000 71742020 00000008 77696465'),
    'video/quicktime',
  ],
  [
    'an old QuickTime movie without ftyp',
    hex('00017f42 6d6f6f76 0000006c 6d766864'),
    'video/quicktime',
  ],
  [
    'an M4A (iTunes)',
    hex('0000001c 66747970 4d344120 00000200 4d344120 69736f6d 69736f32'),
    'audio/mp4',
  ],
  [
    'an M4A whose brand is padded with a NUL',
    hex('00000018 66747970 4d344100 00000000 33677035 69736f6d'),
    'audio/mp4',
  ],
  [
    'a WebM (ffmpeg)',
    hex(
      '1a45dfa3 9f 4286 81 01 42f7 81 01 42f2 81 04 42f3 81 08 4282 84 7765626d 4287 81 04 4285 81 02',
    ),
    'video/webm',
  ],
  [
    'a Matroska (mkvmerge)',
    hex(
      '1a45dfa3 a3 4286 81 01 42f7 81 01 42f2 81 04 42f3 81 08 4282 88 6d6174726f736b61 4287 81 04',
    ),
    'video/x-matroska',
  ],
  ['an Ogg Vorbis', oggPage(join(hex('01'), text('vorbis'))), 'audio/ogg'],
  ['an Ogg Opus', oggPage(text('OpusHead')), 'audio/ogg'],
  ['an Ogg Theora video', oggPage(join(hex('80'), text('theora'))), 'video/ogg'],
  [
    'an MP3 with an ID3 tag',
    hex('49443304000000000016545353450000000c0000034c61766635332e352e3000'),
    'audio/mpeg',
  ],
  ['an MP3 without a tag (MPEG-1 layer III)', hex('fffb9064 0000 0000 0000'), 'audio/mpeg'],
  ['an MP2 (MPEG-1 layer II)', hex('fffd9004 0000 0000'), 'audio/mpeg'],
  ['a WAV', hex('524946463234000057415645666d74201000000001000200112b000044ac0000'), 'audio/wav'],
  ['a FLAC', hex('664c6143 00000022 1000 1000 00000e 0016f4 0ac442f0 0000f4f8'), 'audio/flac'],
  ['an AAC (ADTS)', hex('fff15080 1ffc 2100 4900'), 'audio/aac'],
  [
    'a FLAC behind an ID3 tag, when the bytes reach past it',
    join(hex('49443304 00 00 00000010'), new Uint8Array(16), text('fLaC'), hex('00000022')),
    'audio/flac',
  ],
  [
    'a HEIC photo of an iPhone',
    hex('00000018 66747970 68656963 00000000 6d696631 68656963'),
    'image/heic',
  ],
  ['a 3GP video', hex('00000018 66747970 33677034 00000200 69736f6d 33677034'), 'video/3gpp'],
  ['an AVI', join(text('RIFF'), hex('a0b10000'), text('AVI LIST')), 'video/x-msvideo'],
  ['a TIFF', hex('49492a00 08000000 1200'), 'image/tiff'],
  ['a DOCX (a ZIP)', hex('504b0304 14000600 08000000 2100 df a4 d2 6c'), 'application/zip'],
  ['an old .doc', hex('d0cf11e0a1b11ae1 0000000000000000'), 'application/x-ole-storage'],
  ['an SVG', text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">'), 'image/svg+xml'],
  [
    'an SVG with an XML declaration',
    text('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg">'),
    'image/svg+xml',
  ],
  ['an HTML page', text('<!DOCTYPE html>\n<html lang="en"><head><title>Menu</title>'), 'text/html'],
  ['an HTML page with a BOM', text('\uFEFF  <html><body><script>alert(1)</script>'), 'text/html'],
  ['plain text', text('Monday to Friday, 08:00 to 17:00'), null],
  ['a UTF-16 text (FF FE is not an MPEG frame)', hex('fffe3c00680074006d006c003e00'), null],
  ['nothing', new Uint8Array(0), null],
  ['zeros', new Uint8Array(64), null],
];

describe('sniffType', () => {
  it.each(prefixes)('knows %s', (_what, bytes, type) => {
    expect(bytes.length).toBeLessThanOrEqual(SNIFF_BYTES);
    expect(sniffType(bytes)).toBe(type);
  });

  it('needs no more than SNIFF_BYTES, and is not misled by what follows them', () => {
    expect(SNIFF_BYTES).toBeLessThanOrEqual(64);
    const pdf = join(text('%PDF-1.7\n'), new Uint8Array(SNIFF_BYTES), text('<svg onload=x>'));
    expect(sniffType(pdf)).toBe('application/pdf');
    const mp4 = join(hex('00000018 66747970 6d703432 00000000 69736f6d 6d703432'), text('<html>'));
    expect(sniffType(mp4)).toBe('video/mp4');
  });

  it('takes an ID3 tag that reaches past the bytes at hand for an MP3', () => {
    const tag = hex('49443304 00 00 00 00 10 00');
    expect(sniffType(join(tag, new Uint8Array(40)))).toBe('audio/mpeg');
  });

  it('never calls a file a PDF or an image by its name', () => {
    // The name is not looked at at all; these are the bytes a renamed file would have.
    const png = prefixes.find(([what]) => what === 'a PNG')![1];
    expect(sniffType(png)).toBe('image/png');
    expect(acceptsType('pdf', sniffType(png)!)).toBe(false);
    const html = text('<!doctype html><title>Song</title>');
    expect(acceptsType('audio', sniffType(html)!)).toBe(false);
  });
});

describe('acceptsType', () => {
  const cases: [FileKindId, string[], string[]][] = [
    ['pdf', ['application/pdf'], ['image/png', 'text/html', 'application/zip', 'image/svg+xml']],
    [
      'image',
      ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp'],
      ['image/svg+xml', 'image/heic', 'image/tiff', 'application/pdf', 'text/html'],
    ],
    [
      'menu',
      ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'],
      ['image/svg+xml', 'application/zip', 'application/x-ole-storage', 'text/html'],
    ],
    [
      'video',
      ['video/mp4', 'video/quicktime', 'video/webm', 'video/x-matroska', 'video/ogg'],
      ['video/3gpp', 'video/x-msvideo', 'audio/mpeg', 'image/gif', 'text/html'],
    ],
    [
      'audio',
      ['audio/mpeg', 'audio/mp4', 'audio/aac', 'audio/wav', 'audio/flac', 'audio/ogg'],
      ['text/html', 'video/ogg', 'application/pdf', 'image/svg+xml'],
    ],
  ];
  it.each(cases)('%s takes what browsers show, and nothing else', (kind, yes, no) => {
    for (const type of yes) expect(acceptsType(kind, type), type).toBe(true);
    for (const type of no) expect(acceptsType(kind, type), type).toBe(false);
  });

  it('audio takes an MP4 or WebM that may hold sound only (.m4a with a generic brand, .weba)', () => {
    expect(acceptsType('audio', 'video/mp4')).toBe(true);
    expect(acceptsType('audio', 'video/webm')).toBe(true);
  });
});

describe('wrongContentMessage', () => {
  it('says what the file is and what to choose, with the kind’s noun', () => {
    expect(wrongContentMessage('menu.docx', 'menu', 'application/zip')).toBe(
      '"menu.docx" is not a PDF or an image: its content is a ZIP archive (as Word, Excel and PowerPoint files are). Please choose a PDF or an image.',
    );
    expect(wrongContentMessage('flyer.pdf', 'pdf', 'image/png')).toBe(
      '"flyer.pdf" is not a PDF: its content is a PNG image. Please choose a PDF.',
    );
    expect(wrongContentMessage('song.mp3', 'audio', 'text/html')).toBe(
      '"song.mp3" is not an audio file: its content is a web page (HTML). Please choose an audio file.',
    );
    expect(wrongContentMessage('notes.pdf', 'pdf', null)).toBe(
      '"notes.pdf" is not a PDF: its content is not of a kind we recognise. Please choose a PDF.',
    );
  });

  it('says why an SVG is refused, even one whose <svg> tag comes after the first bytes', () => {
    const refused =
      '"logo.svg" is not an image: its content is an SVG image, which we do not host because an SVG can carry script. Please choose an image.';
    expect(wrongContentMessage('logo.svg', 'image', 'image/svg+xml')).toBe(refused);
    const prolog = text(
      '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<!-- Generator: Adobe Illustrator -->\n<svg',
    );
    expect(wrongContentMessage('logo.svg', 'image', sniffType(prolog))).toBe(refused);
  });

  it('names a type it has no words for', () => {
    expect(wrongContentMessage('clip.mp4', 'video', 'video/x-flv')).toContain(
      'its content is of type video/x-flv.',
    );
  });
});
