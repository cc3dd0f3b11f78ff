// What can be done with the codes of My QR Codes: find and order them, Edit (the
// wizard reopens on the code and saving updates it), Duplicate, Download, and Delete with Undo,
// each surviving a reload, for a new user of each test with codes seeded into the real Firestore
// emulator; and a second user, or a fresh browser of the same one, sees what the server holds.
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { bytesOf } from './support/downloads';
import { scanFile, scanSvg } from './support/scan-svg';
import { logIn, userWithCodes, type SeededCode } from './support/saved-user';
import { chooseType, label, sampleFile, tinyPdf, wizardHeadings } from './support/wizard';
import { qrTypes } from '../src/domain/qr/qr-types';

const site = 'https://kemptoncodeworks.co.za';
const codes: readonly SeededCode[] = [
  { id: 'menu-board', name: 'Menu board', url: `${site}/menu`, updatedAt: '2026-11-20T09:00:00Z' },
  { id: 'café-door', name: 'Café door', url: `${site}/cafe`, updatedAt: '2026-11-12T09:00:00Z' },
  { id: 'bus-stop', name: 'Bus stop 10', url: `${site}/bus`, updatedAt: '2026-11-16T09:00:00Z' },
];

const savedRegion = (page: Page) => page.getByRole('region', { name: /^Saved codes \(\d+\)$/ });
const rows = (page: Page) => savedRegion(page).getByRole('list').getByRole('listitem');
const row = (page: Page, name: string) =>
  savedRegion(page).getByRole('listitem', { name, exact: true });
/** The listed codes' names, in their order (each row is named by its code's name). */
const names = (page: Page) =>
  rows(page).evaluateAll((items) =>
    items.map(
      (item) => document.getElementById(item.getAttribute('aria-labelledby')!)?.textContent,
    ),
  );

test('codes are found by name and ordered by last change or by name', async ({ page }) => {
  await userWithCodes(page, codes);
  await expect(savedRegion(page)).toHaveAccessibleName('Saved codes (3)');
  await expect.poll(() => names(page)).toEqual(['Menu board', 'Bus stop 10', 'Café door']);

  const sort = page.getByLabel('Sort by');
  await sort.selectOption({ label: 'Last changed, oldest first' });
  await expect.poll(() => names(page)).toEqual(['Café door', 'Bus stop 10', 'Menu board']);
  await sort.selectOption({ label: 'Name, A to Z' });
  await expect.poll(() => names(page)).toEqual(['Bus stop 10', 'Café door', 'Menu board']);

  const search = page.getByRole('searchbox', { name: 'Search by name' });
  await search.fill('CAFE');
  await expect(page.getByRole('status').filter({ hasText: 'match' })).toHaveText(
    '1 of 3 codes match “CAFE”.',
  );
  await expect.poll(() => names(page)).toEqual(['Café door']);
  await search.fill('printer');
  await expect(page.getByRole('status').filter({ hasText: 'printer' })).toHaveText(
    "No code's name contains “printer”.",
  );
  await expect(rows(page)).toHaveCount(0);
  await search.fill('');
  await expect(rows(page)).toHaveCount(3);
});

test('Delete takes a code away at once and Undo brings it back, both lasting', async ({ page }) => {
  await userWithCodes(page, codes);
  await row(page, 'Café door').getByRole('button', { name: 'Delete' }).click();
  await expect(row(page, 'Café door')).toHaveCount(0);
  const notice = page.getByRole('status').filter({ hasText: 'Deleted “Café door”.' });
  // The row is gone: focus waits on what the list says, Undo next to it.
  await expect(notice).toBeFocused();
  await notice.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is back' })).toHaveText(
    '“Café door” is back in My QR Codes.',
  );
  await expect(row(page, 'Café door')).toBeVisible();

  await row(page, 'Bus stop 10').getByRole('button', { name: 'Delete' }).click();
  await expect(row(page, 'Bus stop 10')).toHaveCount(0);
  await page.reload();
  await expect(savedRegion(page)).toHaveAccessibleName('Saved codes (2)');
  await expect.poll(() => names(page)).toEqual(['Café door', 'Menu board']);
});

test('Duplicate adds a copy named after the code that holds the same code', async ({ page }) => {
  await userWithCodes(page, codes);
  await row(page, 'Menu board').getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Duplicated' })).toHaveText(
    'Duplicated as “Copy of Menu board”.',
  );
  // Listed once Firestore has it in the device's cache (the notice comes a moment before).
  const copy = row(page, 'Copy of Menu board');
  await expect(copy).toBeVisible();
  await page.reload();
  await expect(copy).toContainText(/Saved \d/);
  await expect
    .poll(() => scanSvg(copy.getByRole('img', { name: 'QR code Copy of Menu board' })))
    .toBe(`${site}/menu`);
  await expect(savedRegion(page)).toHaveAccessibleName('Saved codes (4)');
});

test('Edit reopens the wizard on the code, and saving changes that same code', async ({ page }) => {
  await userWithCodes(page, codes);
  await row(page, 'Bus stop 10').getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/QR_Content$/);
  await expect(page.getByText('Editing “Bus stop 10” from My QR Codes')).toBeVisible();
  const address = page.getByLabel(label('websiteUrl'), { exact: true });
  await expect(address).toHaveValue(`${site}/bus`);
  await address.fill(`${site}/bus-2027`);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: wizardHeadings.design })).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();

  await expect(page).toHaveURL(/\/QR_Dashboard$/);
  await expect(page.getByRole('status').filter({ hasText: 'changes' })).toHaveText(
    'Saved your changes to “Bus stop 10”.',
  );
  // In the device's cache once the list has it first (it is the newest now).
  await expect(rows(page).first()).toHaveAccessibleName('Bus stop 10');
  await page.reload();
  // Still three codes: the edit changed one, it added none; the changed one is now the newest.
  await expect(savedRegion(page)).toHaveAccessibleName('Saved codes (3)');
  await expect(rows(page).first()).toHaveAccessibleName('Bus stop 10');
  await expect
    .poll(() => scanSvg(row(page, 'Bus stop 10').getByRole('img', { name: 'QR code Bus stop 10' })))
    .toBe(`${site}/bus-2027`);
});

test('a reload straight after Save changes keeps the change', async ({ page }) => {
  await userWithCodes(page, codes);
  await row(page, 'Bus stop 10').getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel(label('websiteUrl'), { exact: true }).fill(`${site}/bus-at-once`);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: wizardHeadings.design })).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/QR_Dashboard$/);
  await page.reload();
  await expect
    .poll(() => scanSvg(row(page, 'Bus stop 10').getByRole('img', { name: 'QR code Bus stop 10' })))
    .toBe(`${site}/bus-at-once`);
});

test('Edit asks before it replaces a code in progress', async ({ page }) => {
  await userWithCodes(page, codes);
  await chooseType(
    page,
    qrTypes.find((type) => type.id === 'web')!,
  );
  await page.getByLabel(label('qrName'), { exact: true }).fill('Half done');
  await expect(page.getByText('Draft saved')).toBeVisible();
  await page.goto('/QR_Dashboard');

  await row(page, 'Menu board').getByRole('button', { name: 'Edit' }).click();
  const ask = row(page, 'Menu board').getByRole('group', { name: 'Edit Menu board' });
  await expect(ask).toContainText('Your unfinished code “Half done” will be replaced by this one.');
  await ask.getByRole('button', { name: 'Keep it' }).click();
  await expect(page).toHaveURL(/\/QR_Dashboard$/);
  await row(page, 'Menu board').getByRole('button', { name: 'Edit' }).click();
  await row(page, 'Menu board').getByRole('button', { name: 'Replace it' }).click();
  await expect(page).toHaveURL(/\/QR_Content$/);
  await expect(page.getByLabel(label('qrName'), { exact: true })).toHaveValue('Menu board');
});

test('Download opens the code with its scan check and downloads a file that scans', async ({
  page,
}) => {
  await userWithCodes(page, codes);
  const open = row(page, 'Café door').getByRole('button', { name: 'Download' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Download “Café door”' });
  await expect(
    dialog.getByRole('region', { name: 'Scan check' }).getByRole('status'),
  ).toContainText('Scans', { timeout: 15_000 });
  expect(await seriousViolations(page)).toEqual([]);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Café door.png');
  expect((await scanFile(page, await bytesOf(download), 'image/png')).text).toBe(`${site}/cafe`);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});

test('another user sees none of these codes; a fresh browser of the owner sees them all', async ({
  page,
  browser,
}) => {
  const owner = await userWithCodes(page, codes);
  await expect(rows(page)).toHaveCount(3);

  const other = await browser.newPage();
  await userWithCodes(other, []);
  await expect(
    other.getByRole('heading', { level: 2, name: 'You have no QR codes yet' }),
  ).toBeVisible();
  await other.close();

  // A new profile has no cache: the codes come from the server.
  const fresh = await browser.newContext();
  const again = await fresh.newPage();
  await logIn(again, owner, { at: '/UserQRCodes' });
  await expect.poll(() => names(again)).toEqual(['Menu board', 'Bus stop 10', 'Café door']);
  await fresh.close();
});

test('a PDF code is saved with its file hosted; this device keeps a copy, which Edit gives back', async ({
  page,
}) => {
  // Sign-in, the wizard, two first answers of the server (below) and Edit: about 23 s alone,
  // over 30 on a busy machine.
  test.setTimeout(60_000);
  await userWithCodes(page, []);
  // A file of this test's own: a chosen file rewritten on disk by another test cannot be read.
  const file = `price-list-${test.info().workerIndex}-${test.info().repeatEachIndex}.pdf`;
  await chooseType(
    page,
    qrTypes.find((type) => type.id === 'pdf')!,
  );
  await page
    .getByLabel('PDF file', { exact: true })
    .setInputFiles(sampleFile(file, tinyPdf.length, tinyPdf));
  await page.getByLabel(label('qrName'), { exact: true }).fill('Price list');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Save to My QR Codes' }).click();

  // Saving reads the account's count of codes from the server (the limit the rules hold to) before
  // My QR Codes opens: this page's first answer from Firestore, which takes seconds on a busy
  // machine (its channel opens then), as a function's first answer does. The row itself shows at
  // once from the device's copy; it does not wait for the upload or the link.
  await expect(page).toHaveURL(/\/QR_Dashboard$/, { timeout: 20_000 });
  const saved = row(page, 'Price list');
  await expect(saved).toContainText('PDF');
  await expect(saved).toContainText(`Shows ${file} (1 KB)`, { timeout: 20_000 });
  await expect(saved.getByRole('img', { name: 'QR code Price list' })).toBeVisible();
  await expect(saved.getByRole('button', { name: 'Download' })).toBeVisible();

  await page.reload();
  await row(page, 'Price list').getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/QR_Content$/);
  await expect(page.getByRole('button', { name: `Remove ${file}` })).toBeVisible();
});
