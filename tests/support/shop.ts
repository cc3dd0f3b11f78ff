// "A shop's site" for the dynamic codes' tests to lead to: a real HTTP server (Playwright's routes
// do not see the hops of a redirect) on 127.0.0.1, under a public-looking name that the tests'
// Chromium resolves to it (scripts/test/chromium.mjs), since short links refuse private addresses.
// Each page is titled by its path; a path the test has stopped answers 404, as a shop's page that
// was taken down.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from '@playwright/test';
import { TEST_SITE_HOST } from '../../scripts/test/chromium.mjs';

export async function startShop() {
  const stopped = new Set<string>();
  const server = createServer((request, response) => {
    response.setHeader('Content-Type', 'text/html; charset=utf-8');
    if (stopped.has(request.url ?? '')) {
      response.writeHead(404).end('<!doctype html><title>Not found</title><h1>Not found</h1>');
      return;
    }
    response.end(`<!doctype html><title>${request.url}</title><h1>${request.url}</h1>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${TEST_SITE_HOST}:${port}`,
    /** The page at `path` answers 404 from now on. */
    stop: (path: string) => void stopped.add(path),
    /** The page at `path` answers again. */
    serve: (path: string) => void stopped.delete(path),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

export type Shop = Awaited<ReturnType<typeof startShop>>;

/** A shop for the calling spec file's tests: started before them, stopped after. */
export function useShop(): () => Shop {
  let shop: Shop | undefined;
  test.beforeAll(async () => {
    shop = await startShop();
  });
  test.afterAll(() => shop?.close());
  return () => shop!;
}
