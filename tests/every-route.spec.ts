// Every route at phone and desktop size: an axe scan with no serious or critical violation,
// and a full-page screenshot in screenshots/ (git-ignored) for people to look at.
import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { landsWithoutDraft, routeGroups } from './support/signed-in';

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

// The service worker is tested in its own specs; here its install would only compete for the CPU.
test.use({ serviceWorkers: 'block' });

const groups = [
  ...routeGroups,
  { name: 'unknown path', routes: [{ path: '/no-such-page' }], use: {} },
];

// One page per route visits both widths: a fresh load at each, without a new browser context.
for (const group of groups)
  test.describe(group.name, () => {
    test.use(group.use);

    for (const { path } of group.routes) {
      test(`${path} is accessible and looks right at phone and desktop widths`, async ({
        page,
      }) => {
        for (const viewport of viewports) {
          await page.setViewportSize({ width: viewport.width, height: viewport.height });
          await page.goto(path);
          await expect(page).toHaveURL(new RegExp(`${landsWithoutDraft[path] ?? path}$`));
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

          expect(await seriousViolations(page), `at ${viewport.name} width`).toEqual([]);

          const name = path === '/' ? 'home' : path.slice(1).replace(/\W+/g, '-');
          await page.screenshot({
            path: `screenshots/${viewport.name}/${name}.png`,
            fullPage: true,
          });
        }
      });
    }
  });
