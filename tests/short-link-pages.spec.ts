// What a scan gets when a short link does not send it on, through Hosting's /q/** rewrite to the
// redirect function (Functions emulator): links retired by their owner, switched off by the
// company, leading to a blocklisted site, or unknown. Each answers its status with a page of its
// own, never a redirect, accessible at phone and desktop widths, and offers to report the link;
// a report goes through the contact form into the enquiry inbox, naming the link.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { seedFirestore } from '../scripts/serve/firestore-emulator.mjs';
import { projectId, uniqueEmail } from './support/auth-emulator';
import { seriousViolations } from './support/axe';
import { receivedFrom } from './support/inbox';
import { linkPath } from '../src/domain/records/links';
import { keepScreenshot } from './support/screenshots';

const firebase = JSON.parse(readFileSync(new URL('../firebase.json', import.meta.url), 'utf8')) as {
  emulators: { firestore: { port: number } };
};

/** A link document as the server writes it (functions/src/link-sync.ts). */
const linkDocument = (fields: Record<string, unknown>) => ({
  owner: 'short-link-pages',
  code: 'poster',
  target: 'https://kemptoncodeworks.co.za/specials',
  deletedAt: null,
  disabled: null,
  createdAt: { $timestamp: '2026-11-20T09:30:00Z' },
  updatedAt: { $timestamp: '2026-11-20T09:30:00Z' },
  ...fields,
});

// Ids of this run (the Firestore emulator lives as long as the test server); both projects may
// seed them, which writes the same documents again.
const run = Date.now().toString(36);

const pages = [
  {
    name: 'retired',
    what: 'a retired link',
    id: `Retired_${run}`,
    link: linkDocument({
      deletedAt: { $timestamp: '2026-11-22T08:00:00Z' },
      updatedAt: { $timestamp: '2026-11-22T08:00:00Z' },
    }),
    status: 410,
    heading: 'This code is no longer active',
    warning: false,
  },
  {
    name: 'switched-off',
    what: 'a link switched off by the company',
    id: `SwitchedOff_${run}`,
    link: linkDocument({
      disabled: {
        reason: 'Reported as phishing',
        at: { $timestamp: '2026-11-23T10:00:00Z' },
        by: 'e2e',
      },
    }),
    status: 403,
    heading: 'This link has been switched off',
    warning: true,
  },
  {
    name: 'blocked',
    what: 'a link to a blocklisted site',
    id: `Blocked_${run}`,
    // Google's test page for Safe Browsing, on functions/blocked-domains.txt.
    link: linkDocument({ target: 'https://testsafebrowsing.appspot.com/s/phishing.html' }),
    status: 403,
    heading: 'This link was stopped',
    warning: true,
  },
  {
    name: 'unknown',
    what: 'an unknown link',
    id: `NeverMade_${run}`,
    link: null,
    status: 404,
    heading: 'This code leads nowhere',
    warning: false,
  },
] as const;

test.beforeAll(async () => {
  const documents: Record<string, Record<string, unknown>> = {};
  for (const { id, link } of pages) if (link) documents[linkPath(id)] = link;
  await seedFirestore({ port: firebase.emulators.firestore.port, projectId, documents });
});

const reportLink = (page: Page) => page.getByRole('link', { name: 'Report this link' });

for (const { name, what, id, status, heading, warning } of pages) {
  test(`a scan of ${what} gets ${status} "${heading}", no redirect, and a way to report it @phone`, async ({
    page,
  }, testInfo) => {
    const path = `/q/${id}?qr=1`;
    // As a phone's browser meets it: the status, and no redirect to follow.
    const answer = await page.request.get(path, { maxRedirects: 0 });
    expect(answer.status()).toBe(status);
    expect(answer.headers().location).toBeUndefined();
    // The function's own: never kept by any cache (Hosting adds none of its own at /q/).
    expect(answer.headers()['cache-control']).toBe('private, no-store');

    const navigation = await page.goto(path);
    expect(navigation?.status()).toBe(status);
    expect(navigation?.request().redirectedFrom()).toBeNull();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(`${heading} | Kempton Code Works`);
    await expect(reportLink(page)).toHaveAttribute('href', `/ContactPage?report=${id}`);
    await expect(page.getByRole('link', { name: 'Kempton Code Works' })).toHaveAttribute(
      'href',
      '/',
    );
    // Not the target's address, not even as a link to go on.
    await expect(page.getByRole('link', { name: /^Continue to/ })).toHaveCount(0);
    if (warning) await expect(page.getByRole('main')).toHaveClass('short-link--warning');
    else await expect(page.getByRole('main')).not.toHaveClass(/warning/);
    // The site's stylesheet, allowed by the function's Content-Security-Policy, has applied.
    await expect(page.locator('body')).toHaveCSS('display', 'grid');

    expect(await seriousViolations(page)).toEqual([]);
    await keepScreenshot(page, `${testInfo.project.name}/short-link-${name}`, { fullPage: true });
  });
}

test('a visitor reports a retired link from its page, and the company receives the report naming it @phone', async ({
  page,
  baseURL,
}) => {
  const { id } = pages[0];
  const link = `${baseURL}/q/${id}`;
  const start = `I want to report the short link ${link}: `;
  await page.goto(`/q/${id}?qr=1`);
  await reportLink(page).click();

  await expect(page).toHaveURL(`/ContactPage?report=${id}`);
  await expect(page.getByText(`You are reporting the short link ${link}.`)).toBeVisible();
  const form = page.getByRole('form', { name: 'Contact Form' });
  const message = form.getByLabel('Message');
  await expect(message).toHaveValue(start);
  await expect(form.getByLabel('Inquiry type')).toHaveValue('general-inquiries');
  // The cursor waits after the link's name for the visitor to say why, and on a phone too the
  // note naming the link is in sight with the message.
  await expect(message).toBeFocused();
  await expect(page.getByText(/^You are reporting the short link/)).toBeInViewport();
  await expect(message).toBeInViewport();
  await page.keyboard.type('the poster at Kempton station still shows this code.');
  await expect(message).toHaveValue(`${start}the poster at Kempton station still shows this code.`);
  expect(await seriousViolations(page)).toEqual([]);
  await keepScreenshot(page, `${test.info().project.name}/contact-report`);

  const email = uniqueEmail('report');
  await form.getByLabel('Name').fill('Thandi Nkosi');
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByRole('status')).toHaveText('Thanks! Your message has been sent.');
  // Sent and cleared: the note goes with the message.
  await expect(message).toHaveValue('');
  await expect(page.getByText(/You are reporting the short link/)).toHaveCount(0);

  const report = {
    name: 'Thandi Nkosi',
    email,
    message: `${start}the poster at Kempton station still shows this code.`,
    inquiryType: 'general-inquiries',
    enquiryId: expect.stringMatching(/^[\w-]{8,}$/),
    // The link named on its own too: the site's `reports` function keeps it for the desk.
    reportedLink: id,
  };
  expect(await receivedFrom(email)).toEqual({ enquiries: [report], 'enquiries-copy': [report] });
});

test('the privacy policy says what a scan of a dynamic code keeps, and what it does not @phone', async ({
  page,
}, testInfo) => {
  await page.goto('/PrivacyPolicy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByText(/details will be published here soon/)).toBeVisible();
  const scans = page.getByRole('region', { name: 'When someone scans a dynamic QR code' });
  await expect(scans).toContainText('Protection of Personal Information Act (POPIA)');
  await expect(scans.getByRole('heading', { name: 'What we record' })).toBeVisible();
  await expect(scans).toContainText('in South African time');
  await expect(scans).toContainText('a random value (a salt) that is used for one day only');
  await expect(scans).toContainText('No IP address and no browser identifier is stored');
  await expect(scans).toContainText('deleted after two days');
  await expect(scans).toContainText('counted apart');
  expect(await seriousViolations(page)).toEqual([]);
  await keepScreenshot(page, `${testInfo.project.name}/privacy-scans`, { fullPage: true });
});
