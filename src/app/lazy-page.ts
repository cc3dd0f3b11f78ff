// A lazy route page that survives a deploy. When a chunk cannot be fetched (a new version
// replaced it, or the network dropped before the service worker cached it), the page reloads
// once to pick up the current version; if that fails too, the route's error boundary explains.
import { lazy } from 'react';
import type { PageModule } from './routes';

const RELOADED_AT = 'chunk-reload-at';
/** A second failure within this window means reloading did not help. */
const RELOAD_WINDOW_MS = 30_000;

export function lazyPage(load: () => Promise<PageModule>) {
  return lazy(() =>
    load().then(
      (module) => {
        sessionStorage.removeItem(RELOADED_AT);
        return module;
      },
      (error: unknown) => {
        if (reloadOnce()) return new Promise<never>(() => undefined);
        throw new ChunkLoadError(error);
      },
    ),
  );
}

export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('A part of the app could not be downloaded.', { cause });
    this.name = 'ChunkLoadError';
  }
}

function reloadOnce(): boolean {
  const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  if (Date.now() - last < RELOAD_WINDOW_MS) return false;
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  window.location.reload();
  return true;
}
