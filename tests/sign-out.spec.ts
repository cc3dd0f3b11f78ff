// Signing out on a shared device: the device's copy of the account's saved codes (Firestore's
// persistent cache in IndexedDB) goes with the session, so the next person at the device finds
// nothing of them, not even offline; the wizard's draft stays on the device for its owner, and
// signing in again opens a fresh copy that works.
import { expect, test, type Page } from '@playwright/test';
import { qrTypes } from '../src/domain/qr/qr-types';
import { firestoreRecordsWith } from './support/device-copy';
import { savedRow } from './support/my-codes';
import { userWithCodes } from './support/saved-user';
import { chooseType, label } from './support/wizard';
import { expectNoSidewaysScroll } from './support/layout';

const secret = 'Locker code for the back office';

test('signing out leaves no saved code of the account on the device, even offline; the draft stays', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const user = await userWithCodes(page, [
    {
      id: 'locker',
      name: secret,
      url: 'https://example.co.za/locker',
      updatedAt: '2026-11-20T09:00:00Z',
    },
  ]);
  // A new account's first listing waits for Firestore's first answer (seconds on a busy machine).
  await expect(savedRow(page, secret)).toBeVisible({ timeout: 20_000 });
  // The device keeps a copy while signed in (what makes My QR Codes work offline).
  await expect.poll(() => firestoreRecordsWith(page, secret)).not.toEqual([]);
  // A draft of a new code, which stays on the device for its owner.
  await chooseType(
    page,
    qrTypes.find((type) => type.id === 'web')!,
  );
  await page.getByLabel(label('qrName'), { exact: true }).fill('Half-made flyer');
  await expect(page.getByText('Draft saved')).toBeVisible();

  // Another tab holds the same database open while this one signs out.
  const other = await context.newPage();
  await other.goto('/QR_Dashboard');
  await expect(savedRow(other, secret)).toBeVisible();

  await page.goto('/Profile');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/Login$/);
  await context.setOffline(true);
  // The other tab is signed out too (the session is the device's), and shows nothing of it.
  await expect(other).toHaveURL(/\/Login$/);
  await expect(other.getByText(secret)).toHaveCount(0);
  // Once every tab knows the session ended, the device holds nothing of the account. The deletion
  // may end a moment after the login page shows: it waits for the other tab to close the database,
  // and signing out waits for it only so long (FORGET_WAIT_MS of src/lib/auth/session.ts) on a
  // busy device. Offline by then, nothing can fill the copy again.
  await expect.poll(() => firestoreRecordsWith(page, secret), { timeout: 10_000 }).toEqual([]);
  expect(await firestoreRecordsWith(page, user.uid)).toEqual([]);

  // Signing in again, in this same page and in the other tab, opens a fresh copy that works.
  await context.setOffline(false);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  const myCodes = (tab: Page) =>
    tab.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My QR Codes' });
  await myCodes(page).click();
  // From the server again: the device kept nothing.
  await expect(savedRow(page, secret)).toBeVisible({ timeout: 20_000 });
  await other.getByRole('link', { name: 'Go to your profile' }).click();
  await myCodes(other).click();
  await expect(savedRow(other, secret)).toBeVisible({ timeout: 20_000 });
  // The draft waited on the device for its owner.
  await page.goto('/QR_Type');
  await page.getByRole('link', { name: 'Continue your draft' }).click();
  await expect(page.getByLabel(label('qrName'), { exact: true })).toHaveValue('Half-made flyer');
});

test('offline, signing out asks first when changes have not reached the account yet', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await userWithCodes(page, [
    {
      id: 'menu',
      name: 'Menu board',
      url: 'https://example.co.za/menu',
      updatedAt: '2026-11-20T09:00:00Z',
    },
  ]);
  // The profile's code is fetched while online; the rest of the way goes by the page's links.
  await page.goto('/Profile');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'My QR Codes' }).click();
  await expect(savedRow(page, 'Menu board')).toBeVisible({ timeout: 20_000 });

  await context.setOffline(true);
  await savedRow(page, 'Menu board').getByRole('button', { name: 'Duplicate' }).click();
  await expect(savedRow(page, 'Copy of Menu board')).toContainText('Waiting to sync');
  await footer.getByRole('link', { name: 'Profile and sign out' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('alert')).toContainText('have not reached your account yet');
  await expect(page.getByRole('button', { name: 'Sign out anyway' })).toBeVisible();
  // The greeting holds the account's email address (it has no name): one long word, which must
  // wrap inside the card at a phone's width rather than push the page sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page).toHaveURL(/\/Profile$/);

  // Back online, the change reaches the account, and signing out goes ahead.
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/Login$/);
});
