// A business's printed code in the hands of a team, through the whole stack and two browsers: the
// owner at a desk (1280 px), the colleague on a phone (390 px). The owner invites the colleague as
// an editor by email (the invite read from MailDev); the editor joins and points the printed menu
// somewhere else; the owner reads the change in the history (filtered by code and by person, kept
// in the address, as CSV) and gets the notice email asked for there. Then the owner makes the
// editor a viewer while the editor's phone is offline with a change waiting: back online, the
// server refuses it and the phone keeps it and lists it, rather than losing it. Last, the owner
// removes the viewer, and the phone lets go of the team's codes, its device copy included.
//
// One story, each part a step: the team's state is built by the parts before (who is a member, in
// which role, what is pending), and two accounts, their sign-ins and the wizard's edits cost more
// than the checks. Who may do what is tried without a browser, for every role
// (tests/rules/team.test.ts, tests/functions/team.test.ts, workspace.test.ts, notices.test.ts).
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { seedFirestore } from '../scripts/serve/firestore-emulator.mjs';
import { historyEntryPath } from '../src/domain/records/history';
import { createUser, projectId, uniqueEmail } from './support/auth-emulator';
import { seriousViolations } from './support/axe';
import { firestoreRecordsWith } from './support/device-copy';
import { expectNoSidewaysScroll } from './support/layout';
import { emailsTo } from './support/mail-catcher';
import { savedRow } from './support/my-codes';
import { userWithCodes } from './support/saved-user';
import { keepScreenshot } from './support/screenshots';
import { label } from './support/wizard';

const { emulators } = JSON.parse(
  readFileSync(new URL('../firebase.json', import.meta.url), 'utf8'),
) as { emulators: { firestore: { port: number } } };

/** `text` as a regular expression that matches it exactly. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Edit → the content step → Next, Next → the last step, with the menu's address changed. */
async function pointMenuTo(page: Page, address: string) {
  await savedRow(page, 'Lunch menu').getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel(label('websiteUrl'), { exact: true }).fill(address);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}

test('a team on a printed code: an owner invites an editor, who repoints it; the owner reads the history and gets the notice; a demoted editor’s offline change is kept, not lost; a removed member’s phone lets go of the codes', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two accounts, four trips through the wizard or the Users page, the links function's answers.
  test.setTimeout(240_000);
  const tag = crypto.randomUUID().slice(0, 8);
  const menuLink = `menu${tag}`;
  const owner = await userWithCodes(
    page,
    [
      {
        id: 'menu',
        name: 'Lunch menu',
        url: 'https://example.co.za/menu',
        updatedAt: '2026-11-02T08:00:00Z',
        dynamic: { id: menuLink, days: {} },
      },
    ],
    { at: '/UserUsers' },
  );
  // An older change by a colleague who has since left, of a code since deleted: written as the
  // links function writes entries (past the rules, which let no client write one).
  const colleague = `thandi-${tag}`;
  await seedFirestore({
    port: emulators.firestore.port,
    projectId,
    documents: {
      [historyEntryPath(owner.uid, `seeded-${tag}`)]: {
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
  const editor = await createUser({
    email: uniqueEmail('editor'),
    password: 'Editor-pass-1',
    emailVerified: true,
  });
  const phoneContext = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  });
  const phone = await phoneContext.newPage();
  const people = page.getByRole('region', { name: 'People' });
  const changes = page.getByRole('region', { name: 'Changes' });
  const rows = changes.locator('tbody').getByRole('row');
  const notice = page.getByRole('checkbox', {
    name: 'Email me when a printed code’s destination changes',
  });
  const workspace = phone.getByLabel('Workspace');

  await test.step('the owner asks to be emailed when a printed code is pointed somewhere new', async () => {
    await page.getByRole('link', { name: 'History of printed codes' }).click();
    await expect(page).toHaveURL(/\/UserHistory$/);
    await expect(page).toHaveTitle('History of printed codes');
    await expect(
      page.getByRole('heading', { level: 1, name: 'History of printed codes' }),
    ).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(notice).not.toBeChecked();
    await expect(notice).toHaveAccessibleDescription(
      new RegExp(`^Sent to ${literal(owner.email)}, `),
    );
    await notice.check();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toHaveText(
      `Saved. You will get an email at ${owner.email} when someone else points a printed code somewhere new.`,
    );
  });

  let joinLink = '';
  await test.step('the owner invites the editor by email', async () => {
    await page.goto('/UserUsers');
    const invite = page.getByRole('region', { name: 'Invite someone' });
    await invite.getByLabel('Email address').fill(editor.email);
    await invite.getByLabel('Role', { exact: true }).selectOption('editor');
    await invite.getByRole('button', { name: 'Send invite' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Invite sent' })).toHaveText(
      `Invite sent to ${editor.email}.`,
      { timeout: 20_000 },
    );
    await expect.poll(async () => (await emailsTo(editor.email)).length).toBe(1);
    const [mail] = await emailsTo(editor.email);
    joinLink = /https?:\/\/\S+\/JoinTeam#[A-Za-z0-9_-]{43}/.exec(mail.text)![0];
  });

  await test.step('the editor opens the link on a phone, signs in and joins: the team’s codes open', async () => {
    const { pathname, hash } = new URL(joinLink);
    await phone.goto(pathname + hash);
    await expect(phone).toHaveURL(/\/Login$/);
    await phone.getByLabel('Email').fill(editor.email);
    await phone.getByLabel('Password', { exact: true }).fill(editor.password);
    await phone.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(phone).toHaveURL(/\/JoinTeam#/);
    await expect(
      phone.getByText(`Joining lets its owners see your email address (${editor.email})`),
    ).toBeVisible();
    expect(await seriousViolations(phone)).toEqual([]);
    await expectNoSidewaysScroll(phone, 'the join page at 390 px');
    await phone.getByRole('button', { name: 'Join the team' }).click();
    await expect(phone.getByRole('status').filter({ hasText: 'You joined' })).toHaveText(
      'You joined as an editor.',
      { timeout: 20_000 },
    );
    await phone.getByRole('button', { name: 'Open the team’s codes' }).click();
    await expect(workspace).toHaveValue(owner.uid);
    await expect(savedRow(phone, 'Lunch menu')).toContainText(
      `Made and last changed by ${owner.email}`,
    );
    // The owner sees the new member.
    await expect(
      people.getByRole('row', { name: new RegExp(literal(editor.email)) }),
    ).toBeVisible();
  });

  await test.step('the editor points the printed menu somewhere else', async () => {
    await pointMenuTo(phone, 'https://example.co.za/dinner');
    await phone.getByRole('button', { name: 'Save changes' }).click();
    await expect(phone).toHaveURL(/\/QR_Dashboard$/);
    // The write reaches Firestore, then the links function answers: seconds on a busy machine.
    await expect(savedRow(phone, 'Lunch menu')).toContainText(
      'Leads to https://example.co.za/dinner',
      { timeout: 20_000 },
    );
    await expect(savedRow(phone, 'Lunch menu')).toContainText(
      `Made by ${owner.email} · changed last by you`,
    );
  });

  await test.step('the owner gets the notice email, and reads the change in the history', async () => {
    await expect
      .poll(async () => (await emailsTo(owner.email)).map((mail) => mail.subject))
      .toContain('“Lunch menu” now leads somewhere else');
    const mail = (await emailsTo(owner.email)).find((one) => one.subject.includes('Lunch menu'))!;
    expect(mail.text).toContain('Before: Leads to https://example.co.za/menu');
    expect(mail.text).toContain('Now: Leads to https://example.co.za/dinner');
    expect(mail.text).toContain(`Changed by ${editor.email} on `);
    expect(mail.text).toContain(`${baseURL}/UserHistory?code=menu`);

    // From the code's own row, as the owner would follow it.
    await page.goto('/UserQRCodes');
    await savedRow(page, 'Lunch menu')
      .getByRole('link', { name: 'History of its changes' })
      .click();
    await expect(page).toHaveURL(/\/UserHistory\?code=menu$/);
    // Opened afresh with the filter in its address, the page keeps it, and the owner's choice.
    await page.reload();
    await expect(changes.getByLabel('Code')).toHaveValue('menu');
    await expect(rows).toHaveCount(1);
    await expect(notice).toBeChecked();
    await changes.getByLabel('Code').selectOption({ label: 'All codes' });
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
      `By ${editor.email}`,
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

    await changes.getByLabel('Person').selectOption({ label: 'thandi@example.co.za' });
    await expect(page).toHaveURL(new RegExp(`/UserHistory\\?by=${colleague}$`));
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0).getByRole('rowheader')).toHaveText(`Short link poster${tag}`);
    await expect(changes).toContainText('Showing 1 of 2 changes');
    expect(await seriousViolations(page)).toEqual([]);
    await changes.getByLabel('Person').selectOption({ label: 'Everyone' });
    await expect(rows).toHaveCount(2);
    await keepScreenshot(page, 'history-desktop', { fullPage: true });
  });

  await test.step('the history on a phone reads as a list, and downloads as CSV', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/UserHistory');
    await expect(rows).toHaveCount(2);
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
    await expect(page).toHaveURL(/\/UserHistory\?code=menu$/);
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
          `Lunch menu,${baseURL}/q/${menuLink},${editor.email},Now leads somewhere else,Leads to https://example.co.za/menu,Leads to https://example.co.za/dinner`,
        )}$`,
      ),
    );
    expect(lines[2]).toBe('');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('made a viewer while offline with a change waiting, the editor’s change is refused and kept', async () => {
    await pointMenuTo(phone, 'https://example.co.za/supper');
    await phoneContext.setOffline(true);
    await phone.getByRole('button', { name: 'Save changes' }).click();
    await expect(phone).toHaveURL(/\/QR_Dashboard$/);
    await expect(savedRow(phone, 'Lunch menu')).toContainText('Waiting to sync');

    await page.goto('/UserUsers');
    await people.getByLabel(`Role of ${editor.email}`).selectOption('viewer');
    await expect(people.getByLabel(`Role of ${editor.email}`)).toHaveValue('viewer');

    await phoneContext.setOffline(false);
    const refused = phone.getByRole('region', { name: 'These changes could not be saved' });
    await expect(refused).toBeVisible({ timeout: 30_000 });
    await expect(refused.getByRole('listitem')).toHaveCount(1);
    await expect(refused.getByRole('listitem')).toContainText(
      `Changes to “Lunch menu” in ${owner.email}`,
    );
    await expect(refused.getByRole('listitem')).toContainText(
      `could not be saved: you are now a viewer of ${owner.email}, who may not change its codes.`,
    );
    // The server's copy stands, and the phone shows it; a viewer is offered no change.
    await expect(savedRow(phone, 'Lunch menu')).toContainText(
      'Leads to https://example.co.za/dinner',
    );
    await expect(savedRow(phone, 'Lunch menu').getByRole('button', { name: 'Edit' })).toHaveCount(
      0,
    );
    await expect(
      phone.getByText(
        `Your role in ${owner.email} (Viewer) lets you see and download its codes, not change them.`,
      ),
    ).toBeVisible();
    expect(await seriousViolations(phone)).toEqual([]);
    await expectNoSidewaysScroll(phone, 'My QR Codes with a refused change at 390 px');
    await keepScreenshot(phone, 'refused-change-phone', { fullPage: true });
    // What was typed is there to keep.
    const [kept] = await Promise.all([
      phone.waitForEvent('download'),
      refused.getByRole('button', { name: 'Download' }).click(),
    ]);
    const json = JSON.parse(await readFile(await kept.path(), 'utf8')) as {
      code: string;
      fields: { content: { text: { websiteUrl: string } } };
    };
    expect(json.code).toBe('Lunch menu');
    expect(json.fields.content.text.websiteUrl).toBe('https://example.co.za/supper');
  });

  await test.step('removed from the team, the phone lets go of its codes, its device copy too', async () => {
    // A fresh page: the one that handed over a download answers no more script in the shell.
    await phone.close();
    const again = await phoneContext.newPage();
    await again.goto('/UserQRCodes');
    await expect(savedRow(again, 'Lunch menu')).toBeVisible({ timeout: 20_000 });
    expect(await firestoreRecordsWith(again, 'example.co.za/dinner')).not.toEqual([]);

    await page.goto('/UserUsers');
    await people.getByRole('button', { name: `Remove ${editor.email}` }).click();
    await expect(people.getByRole('row', { name: new RegExp(literal(editor.email)) })).toHaveCount(
      0,
    );

    await expect(again.getByRole('alert')).toContainText(
      `You are no longer a member of ${owner.email}: its codes are not shown on this device any more, and this device's copy of them has been deleted.`,
      { timeout: 20_000 },
    );
    await expect(again.getByRole('heading', { name: 'You have no QR codes yet' })).toBeVisible();
    await expect(savedRow(again, 'Lunch menu')).toHaveCount(0);
    await expect.poll(() => firestoreRecordsWith(again, 'example.co.za/dinner')).toEqual([]);
    // The refused change stays for its person, saying why now.
    await expect(
      again.getByRole('region', { name: 'These changes could not be saved' }),
    ).toContainText(`you are no longer a member of ${owner.email}`);
    expect(await seriousViolations(again)).toEqual([]);
    await keepScreenshot(again, 'removed-member-phone', { fullPage: true });
  });
  await phoneContext.close();
});
