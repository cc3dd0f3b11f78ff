import { expect, test, type Page } from '@playwright/test';
import { routes } from '../src/app/routes';
import { galleryImages } from '../src/config/gallery';
import { reassertOffline } from './support/offline';
import { untilControlled } from './support/service-worker';
import { signedInState } from './support/signed-in';
import { wizardHeadings } from './support/wizard';

// The service worker is what this spec tests (the rest of the suite blocks it).
test.use({ serviceWorkers: 'allow' });

const publicRoutes = routes.filter((route) => !route.requiresAuth);

const galleryCached = (page: Page) =>
  page.evaluate(async () => (await (await caches.open('gallery-images')).keys()).length);

/** A first visit, which also opens the gallery (its photos are kept once it has been shown). */
async function visitOnce(page: Page) {
  await page.goto('/');
  await untilControlled(page);
  await page.goto('/custompc');
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
  // Every public route, one navigation each (about a second each on a busy 2-core machine, where
  // 30 s ran out with every step moving).
  test.setTimeout(60_000);
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

/** Every URL (path) the site's caches hold, by cache. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const held: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const keys = await (await caches.open(name)).keys();
      held[name] = keys.map((request) => new URL(request.url).pathname);
    }
    return held;
  });

/** The files only signed-in users run, as the build lists them (scripts/build/precache-groups.mjs). */
async function memberList(page: Page): Promise<string[]> {
  const response = await page.request.get('/member-assets.json');
  expect(response.ok()).toBe(true);
  return (await response.json()) as string[];
}

test('a visitor’s first visit installs none of the signed-in screens’ code, nor the gallery', async ({
  page,
}) => {
  await page.goto('/');
  await untilControlled(page);
  // The gallery's photos wait until it is shown (then all of them are kept: visitOnce).
  expect(await galleryCached(page)).toBe(0);
  const members = await memberList(page);
  // Cloud Firestore, jsPDF and the scan check's ZXing reader are among them.
  for (const name of [/firestore-core/, /jspdf/, /zxing_reader.*\.wasm$/]) {
    expect(
      members.some((path) => name.test(path)),
      String(name),
    ).toBe(true);
  }
  const held = Object.values(await cachedPaths(page)).flat();
  expect(held.filter((path) => members.includes(path))).toEqual([]);
  expect(held.some((path) => /\/assets\/index-.*\.js$/.test(path))).toBe(true);
});

test.describe('signed in', () => {
  test.use({ storageState: signedInState });

  test('the signed-in screens’ code is cached at sign-in, and they open offline', async ({
    page,
    context,
  }) => {
    // A screen that knows who is signed in (marketing pages do not load Firebase).
    await page.goto('/QR_Dashboard');
    await untilControlled(page);
    const members = await memberList(page);
    await expect
      .poll(async () => (await cachedPaths(page))['member-assets']?.length ?? 0, {
        timeout: 20_000,
      })
      .toBe(members.length);
    await context.setOffline(true);
    await page.goto('/QR_Type');
    await expect(page.getByRole('heading', { level: 1, name: wizardHeadings.type })).toBeVisible();
    await page.goto('/QR_Dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'My QR Codes' })).toBeVisible();
    await page.goto('/UserBilling');
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  });
});
