// "Receive by email" on the demo page, for real: the page asks the `mail` function (in the
// Functions emulator that the test server runs) to email the code, and the email lands in the
// local mail catcher (scripts/mail-catcher.mjs), read here through its REST API. Each test has an
// account and a recipient of its own, so the two test workers and the hourly limit never meet.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { seedFirestore } from '../scripts/firestore-emulator.mjs';
import { hourlyLimitMessage, MAIL_PER_HOUR, mailHour, nextHour } from '../src/domain/mail';
import { createUser, projectId, uniqueEmail, type TestUser } from './support/auth-emulator';
import { seriousViolations } from './support/axe';
import { openWebCode } from './support/demo-code';
import { attachmentOf, catcher, emailsTo } from './support/mail-catcher';
import { logIn } from './support/saved-user';
import { scanFile } from './support/scan-svg';
import { untilControlled } from './support/service-worker';

const firestorePort = (
  JSON.parse(readFileSync(new URL('../firebase.json', import.meta.url), 'utf8')) as {
    emulators: { firestore: { port: number } };
  }
).emulators.firestore.port;

/** A verified account of this test's own, signed in, with a website code on the demo page. */
async function withCode(page: Page, { url, name }: { url: string; name: string }) {
  const user: TestUser = await createUser({
    email: uniqueEmail('mailer'),
    password: 'Mailer-pass-1',
    emailVerified: true,
  });
  await logIn(page, user);
  await openWebCode(page, { url, name });
  const form = page.getByRole('form', { name: 'Email this code' });
  return {
    user,
    form,
    email: form.getByLabel('Email'),
    submit: form.getByRole('button', { name: 'Submit' }),
  };
}

const recipients: string[] = [];
/** An address only this test sends to; its emails are cleared from the catcher afterwards. */
function recipient() {
  const address = uniqueEmail('reader');
  recipients.push(address);
  return address;
}

test.afterEach(async () => {
  for (const address of recipients.splice(0)) {
    for (const email of await emailsTo(address)) {
      await fetch(`${catcher}/api/email/${email.id}`, { method: 'DELETE' });
    }
  }
});

test.describe('with the service worker out of the way', () => {
  // The request is held back below, which the service worker would make out of reach.
  test.use({ serviceWorkers: 'block' });

  test('a verified account emails its code: one email, whose PNG scans to the code', async ({
    page,
  }) => {
    const url = `https://kemptoncodeworks.co.za/menu?m=${Date.now().toString(36)}`;
    const name = 'Menu board';
    const { form, email, submit } = await withCode(page, { url, name });
    const to = recipient();

    // Held until "Sending…" has been seen.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/mail/code', async (route) => {
      await released;
      await route.continue();
    });
    await email.fill(to);
    await submit.click();
    await expect(form.getByRole('status')).toHaveText('Sending…');
    release();
    // The mail function's answer: its first call through the Functions emulator starts a worker.
    await expect(form.getByRole('status')).toHaveText(`Sent to ${to}.`, { timeout: 20_000 });
    await expect(email).toHaveValue(to);

    const [message, ...more] = await emailsTo(to);
    expect(more).toHaveLength(0);
    expect(message.subject).toBe(`Your QR code “${name}”`);
    expect(message.text).toContain(`Scanning it opens ${url}`);
    expect(message.text).toContain('/UserQRCodes');
    expect(message.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      [`${name}.png`, 'image/png'],
      [`${name}.svg`, 'image/svg+xml'],
      [`${name}.pdf`, 'application/pdf'],
    ]);
    const png = await attachmentOf(message, `${name}.png`);
    expect((await scanFile(page, png, 'image/png')).text).toBe(url);
    expect((await attachmentOf(message, `${name}.pdf`)).subarray(0, 5).toString()).toBe('%PDF-');

    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe('in South Africa', () => {
    // The page gives the time in the device's own zone (the server counts in UTC).
    test.use({ timezoneId: 'Africa/Johannesburg' });

    test(`after ${MAIL_PER_HOUR} emails in an hour, the page says when the next may go`, async ({
      page,
    }) => {
      const { user, form, email, submit } = await withCode(page, {
        url: 'https://kemptoncodeworks.co.za/limit',
        name: 'Limit',
      });
      const now = new Date();
      // This hour's emails used up, as the server counts them.
      await seedFirestore({
        port: firestorePort,
        projectId,
        documents: {
          [`mail/${user.uid}`]: { hour: mailHour(now), count: MAIL_PER_HOUR, sent: [] },
        },
      });
      const to = recipient();
      await email.fill(to);
      await submit.click();
      await expect(form.getByRole('alert')).toHaveText(
        hourlyLimitMessage(nextHour(now), 'Africa/Johannesburg'),
      );
      await expect(email).toHaveValue(to);
      await expect(form.getByRole('status')).toBeEmpty();
      expect(await emailsTo(to)).toHaveLength(0);
    });
  });
});

test('emailed offline, the code waits on the device and goes once back online', async ({
  page,
  context,
}) => {
  const url = 'https://kemptoncodeworks.co.za/offline';
  const { form, email, submit } = await withCode(page, { url, name: 'Window' });
  // Offline, the PDF maker comes from the service worker's precache: wait until it is in place.
  await untilControlled(page);
  const to = recipient();
  await context.setOffline(true);
  await email.fill(to);
  await submit.click();
  await expect(form.getByRole('status')).toHaveText(
    `You are offline: the email to ${to} is kept on this device and goes when you are back online.`,
  );
  expect(await emailsTo(to)).toHaveLength(0);

  await context.setOffline(false);
  await expect(form.getByRole('status')).toHaveText(`Sent to ${to}.`, { timeout: 20_000 });
  const [message, ...more] = await emailsTo(to);
  expect(more).toHaveLength(0);
  expect((await scanFile(page, await attachmentOf(message, 'Window.png'), 'image/png')).text).toBe(
    url,
  );
});
