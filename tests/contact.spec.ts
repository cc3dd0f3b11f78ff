import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { uniqueEmail } from './support/auth-emulator';
import { copiesFrom, failNextFrom, postsFrom, receivedFrom } from './support/inbox';
import { serviceWorkerTest, untilControlled } from './support/service-worker';
import { seriousViolations } from './support/axe';

const sent = 'Thanks! Your message has been sent.';
const delivered = 'Thanks! Your saved message has been sent.';
const queued = 'Your message could not be sent right now, so it is saved on this device.';

const form = (page: Page) => page.getByRole('form', { name: 'Contact Form' });

async function fillEnquiry(page: Page, email: string, kind: 'general' | 'pc' = 'general') {
  const enquiry = form(page);
  await enquiry.getByLabel('Name').fill('Lerato Mokoena');
  await enquiry.getByLabel('Email').fill(email);
  if (kind === 'pc') {
    await enquiry.getByLabel('Inquiry type').selectOption({ label: 'PC Building' });
    await enquiry.getByLabel('Budget').fill('15000');
    await enquiry.getByLabel('Usage type').selectOption({ label: 'Gaming' });
  } else {
    await enquiry.getByLabel('Inquiry type').selectOption({ label: 'General Inquiries' });
  }
  await enquiry.getByLabel('Message').fill('Build #3 from the gallery, please.');
}

const submit = (page: Page) => form(page).getByRole('button', { name: 'Send message' }).click();

/** Sends an enquiry while offline, so it waits in the outbox. */
async function queueOffline(page: Page, context: BrowserContext, email: string) {
  await context.setOffline(true);
  await fillEnquiry(page, email);
  await submit(page);
  await expect(form(page).getByRole('status')).toContainText(queued);
}

test.beforeEach(async ({ page }) => {
  await page.goto('/ContactPage');
  await expect(page.getByRole('heading', { name: 'Contact Form' })).toBeVisible();
});

test('missing fields get the exact messages, and nothing typed is lost', async ({ page }) => {
  const enquiry = form(page);
  await submit(page);
  await expect(enquiry.getByRole('alert')).toHaveText(
    'Please fill out all fields and select an inquiry type.',
  );
  await expect(enquiry.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(enquiry.getByLabel('Budget')).toHaveCount(0);

  await enquiry.getByLabel('Name').fill('Lerato');
  await enquiry.getByLabel('Email').fill('lerato@example.test');
  await enquiry.getByLabel('Message').fill('A gaming PC.');
  await enquiry.getByLabel('Inquiry type').selectOption({ label: 'PC Building' });
  await expect(enquiry.getByLabel('Name')).not.toHaveAttribute('aria-invalid');
  await expect(enquiry.getByLabel('Budget')).toHaveAttribute(
    'placeholder',
    'e.g. 15000 (ZAR), or None/Unsure',
  );
  await submit(page);
  await expect(enquiry.getByRole('alert')).toHaveText(
    'Please enter your budget and select usage type for PC Building.',
  );
  await expect(enquiry.getByLabel('Usage type')).toHaveAttribute('aria-invalid', 'true');
  await expect(enquiry.getByLabel('Name')).toHaveValue('Lerato');
  await expect(enquiry.getByLabel('Message')).toHaveValue('A gaming PC.');
});

test('an email address that is not one is refused beside its field', async ({ page }) => {
  const enquiry = form(page);
  await fillEnquiry(page, 'lerato@example');
  await submit(page);
  const email = enquiry.getByLabel('Email');
  await expect(email).toHaveAccessibleDescription('Please enter a valid email address.');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  // Nothing is missing, so there is no line over the form; nothing was sent.
  await expect(enquiry.getByRole('alert')).toHaveCount(0);
  await expect(enquiry.getByRole('status')).toHaveText('');

  await email.fill('lerato@example.co.za');
  await expect(email).not.toHaveAttribute('aria-invalid');
  await expect(email).toHaveAccessibleDescription('');
});

test('a text pasted longer than its field is kept whole, with how much to cut', async ({
  page,
}) => {
  const enquiry = form(page);
  await fillEnquiry(page, uniqueEmail('long'), 'pc');
  const long = `${'Quiet and cool, please. '.repeat(209)}Thanks!`; // 5,023 characters
  const message = enquiry.getByLabel('Message');
  // As a paste arrives: the whole text at once. Nothing is cut, and the field says so at once.
  await message.fill(long);
  await expect(message).toHaveValue(long);
  await expect(message).toHaveAccessibleDescription(
    'Message can be at most 5000 characters: cut 23 (it has 5023).',
  );
  await expect(message).not.toHaveAttribute('maxlength');
  await submit(page);
  await expect(message).toBeFocused();
  await expect(message).toHaveValue(long);
  await expect(enquiry.getByRole('alert')).toHaveCount(0);
  // Shortened, the message goes.
  await message.fill(long.slice(0, 5000));
  await expect(message).not.toHaveAccessibleDescription(/can be at most/);

  const budget = enquiry.getByLabel('Budget');
  await budget.fill('R'.padEnd(60, '0'));
  await expect(budget).toHaveAccessibleDescription(
    /Budget can be at most 50 characters: cut 10 \(it has 60\)\.$/,
  );
});

test('the form can be filled and sent from the keyboard alone', async ({ page }) => {
  const email = uniqueEmail('keyboard');
  const enquiry = form(page);
  const name = enquiry.getByLabel('Name');
  await name.focus();
  await page.keyboard.press('Enter');
  await expect(enquiry.getByRole('alert')).toHaveText(
    'Please fill out all fields and select an inquiry type.',
  );
  // The first field to fill has the focus.
  await expect(name).toBeFocused();

  await page.keyboard.type('Thabo');
  await page.keyboard.press('Tab');
  await expect(enquiry.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(enquiry.getByLabel('Inquiry type')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(enquiry.getByLabel('Inquiry type')).toHaveValue('software-solutions');
  await page.keyboard.press('Tab');
  await expect(enquiry.getByLabel('Message')).toBeFocused();
  await page.keyboard.type('An ordering app for our shop.');
  await page.keyboard.press('Tab');
  await expect(enquiry.getByRole('button', { name: 'Send message' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(enquiry.getByRole('status')).toHaveText(sent);
  expect(await copiesFrom(email)).toEqual([1, 1]);
});

test('what is typed survives a reload, until it is sent', async ({ page }) => {
  const email = uniqueEmail('draft');
  await fillEnquiry(page, email, 'pc');
  await page.reload();
  const enquiry = form(page);
  await expect(enquiry.getByLabel('Email')).toHaveValue(email);
  await expect(enquiry.getByLabel('Inquiry type')).toHaveValue('pc-building');
  await expect(enquiry.getByLabel('Budget')).toHaveValue('15000');
  await expect(enquiry.getByLabel('Usage type')).toHaveValue('gaming');
  await expect(enquiry.getByLabel('Message')).toHaveValue('Build #3 from the gallery, please.');

  await submit(page);
  await expect(enquiry.getByRole('status')).toHaveText(sent);
  await page.reload();
  await expect(form(page).getByLabel('Email')).toHaveValue('');
});

test('online, a PC enquiry reaches both form endpoints and the form is cleared @phone', async ({
  page,
}) => {
  const email = uniqueEmail('pc');
  await fillEnquiry(page, email, 'pc');
  await submit(page);
  await expect(form(page).getByRole('status')).toHaveText(sent);
  // What the inbox received, whoever sent it: the page, or the service worker's Background Sync.
  const post = { accept: 'application/json', contentType: 'multipart/form-data' };
  expect(await postsFrom(email)).toEqual({ enquiries: [post], 'enquiries-copy': [post] });

  const expected = {
    name: 'Lerato Mokoena',
    email,
    message: 'Build #3 from the gallery, please.',
    inquiryType: 'pc-building',
    budget: 'R15000',
    usageType: 'gaming',
    enquiryId: expect.stringMatching(/^[\w-]{8,}$/),
  };
  const received = await receivedFrom(email);
  expect(received).toEqual({ enquiries: [expected], 'enquiries-copy': [expected] });
  // One enquiry, one id: a receiver can tell a repeat from a new enquiry.
  expect(received['enquiries-copy']![0]!.enquiryId).toBe(received.enquiries![0]!.enquiryId);
  for (const label of ['Name', 'Email', 'Message']) {
    await expect(form(page).getByLabel(label)).toHaveValue('');
  }
  await expect(form(page).getByLabel('Inquiry type')).toHaveValue('');
  await expect(form(page).getByLabel('Budget')).toHaveCount(0);
});

test('a general enquiry is sent without the PC fields', async ({ page }) => {
  const email = uniqueEmail('general');
  await fillEnquiry(page, email);
  await submit(page);
  await expect(form(page).getByRole('status')).toHaveText(sent);
  const [received] = (await receivedFrom(email)).enquiries;
  expect(Object.keys(received)).toEqual(['name', 'email', 'message', 'inquiryType', 'enquiryId']);
});

serviceWorkerTest(
  'offline, the enquiry waits on the device, survives a reload and goes once back online @phone',
  async ({ page, context }) => {
    await untilControlled(page);
    const email = uniqueEmail('offline');
    await context.setOffline(true);
    await expect(form(page).getByText('You are offline. Your message will be saved')).toBeVisible();
    await fillEnquiry(page, email);
    await submit(page);
    await expect(form(page).getByRole('status')).toContainText(queued);
    const waiting = page.getByRole('region', { name: 'Waiting to send (1)' });
    await expect(waiting).toContainText('General Inquiries from Lerato Mokoena');
    await expect(waiting).toContainText('Sends automatically when you are back online.');
    expect(await copiesFrom(email)).toEqual([0, 0]);

    await page.reload();
    await expect(page.getByRole('region', { name: 'Waiting to send (1)' })).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByRole('status').filter({ hasText: delivered })).toBeVisible();
    await expect(page.getByRole('region', { name: /Waiting to send/ })).toHaveCount(0);
    await expect.poll(() => copiesFrom(email)).toEqual([1, 1]);
  },
);

serviceWorkerTest(
  'an enquiry queued in a tab that was closed is sent by the next page opened',
  async ({ page, context }) => {
    await untilControlled(page);
    const email = uniqueEmail('closed-tab');
    await queueOffline(page, context, email);
    await page.close();

    await context.setOffline(false);
    const next = await context.newPage();
    await next.goto('/AboutPage');
    await expect(next.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    await expect.poll(() => copiesFrom(email)).toEqual([1, 1]);
    // Exactly once: the page and the service worker never both send it.
    await next.goto('/ContactPage');
    await expect(next.getByRole('region', { name: /Waiting to send/ })).toHaveCount(0);
    expect(await copiesFrom(email)).toEqual([1, 1]);
  },
);

test('a second tab lists a waiting enquiry, and only the tab that sent it says it went', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('two-tabs');
  const other = await context.newPage();
  await other.goto('/ContactPage');
  await queueOffline(page, context, email);
  await expect(other.getByRole('region', { name: 'Waiting to send (1)' })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: delivered })).toBeVisible();
  await expect(other.getByRole('region', { name: /Waiting to send/ })).toHaveCount(0);
  await expect(other.getByText(delivered)).toHaveCount(0);
  expect(await copiesFrom(email)).toEqual([1, 1]);
});

// Tagged for the full Chromium (playwright.config.ts): the headless shell the other tests run
// in refuses Background Sync.
serviceWorkerTest(
  'with no page of the site open, the service worker delivers it (Background Sync) @full-chromium',
  async ({ page, context }) => {
    await untilControlled(page);
    const email = uniqueEmail('background-sync');
    await queueOffline(page, context, email);
    const tags = await page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
        sync: { getTags(): Promise<string[]> };
      };
      return registration.sync.getTags();
    });
    expect(tags).toEqual(['enquiry-outbox']);
    await page.close();
    expect(context.pages()).toEqual([]);

    await context.setOffline(false);
    await expect.poll(() => copiesFrom(email), { timeout: 20_000 }).toEqual([1, 1]);
  },
);

test('when the form service fails, the enquiry is kept and sent once the service answers again', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('server-error');
  await failNextFrom(email, 500);
  await fillEnquiry(page, email, 'pc');
  await submit(page);
  await expect(form(page).getByRole('status')).toHaveText(
    'The form service did not answer properly just now, so your message is saved on this ' +
      'device. It will be sent automatically: we keep trying while this site is open, and the ' +
      'next time you visit.',
  );
  await expect(form(page).getByRole('alert')).toHaveCount(0);
  const waiting = page.getByRole('region', { name: 'Waiting to send (1)' });
  await expect(waiting).toContainText('PC Building from Lerato Mokoena');
  await expect(waiting).toContainText(
    'Sends automatically: the form service has not taken it yet, so it is tried again every few minutes.',
  );
  expect(await copiesFrom(email)).toEqual([0, 0]);

  // The next try (the connection coming back stands in for the backing-off timer) delivers it.
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: delivered })).toBeVisible();
  await expect.poll(() => copiesFrom(email)).toEqual([1, 1]);
  await expect(page.getByRole('region', { name: /Waiting to send/ })).toHaveCount(0);
});

test('when the form service refuses an enquiry, the form says why and keeps it as typed', async ({
  page,
}) => {
  const email = uniqueEmail('refused-first');
  await failNextFrom(email, 422);
  await fillEnquiry(page, email, 'pc');
  await submit(page);
  await expect(form(page).getByRole('alert')).toHaveText(
    'Oops, something went wrong. Please try again. The form service did not accept it: The ' +
      'form service failed (simulated by the local inbox).',
  );
  await expect(form(page).getByLabel('Email')).toHaveValue(email);
  await expect(form(page).getByLabel('Budget')).toHaveValue('15000');
  await expect(page.getByRole('region', { name: /Waiting to send/ })).toHaveCount(0);

  await submit(page);
  await expect(form(page).getByRole('status')).toHaveText(sent);
  expect(await copiesFrom(email)).toEqual([1, 1]);
});

// Background Sync, registered as the enquiry is stored, may deliver it the moment its first send
// ends; here the page alone delivers, so the waiting copy can be seen before the connection returns.
test.describe('delivered by the page', () => {
  test.use({ serviceWorkers: 'block' });

  test('when only the second endpoint fails, the first is not sent a second copy', async ({
    page,
    context,
  }) => {
    const email = uniqueEmail('partial');
    await failNextFrom(email, 503, 1, 'enquiries-copy');
    await fillEnquiry(page, email);
    await submit(page);
    await expect(form(page).getByRole('status')).toContainText(queued);
    await expect(page.getByRole('region', { name: 'Waiting to send (1)' })).toBeVisible();
    expect(await copiesFrom(email)).toEqual([1, 0]);

    // The connection drops and comes back: the waiting copy goes to the second endpoint alone.
    await context.setOffline(true);
    await context.setOffline(false);
    await expect(page.getByRole('status').filter({ hasText: delivered })).toBeVisible();
    await expect.poll(() => copiesFrom(email)).toEqual([1, 1]);
  });
});

test('a queued enquiry the service refuses comes back to be edited and sent', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('refused');
  await queueOffline(page, context, email);

  await failNextFrom(email, 422);
  await context.setOffline(false);
  const waiting = page.getByRole('region', { name: 'Waiting to send (1)' });
  await expect(waiting).toContainText('Not sent: the form service did not accept it.');
  await waiting.getByRole('button', { name: 'Edit and resend' }).click();
  await expect(page.getByRole('region', { name: /Waiting to send/ })).toHaveCount(0);
  await expect(form(page).getByLabel('Name')).toBeFocused();
  await expect(form(page).getByLabel('Email')).toHaveValue(email);
  await expect(form(page).getByLabel('Inquiry type')).toHaveValue('general-inquiries');
  await submit(page);
  await expect(form(page).getByRole('status')).toHaveText(sent);
  expect(await copiesFrom(email)).toEqual([1, 1]);
});

test('an enquiry refused by the second endpoint goes, once edited, to that endpoint alone', async ({
  page,
}) => {
  const email = uniqueEmail('refused-copy');
  await failNextFrom(email, 422, 1, 'enquiries-copy');
  await fillEnquiry(page, email);
  await submit(page);
  await expect(form(page).getByRole('alert')).toContainText('your message was not accepted');
  const waiting = page.getByRole('region', { name: 'Waiting to send (1)' });
  await waiting.getByRole('button', { name: 'Edit and resend' }).click();
  await form(page).getByLabel('Message').fill('Edited: a quote for two PCs, please.');
  await submit(page);
  await expect(form(page).getByRole('status')).toHaveText(sent);
  const received = await receivedFrom(email);
  expect(Object.values(received).map((copies) => copies.length)).toEqual([1, 1]);
  expect(received['enquiries-copy']![0]!.message).toBe('Edited: a quote for two PCs, please.');
  expect(received['enquiries-copy']![0]!.enquiryId).toBe(received.enquiries![0]!.enquiryId);
});

test('a browser without AbortSignal.timeout or crypto.randomUUID (older Safari) still sends', async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(AbortSignal, 'timeout', { value: undefined, configurable: true });
    Object.defineProperty(Crypto.prototype, 'randomUUID', { value: undefined, configurable: true });
  });
  await page.reload();
  expect(await page.evaluate(() => typeof AbortSignal.timeout)).toBe('undefined');
  const email = uniqueEmail('old-safari');
  await fillEnquiry(page, email);
  await submit(page);
  await expect(form(page).getByRole('status')).toHaveText(sent);
  const received = await receivedFrom(email);
  expect(Object.values(received).map((copies) => copies.length)).toEqual([1, 1]);
});

test('an enquiry this device can no longer read does not hold up the others, and is shown to email or remove', async ({
  page,
  context,
}) => {
  // As an older version of the site, or a damaged disk, may leave one: it has no `pending`.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('kcw-enquiry-outbox');
        open.onupgradeneeded = () => open.result.createObjectStore('enquiries');
        open.onsuccess = () => {
          const put = open.result
            .transaction('enquiries', 'readwrite')
            .objectStore('enquiries')
            .put(
              {
                id: 'old-enquiry',
                createdAt: 1,
                status: 'queued',
                attempts: 0,
                fields: [
                  ['name', 'Thandi'],
                  ['email', 'thandi@example.test'],
                  ['inquiryType', 'general-inquiries'],
                  ['message', 'An old enquiry'],
                ],
              },
              'old-enquiry',
            );
          put.onsuccess = () => resolve();
          put.onerror = () => reject(put.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );
  const email = uniqueEmail('behind-unreadable');
  await queueOffline(page, context, email);
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: delivered })).toBeVisible();
  await expect.poll(() => copiesFrom(email)).toEqual([1, 1]);

  await page.getByRole('navigation').getByRole('link', { name: 'About' }).first().click();
  const notice = page.getByRole('complementary', { name: 'Your enquiry has not reached us yet' });
  await expect(notice).toContainText('cannot be read any more, so it will not be sent');
  await expect(notice.getByRole('link', { name: 'Email it to us instead' })).toHaveAttribute(
    'href',
    /^mailto:hello@kemptoncodeworks\.co\.za\?subject=Website%20enquiry%20from%20Thandi&body=.*An%20old%20enquiry/,
  );
  await notice.getByRole('button', { name: 'Remove it' }).click();
  await expect(notice).toHaveCount(0);
});

test.describe('an enquiry the service keeps failing', () => {
  // The page's own retries only: the service worker's Background Sync would add tries on its own
  // schedule, outside the page's clock.
  test.use({ serviceWorkers: 'block' });

  test('after five tries over an hour, every page says so and offers to email it instead', async ({
    page,
  }) => {
    const email = uniqueEmail('stuck');
    await failNextFrom(email, 503, 100);
    await page.clock.install();
    await page.goto('/ContactPage');
    await fillEnquiry(page, email);
    await submit(page);
    await expect(form(page).getByRole('status')).toContainText('did not answer properly');
    const waiting = page.getByRole('region', { name: 'Waiting to send (1)' });
    await expect(waiting).toContainText('Tried once so far.');
    // The page tries again after 30 s, then 1, 2 and 4 minutes: each jump runs the next try.
    for (const tries of [2, 3, 4, 5]) {
      await page.clock.fastForward('10:00');
      await expect(waiting).toContainText(`Tried ${tries} times so far.`);
    }
    const notice = page.getByRole('complementary', { name: 'Your enquiry has not reached us yet' });
    await page.getByRole('navigation').getByRole('link', { name: 'Home' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Five tries, but not yet an hour: no alarm.
    await expect(notice).toHaveCount(0);

    await page.clock.fastForward('01:00:00');
    await page.getByRole('navigation').getByRole('link', { name: 'About' }).first().click();
    await expect(notice).toContainText('has been tried 6 times without getting through');
    const mail = notice.getByRole('link', { name: 'Email it to us instead' });
    await expect(mail).toHaveAttribute(
      'href',
      new RegExp(
        '^mailto:hello@kemptoncodeworks\\.co\\.za\\?subject=Website%20enquiry%20from%20Lerato%20Mokoena&body=' +
          `Name%3A%20Lerato%20Mokoena.*${encodeURIComponent('Build #3 from the gallery, please.')}`,
      ),
    );
    expect(await seriousViolations(page)).toEqual([]);

    // Emailed: the enquiry leaves the outbox and is never posted after all.
    await notice.getByRole('button', { name: 'I emailed it: stop trying' }).click();
    await expect(notice).toHaveCount(0);
    await page.goto('/ContactPage');
    await expect(page.getByRole('region', { name: /Waiting to send/ })).toHaveCount(0);
    expect(await copiesFrom(email)).toEqual([0, 0]);
  });
});
