// The live generator on /QR_Design: the real code follows the design, the scan check
// says whether it scans and fixes it in one click, and types that need file hosting say so.
import { expect, type Page } from '@playwright/test';
import { findQrType } from '../src/domain/qr/qr-types';
import { GOLD } from '../src/domain/qr/design';
import { scanSvg } from './support/scan-svg';
import { signedInTest as test } from './support/signed-in';
import { addLogo, chooseType, label, sampleFile, tinyPdf, wizardHeadings } from './support/wizard';

const url = 'https://kemptoncodeworks.co.za/specials';

async function designWebsite(page: Page) {
  await chooseType(page, findQrType('web')!);
  await page.getByLabel(label('qrName'), { exact: true }).fill('Specials');
  await page.getByLabel(label('websiteUrl'), { exact: true }).fill(url);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: wizardHeadings.design })).toBeVisible();
}

const code = (page: Page) => page.getByRole('img', { name: `Your QR code: ${url}` });
const verdict = (page: Page) =>
  page.getByRole('region', { name: 'Scan check' }).getByRole('status');

test('the preview is the real code, it follows the design, and it scans', async ({ page }) => {
  await designWebsite(page);
  await expect(verdict(page)).toContainText('Scans');
  await expect(verdict(page)).toContainText('Both families of reader (ZXing and ZBar) decode it');
  expect(await scanSvg(code(page))).toBe(url);

  // A frame with its call to action, another pattern and corner style: still the same code.
  await page.getByRole('radio', { name: 'Rounded border, text below' }).check();
  await page.getByLabel('Frame text').fill('Specials inside');
  await expect(code(page).locator('text')).toHaveText('Specials inside');
  await page.getByRole('button', { name: 'Pattern' }).click();
  await page.getByRole('radio', { name: 'Classy', exact: true }).check();
  await page.getByRole('button', { name: 'Corners' }).click();
  await page
    .getByRole('group', { name: 'Corner frame style' })
    .getByRole('radio', { name: 'Extra rounded' })
    .check();
  await page
    .getByRole('group', { name: 'Corner centre style' })
    .getByRole('radio', { name: 'Extra rounded' })
    .check();
  await expect(verdict(page)).toContainText('Scans');
  expect(await scanSvg(code(page))).toBe(url);
});

test('gold corners are caught, and one click fixes them', async ({ page }) => {
  await designWebsite(page);
  await page.getByRole('button', { name: 'Corners' }).click();
  await page.getByLabel('Corner frame colour').fill(GOLD.toLowerCase());
  await expect(verdict(page)).toContainText('May not scan');
  await expect(verdict(page)).toContainText('Corner frames (#CA9D20) are too light');
  await page.getByRole('button', { name: 'Use the pattern colour for the corners' }).click();
  await expect(page.getByLabel('Corner frame colour')).toHaveValue('#002d17');
  await expect(verdict(page)).toContainText('Scans');
});

test('a transparent code is risky, and says why', async ({ page }) => {
  await designWebsite(page);
  await page.getByRole('button', { name: 'Background' }).click();
  await page.getByLabel('Transparent background').check();
  await expect(verdict(page)).toContainText('Risky');
  await expect(verdict(page)).toContainText('only scan on a light surface');
  await expect(page.getByRole('button', { name: 'Use a white background' })).toBeVisible();
});

test('with a logo the code still scans', async ({ page }) => {
  await designWebsite(page);
  await addLogo(page, '#ca9d20');
  await expect(code(page).locator('image')).toHaveAttribute('href', /^data:image\/png;base64,/);
  await expect(verdict(page)).toContainText('Scans');
  expect(await scanSvg(code(page))).toBe(url);
});

test('content too long for a code says how much to cut, and keeps what was typed', async ({
  page,
}) => {
  // A valid web address of 1,744 characters: level Q holds 1,663 bytes at most.
  const long = `${url}?ref=${'k'.repeat(1700)}`;
  await chooseType(page, findQrType('web')!);
  await page.getByLabel(label('qrName'), { exact: true }).fill('Long');
  await page.getByLabel(label('websiteUrl'), { exact: true }).fill(long);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: wizardHeadings.design })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Too long' })).toHaveText(
    `Too long for a QR code: cut about ${long.length - 1663} characters (it holds 1663 bytes at most; this content takes ${long.length}).`,
  );
  await expect(page.getByRole('img', { name: /Your QR code/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Scan check' })).toHaveCount(0);

  // Back on the form the address is as typed; cut to size, the code is drawn and scans.
  await page.getByRole('link', { name: 'Back' }).click();
  const field = page.getByLabel(label('websiteUrl'), { exact: true });
  await expect(field).toHaveValue(long);
  await field.fill(url);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(verdict(page)).toContainText('Scans');
  expect(await scanSvg(code(page))).toBe(url);
});

test('a hosted file’s code is drawn with its short link’s stand-in, as long as the real one', async ({
  page,
}) => {
  await chooseType(page, findQrType('pdf')!);
  await page.getByLabel(label('qrName'), { exact: true }).fill('Menu');
  await page
    .getByLabel('PDF file', { exact: true })
    .setInputFiles(sampleFile('menu.pdf', tinyPdf.length, tinyPdf));
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: wizardHeadings.design })).toBeVisible();
  // A PDF code holds only its short link: the server makes it when the code is saved.
  const sample = page.getByRole('img', { name: /^Your QR code: .*\/q\/X{10}\?qr=1$/ });
  expect(await scanSvg(sample)).toMatch(/\/q\/X{10}\?qr=1$/);
});
