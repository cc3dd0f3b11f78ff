// A lazy route page that survives a deploy. When a chunk cannot be fetched (a new version
// replaced it, or the network dropped before the service worker cached it), the page reloads
// once to pick up the current version; if that fails too, the route's error boundary explains.
import { lazy } from 'react';
import { safeSessionStorage } from '../lib/safe-storage';
import type { PageModule } from './routes';

const RELOADED_AT = 'chunk-reload-at';
/** A second failure within this window means reloading did not help. */
const RELOAD_WINDOW_MS = 30_000;

export function lazyPage(load: () => Promise<PageModule>) {
  return lazy(() =>
    load().then(
      (module) => {
        safeSessionStorage.remove(RELOADED_AT);
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
  const last = Number(safeSessionStorage.get(RELOADED_AT) ?? 0);
  if (Date.now() - last < RELOAD_WINDOW_MS) return false;
  // Without session storage the reload could not be known to have happened: reloading again
  // and again is worse than saying the page could not be loaded.
  if (!safeSessionStorage.set(RELOADED_AT, String(Date.now()))) return false;
  window.location.reload();
  return true;
}
