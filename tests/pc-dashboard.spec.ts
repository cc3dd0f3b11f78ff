// The PC dashboard, as a custom-PC customer meets it on a phone (and, once collected, at a
// desktop's width, as is the desk with the build opened), from the request to collection, with
// the company's staff at the desk in a browser of their own: a build requested with no connection
// waits on the device and goes by itself once back online; staff quote it; the customer asks about
// the quote and accepts it, and pays its order by EFT; staff mark the order paid with the amount,
// answer the question and move the build on with a note; the customer's timeline, thread, invoice
// and emails follow. A budget that is no amount, or below the least, is refused beside its field,
// and nothing typed is lost.
import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { untilControlled } from './support/service-worker';
import { emailsTo } from './support/mail-catcher';
import { userWithCodes } from './support/saved-user';
import { keepScreenshot } from './support/screenshots';
import { signedInTest as test } from './support/signed-in';
import { staffAtDesk } from './support/staff';

// The service worker too: the timeline is seen again offline, after a reload.
test.use({ storageState: { cookies: [], origins: [] }, serviceWorkers: 'allow' });

test('a build requested offline arrives, is quoted, accepted, paid, answered and followed to collection @phone-only', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(150_000);
  const user = await userWithCodes(page, [], { at: '/PC_Dashboard' });
  await expect(page.getByRole('heading', { level: 1, name: 'PC Dashboard' })).toBeVisible();
  const builds = page.getByRole('region', { name: 'Your builds' });
  await expect(builds).toContainText('None yet');
  // The app is installed on this phone before its connection drops: gone offline while the
  // service worker was still caching the app, its install failed and the offline reload below
  // had nothing to open.
  await untilControlled(page);

  // Bad input is refused beside its field, and what was typed stays.
  const request = page.getByRole('region', { name: 'Request a build' });
  // The purposes are a radio group: the arrow keys move through them.
  await request.getByRole('radio', { name: 'Gaming' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(request.getByRole('radio', { name: 'Streaming' })).toBeChecked();
  await expect(request).toContainText('Playing and streaming at once');
  await request.getByLabel('Budget (rand)').fill('R2 000');
  await request.getByLabel('What it must have').fill('Two screens, a quiet case');
  await request.getByRole('button', { name: 'Request a quote' }).click();
  await expect(request.getByLabel('Budget (rand)')).toHaveAccessibleDescription(
    /from R3 000 to R500 000/,
  );
  await expect(request.getByLabel('What it must have')).toHaveValue('Two screens, a quiet case');

  // Offline: the request is kept on the device.
  await context.setOffline(true);
  await request.getByLabel('Budget (rand)').fill('R25 000');
  await request.getByLabel('Like one of our builds').selectOption('3');
  await expect(request.getByRole('img')).toHaveAttribute('src', '/gallery/build-3.webp');
  await request.getByRole('button', { name: 'Request a quote' }).click();
  await expect(request.getByRole('status')).toContainText('You are offline: your request is kept');
  await expect(request.getByRole('listitem')).toHaveText(
    /^Streaming, R25\s000: goes by itself once you are back online\.$/,
  );
  await keepScreenshot(page, 'pc-dashboard-waiting', { fullPage: true });

  // Back online, it goes by itself, and the build shows with its number and first step.
  await context.setOffline(false);
  await expect(request.getByRole('listitem')).toHaveCount(0, { timeout: 20_000 });
  await expect(request.getByRole('status')).toHaveText(
    'Your request has reached us: it is listed under Your builds.',
  );
  const build = builds.getByRole('article', { name: /^Build \d+: Streaming$/ });
  await expect(build).toBeVisible({ timeout: 20_000 });
  await expect(build).toContainText('Two screens, a quiet case');
  await expect(build).toContainText('Gallery build #3');
  await expect(build.getByRole('listitem').and(page.locator('[aria-current="step"]'))).toHaveText(
    /^Requested/,
  );
  const name = (await build.getByRole('heading').textContent())!.split(':')[0];
  await keepScreenshot(page, 'pc-dashboard', { fullPage: true });

  // The company's staff find it at the desk by its number.
  const staff = await staffAtDesk(browser);
  const desk = staff.page.getByRole('region', { name: 'PC build requests' });
  await desk.getByRole('textbox', { name: 'Find a build' }).fill(name);
  await desk.getByRole('button', { name: 'Search builds' }).click();
  const row = desk.getByRole('row', { name: new RegExp(`^${name} `) });
  // The desk function's first answer: a worker of the Functions emulator may start for it.
  await expect(row).toContainText('Streaming', { timeout: 20_000 });
  await expect(row).toContainText('R25');
  await expect(row).toContainText('Requested');

  // Staff open it and quote it: two parts and the labour, the total worked out as they type.
  await row.getByRole('button', { name: `Open ${name}` }).click();
  const opened = desk.getByRole('region', { name: new RegExp(`^${name}: `) });
  await opened.getByRole('button', { name: `Quote ${name}` }).click();
  const form = staff.page.getByRole('form', { name: new RegExp(`^Quote ${name} `) });
  const first = form.getByRole('group', { name: 'Part 1' });
  await first.getByLabel('What it is').fill('Ryzen 7 7800X3D');
  await first.getByLabel('Price (rand, before VAT)').fill('7 499');
  await form.getByRole('button', { name: 'Add a part' }).click();
  const second = form.getByRole('group', { name: 'Part 2' });
  await second.getByLabel('What it is').fill('GeForce RTX 4070 Super');
  await second.getByLabel('Price (rand, before VAT)').fill('12999,99');
  await form.getByLabel('Labour (rand, before VAT)').fill('850');
  await expect(form.getByRole('definition').last()).toHaveText(/^R21\s348\.99$/);
  expect(await seriousViolations(staff.page)).toEqual([]);
  await keepScreenshot(staff.page, 'desk-quote', { fullPage: true });
  await form.getByRole('button', { name: 'Send the quote' }).click();
  await expect(opened.getByRole('status').filter({ hasText: 'is quoted' })).toContainText(
    `${name} is quoted at R21`,
  );
  await expect(opened.getByRole('heading', { level: 3 })).toHaveText(`${name}: Quoted`);

  // The customer's dashboard shows it at once, at its new step; the quote comes by email too.
  const quote = build.getByRole('table', { name: `The quote for ${name}` });
  await expect(quote).toContainText('GeForce RTX 4070 Super');
  await expect(quote.getByRole('row', { name: /^Total/ })).toContainText(/R21\s348\.99/);
  await expect(build).toContainText(/Valid until \d+ \w+ 20\d\d\./);
  await expect(build.getByRole('listitem').and(page.locator('[aria-current="step"]'))).toHaveText(
    /^Quoted/,
  );
  await expect
    .poll(async () => (await emailsTo(user.email)).map((email) => email.subject))
    .toContainEqual(expect.stringMatching(new RegExp(`^Your quote for ${name}: R21\\s348\\.99$`)));
  await keepScreenshot(page, 'pc-dashboard-quoted', { fullPage: true });

  // The customer asks about the quote; it waits at the desk for an answer.
  await build.getByRole('button', { name: 'Ask about this quote' }).click();
  const thread = build.getByRole('region', { name: `Questions about ${name}` });
  await thread.getByRole('button', { name: 'Send' }).click();
  await expect(thread.getByLabel('Ask about this quote')).toHaveAccessibleDescription(
    /Write your question in 1 to 2000 characters/,
  );
  await thread.getByLabel('Ask about this quote').fill('Could the case be white?');
  await thread.getByRole('button', { name: 'Send' }).click();
  await expect(thread.getByRole('status')).toContainText('Sent: we answer here and by email');
  await expect(thread.getByRole('listitem')).toHaveText([/^You, .*Could the case be white\?$/]);

  // The customer accepts the quote: its order, with the bank details and its reference.
  await build.getByRole('button', { name: /^Accept the quote: R21\s348\.99$/ }).click();
  const eft = build.getByRole('region', {
    name: new RegExp(`^Pay R21\\s348\\.99 by EFT for Custom PC: ${name}$`),
  });
  await expect(eft).toBeVisible({ timeout: 20_000 });
  const reference = (await eft.locator('.pay-eft__reference dd').textContent())!;
  expect(reference).toMatch(/^KCW-/);
  await expect(build.getByRole('listitem').and(page.locator('[aria-current="step"]'))).toHaveText(
    /^Accepted/,
  );
  await expect
    .poll(async () => (await emailsTo(user.email)).map((email) => email.subject))
    .toContainEqual(`Your order ${reference}: Custom PC: ${name}, R21\u00a0348.99`);
  expect(await seriousViolations(page)).toEqual([]);
  await keepScreenshot(page, 'pc-dashboard-accepted', { fullPage: true });

  // Staff mark the order paid with the amount the statement shows.
  const orders = staff.page.getByRole('region', { name: 'Orders waiting for payment' });
  await orders.getByRole('textbox', { name: 'Find an order' }).fill(reference);
  await orders.getByRole('button', { name: 'Search orders' }).click();
  await orders.getByRole('button', { name: `Mark paid ${reference}` }).click();
  await orders.getByLabel('Amount received (rand)').fill('21 348,99');
  await orders.getByRole('button', { name: 'Mark paid', exact: true }).click();
  await expect(orders.getByRole('status').filter({ hasText: 'is paid' })).toContainText(
    `Order ${reference} is paid`,
  );

  // They answer the question, then move the build on with a note, and on to collection.
  await desk.getByRole('button', { name: 'Search builds' }).click();
  await expect(opened.getByRole('listitem')).toHaveText([/Could the case be white\?/]);
  await opened.getByLabel('Answer').fill('Yes: the same case in white, at the same price.');
  await opened.getByRole('button', { name: 'Send the answer' }).click();
  await expect(opened.getByRole('status').filter({ hasText: 'answer' })).toHaveText(
    `Your answer is on ${name}'s thread and was emailed to ${user.email}.`,
  );
  const step = opened.getByRole('form', { name: `Move ${name} on` });
  await step.getByLabel('Step reached').selectOption({ label: 'Assembling' });
  await step.getByLabel('Note to the customer').fill('All parts are in.\nAssembly starts today.');
  // A photo as a phone takes one, larger than the desk sends it: it is made smaller first.
  const photo = await staff.page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 2400;
    canvas.height = 1800;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#1d6f42';
    context.fillRect(0, 0, 2400, 1800);
    context.fillStyle = '#caa020';
    context.fillRect(600, 450, 1200, 900);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  await step.getByLabel('Photos').setInputFiles({
    name: 'bench.png',
    mimeType: 'image/png',
    buffer: Buffer.from(photo, 'base64'),
  });
  await step.getByRole('button', { name: 'Save the step' }).click();
  await expect(opened.getByRole('heading', { level: 3 })).toHaveText(`${name}: Assembling`);
  await keepScreenshot(staff.page, 'desk-build', { fullPage: true });
  await step.getByLabel('Step reached').selectOption({ label: 'Collected' });
  await step.getByRole('button', { name: 'Save the step' }).click();
  await expect(opened.getByRole('heading', { level: 3 })).toHaveText(`${name}: Collected`);
  // The desk with a build opened, at a desktop's width too.
  await staff.page.setViewportSize({ width: 1280, height: 900 });
  expect(await seriousViolations(staff.page)).toEqual([]);
  await staff.page.context().close();

  // The customer's dashboard follows: the note on its step, the answer, the warranty, the invoice.
  await expect(build.getByRole('listitem').and(page.locator('[aria-current="step"]'))).toHaveText(
    /^Collected/,
  );
  const assembling = build.getByRole('listitem').filter({ hasText: /^Assembling/ });
  await expect(assembling).toContainText('All parts are in.\nAssembly starts today.');
  // Its photo, made smaller than it was taken, shows to the customer, and offline once seen.
  const shown = assembling.getByRole('img', { name: `${name} at Assembling: photo 1 of 1` });
  await expect(shown).toHaveJSProperty('naturalWidth', 1600);
  await expect(thread.getByRole('listitem').last()).toContainText('the same case in white');
  await expect(thread.getByLabel('Ask for support on this build')).toBeVisible();
  await expect(build).toContainText(/Warranty until\s*\d+ \w+ 20\d\d/);
  const download = page.waitForEvent('download');
  await build.getByRole('button', { name: /^Invoice INV-\d{6}/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^INV-\d{6}\.pdf$/);
  expect(await readFile((await file.path())!, 'latin1')).toContain(reference);
  await expect
    .poll(async () => (await emailsTo(user.email)).map((email) => email.subject))
    .toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Payment received: invoice INV-\d{6}$/),
        `Our answer about ${name}`,
        `${name}: Assembling`,
        `${name}: Collected`,
      ]),
    );
  expect(await seriousViolations(page)).toEqual([]);
  await keepScreenshot(page, 'pc-dashboard-collected', { fullPage: true });
  // And at a desktop's width: the quote, the paid order, the timeline with its photo, the thread.
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await seriousViolations(page)).toEqual([]);
  await keepScreenshot(page, 'pc-dashboard-collected-desktop', { fullPage: true });
  await context.setOffline(true);
  await page.reload();
  await expect(shown).toHaveJSProperty('naturalWidth', 1600, { timeout: 20_000 });
  await expect(build.getByRole('listitem').and(page.locator('[aria-current="step"]'))).toHaveText(
    /^Collected/,
  );
  await context.setOffline(false);
});
