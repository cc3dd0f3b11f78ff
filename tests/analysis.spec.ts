// /UserAnalysis (issue 11): scans per day over the last 30 days and per code, from the short links
// of the user's dynamic codes, seeded into the Firestore emulator with the counts the redirect
// function writes.
import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { userWithCodes } from './support/saved-user';

const site = 'https://kemptoncodeworks.co.za';
const day = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const dayText = (daysAgo: number) =>
  new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day(daysAgo)}T00:00:00Z`),
  );

test('Analysis charts the last 30 days of scans and lists each dynamic code’s', async ({
  page,
}) => {
  await userWithCodes(page, [
    {
      id: 'flyer',
      name: 'Flyer',
      url: `${site}/flyer`,
      updatedAt: '2026-11-01T09:00:00Z',
      dynamic: { id: 'flyerLink12345', days: { [day(0)]: 3, [day(1)]: 1, [day(40)]: 2 } },
    },
    {
      id: 'poster',
      name: 'Poster',
      url: `${site}/poster`,
      updatedAt: '2026-11-02T09:00:00Z',
      dynamic: { id: 'posterLink1234', days: { [day(1)]: 1 } },
    },
    { id: 'static', name: 'Static sign', url: `${site}/sign`, updatedAt: '2026-11-03T09:00:00Z' },
  ]);
  await page.goto('/UserAnalysis');

  const chart = page.getByRole('region', { name: 'Scans in the last 30 days' });
  await expect(chart).toContainText('5 scans across 2 dynamic codes');
  await expect(chart.getByRole('img')).toHaveAccessibleName(
    `Scans per day over the last 30 days; the most, 3, on ${dayText(0)}.`,
  );
  await chart.getByText('Day by day').click();
  const yesterday = chart.getByRole('row', { name: new RegExp(`^${dayText(1)} `) });
  await expect(yesterday.getByRole('cell')).toHaveText('2');

  const perCode = page.getByRole('region', { name: 'Scans per code' });
  const rows = perCode.getByRole('row');
  // Most scanned first; the static code has no row.
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1).getByRole('rowheader')).toContainText('Flyer');
  await expect(rows.nth(1).getByRole('cell')).toHaveText(['4', '6']);
  await expect(rows.nth(2).getByRole('cell')).toHaveText(['1', '1']);
  await expect(perCode).not.toContainText('Static sign');
  expect(await seriousViolations(page)).toEqual([]);
});

test('Analysis says how to get figures when no code is dynamic', async ({ page }) => {
  await userWithCodes(page, []);
  await page.goto('/UserAnalysis');
  await expect(page.getByRole('heading', { level: 2, name: 'No dynamic codes yet' })).toBeVisible();
  await page.getByRole('link', { name: 'Create a QR code' }).click();
  await expect(page).toHaveURL(/\/QR_Type$/);
});
