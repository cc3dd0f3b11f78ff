// Every route at phone and desktop size: its title, canonical link and heading, an axe scan with
// no serious or critical violation, and (with `npm run screenshots`) a full-page screenshot in
// screenshots/ (git-ignored) for people to look at. One visit checks all of them, and a few
// routes share a story (below).
import { expect, test, type Page } from '@playwright/test';
import type { AppRoute } from '../src/app/routes';
import { seriousViolations } from './support/axe';
import { expectNoSidewaysScroll } from './support/layout';
import { landsWithoutDraft, routeGroups } from './support/signed-in';
import { keepScreenshot } from './support/screenshots';

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

/** A path to visit, with the title of its route (the unknown path has none of its own). */
type Visit = Pick<AppRoute, 'path'> & Partial<Pick<AppRoute, 'title'>>;

// The unknown path is visited as a visitor, with the open routes.
const groups: { name: string; routes: readonly Visit[]; use: object }[] = routeGroups.map(
  (group) =>
    group.name === 'open routes'
      ? { ...group, routes: [...group.routes, { path: '/no-such-page' }] }
      : group,
);

/**
 * Routes a story visits in turn, each a step: a browser context and the app's first load cost
 * about as much as a route's two visits do, so a few routes share them (every visit is still a
 * load of its own, at each width).
 */
const ROUTES_PER_STORY = 5;

/**
 * The route's own title, its canonical link (the path, without the query it was opened with) and
 * a heading, not the not-found page's; or, for a wizard step without a draft, the screen it sends
 * the person to.
 */
async function expectRouteItself(page: Page, { path, title }: Pick<AppRoute, 'path' | 'title'>) {
  const landing = landsWithoutDraft[path];
  if (landing) {
    await expect(page).toHaveURL(new RegExp(`${landing}$`));
    return;
  }
  await expect(page).toHaveURL(new RegExp(`${path}\\?from=test$`));
  await expect(page).toHaveTitle(title);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new URL(path, page.url()).href,
  );
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toHaveCount(0);
}

// One page visits each route at both widths: a fresh load at each, without a new browser context.
for (const group of groups)
  test.describe(group.name, () => {
    test.use(group.use);

    for (let first = 0; first < group.routes.length; first += ROUTES_PER_STORY) {
      const routes = group.routes.slice(first, first + ROUTES_PER_STORY);
      test(`${routes.map((route) => route.path).join(', ')}: each has its title, canonical link and heading, is accessible and looks right at phone and desktop widths`, async ({
        page,
      }) => {
        test.setTimeout(30_000 * routes.length); // two loads and two axe scans a route
        for (const route of routes) await test.step(route.path, () => visitBothWidths(page, route));
      });
    }
  });

async function visitBothWidths(page: Page, route: Visit) {
  const { path } = route;
  for (const [index, viewport] of viewports.entries()) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    // The first visit carries a query, which the canonical link must leave out.
    if (index === 0 && route.title) {
      await page.goto(`${path}?from=test`);
      await expectRouteItself(page, { path, title: route.title });
    } else {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${landsWithoutDraft[path] ?? path}$`));
    }
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    expect(await seriousViolations(page), `${path} at ${viewport.name} width`).toEqual([]);
    await expectNoSidewaysScroll(page, `${path} at ${viewport.name} width`);

    const name = path === '/' ? 'home' : path.slice(1).replace(/\W+/g, '-');
    await keepScreenshot(page, `${viewport.name}/${name}`, { fullPage: true });
  }
}
