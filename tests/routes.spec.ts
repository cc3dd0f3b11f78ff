import { expect, test } from '@playwright/test';
import { notFoundRoute } from '../src/app/routes';

// Each route's own title, canonical link and heading are checked where every route is visited
// anyway, in every-route.spec.ts.

test('the custom PC page answers to any letter case', async ({ page }) => {
  for (const path of ['/custompc', '/CustomPC', '/CUSTOMPC']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Custom PC Builds' })).toBeVisible();
    await expect(page).toHaveTitle('Custom PC Builds');
    // One page, so one canonical: the spelling of the paths table, which the site links to.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new URL('/custompc', page.url()).href,
    );
  }
});

test('an unknown path shows the not-found page, which leads home', async ({ page }) => {
  await page.goto('/no/such/page?x=1');
  await expect(
    page.getByRole('heading', { name: 'Oops! Page not found. Error code: 404' }),
  ).toBeVisible();
  await expect(page).toHaveTitle(notFoundRoute.title);
  await expect(page.getByText(/if this keeps happening/i)).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new URL('/no/such/page', page.url()).href,
  );
  await page.getByRole('link', { name: 'Take me home!' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Empowering Innovation' }),
  ).toBeVisible();
});

test('navigating in the app updates title and canonical link', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Custom Software, Web & Mobile Development');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveTitle('Privacy Policy');
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new URL('/PrivacyPolicy', page.url()).href,
  );
});
