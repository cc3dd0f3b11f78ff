/**
 * Builds the bulk ZIP off the page's thread (see bulk-zip.ts): deflating hundreds of SVGs and PDFs
 * takes seconds that would otherwise freeze the page. Typed against the DOM lib, as the project
 * has no WebWorker lib for src/; `self` is enough here.
 */
import { zipBuilder } from './zip-stream';

export type ZipRequest =
  /** One file, its bytes transferred. */
  | { readonly type: 'file'; readonly path: string; readonly bytes: Uint8Array }
  /** No more files: the ZIP is finished and sent back. */
  | { readonly type: 'end' };

export type ZipResponse =
  | { readonly type: 'added'; readonly files: number }
  | { readonly type: 'done'; readonly zip: Blob }
  | { readonly type: 'error'; readonly message: string };

const builder = zipBuilder();
let files = 0;

const answer = (response: ZipResponse) => self.postMessage(response);

self.addEventListener('message', (event: MessageEvent<ZipRequest>) => {
  const request = event.data;
  try {
    if (request.type === 'file') {
      builder.add(request.path, request.bytes);
      answer({ type: 'added', files: ++files });
    } else {
      answer({ type: 'done', zip: builder.end() });
    }
  } catch (error) {
    answer({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
});
