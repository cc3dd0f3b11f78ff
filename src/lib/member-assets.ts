import { askServiceWorker, swRequests } from './service-worker-requests';

// The code only signed-in users run (the QR screens, Cloud Firestore, the PDF and scan-check
// libraries) is not installed with the site for every visitor; the service worker caches it when
// someone signs in, and keeps it on that device, so the QR screens work offline there as before.
// The page asks for it at each signed-in start: the worker fetches only what it does not hold.

/** The cache that holds them, and the list of them the build writes (scripts/build/precache-groups.mjs). */
export const memberAssets = {
  cacheName: 'member-assets',
  listUrl: '/member-assets.json',
} as const;

let asked = false;

/** Asks the service worker, once per page, to cache the members' files. */
export function requestMemberAssets() {
  if (asked) return;
  asked = true;
  askServiceWorker(swRequests.cacheMemberAssets);
}
