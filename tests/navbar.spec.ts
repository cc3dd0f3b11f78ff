import { expect, test, type Page } from '@playwright/test';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

test.describe('wide screens', () => {
  test.use({ viewport: { width: 1280, height: 800 }, reducedMotion: 'no-preference' });

  test('the navbar links every main page, and the logo goes home', async ({ page }) => {
    await page.goto('/AboutPage');
    for (const [name, path] of [
      ['Home', '/'],
      ['About', '/AboutPage'],
      ['Services', '/ServicesPage'],
      ['Contact', '/ContactPage'],
    ]) {
      await expect(nav(page).getByRole('link', { name, exact: true })).toHaveAttribute(
        'href',
        path,
      );
    }
    await expect(nav(page).getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
    await nav(page).getByRole('link', { name: /home$/i }).first().click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('Services is highlighted on its page and on any /custompc path, in any case', async ({
    page,
  }) => {
    const services = nav(page).getByRole('link', { name: 'Services', exact: true });
    for (const path of ['/ServicesPage', '/custompc', '/CustomPC', '/CUSTOMPC/old-build']) {
      await page.goto(path);
      await expect(services).toHaveClass(/\bactive\b/);
    }
    await page.goto('/AboutPage');
    await expect(services).not.toHaveClass(/\bactive\b/);
    await expect(nav(page).getByRole('link', { name: 'About', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('the Services dropdown opens on hover and from the keyboard', async ({ page }) => {
    await page.goto('/');
    const customPc = nav(page).getByRole('link', { name: 'Custom PC Services' });
    await expect(customPc).toBeHidden();
    await nav(page).getByRole('link', { name: 'Services', exact: true }).hover();
    await expect(customPc).toBeVisible();
    await page.mouse.move(0, 700);
    await expect(customPc).toBeHidden();

    const toggle = nav(page).getByRole('button', { name: 'Services menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(customPc).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('following a link scrolls smoothly to the top of the new page', async ({ page }) => {
    await page.goto('/ServicesPage');
    await expect(page.getByRole('heading', { level: 1, name: 'Software Solutions' })).toBeVisible();
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    expect(await scrollY(page)).toBeGreaterThan(200);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Custom PC Services' }).click();
    await expect(page).toHaveURL(/\/custompc$/);
    await expect.poll(() => scrollY(page)).toBe(0);
    await expect(page.locator('main')).toBeFocused();
  });
});

test.describe('at 900px or less @phone-only', () => {
  test.use({ viewport: { width: 390, height: 844 }, reducedMotion: 'no-preference' });

  test('the menu toggle opens and closes the links', async ({ page }) => {
    await page.goto('/');
    const toggle = nav(page).getByRole('button', { name: 'Menu', exact: true });
    const about = nav(page).getByRole('link', { name: 'About', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(about).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(about).toBeVisible();
    // The open menu lies over the headline: nothing of it may show through.
    const menu = nav(page)
      .getByRole('list')
      .filter({ has: page.getByRole('link', { name: 'About', exact: true }) });
    expect(await menu.evaluate((list) => getComputedStyle(list).backgroundColor)).toMatch(
      /^rgb\(\d+, \d+, \d+\)$/,
    );
    await toggle.click();
    await expect(about).toBeHidden();
  });

  test('tapping Services opens its dropdown instead of navigating', async ({ page }) => {
    await page.goto('/');
    await nav(page).getByRole('button', { name: 'Menu', exact: true }).click();
    const services = nav(page).getByRole('button', { name: 'Services', exact: true });
    await services.click();
    await expect(services).toHaveAttribute('aria-expanded', 'true');
    await expect(page).toHaveURL(/\/$/);
    await nav(page).getByRole('link', { name: 'Custom PC Services' }).click();
    await expect(page).toHaveURL(/\/custompc$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Custom PC Builds' })).toBeVisible();
    // The link closed the menu.
    await expect(nav(page).getByRole('button', { name: 'Menu', exact: true })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(nav(page).getByRole('link', { name: 'About', exact: true })).toBeHidden();
  });

  for (const key of ['Enter', 'Space']) {
    test(`${key} on Services opens its dropdown`, async ({ page }) => {
      await page.goto('/');
      await nav(page).getByRole('button', { name: 'Menu', exact: true }).click();
      const services = nav(page).getByRole('button', { name: 'Services', exact: true });
      await services.focus();
      await page.keyboard.press(key);
      await expect(services).toHaveAttribute('aria-expanded', 'true');
      await expect(nav(page).getByRole('link', { name: 'Software Solutions' })).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
    });
  }

  test('Escape closes the menu and returns focus to the toggle', async ({ page }) => {
    await page.goto('/');
    const toggle = nav(page).getByRole('button', { name: 'Menu', exact: true });
    await toggle.click();
    await nav(page).getByRole('link', { name: 'About', exact: true }).focus();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
  });

  test('a link far down the page brings the reader to the top of the next one', async ({
    page,
  }) => {
    await page.goto('/AboutPage');
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    expect(await scrollY(page)).toBeGreaterThan(200);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and Conditions' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Terms and Conditions' }),
    ).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(0);
  });
});
