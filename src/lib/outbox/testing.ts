// For the outbox's unit tests only: a stand-in fetch for the form service's endpoints, a stand-in
// for Web Locks, and what the tests that hold the outboxes to one copy look for.
import { vi } from 'vitest';

export type Answer = number | 'offline';
/** fetch that answers each endpoint from a script, and records what was posted where. */
export function serve(script: Record<string, Answer[]>, bodies: Record<number, unknown> = {}) {
  const posted: { url: string; accept: string | null; body: [string, unknown][] }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    posted.push({
      url,
      accept: new Headers(init.headers).get('Accept'),
      body: [...(init.body as FormData).entries()],
    });
    const answer = script[url]?.shift() ?? 200;
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    const body = bodies[answer] ?? {};
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status: answer });
  });
  vi.stubGlobal('fetch', fetch);
  return posted;
}

/**
 * A stand-in for the Web Locks API (navigator.locks, which Node and jsdom lack): requests of one
 * name run one after another, in the order asked, as the browser's exclusive locks do. Removed by
 * vi.unstubAllGlobals() where it stubbed navigator, else by the function it returns.
 */
export function installWebLocks(): () => void {
  const queues = new Map<string, Promise<unknown>>();
  const locks = {
    request<T>(name: string, task: () => Promise<T>): Promise<T> {
      const run = (queues.get(name) ?? Promise.resolve()).then(() => task());
      queues.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
  if (!globalThis.navigator) {
    vi.stubGlobal('navigator', { locks });
    return () => undefined;
  }
  Object.defineProperty(globalThis.navigator, 'locks', { value: locks, configurable: true });
  return () => Reflect.deleteProperty(globalThis.navigator, 'locks');
}

/** A module's code without its comments (which may well name what it leaves to the helpers). */
export const code = (source: string) => source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');

/** What only the outbox, its loop, the retry helper and the store helper may write. */
export const theirs = [
  'idb-keyval',
  'createStore(',
  'locks',
  'BroadcastChannel',
  'setTimeout',
  'clearTimeout',
  "'online'",
  'visibilitychange',
  '* 2',
  '_RETRY_MS',
  'afterRound(',
];
