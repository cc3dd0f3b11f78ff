// The two readers the scan check asks, run in the scan worker. jsQR is small and strict;
// ZXing (C++ compiled to WebAssembly) is the library behind many Android scanners.
import jsQR from 'jsqr';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

// The site serves and precaches its own copy of the .wasm (Vite emits it under /assets/); the
// library's default would fetch it from a CDN, which the CSP forbids and offline lacks.
prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) =>
      path.endsWith('.wasm') ? wasmUrl : prefix + path,
  },
});

/** The text jsQR reads, light-on-dark codes included (the design advice flags those apart). */
export function decodeWithJsqr(image: ImageData): string | null {
  const code = jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' });
  return code ? code.data : null;
}

/** The text ZXing reads; rejects only when the reader itself cannot load. */
export async function decodeWithZxing(image: ImageData): Promise<string | null> {
  const results = await readBarcodes(image, {
    formats: ['QRCode'],
    tryHarder: true,
    maxNumberOfSymbols: 1,
  });
  return results.find((result) => result.isValid)?.text ?? null;
}
