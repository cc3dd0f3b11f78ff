// The first paint is final: while a page's code is still on its way the footer waits below the
// fold, so nothing on screen moves when the page arrives (Cumulative Layout Shift stays ~0).
import { expect, test, type Route } from '@playwright/test';

const pages = [
  { path: '/', chunk: /\/assets\/home-page-[\w-]+\.js$/ },
  { path: '/custompc', chunk: /\/assets\/custom-pc-page-[\w-]+\.js$/ },
  { path: '/ContactPage', chunk: /\/assets\/contact-page-[\w-]+\.js$/ },
];

for (const { path, chunk } of pages) {
  test(`${path}: nothing shifts while its code loads late @phone`, async ({ page }) => {
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // Hold the page's chunk, as a slow network would, until the shell has painted.
    let release: (() => void) | undefined;
    const held = new Promise<Route>((resolve) => {
      void page.route(chunk, (route) => {
        resolve(route);
        return new Promise<void>((done) => {
          release = done;
        }).then(() => route.continue());
      });
    });
    await page.goto(path, { waitUntil: 'commit' });
    await held;
    const footer = page.locator('footer.site-footer');
    await expect(footer).toBeAttached();
    const viewport = page.viewportSize()!;
    const top = await footer.evaluate((element) => element.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(viewport.height);

    release?.();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const cls = await page.evaluate(() =>
      (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0),
    );
    expect(cls).toBeLessThan(0.02);
  });
}
