// The files the mail function draws of a saved code (functions/src/code-files.ts), without the
// emulators' help: logos in every format a saved code may hold reach the PNG and the PDF, a logo
// that cannot be read is refused with words to show, and a code is drawn the same every time.
// tests/functions/mail.test.ts emails them; tests/email-code.spec.ts compares them with the page's.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { codeFiles, codeSvg } from '../../functions/src/code-files';
import { dataUrlBytes, pictureSize, rasterLogo } from '../../functions/src/logo-picture';
import { defaultDesign } from '../../src/domain/qr/design';

const require = createRequire(import.meta.url);
prepareZXingModule({
  overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')) },
});

/** A 20 px red square as Chromium writes WebP (a photo's logo thumbnail is saved so). */
const WEBP =
  'data:image/webp;base64,UklGRi4CAABXRUJQVlA4WAoAAAAgAAAAEwAAEwAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZWUDggQAAAAHADAJ0BKhQAFAA+bTSWR6QjIiEoCACADYllAMougH4AAEGUEAD+8JtD/8guWF1yNf/yA/5Af8gP/499jCgwAAA=';
/** A red pixel as GIF: older saved codes may hold one. */
const GIF = 'data:image/gif;base64,R0lGODlhAQABAIAAAP8AAAAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==';

const text = 'https://kemptoncodeworks.co.za/specials?utm_source=qr';
const design = { ...defaultDesign, logo: null };

async function scanned(png: Buffer): Promise<string | null> {
  const results = await readBarcodes(new Uint8Array(png), { formats: ['QRCode'], tryHarder: true });
  return results.find((result) => result.isValid)?.text ?? null;
}

/** A PNG's width and height, from its header. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe('the logo', () => {
  it('WebP and GIF become PNG of the same size for the renderers; PNG and JPEG stay as they are', async () => {
    for (const [url, size] of [
      [WEBP, { width: 20, height: 20 }],
      [GIF, { width: 1, height: 1 }],
    ] as const) {
      expect(pictureSize(url)).toEqual(size);
      const png = dataUrlBytes(await rasterLogo(url))!;
      expect(png.type).toBe('image/png');
      expect(png.bytes.subarray(1, 4).toString()).toBe('PNG');
      expect(pngSize(png.bytes)).toEqual(size);
    }
    const png = await rasterLogo(GIF);
    expect(await rasterLogo(png)).toBe(png);
  });

  it('a WebP logo is drawn into the PNG and the PDF, and the PNG still scans', async () => {
    const drawn = await codeFiles({ ...design, logo: WEBP }, text, 'Logo');
    if (!drawn.ok) throw new Error(drawn.message);
    expect(await scanned(drawn.files.png)).toBe(text);
    // The SVG keeps the logo as it is saved; the PDF has it as a picture of its own.
    expect(drawn.files.svg).toContain(WEBP);
    expect(drawn.files.pdf.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    const plain = await codeFiles(design, text, 'Logo');
    if (!plain.ok) throw new Error(plain.message);
    expect(plain.files.pdf.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
  });

  it('a logo that cannot be read is refused, with words to show', async () => {
    const drawn = await codeSvg({ ...design, logo: 'data:image/png;base64,AAAA' }, text);
    expect(drawn).toEqual({ ok: false, message: expect.stringMatching(/logo cannot be read/) });
  });
});

describe('the drawing', () => {
  it('is the same every time: ids do not depend on how many codes were drawn before', async () => {
    const first = await codeSvg(design, text);
    await codeSvg({ ...design, pattern: 'dots' }, text);
    const again = await codeSvg(design, text);
    expect(first.ok && again.ok && first.svg === again.svg).toBe(true);
    expect(first.ok && first.svg).toContain('id="clip-path-dot-color-0"');
  });

  it('a framed code: the PNG is 1024 px on its longer side, its call to action drawn, and it scans', async () => {
    const framed = {
      ...design,
      frame: 'rounded-bottom-tab',
      frameText: 'Scan for specials',
    } as const;
    const drawn = await codeFiles(framed, text, 'Framed');
    if (!drawn.ok) throw new Error(drawn.message);
    const size = pngSize(drawn.files.png);
    expect(Math.max(size.width, size.height)).toBe(1024);
    expect(size.height).toBeGreaterThan(size.width);
    expect(await scanned(drawn.files.png)).toBe(text);
    expect(drawn.files.svg).toContain('>Scan for specials</text>');
  });
});
