/// <reference lib="webworker" />
// The one service worker. It wires events only; what is cached and how lives in caches.ts.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { flushOutbox, OUTBOX_SYNC_TAG } from '../lib/outbox/outbox';
import { galleryCache } from './caches';
import { notAppPages } from './navigation';

declare const self: ServiceWorkerGlobalScope;

/** Background Sync's event (not in TypeScript's WebWorker library). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

// The app shell and every JS/CSS chunk, so each lazy route opens offline after one visit.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Any navigation to a page is the single-page app: the router shows the page or the 404. Files,
// Firebase's helpers and short links go to the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [...notAppPages] }),
);

const galleryImages = new CacheFirst({
  cacheName: galleryCache.name,
  plugins: [
    new ExpirationPlugin({
      maxEntries: galleryCache.maxEntries,
      maxAgeSeconds: galleryCache.maxAgeSeconds,
      purgeOnQuotaError: true,
    }),
  ],
});
registerRoute(({ url, sameOrigin }) => sameOrigin && galleryCache.matches(url), galleryImages);

self.addEventListener('install', (event) => {
  // Through the strategy, so the expiration plugin knows these entries too.
  const warm = galleryCache.warmUrls.map((url) =>
    galleryImages.handle({ event, request: new Request(url) }),
  );
  // Photos are a nicety: one that fails to download must not stop the app from installing.
  event.waitUntil(Promise.allSettled(warm));
});

// The first service worker takes the open page at once, so it works offline from the first
// visit. A later version waits until the page asks for it (prompt mode): see SKIP_WAITING.
clientsClaim();

// Sent by workbox-window's messageSkipWaiting() when the user chooses Reload.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Enquiries queued while offline (src/lib/outbox): the browser fires this once it is back online,
// even with no tab of the site open. Rejecting asks the browser to try again later.
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(
    flushOutbox().then((empty) => {
      if (!empty) throw new Error('Enquiries still waiting: try again later.');
    }),
  );
});
