// The ZIP of a batch of codes. The page makes each code's files (codeFiles) a few at a time between
// pauses and hands them on as they come; the ZIP worker compresses them as they arrive, so the page
// stays responsive and holds no more than the files in flight and the ZIP itself.
import { DownloadError } from '../render/download-error';
import { fileName, makeDownload, type DownloadFormat, type PngSize } from '../render/downloads';
import type { RenderedCode } from '../render/render-code';
import type { ZipRequest, ZipResponse } from './zip-worker';

export interface ZipItem {
  /** The file's path in the ZIP; `/` makes folders. */
  readonly path: string;
  readonly bytes: Uint8Array;
}

/** What a code's files hold: the single download's PNG (at its default size), SVG and PDF. */
export const BULK_FORMATS = ['png', 'svg', 'pdf'] as const satisfies readonly DownloadFormat[];

/**
 * One code's files as the download panel makes them, named `baseName` and its extension (give
 * it a name from uniqueFileNames). `title` names the code inside its PDF (the base name when
 * omitted); `pngSize` is the PNG's longer side (the panel's default when omitted).
 */
export async function codeFiles(
  code: RenderedCode,
  baseName: string,
  { title = baseName, pngSize }: { readonly title?: string; readonly pngSize?: PngSize } = {},
): Promise<ZipItem[]> {
  // All three at once: the browser encodes the PNG off the page's thread while the PDF is drawn
  // on it, so a code takes about the longer of the two rather than their sum.
  return Promise.all(
    BULK_FORMATS.map(async (format) => {
      const { blob } = await makeDownload({ code, name: title, format, size: pngSize });
      return { path: fileName(baseName, format), bytes: new Uint8Array(await blob.arrayBuffer()) };
    }),
  );
}

/**
 * A ZIP of `items`, made in a Web Worker as they come. Each item's bytes are handed over to the
 * worker (transferred, not copied): do not use them afterwards. `onProgress` hears how many
 * files are in the ZIP so far; an aborted `signal` stops it with the signal's reason.
 */
export async function makeBulkZip(
  items: AsyncIterable<ZipItem> | Iterable<ZipItem>,
  onProgress?: (filesZipped: number) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  signal?.throwIfAborted();
  const worker = new Worker(new URL('./zip-worker.ts', import.meta.url), { type: 'module' });
  let failed: { reason: unknown } | undefined;
  let finish: (zip: Blob) => void = () => {};
  let fail: (reason: unknown) => void = () => {};
  const finished = new Promise<Blob>((resolve, reject) => {
    finish = resolve;
    fail = (reason) => {
      failed ??= { reason };
      reject(reason);
    };
  });
  // Heard at once even while the page is still making files; awaited below.
  finished.catch(() => {});
  worker.addEventListener('message', (event: MessageEvent<ZipResponse>) => {
    const response = event.data;
    if (response.type === 'added') onProgress?.(response.files);
    else if (response.type === 'done') finish(response.zip);
    else fail(new DownloadError(`The ZIP could not be made: ${response.message}`));
  });
  // The worker's script failed to load or threw.
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    fail(new DownloadError('The ZIP maker could not start. Please reload the page and try again.'));
  });
  const onAbort = () => fail(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  const send = (request: ZipRequest, transfer: Transferable[] = []) =>
    worker.postMessage(request, transfer);
  try {
    for await (const item of items) {
      if (failed) break;
      const bytes = ownBuffer(item.bytes);
      send({ type: 'file', path: item.path, bytes }, [bytes.buffer]);
    }
    if (!failed) send({ type: 'end' });
    return await finished;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    worker.terminate();
  }
}

/**
 * The bytes on a buffer of their own, which can be transferred whole: a view into a larger (or
 * shared) buffer is copied, so that nothing else of the caller's is taken away.
 */
function ownBuffer(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const { buffer } = bytes;
  if (
    buffer instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === buffer.byteLength
  ) {
    return bytes as Uint8Array<ArrayBuffer>;
  }
  return bytes.slice();
}
