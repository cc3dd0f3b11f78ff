import { expect, test } from '@playwright/test';
import { galleryImages } from '../src/config/gallery';
import { untilControlled } from './support/service-worker';

// The service worker is what this spec tests (the rest of the suite blocks it).
test.use({ serviceWorkers: 'allow' });

test('the service worker answers page navigations only: not Firebase helpers, files or short links', async ({
  page,
}) => {
  await page.goto('/');
  await untilControlled(page);

  // A page is the app shell from the service worker.
  const appPage = await page.goto('/AboutPage');
  expect(appPage?.fromServiceWorker()).toBe(true);

  // Firebase's sign-in helper and a dynamic code's short link go to the server.
  for (const path of ['/__/auth/handler', '/q/abc123']) {
    const response = await page.goto(path);
    expect(response?.fromServiceWorker(), path).toBe(false);
  }

  // A photo opened on its own is the photo (from the gallery cache or the network), not the shell.
  const photo = await page.goto(galleryImages[0]!.src);
  expect(photo?.headers()['content-type']).toBe('image/webp');
});
