// /UserAnalysis: the last 30 days of the user's dynamic codes (scans, unique visitors, requests
// filtered out), each code's figures, each code in detail, and a code's daily figures as a CSV
// file; seeded into the Firestore emulator with the counts the redirect function writes.
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { addDays, scanDay } from '../src/domain/qr/scan-time';
import { seriousViolations } from './support/axe';
import { userWithCodes, type SeededCode } from './support/saved-user';
import { expectNoSidewaysScroll } from './support/layout';
import { keepScreenshot } from './support/screenshots';

const site = 'https://kemptoncodeworks.co.za';
/** A phone's browser, as the redirect counts a scan (not a bot's). */
const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
/** A South African day, as the redirect files scans: today's, or `daysAgo` before it. */
const day = (daysAgo: number) => addDays(scanDay(new Date()), -daysAgo);
const dayText = (daysAgo: number) =>
  new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day(daysAgo)}T00:00:00Z`),
  );

/**
 * The seeded codes, with link ids of their own for each test: short links are shared by all
 * accounts (dynamic/{id}), and tests running at once must not take over each other's.
 */
const seeded = (tag: string): SeededCode[] => [
  {
    id: 'poster',
    name: 'Poster',
    url: `${site}/poster`,
    updatedAt: '2026-11-02T09:00:00Z',
    dynamic: { id: `poster${tag}`, days: { [day(1)]: { scans: 1, unique: 1, bots: 2 } } },
  },
  {
    id: 'flyer',
    name: 'Flyer',
    url: `${site}/flyer`,
    updatedAt: '2026-11-01T09:00:00Z',
    dynamic: {
      id: `flyer${tag}`,
      days: {
        [day(0)]: {
          scans: 3,
          unique: 2,
          qr: 2,
          clicks: 1,
          bots: 4,
          heads: 1,
          devices: { phone: 2, computer: 1 },
          os: { android: 1, ios: 1, windows: 1 },
          hours: { '08': 2, '13': 1 },
        },
        [day(1)]: {
          scans: 1,
          unique: 1,
          qr: 1,
          devices: { tablet: 1 },
          os: { ios: 1 },
          hours: { '08': 1 },
        },
        // Outside the 30 days: only in the figures of all time and the CSV file.
        [day(40)]: 2,
      },
    },
  },
  { id: 'static', name: 'Static sign', url: `${site}/sign`, updatedAt: '2026-11-03T09:00:00Z' },
];

/** The value shown under a figure's name in a list of figures. */
const figure = (scope: Locator, name: string) =>
  scope.getByRole('term').filter({ hasText: name }).locator('+ dd');

/** The cells of each body row of `table`, as their texts. */
const bodyRows = (table: Locator) =>
  table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.children].map((cell) => cell.textContent?.trim())),
    );

/** A user with the seeded codes (and `more`), on /UserAnalysis; the tag of their links' ids. */
async function openAnalysis(page: Page, more: (tag: string) => SeededCode[] = () => []) {
  const tag = crypto.randomUUID().slice(0, 8);
  await userWithCodes(page, [...seeded(tag), ...more(tag)], { at: '/UserAnalysis' });
  return tag;
}

// One account's seeded figures, read three ways, each a step (an account, its sign-in and a first
// load of the app cost a story more than a reading does); each step opens the page afresh.
test('Analysis of seeded figures: the last 30 days summed, where scans came from, a day-by-day CSV, and scans by country', async ({
  page,
}) => {
  const tag = await openAnalysis(page);

  await test.step('Analysis sums the last 30 days of scans, unique visitors and filtered requests, and lists each dynamic code’s', async () => {
    const summary = page.getByRole('region', { name: 'Scans in the last 30 days' });
    await expect(summary).toContainText('5 scans across 2 dynamic codes');
    await expect(figure(summary, 'Scans')).toHaveText('5');
    await expect(figure(summary, 'Unique visitors')).toHaveText('4');
    await expect(figure(summary, 'Filtered requests')).toHaveText('7');
    await expect(summary).toContainText('someone who scans on three days counts three times');
    await expect(summary).toContainText(
      'Link previews and crawlers, such as WhatsApp or Slack fetching a preview',
    );
    await expect(summary.getByRole('img')).toHaveAccessibleName(
      `Scans per day over the last 30 days; the most, 3, on ${dayText(0)}.`,
    );
    await summary.getByText('Day by day').click();
    const days = summary.getByRole('table', { name: /per day/ });
    await expect(days.getByRole('columnheader')).toHaveText(['Day', 'Scans', 'Unique']);
    await expect(
      days.getByRole('row', { name: new RegExp(`^${dayText(1)} `) }).getByRole('cell'),
    ).toHaveText(['2', '2']);
    await expect(
      days.getByRole('row', { name: new RegExp(`^${dayText(0)} `) }).getByRole('cell'),
    ).toHaveText(['3', '2']);

    const perCode = page.getByRole('region', { name: 'Scans per code' });
    await expect(perCode.getByRole('columnheader')).toHaveText([
      'Code',
      'Last 30 days',
      'All time',
      'Scans',
      'Unique',
      'Scans',
    ]);
    const rows = perCode.locator('tbody').getByRole('row');
    // Most scanned first; the static code has no row.
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).getByRole('rowheader')).toContainText('Flyer');
    await expect(rows.nth(0).getByRole('rowheader')).toContainText(`/q/flyer${tag}`);
    await expect(rows.nth(0).getByRole('cell')).toHaveText(['4', '3', '6']);
    await expect(rows.nth(1).getByRole('rowheader')).toContainText('Poster');
    await expect(rows.nth(1).getByRole('cell')).toHaveText(['1', '1', '1']);
    await expect(page.getByRole('main')).not.toContainText('Static sign');

    const method = page.getByRole('region', { name: 'How these figures are made' });
    await expect(method).toContainText('South African time');
    await expect(method).toContainText('no IP address');
    expect(await seriousViolations(page)).toEqual([]);
  });

  await test.step('Analysis shows where a code’s scans came from: printed or link, device, system, hour', async () => {
    await page.goto('/UserAnalysis');
    const details = page.getByRole('region', { name: 'Each code in detail' });
    const flyer = details.getByRole('group', { name: 'Flyer' });
    await expect(flyer).toContainText('4 scans in 30 days');
    await expect(flyer.getByRole('table')).toHaveCount(0);
    await flyer.getByText('Flyer', { exact: true }).click();

    const source = flyer.getByRole('table', { name: 'Printed code or copied link' });
    expect(await bodyRows(source)).toEqual([
      ['Printed code (scanned)', '3', '75%'],
      ['Copied link (opened)', '1', '25%'],
    ]);
    const devices = flyer.getByRole('table', { name: 'By device' });
    await expect(devices.getByRole('columnheader')).toHaveText(['Device', 'Scans', 'Share']);
    expect(await bodyRows(devices)).toEqual([
      ['Phone', '2', '50%'],
      ['Tablet', '1', '25%'],
      ['Computer', '1', '25%'],
      ['Other or unknown', '0', '0%'],
    ]);
    const systems = flyer.getByRole('table', { name: 'By operating system' });
    await expect(
      systems.getByRole('row', { name: /^iOS and iPadOS / }).getByRole('cell'),
    ).toHaveText(['2', '50%']);
    await expect(systems.getByRole('row')).toHaveCount(8);

    const hours = flyer.getByRole('figure', { name: 'By hour of day (South African time)' });
    await expect(hours.getByRole('listitem')).toHaveCount(24);
    await expect(hours.getByRole('listitem').nth(8)).toHaveText('08:00 to 09:00: 3 scans');
    await expect(hours.getByRole('listitem').nth(13)).toHaveText('13:00 to 14:00: 1 scan');
    await expect(hours.getByRole('listitem').nth(0)).toHaveText('00:00 to 01:00: 0 scans');
    await expect(hours).toContainText('Busiest: 08:00 to 09:00, 3 scans.');

    // The other code opens on its own, with its own figures.
    const poster = details.getByRole('group', { name: 'Poster' });
    await poster.getByText('Poster', { exact: true }).click();
    // Its scans were counted without these splits: the tables say so rather than show 0% each.
    await expect(poster.getByRole('table', { name: 'By device' })).toContainText(
      'Not recorded for these scans.',
    );
    await expect(poster).toContainText('No hours were recorded for these scans.');
    expect(await seriousViolations(page)).toEqual([]);
  });

  await test.step('a code’s daily figures download as a CSV file, every day from its first to today', async () => {
    await page.goto('/UserAnalysis');
    const flyer = page.getByRole('group', { name: 'Flyer' });
    await flyer.getByText('Flyer', { exact: true }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      flyer.getByRole('button', { name: 'Download daily figures (CSV) of Flyer' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`scans-flyer-flyer${tag}.csv`);
    const text = await readFile(await download.path(), 'utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = text
      .split('\r\n')
      .slice(0, -1)
      .map((line) => line.split(','));
    expect(header).toEqual([
      'date',
      'scans',
      'unique visitors',
      'printed code',
      'copied link',
      'filtered (bots)',
      'filtered (HEAD)',
      'phone',
      'tablet',
      'computer',
      'other device',
      'Android',
      'iOS and iPadOS',
      'Windows',
      'macOS',
      'Linux',
      'ChromeOS',
      'other system',
    ]);
    // 41 days, oldest first; the days without scans in between as zeros.
    expect(rows.map(([date]) => date)).toEqual(
      Array.from({ length: 41 }, (_, index) => day(40 - index)),
    );
    const byDate = new Map(rows.map(([date, ...figures]) => [date, figures.map(Number)]));
    expect(byDate.get(day(40))).toEqual([2, ...Array(16).fill(0)]);
    expect(byDate.get(day(20))).toEqual(Array(17).fill(0));
    expect(byDate.get(day(1))).toEqual([1, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0]);
    expect(byDate.get(day(0))).toEqual([3, 2, 2, 1, 4, 1, 2, 0, 1, 0, 1, 1, 1, 0, 0, 0, 0]);
  });

  await test.step('scans from test addresses are counted by country, the few from elsewhere as other places', async () => {
    // Six phones in South Africa and one in Britain scan the printed flyer, each from its own
    // address as the platform would append it (the emulators append none of their own).
    const from = [...Array.from({ length: 6 }, (_, n) => `41.0.0.${n + 1}`), '81.2.69.160'];
    for (const [n, address] of from.entries()) {
      const scan = await page.request.get(`/q/flyer${tag}?qr=1`, {
        maxRedirects: 0,
        headers: { 'X-Forwarded-For': address, 'User-Agent': `${PHONE_AGENT} Test/${n}` },
      });
      expect(scan.status()).toBe(302);
    }
    await page.goto('/UserAnalysis');
    const places = page
      .getByRole('region', { name: 'Scans in the last 30 days' })
      .getByRole('table', { name: 'By country' });
    await expect(places.getByRole('columnheader')).toHaveText(['Country', 'Scans', 'Share']);
    await expect
      .poll(() => bodyRows(places), { timeout: 15_000 })
      .toEqual([
        ['South Africa', '6', '86%'],
        ['Other places (each under 5 scans a day)', '1', '14%'],
      ]);
    expect(await seriousViolations(page)).toEqual([]);
    await places.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'analysis-countries-desktop');
  });
});

test('Analysis fits a phone’s width, with a long name, large numbers and its details opened @phone', async ({
  page,
}) => {
  const name = 'Shop window poster on Voortrekker Road, Kempton Park (large)';
  await openAnalysis(page, (tag) => [
    {
      id: 'window',
      name,
      url: `${site}/window`,
      updatedAt: '2026-11-04T09:00:00Z',
      dynamic: { id: `window${tag}`, days: { [day(2)]: 123_456, [day(200)]: 999_999 } },
    },
  ]);
  await expect(page.getByRole('region', { name: 'Scans per code' })).toContainText(
    '1\u00a0123\u00a0455',
  );
  const flyer = page.getByRole('group', { name: 'Flyer' });
  await flyer.getByText('Flyer', { exact: true }).click();
  await page.getByRole('group', { name }).getByText(name, { exact: true }).click();
  await page
    .getByRole('region', { name: 'Scans in the last 30 days' })
    .getByText('Day by day')
    .click();
  await expect(flyer.getByRole('table', { name: 'By operating system' })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('Analysis says how to get figures when no code is dynamic', async ({ page }) => {
  await userWithCodes(page, [], { at: '/UserAnalysis' });
  await expect(page.getByRole('heading', { level: 2, name: 'No dynamic codes yet' })).toBeVisible();
  await page.getByRole('link', { name: 'Create a QR code' }).click();
  await expect(page).toHaveURL(/\/QR_Type$/);
});
