// A deploy while the app is open: build A is installed, build B is published on the same
// origin, the page offers the new version, and Reload brings it in.
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startStaticServer } from './support/static-server';
import { untilControlled } from './support/service-worker';

// The service worker is what this spec tests (the rest of the suite blocks it).
test.use({ serviceWorkers: 'allow' });

let work: string;

// Build B is build A with a new build id: what a deploy that changes the page is to a browser.
// Its index.html names the new build, and its service worker, whose precache list carries each
// file's revision, differs by that file's revision alone, so the browser installs it as a new
// version and fetches the new page. (A second `vite build` would cost the run a whole build.)
test.beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'kcw-update-'));
  cpSync('dist', join(work, 'a'), { recursive: true });
  const b = join(work, 'b');
  cpSync('dist', b, { recursive: true });
  const page = readFileSync(join(b, 'index.html'), 'utf8').replace(
    /(<meta name="build-id" content=")[^"]*/,
    '$1update-test-b',
  );
  writeFileSync(join(b, 'index.html'), page);
  const worker = readFileSync(join(b, 'sw.js'), 'utf8');
  const revision = createHash('md5').update(page).digest('hex');
  const updated = worker.replace(
    /"revision":"[0-9a-f]+"(,"url":"index\.html")/,
    `"revision":"${revision}"$1`,
  );
  if (updated === worker) throw new Error('dist/sw.js does not list index.html with a revision.');
  writeFileSync(join(b, 'sw.js'), updated);
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
