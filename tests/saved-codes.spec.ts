// My QR Codes on Cloud Firestore, through the real Firestore and Auth emulators that
// the test server runs: saving from the demo page, the listing, and saving offline.
import { expect, test, type Page } from '@playwright/test';
import { openWebCode } from './support/demo-code';
import { scanSvg } from './support/scan-svg';
import { serviceWorkerTest, untilControlled } from './support/service-worker';
import { signedInState } from './support/signed-in';

test.use({ storageState: signedInState });

/** A name no other test (or earlier run against the same emulator) has used. */
const uniqueName = (what: string) => `${what} ${Date.now().toString(36)}${test.info().workerIndex}`;

const savedList = (page: Page) =>
  page.getByRole('region', { name: /^Saved codes \(\d+\)$/ }).getByRole('list');

test('Save to My QR Codes stores the code, ends the draft, and lists it first', async ({
  page,
}) => {
  const name = uniqueName('Counter sign');
  const url = 'https://kemptoncodeworks.co.za/counter';
  await openWebCode(page, { url, name });
  await page.getByRole('button', { name: 'Save to My QR Codes' }).click();

  await expect(page).toHaveURL(/\/QR_Dashboard$/);
  await expect(page.getByRole('status').filter({ hasText: 'Saved “' })).toHaveText(
    `Saved “${name}” to My QR Codes.`,
  );
  const row = savedList(page).getByRole('listitem', { name });
  await expect(row).toContainText('Website');
  // Its picture, drawn on the device from the saved design, is the real code.
  await expect.poll(() => scanSvg(row.getByRole('img', { name: `QR code ${name}` }))).toBe(url);
  // Confirmed by the server: it shows its saved time, not "Waiting to sync".
  await expect(row).toContainText(/Saved \d/);
  await expect(row).not.toContainText('Waiting to sync');

  // The draft ended with the save.
  await page.goto('/QR_Demo');
  await expect(page.getByRole('heading', { level: 1, name: 'No QR code yet' })).toBeVisible();

  // Another page of the account lists it too, from the server.
  await page.goto('/UserQRCodes');
  await expect(savedList(page).getByRole('listitem', { name })).toBeVisible();
});

test('a reload straight after Save keeps the code: "Saved" waits until it is on the device', async ({
  page,
}) => {
  const name = uniqueName('Till point');
  await openWebCode(page, { url: 'https://kemptoncodeworks.co.za/till', name });
  await page.getByRole('button', { name: 'Save to My QR Codes' }).click();
  await expect(page).toHaveURL(/\/QR_Dashboard$/);
  await page.reload();
  await expect(savedList(page).getByRole('listitem', { name })).toBeVisible();
});

serviceWorkerTest(
  'saved offline, a code shows at once as waiting to sync, then syncs',
  async ({ page, context }) => {
    const name = uniqueName('Offline flyer');
    await openWebCode(page, { url: 'https://kemptoncodeworks.co.za/flyer', name });
    // Offline, the app's pages come from the service worker's precache: wait until it is in place.
    await untilControlled(page);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Save to My QR Codes' }).click();

    await expect(page).toHaveURL(/\/QR_Dashboard$/);
    const row = savedList(page).getByRole('listitem', { name });
    await expect(row).toContainText('Waiting to sync');
    await expect(savedList(page).getByRole('listitem').first()).toHaveAccessibleName(name);

    await context.setOffline(false);
    await expect(row).toContainText(/Saved \d/, { timeout: 20_000 });
  },
);
