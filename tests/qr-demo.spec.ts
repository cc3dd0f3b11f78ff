import { expect, test } from '@playwright/test';
import { company } from '../src/config/company';
import { demoBenefits } from '../src/features/qr/demo-content';
import { demoUser } from './support/auth-emulator';
import { scanQrImage } from './support/decode-qr';
import { signedInState } from './support/signed-in';

test.use({ storageState: signedInState });

test.beforeEach(async ({ page }) => {
  await page.goto('/QR_Demo');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your QR Code is ready' }),
  ).toBeVisible();
});

test('the ready page shows a code that scans, and what an account brings', async ({ page }) => {
  const code = page.getByRole('img', { name: `QR code that opens ${company.website}` });
  await expect(code).toBeVisible();
  expect(await scanQrImage(code)).toBe(company.website);

  const benefits = page.getByRole('region', { name: 'With your account' }).getByRole('listitem');
  await expect(benefits).toHaveCount(demoBenefits.length);
  for (const [index, benefit] of demoBenefits.entries()) {
    await expect(benefits.nth(index)).toContainText(benefit.title);
  }
});

test('the email form explains bad input, keeps it, and prepares the message', async ({ page }) => {
  const form = page.getByRole('form', { name: 'Email this code' });
  const email = form.getByLabel('Email');
  await expect(email).toHaveValue(demoUser.email);

  await email.fill('');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Please enter your email address.')).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');

  await email.fill('thandi@example');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(email).toHaveValue('thandi@example');

  await email.fill('thandi@example.co.za');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('status')).toContainText(
    'Your email app should open with the code ready to send to thandi@example.co.za',
  );
  await expect(email).not.toHaveAttribute('aria-invalid');
  const href = await form.getByRole('link', { name: 'Open the message' }).getAttribute('href');
  const message = new URL(href!);
  expect(message.protocol).toBe('mailto:');
  expect(message.pathname).toBe('thandi@example.co.za');
  expect(message.searchParams.get('subject')).toBe('Your QR code is ready');
  expect(message.searchParams.get('body')).toContain(company.website);
  // The page is still here: the mail app opens beside it.
  await expect(page).toHaveURL(/\/QR_Demo$/);
});

test('where Google cannot be reached, Continue with Google says so and nothing breaks', async ({
  page,
}) => {
  // Google's loader fails as it would behind a firewall (this machine has no internet anyway).
  await page.route('https://apis.google.com/**', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Google sign-in could not be reached. Please try again, or use your email and password.',
  );
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  // Still signed in, still on the page, and the rest of it still works.
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your QR Code is ready' }),
  ).toBeVisible();
  await expect(page.getByRole('form', { name: 'Email this code' }).getByLabel('Email')).toHaveValue(
    demoUser.email,
  );
});
