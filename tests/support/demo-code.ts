// The way to the demo page with a code: a Website draft made through the wizard, as a person would.
import { expect, type Page } from '@playwright/test';
import { qrTypes } from '../../src/domain/qr/qr-types';
import { chooseType, label, wizardHeadings } from './wizard';

/** Makes a Website code for `url` named `name`, and opens the demo page with it. */
export async function openWebCode(page: Page, { url, name }: { url: string; name: string }) {
  await chooseType(
    page,
    qrTypes.find((type) => type.id === 'web')!,
  );
  await page.getByLabel(label('websiteUrl'), { exact: true }).fill(url);
  await page.getByLabel(label('qrName'), { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: wizardHeadings.design })).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: wizardHeadings.demo })).toBeVisible();
}
