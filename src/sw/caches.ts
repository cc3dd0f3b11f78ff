// What the service worker caches outside the precache, and for how long.
import { galleryImages } from '../config/gallery';

export const galleryCache = {
  name: 'gallery-images',
  /** Six today; room for the company to add more photos. */
  maxEntries: 40,
  maxAgeSeconds: 60 * 60 * 24 * 30,
  /** Fetched when the gallery is first shown, so all of it then shows offline. */
  warmUrls: galleryImages.map((image) => image.src),
  matches: (url: URL) => url.pathname.startsWith('/gallery/'),
} as const;
