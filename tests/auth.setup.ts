// Signs the demo user in once, through the real form against the Auth emulator, and keeps the
// browser storage (Firebase keeps its session in IndexedDB) for specs that need a signed-in user.
import { expect, test as setup } from '@playwright/test';
import { demoUser } from './support/auth-emulator';
import { signedInState } from './support/signed-in';

setup('sign in the demo user', async ({ page }) => {
  await page.goto('/Login');
  await page.getByLabel('Email').fill(demoUser.email);
  await page.getByLabel('Password', { exact: true }).fill(demoUser.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.context().storageState({ path: signedInState, indexedDB: true });
});
