// The history of printed codes through the real stack: an owner points a printed code somewhere
// else from My QR Codes, the links function (Functions emulator) appends the change to the
// workspace's history, and the history page shows it live, filters it by code and by person (the
// address keeping the filters), keeps the owner's choice of the notice email, fits a phone and
// downloads the changes it shows as CSV. Who gets the notice, and who may read or write what, are
// tested without a browser (tests/functions/notices.test.ts, tests/rules/notices.test.ts).
//
// One story, each part a step: an account, its sign-in and a code's edit through the wizard cost
// more than the page's checks do. The phone width is a step of it too (a fresh load at 390 px), not
// a second run in the phone project.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { seedFirestore } from '../scripts/serve/firestore-emulator.mjs';
import { historyEntryPath } from '../src/domain/records/history';
import { projectId } from './support/auth-emulator';
import { seriousViolations } from './support/axe';
import { expectNoSidewaysScroll } from './support/layout';
import { savedRow } from './support/my-codes';
import { userWithCodes } from './support/saved-user';
import { keepScreenshot } from './support/screenshots';
import { label } from './support/wizard';

const { emulators } = JSON.parse(
  readFileSync(new URL('../firebase.json', import.meta.url), 'utf8'),
) as { emulators: { firestore: { port: number } } };

/** `text` as a regular expression that matches it exactly. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('an owner changes where a printed code leads, then reads it in the history: filtered by code and person, kept in the address, on a phone, as CSV, with the notice email turned on', async ({
  page,
  baseURL,
}) => {
  // Sign-in, an edit through the wizard and the links function's answer, then the page four ways.
  test.setTimeout(90_000);
  const tag = crypto.randomUUID().slice(0, 8);
  const menuLink = `menu${tag}`;
  const user = await userWithCodes(page, [
    {
      id: 'menu',
      name: 'Lunch menu',
      url: 'https://example.co.za/menu',
      updatedAt: '2026-11-02T08:00:00Z',
      dynamic: { id: menuLink, days: {} },
    },
  ]);
  // An older change by a colleague, of a code since deleted: written as the links function writes
  // entries (past the rules, which let no client write one).
  const colleague = `thandi-${tag}`;
  await seedFirestore({
    port: emulators.firestore.port,
    projectId,
    documents: {
      [historyEntryPath(user.uid, `seeded-${tag}`)]: {
        code: 'poster',
        link: `poster${tag}`,
        by: colleague,
        byEmail: 'thandi@example.co.za',
        at: { $timestamp: '2026-11-20T08:05:00Z' },
        changes: ['target'],
        from: 'Leads to https://example.co.za/old-poster',
        to: 'Leads to https://example.co.za/poster',
      },
    },
  });

  await test.step('the owner points the printed menu somewhere else', async () => {
    await savedRow(page, 'Lunch menu').getByRole('button', { name: 'Edit' }).click();
    await page
      .getByLabel(label('websiteUrl'), { exact: true })
      .fill('https://example.co.za/dinner');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    // The save reaches Firestore, then the links function answers (its first call in a run starts
    // its worker in the emulator): seconds on a busy machine.
    await expect(savedRow(page, 'Lunch menu')).toContainText(
      'Leads to https://example.co.za/dinner',
      { timeout: 20_000 },
    );
  });

  const changes = page.getByRole('region', { name: 'Changes' });
  const rows = changes.locator('tbody').getByRole('row');
  const notice = page.getByRole('checkbox', {
    name: 'Email me when a printed code’s destination changes',
  });

  await test.step('the Users page leads to the history, which shows the change live, newest first', async () => {
    await page.goto('/UserUsers');
    await page.getByRole('link', { name: 'History of printed codes' }).click();
    await expect(page).toHaveURL(/\/UserHistory$/);
    await expect(page).toHaveTitle('History of printed codes');
    await expect(
      page.getByRole('heading', { level: 1, name: 'History of printed codes' }),
    ).toBeVisible();
    await expect(rows).toHaveCount(2);
    await expect(changes.getByRole('columnheader')).toHaveText([
      'When (South African time)',
      'Code',
      'What changed',
      'Who',
      'Where it led',
    ]);
    await expect(rows.nth(0).getByRole('rowheader')).toHaveText('Lunch menu');
    await expect(rows.nth(0).getByRole('cell')).toHaveText([
      /^\d{1,2} \w+ 20\d\d, \d\d:\d\d$/,
      'Now leads somewhere else',
      // "By" is shown on a phone only, where the columns have no headers.
      `By ${user.email}`,
      'Before: Leads to https://example.co.za/menu After: Leads to https://example.co.za/dinner',
    ]);
    // The colleague's code is gone: its short link names it.
    await expect(rows.nth(1).getByRole('rowheader')).toHaveText(`Short link poster${tag}`);
    await expect(rows.nth(1).getByRole('cell')).toHaveText([
      '20 November 2026, 10:05',
      'Now leads somewhere else',
      'By thandi@example.co.za',
      'Before: Leads to https://example.co.za/old-poster After: Leads to https://example.co.za/poster',
    ]);
    await expect(changes).toContainText('2 changes');
  });

  await test.step('the owner turns the notice email on', async () => {
    await expect(notice).not.toBeChecked();
    await expect(notice).toHaveAccessibleDescription(
      new RegExp(`^Sent to ${literal(user.email)}, `),
    );
    await notice.check();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toHaveText(
      `Saved. You will get an email at ${user.email} when someone else points a printed code somewhere new.`,
    );
    await expect(notice).toBeChecked();
  });

  await test.step('the filters keep one code’s or one person’s changes, and the address keeps them', async () => {
    await changes.getByLabel('Code').selectOption({ label: 'Lunch menu' });
    await expect(page).toHaveURL(/\/UserHistory\?code=menu$/);
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0).getByRole('rowheader')).toHaveText('Lunch menu');
    await expect(changes).toContainText('Showing 1 of 2 changes');

    await changes.getByLabel('Code').selectOption({ label: 'All codes' });
    await changes.getByLabel('Person').selectOption({ label: 'thandi@example.co.za' });
    await expect(page).toHaveURL(new RegExp(`/UserHistory\\?by=${colleague}$`));
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0).getByRole('rowheader')).toHaveText(`Short link poster${tag}`);
    expect(await seriousViolations(page)).toEqual([]);
    await changes.getByLabel('Person').selectOption({ label: 'Everyone' });
    await expect(rows).toHaveCount(2);
    await keepScreenshot(page, 'history-desktop', { fullPage: true });

    // Opened afresh with a code's filter (as a row of My QR Codes links to it), the page keeps it,
    // and the owner's choice of emails.
    await page.goto('/UserHistory?code=menu');
    await expect(changes.getByLabel('Code')).toHaveValue('menu');
    await expect(rows).toHaveCount(1);
    await expect(notice).toBeChecked();
  });

  await test.step('on a phone the changes read as a list, and download as CSV', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/UserHistory');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toBeVisible();
    await keepScreenshot(page, 'history-phone', { fullPage: true });
    await expectNoSidewaysScroll(page, 'the history at 390 px');
    // Each change is one block: its cells stacked, not side by side.
    const [when, code] = await Promise.all([
      rows.nth(0).getByRole('cell').first().boundingBox(),
      rows.nth(0).getByRole('rowheader').boundingBox(),
    ]);
    expect(code!.y).toBeGreaterThan(when!.y);
    // Scanned before the download: in the headless shell a page that has handed over a download
    // answers no more script (docs/testing.md).
    expect(await seriousViolations(page)).toEqual([]);

    await changes.getByLabel('Code').selectOption({ label: 'Lunch menu' });
    await expect(rows).toHaveCount(1);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      changes.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^history-of-printed-codes-\d{4}-\d\d-\d\d\.csv$/);
    const text = await readFile(await download.path(), 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(
      'when (UTC ISO 8601),when (South African time),code,short link,who,changes,from,to',
    );
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z,"\\d{1,2} \\w+ \\d{4}, \\d\\d:\\d\\d",${literal(
          `Lunch menu,${baseURL}/q/${menuLink},${user.email},Now leads somewhere else,Leads to https://example.co.za/menu,Leads to https://example.co.za/dinner`,
        )}$`,
      ),
    );
    expect(lines[2]).toBe('');
  });
});
