// The readers the scan check asks, run in the scan worker, chosen for their different lineage:
// a code printed on a thousand menus meets both families on phones.
// - ZXing (C++ compiled to WebAssembly): the library behind many Android scanners and Chrome's.
// - ZBar (C, compiled to WebAssembly by @undecaf/zbar-wasm): inside many scanner apps, and the
//   stricter of the two with circle corner frames and small round dots.
// jsQR is not asked: over the render matrix it never caught a weak design that both of these
// read, and its misses were needless alarms (docs/scan-check.md).
import {
  getDefaultScanner,
  scanImageData,
  setModuleArgs,
  ZBarConfigType,
  ZBarSymbolType,
} from '@undecaf/zbar-wasm';
import zbarWasmUrl from '@undecaf/zbar-wasm/dist/zbar.wasm?url';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import zxingWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

// The site serves and precaches its own copies of the .wasm files (Vite emits them under
// /assets/); the libraries' defaults would fetch them from a CDN, which the CSP forbids and
// offline lacks.
prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) =>
      path.endsWith('.wasm') ? zxingWasmUrl : prefix + path,
  },
});
setModuleArgs({ locateFile: () => zbarWasmUrl });

/** The text ZXing reads; rejects only when the reader itself cannot load. */
export async function decodeWithZxing(image: ImageData): Promise<string | null> {
  const results = await readBarcodes(image, {
    formats: ['QRCode'],
    tryHarder: true,
    maxNumberOfSymbols: 1,
  });
  return results.find((result) => result.isValid)?.text ?? null;
}

type ZbarScanner = Awaited<ReturnType<typeof getDefaultScanner>>;
let zbarScanner: Promise<ZbarScanner> | undefined;

/**
 * One scanner for the worker's life (the library's getDefaultScanner makes a new one on each
 * call): raw bytes out (read here as UTF-8, as the app writes them), QR codes only (faster), and
 * light-on-dark codes too, as ZXing reads them.
 */
function zbar(): Promise<ZbarScanner> {
  zbarScanner ??= getDefaultScanner().then((scanner) => {
    scanner.setConfig(ZBarSymbolType.ZBAR_NONE, ZBarConfigType.ZBAR_CFG_ENABLE, 0);
    scanner.setConfig(ZBarSymbolType.ZBAR_QRCODE, ZBarConfigType.ZBAR_CFG_ENABLE, 1);
    scanner.setConfig(ZBarSymbolType.ZBAR_QRCODE, ZBarConfigType.ZBAR_CFG_TEST_INVERTED, 1);
    return scanner;
  });
  return zbarScanner;
}

/** The text ZBar reads; rejects only when the reader itself cannot load. */
export async function decodeWithZbar(image: ImageData): Promise<string | null> {
  const symbols = await scanImageData(image, await zbar());
  const code = symbols.find((symbol) => symbol.type === ZBarSymbolType.ZBAR_QRCODE);
  return code ? code.decode('utf-8') : null;
}
