// Navigations that are not pages of the app, so the service worker must not answer them with the
// app shell (Workbox tests each pattern against the path and query).
export const notAppPages: readonly RegExp[] = [
  // Firebase's reserved paths: the sign-in helper /__/auth/handler, /__/firebase/init.json.
  /^\/__\//,
  // The short links of dynamic QR codes, which the server redirects, and the site's API.
  /^\/q\//,
  /^\/api\//,
  // A file, not a page: the last segment of the path has an extension (/gallery/build-1.webp).
  /^[^?]*\/[^/?]*\.[^/?]*(?:\?.*)?$/,
];

/** Whether a navigation to `pathAndQuery` (e.g. `/Login?x=1`) is one of the app's pages. */
export const isAppPage = (pathAndQuery: string) =>
  !notAppPages.some((pattern) => pattern.test(pathAndQuery));
