// A plain static server for specs that must swap one build for another on the same origin
// (the service-worker update flow). Everything is sent no-cache, with the SPA fallback.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.webmanifest': 'application/manifest+json',
  // WebAssembly.instantiateStreaming refuses any other type (the scan check's ZXing reader).
  '.wasm': 'application/wasm',
};

export async function startStaticServer(initialRoot: string) {
  let root = initialRoot;
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    let file = join(root, path);
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
    response.writeHead(200, {
      'Content-Type': types[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-cache',
    });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Serves another build from now on, as a deploy would. */
    serve(nextRoot: string) {
      root = nextRoot;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
