import { expect, test, type Page } from '@playwright/test';
import { routes } from '../src/app/routes';
import { galleryImages } from '../src/config/gallery';
import { reassertOffline } from './support/offline';
import { untilControlled } from './support/service-worker';

const publicRoutes = routes.filter((route) => !route.requiresAuth);

const galleryCached = (page: Page) =>
  page.evaluate(async () => (await (await caches.open('gallery-images')).keys()).length);

async function visitOnce(page: Page) {
  await page.goto('/');
  await untilControlled(page);
  await expect.poll(() => galleryCached(page)).toBe(galleryImages.length);
}

test('the service worker controls the page on the first visit and says it works offline', async ({
  page,
}) => {
  await page.goto('/');
  await untilControlled(page);
  await expect(page.getByRole('status').getByText('Ready to work offline.')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Ready to work offline.')).toBeHidden();
});

test('"Ready to work offline." goes by itself, so it does not stay over the page', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/');
  await untilControlled(page);
  const note = page.getByRole('status').getByText('Ready to work offline.');
  await expect(note).toBeVisible();
  await page.clock.runFor(10_000);
  await expect(note).toBeHidden();
});

test('after one visit every public route opens offline, by address and by link', async ({
  page,
  context,
}) => {
  await visitOnce(page);
  await context.setOffline(true);

  for (const route of publicRoutes) {
    await page.goto(route.path);
    await expect(page).toHaveTitle(route.title);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: /Page not found/ })).toBeVisible();

  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'About', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and Conditions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
  await reassertOffline(context);
  await expect(page.getByRole('status').getByText('You are offline.')).toBeVisible();
});

test('offline, the gallery still shows its photos', async ({ page, context }) => {
  await visitOnce(page);
  await context.setOffline(true);
  await page.goto('/CustomPC');
  const images = page.getByRole('region', { name: 'Build gallery' }).locator('img');
  await expect(images).toHaveCount(3);
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
  await page.getByRole('button', { name: 'Next build' }).click();
  await page.getByRole('button', { name: 'Next build' }).click();
  const next = page.getByRole('region', { name: 'Build gallery' }).getByRole('img');
  await expect
    .poll(() => next.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
});

test('the offline banner comes and goes with the connection', async ({ page, context }) => {
  await page.goto('/');
  const banner = page.getByRole('status').getByText('You are offline.');
  await expect(banner).toBeHidden();
  await context.setOffline(true);
  await expect(banner).toBeVisible();
  await context.setOffline(false);
  await expect(banner).toBeHidden();
});
