// A deploy while the app is open: build A is installed, build B is published on the same
// origin, the page offers the new version, and Reload brings it in.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startStaticServer } from './support/static-server';
import { untilControlled } from './support/service-worker';

// The service worker is what this spec tests (the rest of the suite blocks it).
test.use({ serviceWorkers: 'allow' });

let work: string;

test.beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'kcw-update-'));
  cpSync('dist', join(work, 'a'), { recursive: true });
  execFileSync(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'build',
      '--outDir',
      join(work, 'b'),
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    {
      env: { ...process.env, VITE_BUILD_ID: 'update-test-b' },
      stdio: 'pipe',
    },
  );
});

test.afterAll(() => rmSync(work, { recursive: true, force: true }));

const buildId = (page: Page) => page.locator('meta[name="build-id"]').getAttribute('content');

test('a waiting new version is offered, and Reload brings it in', async ({ page }) => {
  test.setTimeout(90_000);
  const server = await startStaticServer(join(work, 'a'));
  try {
    await page.goto(server.url);
    await untilControlled(page);
    const first = await buildId(page);
    expect(first).not.toBe('update-test-b');

    server.serve(join(work, 'b'));
    // Coming back to the tab checks for an update, as does the hourly timer.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const prompt = page.getByRole('status').getByText('A new version is available.');
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    expect(await buildId(page)).toBe(first);

    await page.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => buildId(page), { timeout: 20_000 }).toBe('update-test-b');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Empowering Innovation' }),
    ).toBeVisible();
    await expect(prompt).toBeHidden();
  } finally {
    await server.close();
  }
});
