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
import { memberAssets } from '../lib/member-assets';
import { swRequests } from '../lib/service-worker-requests';
import { flushOutbox, OUTBOX_SYNC_TAG } from '../lib/outbox/outbox';
import { galleryCache } from './caches';
import { notAppPages } from './navigation';

declare const self: ServiceWorkerGlobalScope;

/** Background Sync's event (not in TypeScript's WebWorker library). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

// The app shell and every JS/CSS chunk a visitor may run, so each public route opens offline
// after one visit. The signed-in screens' files are cached at sign-in (below).
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

/**
 * Every gallery photo, once the gallery is opened (not at install: a visitor who never opens it
 * downloads none of its 240 KB), so the whole gallery shows offline afterwards. Through the
 * strategy, so the expiration plugin knows these entries too; one that fails is fetched when shown.
 */
const warmGallery = (event: ExtendableEvent) =>
  Promise.allSettled(
    galleryCache.warmUrls.map((url) => galleryImages.handle({ event, request: new Request(url) })),
  );

// The first service worker takes the open page at once, so it works offline from the first
// visit. A later version waits until the page asks for it (prompt mode): see SKIP_WAITING.
clientsClaim();

// The members' files (src/lib/member-assets.ts): from their cache once held, else the network,
// which fills it. The precache's route, registered first, answers the visitor's files.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: memberAssets.cacheName }),
);

/**
 * Caches every file of the build's member list not held yet, and lets go of those no longer in
 * it (an earlier build's). A file that fails now is fetched when first used, or at the next ask.
 */
async function cacheMemberAssets() {
  const response = await fetch(memberAssets.listUrl, { cache: 'no-store' });
  if (!response.ok) return;
  const wanted = new Set((await response.json()) as string[]);
  const cache = await caches.open(memberAssets.cacheName);
  const held = new Set<string>();
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (wanted.has(path)) held.add(path);
    else await cache.delete(request);
  }
  await Promise.allSettled(
    [...wanted].filter((path) => !held.has(path)).map((path) => cache.add(path)),
  );
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const type = (event.data as { type?: string } | null)?.type;
  // Sent by workbox-window's messageSkipWaiting() when the user chooses Reload.
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  // Sent by the page when someone is signed in.
  if (type === swRequests.cacheMemberAssets) {
    event.waitUntil(cacheMemberAssets().catch(() => undefined));
  }
  // Sent by the gallery when it is shown.
  if (type === swRequests.warmGallery) event.waitUntil(warmGallery(event));
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
