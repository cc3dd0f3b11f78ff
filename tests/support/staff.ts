// A member of the company's staff, made as the company makes one: an account signed up (here
// through the Auth emulator), then scripts/admin/staff-admin.mjs run on the test server's
// emulators, as the company runs it with admin credentials. Signed in on a page of their own.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Browser, type Page } from '@playwright/test';
import { createUser, uniqueEmail, type TestUser } from './auth-emulator';
import { logIn } from './saved-user';

const config = JSON.parse(
  readFileSync(new URL('../../firebase.json', import.meta.url), 'utf8'),
) as { emulators: { firestore: { port: number }; auth: { port: number } } };

const script = fileURLToPath(new URL('../../scripts/admin/staff-admin.mjs', import.meta.url));

/** Runs the staff script on the test server's Firestore and Auth emulators. */
export function staffAdmin(...args: string[]) {
  return new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      [script, ...args],
      {
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          NODE_OPTIONS: process.env.NODE_OPTIONS,
          LOOPBACK_GUARD_LOG: process.env.LOOPBACK_GUARD_LOG,
          FIRESTORE_EMULATOR_HOST: `127.0.0.1:${config.emulators.firestore.port}`,
          FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${config.emulators.auth.port}`,
          USER: 'owner',
        },
        timeout: 30_000,
      },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${stderr}${stdout}`)) : resolve(stdout),
    );
  });
}

/** A new member of staff, signed in at the desk in a browser context of their own. */
export async function staffAtDesk(browser: Browser): Promise<{ page: Page; user: TestUser }> {
  const user = await createUser({
    email: uniqueEmail('staff'),
    password: 'Staff-pass-1',
    emailVerified: true,
  });
  expect(await staffAdmin('add', user.email)).toContain('is staff now');
  const page = await (await browser.newContext()).newPage();
  await logIn(page, user, { at: '/Desk' });
  await expect(page.getByRole('heading', { level: 1, name: 'Desk' })).toBeVisible();
  return { page, user };
}
