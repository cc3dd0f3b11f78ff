import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, devices, expect, test, type Page } from '@playwright/test';
import { launchOptions } from '../scripts/test/chromium.mjs';
import { untilControlled } from './support/service-worker';

// The service worker is what this spec tests (the rest of the suite blocks it).
test.use({ serviceWorkers: 'allow' });

test('Chromium finds the app installable', async ({ baseURL }) => {
  // A normal test context is incognito, which is never installable.
  const profile = mkdtempSync(join(tmpdir(), 'kcw-profile-'));
  const context = await chromium.launchPersistentContext(profile, launchOptions());
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(baseURL!);
    await untilControlled(page);
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

/** Stands in for the browser's install offer, which headless Chromium never makes. */
const offerInstall = (page: Page) =>
  page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        document.documentElement.dataset.installPrompted = 'yes';
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(offer);
  });

test('"Install app" appears when the browser offers installation and goes once installed @phone', async ({
  page,
}) => {
  await page.goto('/');
  const install = page.getByRole('button', { name: 'Install app' });
  await expect(install).toHaveCount(0);
  await offerInstall(page);
  await expect(install).toBeVisible();
  await install.click();
  await expect(page.locator('html')).toHaveAttribute('data-install-prompted', 'yes');
  await expect(install).toHaveCount(0);

  await offerInstall(page);
  await expect(install).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
  await expect(install).toHaveCount(0);
});

test.describe('on an iPhone', () => {
  test.use({ userAgent: devices['iPhone 15'].userAgent, viewport: { width: 390, height: 844 } });

  test('"Install app" explains how to add the site to the home screen', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Install app' }).click();
    await expect(page.getByText(/tap the Share button, then Add to Home Screen/)).toBeVisible();
  });
});
