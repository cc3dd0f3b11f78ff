// The QR service can be found: the navbar offers Sign in (My QR Codes once signed in), on wide
// screens and in the phone menu, and the home page presents the service and its plans, leading
// to an account.
import { expect, test, type Page } from '@playwright/test';
import { formatRand, plans } from '../src/domain/pricing';
import { seriousViolations } from './support/axe';
import { logIn } from './support/saved-user';
import { createUser, uniqueEmail } from './support/auth-emulator';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('a visitor finds Sign in in the navbar, and once signed in, My QR Codes @phone', async ({
  page,
}) => {
  await page.goto('/AboutPage');
  const menu = nav(page).getByRole('button', { name: 'Menu', exact: true });
  // On a phone the links are in the menu.
  if (await menu.isVisible()) await menu.click();
  const signIn = nav(page).getByRole('link', { name: 'Sign in', exact: true });
  await expect(signIn).toHaveAttribute('href', '/Login');
  await signIn.click();
  await expect(page).toHaveURL(/\/Login$/);

  const user = await createUser({
    email: uniqueEmail('entry'),
    password: 'Entry-pass-1',
    emailVerified: true,
  });
  await logIn(page, user);
  await page.goto('/AboutPage');
  if (await menu.isVisible()) await menu.click();
  const codes = nav(page).getByRole('link', { name: 'My QR Codes', exact: true });
  await codes.click();
  await expect(page).toHaveURL(/\/QR_Dashboard$/);
  await expect(nav(page).getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(0);
});

test('the home page presents the QR service with its plans, and leads to an account @phone', async ({
  page,
}) => {
  await page.goto('/');
  const offer = page.getByRole('region', { name: 'QR codes that keep working' });
  await expect(offer).toBeVisible();
  for (const plan of plans) {
    await expect(offer.getByRole('list', { name: 'Plans' })).toContainText(
      `${plan.name} ${formatRand(plan.pricePerMonth)} a month`,
    );
  }
  expect(await seriousViolations(page)).toEqual([]);
  await offer.getByRole('link', { name: 'Create your account' }).click();
  await expect(page).toHaveURL(/\/Register$/);
});
