// A fix offered must fix: choices made one after another as a new user would (a pattern, a
// gradient, corner styles, a frame with words, a logo), then the scan check's one fix, once.
import { expect } from '@playwright/test';
import { findQrType } from '../src/domain/qr/qr-types';
import { signedInTest as test } from './support/signed-in';
import { addLogo, chooseType, label, wizardHeadings } from './support/wizard';

test('after a string of choices, the one fix offered makes the code scan', async ({ page }) => {
  test.setTimeout(90_000);
  await chooseType(page, findQrType('web')!);
  await page.getByLabel(label('qrName'), { exact: true }).fill('Menu');
  await page
    .getByLabel(label('websiteUrl'), { exact: true })
    .fill('https://kemptoncodeworks.co.za/menu?table=12&utm_source=qr');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: wizardHeadings.design })).toBeVisible();
  const region = page.getByRole('region', { name: 'Scan check' });
  const verdict = region.getByRole('status');

  // The Frame section is open first.
  await page.getByRole('radio', { name: 'Rounded border, text below' }).check();
  await page.getByLabel('Frame text').fill('Chat with us');
  await page.getByRole('button', { name: 'Pattern', exact: true }).click();
  await page.getByRole('radio', { name: 'Dots', exact: true }).check();
  await page.getByRole('button', { name: 'Corners', exact: true }).click();
  await page
    .getByRole('group', { name: 'Corner frame style' })
    .getByRole('radio', { name: 'Circle', exact: true })
    .check();
  await page
    .getByRole('group', { name: 'Corner centre style' })
    .getByRole('radio', { name: 'Classy', exact: true })
    .check();
  await addLogo(page, '#002d17');

  // The code with its logo drawn, then checked, then a fix found for it.
  await expect(page.getByRole('img', { name: /^Your QR code/ }).locator('image')).toHaveAttribute(
    'href',
    /^data:image\/png;base64,/,
  );
  await expect(region).not.toContainText('checking again');
  await expect(region).not.toContainText('Looking for a change');
  // Circle corner frames: ZBar misses them at an angle, so this is not "Scans".
  await expect(verdict).toContainText(/Risky|May not scan/);
  await expect(verdict).toContainText('Circle corner frames are the weak part');
  const fixes = region.getByRole('button');
  await expect(fixes).toHaveCount(1);
  await fixes.click();
  await expect(verdict).toContainText('Scans', { timeout: 15_000 });
  await expect(region.getByRole('button')).toHaveCount(0);
});
