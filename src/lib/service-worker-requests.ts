// What a page may ask of the service worker (src/sw/sw.ts), by message: work the worker does in
// the background, for which it must outlive the page's request.
export const swRequests = {
  /** Cache the signed-in screens' files (src/lib/member-assets.ts). */
  cacheMemberAssets: 'CACHE_MEMBER_ASSETS',
  /** Cache every gallery photo, so the whole gallery shows offline once it has been opened. */
  warmGallery: 'WARM_GALLERY',
} as const;

export type SwRequest = (typeof swRequests)[keyof typeof swRequests];

/** Sends `type` to the active service worker, once it has one; never throws. */
export function askServiceWorker(type: SwRequest) {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) => registration.active?.postMessage({ type }))
    .catch(() => undefined);
}
