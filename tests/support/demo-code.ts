// The way to the demo page with a code, made through the wizard as a person would.
import { expect, type Page } from '@playwright/test';
import type { TextFieldId } from '../../src/domain/qr/content';
import { qrTypes, type QrTypeId } from '../../src/domain/qr/qr-types';
import { chooseType, label, wizardHeadings } from './wizard';

/**
 * Makes a code of `type` through the wizard with the text fields `text` (by id) and the name
 * `name`, and opens the demo page with it.
 */
export async function openCode(
  page: Page,
  type: QrTypeId,
  { text, name }: { text: Partial<Record<TextFieldId, string>>; name: string },
) {
  await chooseType(
    page,
    qrTypes.find((entry) => entry.id === type)!,
  );
  for (const [id, value] of Object.entries(text) as [TextFieldId, string][]) {
    await page.getByLabel(label(id), { exact: true }).fill(value);
  }
  await page.getByLabel(label('qrName'), { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: wizardHeadings.design })).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: wizardHeadings.demo })).toBeVisible();
}

/** Makes a Website code for `url` named `name`, and opens the demo page with it. */
export const openWebCode = (page: Page, { url, name }: { url: string; name: string }) =>
  openCode(page, 'web', { text: { websiteUrl: url }, name });
