import { expect, test } from '@playwright/test';

// Without a service worker, as on a first visit or after a deploy removed old chunks.
test.use({ serviceWorkers: 'block' });

test('a page whose code cannot be downloaded reloads once, then offers Try again', async ({
  page,
}) => {
  const aboutChunk = /\/assets\/about-page-[\w-]+\.js$/;
  await page.route(aboutChunk, (route) => route.abort('internetdisconnected'));
  let documents = 0;
  // Documents asked for, not load events: the reload can cut the first document's load short.
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents += 1;
  });

  await page.goto('/AboutPage');
  await expect(
    page.getByRole('heading', { level: 1, name: 'This page could not be loaded' }),
  ).toBeVisible();
  // The first failure reloaded the page once; the second gave up and explained. (The heading can
  // show before the reloaded document's load event: wait for it.)
  await expect.poll(() => documents).toBe(2);
  await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
  // The layout stays usable around the error.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  await page.unroute(aboutChunk);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
});
