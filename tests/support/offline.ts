import type { BrowserContext } from '@playwright/test';

/**
 * Tells a page loaded while offline, again, that it is offline. Debian's Chromium 150 keeps the
 * emulated network offline across a navigation (requests still fail, the service worker answers)
 * but a document loaded that way reads `navigator.onLine` as true, which no real offline browser
 * does. Going online and offline again fires the events the page follows, so what it shows can be
 * checked. (The banner's reaction to the connection itself is offline.spec's own test.)
 */
export async function reassertOffline(context: BrowserContext) {
  await context.setOffline(false);
  await context.setOffline(true);
}
