// A device whose session the server has ended ("Sign out other devices" on another one): the
// site's API refuses its ID token, so its next change signs it out and the login page says why,
// rather than answering "sign in again" while the page still looks signed in for up to an hour.
import { expect, test } from '@playwright/test';
import { SESSION_ENDED_MESSAGE } from '../src/domain/account-api';
import { identityToolkit } from './support/auth-emulator';
import { userWithCodes } from './support/saved-user';

test('after every device is signed out elsewhere, the next change here signs this one out and says why', async ({
  page,
}) => {
  const user = await userWithCodes(page, [], { at: '/UserBilling' });
  const order = page.getByRole('button', { name: 'Order the Monthly plan' });
  await expect(order).toBeEnabled();

  // Another device signs the account out everywhere: its sessions are revoked from the second
  // after this device signed in (Auth counts whole seconds), as revokeRefreshTokens then would.
  const { users } = await identityToolkit<{ users: { lastLoginAt: string }[] }>(
    'accounts:lookup',
    { localId: [user.uid] },
    { admin: true },
  );
  const validSince = String(Math.floor(Number(users[0].lastLoginAt) / 1000) + 1);
  await identityToolkit('accounts:update', { localId: user.uid, validSince }, { admin: true });

  await order.click();
  // The billing function's first answer: a worker of the Functions emulator starts for it.
  await expect(page).toHaveURL(/\/Login$/, { timeout: 20_000 });
  await expect(page.getByRole('status').filter({ hasText: SESSION_ENDED_MESSAGE })).toBeVisible();
  await expect(page.getByRole('region', { name: /by EFT/ })).toHaveCount(0);
});
