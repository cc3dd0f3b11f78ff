import { expect, test } from '@playwright/test';
import {
  builderUser,
  createUser,
  demoUser,
  identityToolkit,
  oobCodes,
  signIn,
  uniqueEmail,
  userExists,
} from './support/auth-emulator';

// The plumbing the account specs rely on: scripts/serve/serve.mjs starts the Auth emulator with the
// seeded users and production's error codes.

test('the seeded users sign in and have their names', async () => {
  for (const user of [demoUser, builderUser]) {
    const { idToken, email } = await signIn(user.email, user.password);
    expect(email).toBe(user.email);
    // As the SDK does after signing in: the profile comes from accounts:lookup.
    const { users } = await identityToolkit<{
      users: { displayName: string; emailVerified: boolean }[];
    }>('accounts:lookup', { idToken });
    expect(users[0]).toMatchObject({ displayName: user.displayName, emailVerified: true });
  }
});

test('a wrong password and an unknown address fail alike, as in production', async () => {
  const invalid = { code: 'INVALID_LOGIN_CREDENTIALS', status: 400 };
  await expect(signIn(demoUser.email, 'wrong-password')).rejects.toMatchObject(invalid);
  await expect(signIn(uniqueEmail('nobody'), demoUser.password)).rejects.toMatchObject(invalid);
});

test('a password reset of a new user leaves its code in the emulator', async () => {
  const user = await createUser({
    email: uniqueEmail('reset'),
    password: 'Reset-pass-2026',
    displayName: 'Reset Tester',
  });
  expect(await userExists(user.email)).toBe(true);
  expect(await oobCodes(user.email)).toEqual([]);

  await identityToolkit('accounts:sendOobCode', {
    requestType: 'PASSWORD_RESET',
    email: user.email,
  });
  const codes = await oobCodes(user.email);
  expect(codes).toHaveLength(1);
  expect(codes[0]).toMatchObject({ email: user.email, requestType: 'PASSWORD_RESET' });
  expect(codes[0].oobLink).toContain('mode=resetPassword');

  // An unknown address gets the same answer and no code (no account enumeration).
  const nobody = uniqueEmail('nobody');
  await identityToolkit('accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email: nobody });
  expect(await userExists(nobody)).toBe(false);
  expect(await oobCodes(nobody)).toEqual([]);
});
