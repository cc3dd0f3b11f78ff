import { expect, type Page } from '@playwright/test';
import { qrTypes } from '../src/domain/qr/qr-types';
import { demoBenefits } from '../src/features/qr/wizard/demo-content';
import { demoUser } from './support/auth-emulator';
import { openWebCode } from './support/demo-code';
import { scanSvg } from './support/scan-svg';
import { signedInTest as test } from './support/signed-in';
import { chooseType, sampleFile, tinyPdf, wizardHeadings } from './support/wizard';

const site = 'https://kemptoncodeworks.co.za/qr?from=demo';
const demoHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: wizardHeadings.demo });

test('with no code in progress, the page says so and leads to the type screen', async ({
  page,
}) => {
  await page.goto('/QR_Demo');
  await expect(page.getByRole('heading', { level: 1, name: 'No QR code yet' })).toBeVisible();
  await expect(page.getByText('There is no code in progress on this device.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download' })).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Email this code' })).toHaveCount(0);

  const benefits = page.getByRole('region', { name: 'With your account' }).getByRole('listitem');
  await expect(benefits).toHaveCount(demoBenefits.length);
  for (const [index, benefit] of demoBenefits.entries()) {
    await expect(benefits.nth(index)).toContainText(benefit.title);
  }
  // Analytics promises only what is recorded: how often, when, on which kinds of phone; not where.
  await expect(benefits.filter({ hasText: 'Analytics' })).not.toContainText('where');

  await page.getByRole('link', { name: 'Choose a type of code' }).click();
  await expect(page).toHaveURL(/\/QR_Type$/);
  await expect(page.getByRole('heading', { level: 1, name: wizardHeadings.type })).toBeVisible();
});

test('a website code shows on the page and scans to exactly its address', async ({ page }) => {
  await openWebCode(page, { url: site, name: 'Shop window' });
  const code = page.getByRole('img', { name: `QR code that opens ${site}` });
  await expect(code).toBeVisible();
  expect(await scanSvg(code)).toBe(site);
  await expect(page.getByText(`Scanning it opens ${site}`)).toBeVisible();
  await expect(page.getByText('Your Website code “Shop window”')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download' })).toBeVisible();
});

test('a PDF code is always dynamic: a sample until it is saved, never offered for download', async ({
  page,
}) => {
  await chooseType(
    page,
    qrTypes.find((type) => type.id === 'pdf')!,
  );
  await page
    .getByLabel('PDF file', { exact: true })
    .setInputFiles(sampleFile('menu.pdf', tinyPdf.length, tinyPdf));
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: wizardHeadings.demo })).toBeVisible();
  await expect(page.getByText('A PDF code is always dynamic')).toBeVisible();
  await expect(
    page.getByText('A sample: its short link is made when you save the code, and shows your file'),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /^QR code/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save to My QR Codes' })).toBeVisible();
});

test.describe('with a website code', () => {
  test.beforeEach(async ({ page }) => {
    await openWebCode(page, { url: site, name: 'Shop window' });
  });

  // Sending it for real: tests/email-code.spec.ts.
  test('the email form explains bad input and keeps what was typed', async ({ page }) => {
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
    await expect(email).toBeFocused();
    // Nothing was sent.
    await expect(form.getByRole('status')).toBeEmpty();
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
    await expect(demoHeading(page)).toBeVisible();
    await expect(
      page.getByRole('form', { name: 'Email this code' }).getByLabel('Email'),
    ).toHaveValue(demoUser.email);
  });
});
