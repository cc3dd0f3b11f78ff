// My QR Codes as the dynamic codes' specs meet it: the list, a code's row, its short link once the
// server has made it, and its picture downloaded and read back, as a customer prints it.
import { expect, type Page } from '@playwright/test';
import { bytesOf } from './downloads';
import { scanFile } from './scan-svg';

export const savedRegion = (page: Page) =>
  page.getByRole('region', { name: /^Saved codes \(\d+\)$/ });

/** The row of the saved code named `name`. */
export const savedRow = (page: Page, name: string) =>
  savedRegion(page).getByRole('listitem', { name, exact: true });

/** The demo page's choice of a dynamic code. */
export const dynamicChoice = (page: Page) =>
  page.getByRole('checkbox', { name: 'Dynamic code: change where it leads after printing' });

/** The id of a row's short link, once the server has made it. */
export async function shortLinkIdOf(page: Page, name: string) {
  const link = savedRow(page, name).getByRole('link', { name: /\/q\// });
  // Made by the server: the Functions emulator's first call also starts its worker.
  await expect(link).toBeVisible({ timeout: 20_000 });
  return (await link.getAttribute('href'))!.split('/q/')[1];
}

/** Downloads the row's picture as a PNG (its dialog's default) and reads back what it holds. */
export async function printedText(page: Page, name: string): Promise<string> {
  await savedRow(page, name).getByRole('button', { name: 'Download' }).click();
  const dialog = page.getByRole('dialog', { name: `Download “${name}”` });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download', exact: true }).click(),
  ]);
  const { text } = await scanFile(page, await bytesOf(download), 'image/png');
  await page.keyboard.press('Escape');
  return text!;
}
