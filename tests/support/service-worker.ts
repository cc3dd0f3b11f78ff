// Waiting for the service worker, as the offline specs need it.
import { expect, test, type Page } from '@playwright/test';

/**
 * Until the service worker controls the page. Its first install precaches the whole app (about
 * 2.4 MB, the Firestore and scan-check chunks included): on a loaded 2-core machine that took
 * over the default 7 s, so this waits up to 30 s.
 */
export async function untilControlled(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state), {
      timeout: 30_000,
    })
    .toBe('activated');
}

/**
 * `test` for a story that needs the service worker (offline, Background Sync). The suite blocks it
 * everywhere else (playwright.config.ts): its first install precaches the whole app, about a CPU
 * second per browser context, and most tests never use it.
 */
export const serviceWorkerTest = test.extend({ serviceWorkers: 'allow' });
