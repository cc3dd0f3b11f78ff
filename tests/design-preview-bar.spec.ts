// On a phone the design page's preview sits above the options; scrolled down to the logo, the
// code and its verdict must still be in sight. On a wide screen the preview stays beside them.
import { expect } from '@playwright/test';
import { findQrType } from '../src/domain/qr/qr-types';
import { signedInTest as test } from './support/signed-in';
import { chooseType, label, wizardHeadings } from './support/wizard';
import { keepScreenshot } from './support/screenshots';

test('the code and its verdict stay in view while the options scroll @phone', async ({
  page,
}, testInfo) => {
  await chooseType(page, findQrType('web')!);
  await page.getByLabel(label('qrName'), { exact: true }).fill('Specials');
  await page
    .getByLabel(label('websiteUrl'), { exact: true })
    .fill('https://kemptoncodeworks.co.za/specials');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: wizardHeadings.design })).toBeVisible();
  const verdict = page.getByRole('region', { name: 'Scan check' }).getByRole('status');
  await expect(verdict).toContainText('Scans');

  const logo = page.getByRole('button', { name: 'Add Logo', exact: true });
  await logo.click();
  await logo.scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 300);
  const phone = testInfo.project.name === 'phone';
  // A visual echo of the verdict (screen readers hear the full one): found by its look.
  const bar = page.locator('.design-preview-bar__card');
  if (phone) {
    await expect(verdict).not.toBeInViewport();
    await expect(bar).toBeInViewport();
    await expect(bar).toContainText('Scans');
    await expect(bar.locator('img')).toBeVisible();
    // It follows the design: a change below is echoed above.
    await page.getByRole('button', { name: 'Corners', exact: true }).click();
    await page
      .getByRole('group', { name: 'Corner frame style' })
      .getByRole('radio', { name: 'Circle', exact: true })
      .check();
    await expect(bar).toContainText(/^(Risky|May not scan)/);
    await expect(bar).toBeInViewport();
  } else {
    await expect(bar).toBeHidden();
    await expect(page.getByRole('region', { name: 'Scan check' })).toBeInViewport();
  }
  await keepScreenshot(page, `${testInfo.project.name}/design-scrolled`);
});
