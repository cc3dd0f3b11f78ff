// The public viewer page a Link List or Apps code opens (`/v#<fragment>`), as a phone shows it
// after a scan: the links with the host each goes to, the two store buttons, a plain message for
// a damaged link, and the same offline once the site has been visited.
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import {
  encodeViewerFragment,
  viewerUrl,
  type ViewerContent,
} from '../src/domain/qr/viewer-fragment';
import { reassertOffline } from './support/offline';
import { serviceWorkerTest, untilControlled } from './support/service-worker';
import { keepScreenshot } from './support/screenshots';

const links = {
  kind: 'links',
  links: [
    'https://example.com/menu',
    'http://old.example.org/specials?day=friday&time=lunch',
    'https://shop.example.net/a/very/long/path/that/has/to/wrap/on/a/phone/screen/without/scrolling',
  ],
} as const satisfies ViewerContent;
const apps = {
  kind: 'apps',
  appStore: 'https://apps.apple.com/za/app/example/id123456789',
  googlePlay: 'https://play.google.com/store/apps/details?id=com.example.app',
} as const satisfies ViewerContent;

const main = (page: Page) => page.getByRole('main');

async function open(page: Page, baseURL: string | undefined, content: ViewerContent) {
  await page.goto(viewerUrl(content, baseURL ?? ''));
}

async function expectLinks(page: Page, expected: readonly string[]) {
  await expect(page.getByRole('heading', { level: 1, name: 'Links' })).toBeVisible();
  const list = main(page).getByRole('list').getByRole('link');
  await expect(list).toHaveCount(expected.length);
  for (const [index, link] of expected.entries()) {
    const item = list.nth(index);
    await expect(item).toHaveAttribute('href', link);
    await expect(item).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(item.locator('.viewer__host')).toHaveText(new URL(link).hostname);
    await expect(item).toContainText(link);
  }
}

async function expectNothingToShow(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Nothing to show' })).toBeVisible();
  await expect(main(page).getByText(/incomplete or damaged/)).toBeVisible();
  const only = main(page).getByRole('link');
  await expect(only).toHaveCount(1);
  await expect(only).toHaveAccessibleName('Go to the home page');
  await expect(only).toHaveAttribute('href', '/');
}

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

/** phone or desktop, from the project's viewport, for the screenshot folders. */
const sizeOf = (page: Page) => ((page.viewportSize()?.width ?? 0) < 600 ? 'phone' : 'desktop');

test('a scanned link list shows each link with the site it goes to @phone', async ({
  page,
  baseURL,
}) => {
  await open(page, baseURL, links);
  await expect(page).toHaveTitle('Links');
  await expectLinks(page, links.links);
  await expectAccessible(page);
  await keepScreenshot(page, `${sizeOf(page)}/viewer-links`, { fullPage: true });

  await main(page)
    .getByRole('link', { name: /example\.com/ })
    .first()
    .focus();
  await keepScreenshot(page, `${sizeOf(page)}/viewer-links-focus`);
});

test('a scanned apps code shows the two store buttons @phone', async ({ page, baseURL }) => {
  await open(page, baseURL, apps);
  await expect(page.getByRole('heading', { level: 1, name: 'Get the app' })).toBeVisible();
  const appStore = main(page).getByRole('link', { name: /Download on the App Store/ });
  const googlePlay = main(page).getByRole('link', { name: /Get it on Google Play/ });
  await expect(appStore).toHaveAttribute('href', apps.appStore);
  await expect(googlePlay).toHaveAttribute('href', apps.googlePlay);
  await expect(appStore).toContainText('apps.apple.com');
  await expect(googlePlay).toContainText('play.google.com');
  await expect(appStore).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(main(page).getByRole('link')).toHaveCount(2);
  await expectAccessible(page);
  await keepScreenshot(page, `${sizeOf(page)}/viewer-apps`, { fullPage: true });
});

test('a damaged or unsafe link shows nothing but the way home @phone', async ({
  page,
  baseURL,
}) => {
  for (const fragment of [
    'L!javascript:alert(1)',
    'L!example.com!javascript%3Aalert(1)',
    'L!https%3A%2F%2Fbank.example%40evil.example',
    'A!apps.apple.com/app',
    'X!example.com',
    'L!%E0%A4%A',
    'garbage',
    '',
  ]) {
    // A good list first, so each damaged one is seen to replace it.
    await page.goto(`${baseURL}/v#L!example.com`);
    await expectLinks(page, ['https://example.com']);
    await page.goto(`${baseURL}/v#${fragment}`);
    await expectNothingToShow(page);
  }
  await expectAccessible(page);
  await keepScreenshot(page, `${sizeOf(page)}/viewer-nothing`, { fullPage: true });

  await main(page).getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
});

test('changing the address fragment updates the page @phone', async ({ page, baseURL }) => {
  await page.goto(`${baseURL}/v#garbage`);
  await expectNothingToShow(page);

  const two = ['https://example.com/one', 'https://example.org/two'];
  await page.evaluate(
    (fragment) => (window.location.hash = fragment),
    encodeViewerFragment({ kind: 'links', links: two }),
  );
  await expectLinks(page, two);

  await page.evaluate(
    (fragment) => (window.location.hash = fragment),
    encodeViewerFragment({ kind: 'links', links: [two[1]] }),
  );
  await expectLinks(page, [two[1]]);

  await page.goBack();
  await expectLinks(page, two);
  await page.goBack();
  await expectNothingToShow(page);
});

serviceWorkerTest(
  'once the site has been visited, the viewer opens a new code offline @phone',
  async ({ page, context, baseURL }) => {
    await page.goto('/');
    await untilControlled(page);
    await context.setOffline(true);

    await open(page, baseURL, links);
    await expectLinks(page, links.links);
    await reassertOffline(context);
    await expect(page.getByRole('status').getByText('You are offline.')).toBeVisible();

    await open(page, baseURL, apps);
    await expect(page.getByRole('heading', { level: 1, name: 'Get the app' })).toBeVisible();
    await keepScreenshot(page, `${sizeOf(page)}/viewer-offline`, { fullPage: true });
  },
);
