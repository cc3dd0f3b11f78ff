// No code leaves the demo page before the scan check has had its say: a blank code (white on
// white) downloaded at once, while the page was still checking, once went out without a word.
import { expect } from '@playwright/test';
import { findQrType } from '../src/domain/qr/qr-types';
import { signedInTest as test } from './support/signed-in';
import { chooseType, label, wizardHeadings } from './support/wizard';

test('Download clicked at once waits for the check, then asks before a blank code', async ({
  page,
}) => {
  await chooseType(page, findQrType('web')!);
  await page.getByLabel(label('qrName'), { exact: true }).fill('Blank');
  await page
    .getByLabel(label('websiteUrl'), { exact: true })
    .fill('https://kemptoncodeworks.co.za/specials');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: wizardHeadings.design })).toBeVisible();
  await page.getByRole('button', { name: 'Pattern', exact: true }).click();
  await page.getByLabel('Gradient pattern').uncheck();
  await page.getByLabel('Pattern colour 1').fill('#ffffff');

  const downloads: string[] = [];
  page.on('download', (download) => downloads.push(download.suggestedFilename()));
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: wizardHeadings.demo })).toBeVisible();
  // At once: the demo page's own check has not finished yet.
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const question = page.getByRole('alertdialog', { name: 'This code may not scan.' });
  await expect(question).toBeVisible();
  await expect(question).toContainText('too close to the background');
  expect(downloads).toEqual([]);
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  expect(downloads).toEqual([]);
});
