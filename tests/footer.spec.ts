import { expect, test, type Page } from '@playwright/test';
import { createUser, uniqueEmail } from './support/auth-emulator';
import { logIn } from './support/saved-user';

const footerOf = (page: Page) => page.getByRole('contentinfo');

test('the footer has its blocks, the mail link, the location and the copyright @phone', async ({
  page,
}) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const block of ['Services', 'QR codes', 'Documents', 'Contact', 'Location']) {
    await expect(footer.getByRole('heading', { name: block, exact: true })).toBeVisible();
  }
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    '/PrivacyPolicy',
  );
  await expect(footer.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute(
    'href',
    '/TnC',
  );
  await expect(footer.getByRole('link', { name: 'Software Solutions' })).toHaveAttribute(
    'href',
    '/ServicesPage',
  );
  await expect(footer.getByRole('link', { name: 'Custom PC Services' })).toHaveAttribute(
    'href',
    '/custompc',
  );
  await expect(footer.getByRole('link', { name: /contact/i })).toHaveAttribute(
    'href',
    '/ContactPage',
  );
  await expect(footer.getByRole('link', { name: 'Or send us a mail' })).toHaveAttribute(
    'href',
    /^mailto:[^@\s]+@[^@\s]+\.[a-z]+$/,
  );
  await expect(footer.getByText('Kempton Park, South Africa')).toBeVisible();
  const year = new Date().getFullYear();
  await expect(footer.getByText(new RegExp(`^All rights reserved\\. .+ © ${year}$`))).toBeVisible();
});

test('a visitor finds the QR service and signing in at the bottom of any page @phone', async ({
  page,
}) => {
  await page.goto('/AboutPage');
  // Scrolled once the page is there, as a reader would: before, its content arriving moved the
  // footer back down.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const qr = footerOf(page).getByRole('region', { name: 'QR codes' });
  await qr.scrollIntoViewIfNeeded();
  await expect(qr.getByRole('link', { name: 'QR code generator' })).toHaveAttribute(
    'href',
    '/QR_Dashboard',
  );
  const signIn = qr.getByRole('link', { name: 'Sign in' });
  await expect(signIn).toHaveAttribute('href', '/Login');
  await expect(signIn).toBeInViewport();
  await signIn.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();

  // The QR service asks a visitor to sign in first.
  await footerOf(page).getByRole('link', { name: 'QR code generator' }).click();
  await expect(page).toHaveURL(/\/Login$/);
});

test('signed in, the footer leads to My QR Codes and the profile, where one signs out @phone', async ({
  page,
}) => {
  await logIn(page, await createUser({ email: uniqueEmail('footer'), password: 'Footer-pass-1' }));
  const qr = footerOf(page).getByRole('region', { name: 'QR codes' });
  await expect(qr.getByRole('link', { name: 'My QR Codes' })).toHaveAttribute(
    'href',
    '/QR_Dashboard',
  );
  await expect(qr.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await qr.getByRole('link', { name: 'Profile and sign out' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});
