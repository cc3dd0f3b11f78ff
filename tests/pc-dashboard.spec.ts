// The PC dashboard, as a custom-PC customer meets it on a phone (its desktop width, and the desk's,
// are scanned with every route: tests/every-route.spec.ts): a build requested with no
// connection waits on the device and goes by itself once back online; its number and steps show on
// the dashboard, and the company's staff find it at the desk, in a browser of their own. A budget
// that is no amount, or below the least, is refused beside its field, and nothing typed is lost.
import { expect } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { emailsTo } from './support/mail-catcher';
import { userWithCodes } from './support/saved-user';
import { keepScreenshot } from './support/screenshots';
import { signedInTest as test } from './support/signed-in';
import { staffAtDesk } from './support/staff';

test.use({ storageState: { cookies: [], origins: [] } });

test('a build requested offline arrives once back online, shows its steps, reaches the desk and is quoted @phone-only', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(90_000);
  const user = await userWithCodes(page, [], { at: '/PC_Dashboard' });
  await expect(page.getByRole('heading', { level: 1, name: 'PC Dashboard' })).toBeVisible();
  const builds = page.getByRole('region', { name: 'Your builds' });
  await expect(builds).toContainText('None yet');
  expect(await seriousViolations(page)).toEqual([]);

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
  expect(await seriousViolations(page)).toEqual([]);
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

  // Staff quote it: two parts and the labour, the total worked out as they type.
  await row.getByRole('button', { name: `Quote ${name}` }).click();
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
  await expect(desk.getByRole('status').filter({ hasText: 'is quoted' })).toContainText(
    `${name} is quoted at R21`,
  );
  await staff.page.context().close();

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
  expect(await seriousViolations(page)).toEqual([]);
  await keepScreenshot(page, 'pc-dashboard-quoted', { fullPage: true });
});
