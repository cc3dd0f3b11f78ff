// The file types through the real stack: a file chosen in the content form goes up to the
// `files` function in chunks (the Functions emulator, kept in the Firestore emulator), the code
// is saved naming it by its hash, the server makes its short link once the file is in, and a
// phone that scans the printed code gets the file's page and the very same bytes. An upload cut
// off goes on from where it was; a file whose content is not what its name says is refused.
import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { PLAN_NEEDED_MESSAGE, TRIAL_DAYS } from '../src/domain/billing';
import { CHUNK_BYTES, FILES_API_PATH } from '../src/domain/qr/hosting';
import { qrTypes } from '../src/domain/qr/qr-types';
import { seriousViolations } from './support/axe';
import { bytesOf } from './support/downloads';
import { printedText, savedRow, shortLinkIdOf } from './support/my-codes';
import { seedTrialStart, userWithCodes } from './support/saved-user';
import { chooseType, label, mp3Head, patternedBytes, sampleFile, tinyPng } from './support/wizard';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A PDF of `size` bytes, all different: a round trip is checked byte for byte. */
function pdfOf(size: number) {
  const bytes = patternedBytes(size);
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  return bytes;
}

/** A file of this test's own (a chosen file rewritten on disk by another cannot be read). */
const ownFile = (name: string, bytes: Uint8Array) =>
  sampleFile(
    `${test.info().workerIndex}-${test.info().repeatEachIndex}-${name}`,
    bytes.length,
    bytes,
  );

test('a PDF code: uploaded, saved, printed, scanned, and the phone gets the same bytes @phone', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await userWithCodes(page, []);
  const bytes = pdfOf(CHUNK_BYTES + 5000);
  const path = ownFile('price-list.pdf', bytes);
  const name = path.split('/').pop()!;
  await chooseType(
    page,
    qrTypes.find((type) => type.id === 'pdf')!,
  );
  await page.getByLabel('PDF file', { exact: true }).setInputFiles(path);
  // It goes up at once, from the content form.
  await expect(page.getByText('Uploaded.', { exact: true })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel(label('qrName'), { exact: true }).fill('Price list');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('A PDF code is always dynamic')).toBeVisible();
  await page.getByRole('button', { name: 'Save to My QR Codes' }).click();

  const saved = savedRow(page, 'Price list');
  await expect(saved).toContainText(`Shows ${name} (`, { timeout: 20_000 });
  const id = await shortLinkIdOf(page, 'Price list');

  // Printed: the downloaded PNG holds the printed link.
  const printed = `${baseURL}/q/${id}?qr=1`;
  expect(await printedText(page, 'Price list')).toBe(printed);

  // Scanned: the file's page, light and accessible, and the file itself, byte for byte.
  const phone = await page.context().newPage();
  const answer = await phone.goto(printed);
  expect((await answer!.body()).length).toBeLessThan(20_000);
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Price list');
  await expect(phone.getByText(new RegExp(`${name} · \\d+ KB`))).toBeVisible();
  expect(await seriousViolations(phone)).toEqual([]);
  const open = phone.getByRole('link', { name: 'Open the PDF' });
  const file = await phone.request.get(new URL((await open.getAttribute('href'))!, baseURL).href);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  // Through Hosting: kept by the browser for good (the address names the bytes), never by a
  // shared cache, and shown by the browser's own viewer (no script of any kind).
  expect(file.headers()['cache-control']).toBe('private, max-age=31536000, immutable');
  expect(file.headers()['content-security-policy']).toContain("object-src 'self'");
  expect(file.headers()['content-security-policy']).not.toContain('script-src');
  expect(file.headers()['content-security-policy']).not.toContain("object-src 'none'");
  expect(sha256(await file.body())).toBe(sha256(bytes));
  const [saving] = await Promise.all([
    phone.waitForEvent('download'),
    phone.getByRole('link', { name: `Download ${name}` }).click(),
  ]);
  expect(sha256(await bytesOf(saving))).toBe(sha256(bytes));
  await expect(saved).toContainText('1 scan');
});

test('an upload cut off goes on from where it was, not from the start', async ({ page }) => {
  test.setTimeout(90_000);
  await userWithCodes(page, []);
  const bytes = pdfOf(3 * CHUNK_BYTES + 100);
  const offsets: number[] = [];
  let cut = true;
  // The connection drops as the third chunk goes out.
  await page.route(`**${FILES_API_PATH}/**`, async (route) => {
    const offset = Number(new URL(route.request().url()).searchParams.get('offset'));
    offsets.push(offset);
    if (cut && offset === 2 * CHUNK_BYTES) {
      cut = false;
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });
  await chooseType(
    page,
    qrTypes.find((type) => type.id === 'menu')!,
  );
  await page.getByLabel('Menu file', { exact: true }).setInputFiles(ownFile('menu.pdf', bytes));
  await expect(page.getByText('Uploaded.', { exact: true })).toBeVisible({ timeout: 30_000 });
  // Each chunk went once, but the one cut off, which went again: nothing from the start.
  expect(offsets).toEqual([0, CHUNK_BYTES, 2 * CHUNK_BYTES, 2 * CHUNK_BYTES, 3 * CHUNK_BYTES]);
});

test('an upload can be canceled, and goes on from what the server holds when asked again', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await userWithCodes(page, []);
  const bytes = pdfOf(2 * CHUNK_BYTES + 100);
  const offsets: number[] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // The second chunk hangs, as on a slow connection, until the test lets it go.
  await page.route(`**${FILES_API_PATH}/**`, async (route) => {
    const offset = Number(new URL(route.request().url()).searchParams.get('offset'));
    offsets.push(offset);
    if (offset === CHUNK_BYTES && offsets.filter((at) => at === offset).length === 1) {
      await held;
      await route.abort('aborted').catch(() => undefined);
      return;
    }
    await route.continue();
  });
  await chooseType(
    page,
    qrTypes.find((type) => type.id === 'pdf')!,
  );
  const path = ownFile('catalogue.pdf', bytes);
  const name = path.split('/').pop()!;
  await page.getByLabel('PDF file', { exact: true }).setInputFiles(path);
  await expect(page.getByRole('progressbar', { name: `Uploading ${name}` })).toBeVisible();
  await expect.poll(() => offsets).toContain(CHUNK_BYTES);
  await page.getByRole('button', { name: `Cancel upload of ${name}` }).click();
  await expect(page.getByText('Upload canceled.', { exact: true })).toBeVisible();
  release();
  await page.getByRole('button', { name: `Upload again (${name})` }).click();
  await expect(page.getByText('Uploaded.', { exact: true })).toBeVisible({ timeout: 20_000 });
  // The first chunk went once: the upload went on from what the server held.
  expect(offsets.filter((offset) => offset === 0)).toHaveLength(1);
  expect(offsets.at(-1)).toBe(2 * CHUNK_BYTES);
});

test('offline, the draft keeps the chosen file, and it uploads once the connection is back', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await userWithCodes(page, []);
  await chooseType(
    page,
    qrTypes.find((type) => type.id === 'aud')!,
  );
  await context.setOffline(true);
  const bytes = patternedBytes(50_000);
  bytes.set(mp3Head);
  await page.getByLabel('Audio file', { exact: true }).setInputFiles(ownFile('jingle.mp3', bytes));
  await expect(
    page.getByText(
      'You are offline: your draft keeps the file, and it uploads when you are back online.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Remove .*jingle\.mp3$/ })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('Uploaded.', { exact: true })).toBeVisible({ timeout: 20_000 });
});

test('a file whose content is not what its name says is refused, and the form says why', async ({
  page,
}) => {
  await userWithCodes(page, []);
  await chooseType(
    page,
    qrTypes.find((type) => type.id === 'pdf')!,
  );
  const input = page.getByLabel('PDF file', { exact: true });
  await input.setInputFiles(ownFile('brochure.pdf', tinyPng));
  await expect(
    page.getByText(/is not a PDF: its content is a PNG image\. Please choose a PDF\./),
  ).toBeVisible();
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Uploaded.', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('Please choose a PDF to upload.')).toBeVisible();
});

test('after the trial, an upload says a plan is needed, leads to Billing, and waits for the person', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // The page's clock, to let the time of every wait the uploader could sit out go by at once.
  await page.clock.install();
  const user = await userWithCodes(page, []);
  await seedTrialStart(user.uid, TRIAL_DAYS + 6);
  const requests: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith(FILES_API_PATH)) requests.push(`${request.method()} ${pathname}`);
  });
  await chooseType(
    page,
    qrTypes.find((type) => type.id === 'pdf')!,
  );
  const path = ownFile('late-menu.pdf', pdfOf(5000));
  const name = path.split('/').pop()!;
  await page.getByLabel('PDF file', { exact: true }).setInputFiles(path);
  // The files function's answer (its first can take seconds on a busy machine).
  await expect(page.getByRole('alert')).toHaveText(PLAN_NEEDED_MESSAGE, { timeout: 20_000 });
  const billing = page.getByRole('link', { name: 'Choose a plan on the Billing page' });
  await expect(billing).toHaveAttribute('href', '/UserBilling');
  await expect(page.getByRole('button', { name: `Try again to upload ${name}` })).toBeVisible();
  expect(requests).toEqual([`POST ${FILES_API_PATH}`]);

  // Ten minutes go by, past every wait the uploader sits out before a try of its own (2 s
  // doubling to a minute): none is made, the message stays, and the draft keeps the file.
  await page.clock.runFor(10 * 60_000);
  await expect(page.getByRole('alert')).toHaveText(PLAN_NEEDED_MESSAGE);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  expect(requests).toEqual([`POST ${FILES_API_PATH}`]);
  await expect(page.getByRole('button', { name: `Remove ${name}` })).toBeVisible();

  await billing.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await expect(page.getByText(/^Your free trial ended on /)).toBeVisible();
});
