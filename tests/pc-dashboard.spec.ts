// The PC dashboard, as a custom-PC customer meets it: a build requested on a phone with no
// connection waits on the device and goes by itself once back online; its number and steps show on
// the dashboard, and the company's staff find it at the desk, in a browser of their own. A budget
// that is no amount, or below the least, is refused beside its field, and nothing typed is lost.
import { expect } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { userWithCodes } from './support/saved-user';
import { keepScreenshot } from './support/screenshots';
import { signedInTest as test } from './support/signed-in';
import { staffAtDesk } from './support/staff';

test.use({ storageState: { cookies: [], origins: [] } });

test('a build requested offline arrives once back online, shows its steps, and reaches the desk @phone', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(90_000);
  await userWithCodes(page, [], { at: '/PC_Dashboard' });
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
  await staff.page.context().close();
});
