// "Receive by email" on the demo page, for real: the page saves the code, then asks the `mail`
// function (in the Functions emulator that the test server runs) to email it; the function draws
// the saved code's files itself, and the email lands in the local mail catcher
// (scripts/serve/mail-catcher.mjs), read here through its REST API. Each test has an account and a
// recipient of its own, so the two test workers and the limits never meet.
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { seedFirestore } from '../scripts/serve/firestore-emulator.mjs';
import {
  hourlyLimitMessage,
  MAIL_PER_HOUR,
  MAIL_RECIPIENTS_PER_DAY,
  mailDay,
  mailHour,
  nextDay,
  nextHour,
  recipientLimitMessage,
} from '../src/domain/mail';
import { createUser, projectId, uniqueEmail, type TestUser } from './support/auth-emulator';
import { seriousViolations } from './support/axe';
import { openWebCode } from './support/demo-code';
import { attachmentOf, catcher, emailsTo } from './support/mail-catcher';
import { logIn } from './support/saved-user';
import { scanFile } from './support/scan-svg';
import { serviceWorkerTest, untilControlled } from './support/service-worker';
import { mailCounterPath } from '../src/domain/records/mail';

// Each email saves its code, waits for Cloud Firestore to have it, then the function draws the
// code's three files: more than the default 30 s when the machine is busy.
test.describe.configure({ timeout: 90_000 });
/** How long the page may take to say how a send ended: the save, the wait, the drawing. */
const SEND_MS = 60_000;

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

/**
 * An SVG with its ids numbered in the order they appear, and every reference to them too: the
 * page and the server number qr-code-styling's ids by how many codes each has drawn.
 */
function withOrdinalIds(svg: string): string {
  const ids = [...svg.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]!);
  let renamed = svg;
  ids.forEach((id, index) => {
    const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    renamed = renamed.replace(new RegExp(`(id="|#)${escaped}(?=["')])`, 'g'), `$1id-${index}`);
  });
  return renamed;
}

/** The page's own SVG download of the code it shows. */
async function pageSvg(page: Page): Promise<string> {
  // Not exact: the chosen format's name gains the check mark drawn after it.
  await page.getByRole('radio', { name: 'SVG' }).check();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download', exact: true }).click(),
  ]);
  return readFile((await file.path())!, 'utf8');
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

  test('a verified account emails its code: it is saved, and one email comes, whose PNG scans to the code and whose SVG is the page’s drawing', async ({
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
    await expect(form.getByRole('status')).toHaveText(`Sent to ${to}.`, { timeout: SEND_MS });
    await expect(email).toHaveValue(to);
    // The code was saved first: the page now edits the saved code.
    await expect(page.getByText(`This is “${name}” from My QR Codes`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();

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
    // The server drew the saved code as the page draws it: the same markup, ids aside.
    const emailed = (await attachmentOf(message, `${name}.svg`)).toString('utf8');
    expect(withOrdinalIds(emailed)).toBe(withOrdinalIds(await pageSvg(page)));

    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe('in South Africa', () => {
    // The page gives the time in the device's own zone (the server counts in UTC).
    test.use({ timezoneId: 'Africa/Johannesburg' });

    /**
     * The two limits of emailed codes, each as the server counts it once used up, and what the
     * page then says. One account meets both in turn: the form and its code are the same.
     */
    const limits = [
      {
        name: `${MAIL_PER_HOUR} emails in an hour`,
        // This hour's emails used up.
        used: (now: Date) => ({ hour: mailHour(now), count: MAIL_PER_HOUR, sent: [] }),
        message: (now: Date) => hourlyLimitMessage(nextHour(now), 'Africa/Johannesburg'),
      },
      {
        name: `${MAIL_RECIPIENTS_PER_DAY} different addresses today`,
        // Today's addresses used up (by keys, never the addresses).
        used: (now: Date) => ({
          hour: mailHour(now),
          count: 0,
          sent: [],
          day: mailDay(now),
          recipients: Array.from({ length: MAIL_RECIPIENTS_PER_DAY }, (_, index) => `key${index}`),
        }),
        message: (now: Date) => recipientLimitMessage(nextDay(now), 'Africa/Johannesburg'),
      },
    ];

    test(`after ${limits.map((limit) => limit.name).join(', or ')}, a new email is refused and the page says when it may go`, async ({
      page,
    }) => {
      const { user, form, email, submit } = await withCode(page, {
        url: 'https://kemptoncodeworks.co.za/limit',
        name: 'Limit',
      });
      for (const limit of limits) {
        const now = new Date();
        await seedFirestore({
          port: firestorePort,
          projectId,
          documents: { [mailCounterPath(user.uid)]: limit.used(now) },
        });
        const to = recipient();
        await email.fill(to);
        await submit.click();
        await expect(form.getByRole('alert'), limit.name).toHaveText(limit.message(now), {
          timeout: SEND_MS,
        });
        await expect(email).toHaveValue(to);
        await expect(form.getByRole('status')).toBeEmpty();
        expect(await emailsTo(to)).toHaveLength(0);
      }
    });
  });
});

serviceWorkerTest(
  'emailed offline, the code waits on the device and goes once back online',
  async ({ page, context }) => {
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
    // Once the code saved offline has reached Firestore, the function draws it and sends it.
    await expect(form.getByRole('status')).toHaveText(`Sent to ${to}.`, { timeout: SEND_MS });
    const [message, ...more] = await emailsTo(to);
    expect(more).toHaveLength(0);
    expect(
      (await scanFile(page, await attachmentOf(message, 'Window.png'), 'image/png')).text,
    ).toBe(url);
  },
);
