import { expect, test, type Page } from '@playwright/test';
import { demoUser, uniqueEmail } from './support/auth-emulator';
import { copiesFrom, receivedFrom } from './support/inbox';

// Site data blocked, as a browser setting or a privacy mode does it: reading session or local
// storage throws a SecurityError, and IndexedDB cannot be opened.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const denied = (what: string) => () => {
      throw new DOMException(`Access to ${what} is denied for this document.`, 'SecurityError');
    };
    for (const name of ['sessionStorage', 'localStorage']) {
      Object.defineProperty(window, name, { configurable: true, get: denied(name) });
    }
    Object.defineProperty(IDBFactory.prototype, 'open', {
      configurable: true,
      value: denied('IndexedDB'),
    });
  });
});

async function expectNoErrorPage(page: Page) {
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
}

test('with site data blocked, the home page opens', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoErrorPage(page);
});

test('with site data blocked, an enquiry is still sent online, and the form says it cannot be saved for later', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('blocked');
  await page.goto('/ContactPage');
  const form = page.getByRole('form', { name: 'Contact Form' });
  await expect(form.getByText('your message cannot be saved on this device')).toBeVisible();

  await form.getByLabel('Name').fill('Lerato Mokoena');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Inquiry type').selectOption({ label: 'General Inquiries' });
  await form.getByLabel('Message').fill('Sent with site data blocked.');

  // Offline, nothing can keep it for later: the form says so and keeps what was typed.
  await context.setOffline(true);
  await expect(form.getByText('You are offline. Your message can be sent once')).toBeVisible();
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByRole('alert')).toContainText(
    'it cannot be saved on this device to be sent later',
  );
  await expect(form.getByLabel('Message')).toHaveValue('Sent with site data blocked.');

  await context.setOffline(false);
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByRole('status')).toHaveText('Thanks! Your message has been sent.');
  await expect.poll(() => copiesFrom(email)).toEqual([1, 1]);
  const copies = Object.values(await receivedFrom(email)).flat();
  expect(copies.every((fields) => fields.message === 'Sent with site data blocked.')).toBe(true);
  await expectNoErrorPage(page);
});

test('with site data blocked, the demo user can still log in', async ({ page }) => {
  await page.goto('/Login');
  await expectNoErrorPage(page);
  await page.getByLabel('Email').fill(demoUser.email);
  await page.getByLabel('Password', { exact: true }).fill(demoUser.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectNoErrorPage(page);
});
