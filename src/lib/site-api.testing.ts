// For the page clients' unit tests only: a stand-in fetch for the site's APIs (site-api.ts).
import { vi } from 'vitest';

/** What a test keeps of one call: its own view of the path and the request. */
type Keep<T> = (path: string, init: RequestInit) => T;

/** The JSON body a call sent, with its path. */
export const pathAndBody: Keep<{ path: string; body: unknown }> = (path, init) => ({
  path,
  body: JSON.parse(String(init.body)),
});

/**
 * Makes fetch answer every call with `body` (JSON unless a string) and `status`; returns the
 * calls, each as `record` keeps it.
 */
export function answering<T = { path: string; body: unknown }>(
  status: number,
  body: unknown,
  record: Keep<T> = pathAndBody as Keep<T>,
): T[] {
  const calls: T[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      calls.push(record(path, init));
      return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
    }),
  );
  return calls;
}
