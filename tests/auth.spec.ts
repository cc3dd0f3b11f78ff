import { expect, test, type Page } from '@playwright/test';
import { routes } from '../src/app/routes';
import { createUser, demoUser, oobCodes, uniqueEmail } from './support/auth-emulator';
import { serviceWorkerTest, untilControlled } from './support/service-worker';

const guardedRoutes = routes.filter((route) => route.requiresAuth);
const marketingRoutes = routes.filter(
  (route) =>
    !route.requiresAuth && !['/Login', '/Register', '/ForgotPassword'].includes(route.path),
);

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

const loggedInFlag = (page: Page) => page.evaluate(() => sessionStorage.getItem('IsLoggedIn'));

test('a visitor registers, returns to the page they asked for and sees their profile', async ({
  page,
}) => {
  const email = uniqueEmail('register');
  await page.goto('/Profile');
  await expect(page).toHaveURL(/\/Login$/);
  await page.getByRole('link', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();

  await page.getByLabel('Name').fill('Sipho Dlamini');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('different');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('Sipho Dlamini');

  await page.getByLabel('Password', { exact: true }).fill('Kempton-2026');
  await page.getByLabel('Confirm password').fill('Kempton-2026');
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page).toHaveURL(/\/Profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Sipho Dlamini' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('User ID')).toBeVisible();
  expect(await loggedInFlag(page)).toBe('true');
  // The address is to be verified (dynamic codes need it): the email went out at once.
  await expect
    .poll(async () => (await oobCodes(email)).map((code) => code.requestType))
    .toEqual(['VERIFY_EMAIL']);
});

test('registering with an email that has an account says so beside the email', async ({ page }) => {
  await page.goto('/Register');
  await page.getByLabel('Name').fill('Someone Else');
  await page.getByLabel('Email').fill(demoUser.email);
  await page.getByLabel('Password', { exact: true }).fill('Another-pass-1');
  await page.getByLabel('Confirm password').fill('Another-pass-1');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription(
    /An account already exists for that email/,
  );
});

test('logging in shows progress, sets the session flag, and logging out guards the profile again', async ({
  page,
}) => {
  const user = await createUser({
    email: uniqueEmail('login'),
    password: 'Login-pass-1',
    displayName: 'Lerato',
  });
  await page.goto('/Login');
  // Hold the emulator's answers until the in-between state has been seen.
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('http://127.0.0.1:9099/**', async (route) => {
    await held;
    await route.continue();
  });
  await logIn(page, user.email, user.password);
  await expect(page.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
  answer();
  await expect(page).toHaveURL(/\/$/);
  expect(await loggedInFlag(page)).toBe('true');
  await page.unroute('http://127.0.0.1:9099/**');

  await page.goto('/Profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Lerato' })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/Login$/);
  expect(await loggedInFlag(page)).toBeNull();
  await page.goto('/Profile');
  await expect(page).toHaveURL(/\/Login$/);
});

test('a wrong password and an unknown email both get a clear message, and the email stays', async ({
  page,
}) => {
  await page.goto('/Login');
  await logIn(page, demoUser.email, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
  await expect(page.getByLabel('Email')).toHaveValue(demoUser.email);

  await logIn(page, uniqueEmail('nobody'), 'whatever-1');
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
});

test('the login form explains missing and malformed input without sending it', async ({ page }) => {
  await page.goto('/Login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription(
    'Please enter your email address.',
  );
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
    'Please enter your password.',
  );
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription(
    'Please enter a valid email address.',
  );
});

test('the password can be shown and hidden', async ({ page }) => {
  await page.goto('/Login');
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('secret');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');
});

// One anonymous visitor tries every guarded route in turn, each a step in the report. The first
// is opened by address, a whole page load; the rest as the app's own links open them (the address
// pushed and the router told), so the walk costs one load, not one per route: the guard is the
// router's either way, and the returns after logging in below open guarded addresses cold. Each
// step starts on home, where the last one's Back left the visitor.
test('every guarded route sends an anonymous visitor to /Login, replacing history', async ({
  page,
}) => {
  await page.goto('/');
  for (const [index, route] of guardedRoutes.entries()) {
    await test.step(route.path, async () => {
      await expect(page).toHaveURL(/\/$/);
      if (index === 0) await page.goto(route.path);
      else {
        await page.evaluate((path) => {
          history.pushState(null, '', path);
          dispatchEvent(new PopStateEvent('popstate'));
        }, route.path);
      }
      await expect(page).toHaveURL(/\/Login$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login');
      await page.goBack();
      // The guarded address was replaced, so Back skips it.
      await expect(page).toHaveURL(/\/$/);
    });
  }
});

for (const path of ['/QR_Type', '/UserFAQ', '/QR_Dashboard?tab=codes']) {
  test(`after logging in, the visitor returns to ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/Login$/);
    await logIn(page, demoUser.email, demoUser.password);
    await expect(page).toHaveURL(new RegExp(`${path.replace('?', '\\?')}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
}

test('coming to /Login directly, the visitor lands on home after logging in', async ({ page }) => {
  await page.goto('/Login');
  await logIn(page, demoUser.email, demoUser.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Empowering Innovation' }),
  ).toBeVisible();
});

test('the session survives a reload', async ({ page }) => {
  await page.goto('/Login');
  await logIn(page, demoUser.email, demoUser.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/Profile');
  await expect(
    page.getByRole('heading', { level: 1, name: `Hello, ${demoUser.displayName}` }),
  ).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: `Hello, ${demoUser.displayName}` }),
  ).toBeVisible();
});

test('forgot password sends a reset code and answers the same for unknown emails', async ({
  page,
}) => {
  const user = await createUser({ email: uniqueEmail('reset'), password: 'Reset-pass-1' });
  const neutral = "If an account exists for that email, we've sent a link to reset your password.";
  await page.goto('/Login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/ForgotPassword$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(neutral)).toBeVisible();
  await expect
    .poll(async () => (await oobCodes(user.email)).map((code) => code.requestType))
    .toContain('PASSWORD_RESET');

  const nobody = uniqueEmail('nobody');
  await page.getByLabel('Email').fill(nobody);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(neutral)).toBeVisible();
  expect(await oobCodes(nobody)).toEqual([]);
});

serviceWorkerTest(
  'a signed-in user who goes offline and reloads still reaches the QR screens',
  async ({ page, context }) => {
    await page.goto('/Login');
    await untilControlled(page);
    await logIn(page, demoUser.email, demoUser.password);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/QR_Type');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choose the type of your QR code' }),
    ).toBeVisible();

    await context.setOffline(true);
    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choose the type of your QR code' }),
    ).toBeVisible();
    await page.goto('/Profile');
    await expect(
      page.getByRole('heading', { level: 1, name: `Hello, ${demoUser.displayName}` }),
    ).toBeVisible();
  },
);

test('offline, the login page says signing in needs a connection, and so does Google', async ({
  page,
  context,
}) => {
  await page.goto('/Login');
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByText('Signing in needs an internet connection')).toBeVisible();
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Google sign-in needs an internet connection. Reconnect and try again.',
  );
});

test('where Google cannot be reached, the login page says so and email sign-in still works', async ({
  page,
}) => {
  // Google's loader fails as it would behind a firewall (this machine has no internet anyway).
  await page.route('https://apis.google.com/**', (route) => route.abort('internetdisconnected'));
  await page.goto('/Login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Google sign-in could not be reached. Please try again, or use your email and password.',
  );
  await logIn(page, demoUser.email, demoUser.password);
  await expect(page).toHaveURL(/\/$/);
  expect(await loggedInFlag(page)).toBe('true');
});

test('marketing pages download no Firebase code and never call the auth service', async ({
  page,
}) => {
  // The scripts' addresses, read afterwards from the server: a body asked of the browser while
  // the page moves on (or once the test ends) may be gone, and the read then fails the test.
  const scripts = new Set<string>();
  const bodies = () =>
    Promise.all([...scripts].map(async (url) => (await page.request.get(url)).text()));
  const authCalls: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(response.url());
  });
  page.on('request', (request) => {
    if (/identitytoolkit|securetoken|127\.0\.0\.1:9099/.test(request.url()))
      authCalls.push(request.url());
  });
  for (const route of marketingRoutes) {
    await page.goto(route.path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  const loaded = await bodies();
  expect(loaded.length).toBeGreaterThan(3);
  for (const body of loaded) expect(body).not.toContain('identitytoolkit');
  expect(authCalls).toEqual([]);

  // The check can fail: the login page does load it.
  await page.goto('/Login');
  await expect
    .poll(async () => (await bodies()).some((body) => body.includes('identitytoolkit')))
    .toBe(true);
});
