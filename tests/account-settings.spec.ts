// /UserAccount: a user changes their name, password and email address, signs out their other
// devices, downloads their data (with their team's) and deletes their account (as the last owner
// of a workspace with a member only once that member is an owner, who then keeps it), against the
// Auth and Firestore emulators and the `account` function in the Functions emulator. Every test
// has an account of its own (never the shared demo user: these change or delete it).
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { seedFirestore } from '../scripts/serve/firestore-emulator.mjs';
import {
  ACCOUNT_DELETED_MESSAGE,
  ACCOUNT_DELETED_WORKSPACE_KEPT,
  MEMBERSHIPS_ENDED,
} from '../src/domain/account-api';
import { lastOwnerMessage } from '../src/domain/account-deletion';
import { scanDay } from '../src/domain/qr/scan-time';
import { seriousViolations } from './support/axe';
import {
  createUser,
  getUser,
  oobCodes,
  projectId,
  signIn,
  uniqueEmail,
  type TestUser,
} from './support/auth-emulator';
import { logIn, seedCodes, type SeededCode } from './support/saved-user';
import { accountPath } from '../src/domain/records/accounts';
import { codePath } from '../src/domain/records/codes';
import { historyEntryPath, historyFields } from '../src/domain/records/history';
import { inviteFields, invitePath } from '../src/domain/records/invites';
import { memberFields, memberPath } from '../src/domain/records/members';
import type { RoleId } from '../src/domain/team';
import { chunkPath, filePath } from '../src/domain/records/files';
import { linkPasswordPath } from '../src/domain/records/links';
import { mailCounterPath } from '../src/domain/records/mail';
import { orderPath } from '../src/domain/records/orders';
import { visitorPath } from '../src/domain/records/visitors';
import { weeklyStopPath } from '../src/domain/records/notices';
import { WEEKLY_NOTICE_LABEL, WEEKLY_STOP_PATH } from '../src/domain/weekly-summary';

const firestoreOrigin = 'http://127.0.0.1:8181';

async function newUser(prefix: string, displayName = 'Thandi Builder'): Promise<TestUser> {
  return createUser({
    email: uniqueEmail(prefix),
    password: 'Account-pass-1',
    displayName,
    emailVerified: true,
  });
}

/** Signs `user` in and opens the account page, its settings loaded. */
async function openAccount(page: Page, user: TestUser) {
  await logIn(page, user, { at: '/UserAccount' });
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your name' })).toBeVisible();
}

const today = scanDay(new Date());

/** Two codes, one of them dynamic with its short link (an id of this test's own) and figures. */
const codesOf = (tag: string): SeededCode[] => [
  {
    id: 'window',
    name: 'Shop window',
    url: 'https://kemptoncodeworks.co.za/',
    updatedAt: '2026-11-18T14:40:00Z',
    dynamic: { id: `Acct${tag}`, days: { '2026-11-20': 4, [today]: 2 } },
  },
  {
    id: 'menu',
    name: 'Lunch menu, "specials"',
    url: 'https://kemptoncodeworks.co.za/menu',
    updatedAt: '2026-11-17T09:00:00Z',
  },
];

const tagOf = () => `${test.info().workerIndex}${Date.now().toString(36)}`;

test('a user changes their name, and their profile greets them by it', async ({ page }) => {
  const user = await newUser('name', 'Old Name');
  await openAccount(page, user);
  const section = page.getByRole('region', { name: 'Your name' });
  await expect(section.getByLabel('Name')).toHaveValue('Old Name');
  await section.getByLabel('Name').fill('Nomsa Dlamini');
  await section.getByRole('button', { name: 'Save name' }).click();
  await expect(section.getByRole('status')).toHaveText(
    'Saved. Your profile now greets you as Nomsa Dlamini.',
  );
  expect((await getUser(user.email))?.displayName).toBe('Nomsa Dlamini');
  await page.goto('/Profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Nomsa Dlamini' })).toBeVisible();
});

test('a user changes their password, then signs in with the new one', async ({ page }) => {
  const user = await newUser('password');
  await openAccount(page, user);
  const section = page.getByRole('region', { name: 'Password' });
  const current = section.getByLabel('Current password');
  const fresh = section.getByLabel('New password', { exact: true });
  const confirm = section.getByLabel('Confirm new password');

  // A wrong current password: said beside it, and nothing typed is lost.
  await current.fill('Not-my-password-9');
  await fresh.fill('Brand-new-pass-2');
  await confirm.fill('Brand-new-pass-2');
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(current).toHaveAccessibleDescription('That is not your current password.');
  await expect(fresh).toHaveValue('Brand-new-pass-2');
  await expect(confirm).toHaveValue('Brand-new-pass-2');

  await current.fill(user.password);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByRole('status')).toContainText('Your password has been changed.');
  await expect(current).toHaveValue('');
  await expect(fresh).toHaveValue('');

  await expect(signIn(user.email, user.password)).rejects.toThrow();
  await signIn(user.email, 'Brand-new-pass-2');
  // And through the login page, as a person would.
  await page.goto('/Profile');
  await page.getByRole('button', { name: 'Logout' }).click();
  await logIn(page, { ...user, password: 'Brand-new-pass-2' });
  await page.goto('/Profile');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Hello, Thandi Builder' }),
  ).toBeVisible();
});

test('changing the email address sends a link to the new one, which changes it', async ({
  page,
}) => {
  const user = await newUser('email');
  const newAddress = uniqueEmail('moved');
  await openAccount(page, user);
  const section = page.getByRole('region', { name: 'Email address' });
  await expect(section).toContainText(`${user.email}: verified`);
  await section.getByLabel('New email address').fill(newAddress);
  await section.getByLabel('Current password').fill(user.password);
  await section.getByRole('button', { name: 'Change email address' }).click();
  await expect(section.getByRole('status')).toContainText(
    `We sent a link to ${newAddress}. Your address changes to it once you open that link`,
  );

  // The emulator files the email under the account's address, with the new one it goes to.
  const [mail] = (await oobCodes(user.email)).filter(
    (code) => code.requestType === 'VERIFY_AND_CHANGE_EMAIL',
  );
  expect(mail).toMatchObject({ newEmail: newAddress });
  // Until the link is opened, the account keeps its address.
  expect((await getUser(user.email))?.localId).toBe(user.uid);
  const opened = await fetch(mail.oobLink, { redirect: 'manual' });
  expect(opened.status).toBeLessThan(400);
  expect((await getUser(newAddress))?.localId).toBe(user.uid);
  expect(await getUser(user.email)).toBeUndefined();
  await signIn(newAddress, user.password);
});

test('signing out other devices ends the other browser’s session, not this one', async ({
  page,
  browser,
}) => {
  const user = await newUser('devices');
  const otherContext = await browser.newContext({ serviceWorkers: 'block' });
  const other = await otherContext.newPage();
  await openAccount(other, user);
  // This device signs in after the other (the Auth service counts sign-ins to the second).
  await openAccount(page, user);

  const section = page.getByRole('region', { name: 'Signed-in devices' });
  await section.getByLabel('Current password').fill(user.password);
  await section.getByRole('button', { name: 'Sign out other devices' }).click();
  // The account function's answer: its first call through the Functions emulator starts a worker.
  await expect(section.getByRole('status')).toContainText('Every other device is signed out', {
    timeout: 20_000,
  });

  // The other browser finds its session ended as soon as it opens the site again.
  await other.reload();
  await expect(other).toHaveURL(/\/Login$/);
  await expect(other.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  // This one is still signed in.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your name' })).toBeVisible();
  await expect(page).toHaveURL(/\/UserAccount$/);
  await otherContext.close();
});

/** A member of `workspace` as the team function stores them, joined on 2 November. */
const memberOf = (workspace: string, uid: string, email: string, role: RoleId, name: string) =>
  memberFields(workspace, uid, role, email, { $timestamp: '2026-11-02T08:00:00Z' }, false, name);

test('a user with a team downloads their data with its memberships and people; as the last owner they are told to make a member an owner first, and once one is, their workspace stays with them', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const tag = tagOf();
  const user = await newUser('download');
  await seedCodes(user.uid, codesOf(tag));
  // An editor in the user's workspace, an invite pending, a change in its history; and the user a
  // viewer of a café's team.
  const colleague = `colleague${tag}`;
  const cafe = `cafe${tag}`;
  const now = Date.now();
  await seedFirestore({
    port: 8181,
    projectId,
    documents: {
      [memberPath(user.uid, colleague)]: memberOf(
        user.uid,
        colleague,
        `${colleague}@example.co.za`,
        'editor',
        user.email,
      ),
      [memberPath(cafe, user.uid)]: memberOf(
        cafe,
        user.uid,
        user.email,
        'viewer',
        'owner@cafe.example',
      ),
      [invitePath(`invite${tag}`)]: inviteFields(
        { workspace: user.uid, email: 'new@example.co.za', role: 'viewer', invitedBy: user.uid },
        { $timestamp: new Date(now).toISOString() },
        { $timestamp: new Date(now + 86_400_000).toISOString() },
      ),
      [historyEntryPath(user.uid, `change${tag}`)]: historyFields(
        {
          code: 'window',
          link: `Acct${tag}`,
          by: { uid: colleague, email: `${colleague}@example.co.za` },
          changes: ['target'],
          from: { kind: 'redirect', target: 'https://kemptoncodeworks.co.za/old' },
          to: { kind: 'redirect', target: 'https://kemptoncodeworks.co.za/' },
        },
        { $timestamp: '2026-11-19T10:00:00Z' },
      ),
    },
  });
  await openAccount(page, user);
  const data = page.getByRole('region', { name: 'Your data' });
  const fileName = new RegExp(`^kempton-qr-data-${today}\\.(json|csv)$`);

  const [json] = await Promise.all([
    page.waitForEvent('download'),
    data.getByRole('button', { name: 'Download my data (JSON)' }).click(),
  ]);
  expect(json.suggestedFilename()).toMatch(fileName);
  expect(json.suggestedFilename().endsWith('.json')).toBe(true);
  const jsonText = await readFile(await json.path(), 'utf8');
  const exported = JSON.parse(jsonText) as {
    account: { uid: string; email: string; displayName: string };
    memberships: unknown[];
    workspace: { members: unknown[]; pendingInvites: unknown[]; history: unknown[] };
    codes: {
      id: string;
      name: string;
      content: { text: { websiteUrl: string } };
      shortLink: { id: string; state: string } | null;
      figures: { allTime: { scans: number }; days: { date: string; scans: number }[] } | null;
    }[];
  };
  expect(exported.account).toMatchObject({
    uid: user.uid,
    email: user.email,
    displayName: 'Thandi Builder',
  });
  const byId = new Map(exported.codes.map((code) => [code.id, code]));
  expect([...byId.keys()].sort()).toEqual(['menu', 'window']);
  expect(byId.get('window')).toMatchObject({
    name: 'Shop window',
    content: { text: { websiteUrl: 'https://kemptoncodeworks.co.za/' } },
    shortLink: { id: `Acct${tag}`, state: 'active' },
    figures: { allTime: { scans: 6 } },
  });
  expect(byId.get('window')?.figures?.days.map((day) => [day.date, day.scans])).toEqual([
    ['2026-11-20', 4],
    [today, 2],
  ]);
  expect(byId.get('menu')).toMatchObject({ shortLink: null, figures: null });
  // The teams: the café's membership, the workspace's editor, pending invite and history.
  expect(exported.memberships).toEqual([
    {
      workspace: cafe,
      workspaceName: 'owner@cafe.example',
      role: 'viewer',
      ownCodesOnly: false,
      offeredRole: null,
      joinedAt: '2026-11-02T08:00:00.000Z',
    },
  ]);
  expect(exported.workspace.members).toEqual([
    expect.objectContaining({
      uid: colleague,
      email: `${colleague}@example.co.za`,
      role: 'editor',
    }),
  ]);
  expect(exported.workspace.pendingInvites).toEqual([
    expect.objectContaining({ kind: 'email', email: 'new@example.co.za', role: 'viewer' }),
  ]);
  // Nothing of the invite's link: not even its token's hash, the invite's id.
  expect(jsonText).not.toContain(`invite${tag}`);
  expect(exported.workspace.history).toEqual([
    expect.objectContaining({
      by: colleague,
      changes: ['target'],
      from: 'Leads to https://kemptoncodeworks.co.za/old',
    }),
  ]);
  await expect(data.getByRole('status')).toHaveText(
    `Saved ${json.suggestedFilename()}, with 2 codes.`,
  );

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    data.getByRole('button', { name: 'Download my data (CSV)' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(fileName);
  expect(csv.suggestedFilename().endsWith('.csv')).toBe(true);
  const text = await readFile(await csv.path(), 'utf8');
  const lines = text.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toMatch(/^code id,name,type,created,last changed,made by,dynamic,/);
  expect(lines).toHaveLength(4); // the header, two codes, and the last line's end
  const row = lines.find((line) => line.startsWith('window,'));
  expect(row).toContain(`,Shop window,Website,`);
  expect(row).toContain(`,${user.email},`);
  expect(row).toContain(`,Acct${tag},`);
  expect(row).toContain(`/q/Acct${tag},active,https://kemptoncodeworks.co.za/,6,`);
  expect(lines.find((line) => line.startsWith('menu,'))).toContain(
    ',"Lunch menu, ""specials""",Website,',
  );

  // The deletion: the last owner of a workspace someone else works in is told what to do first.
  const lastOwner = lastOwnerMessage([{ workspace: user.uid, name: null, others: 1 }]);
  await expect(data.getByText(lastOwner)).toBeVisible();
  await expect(data.getByRole('link', { name: 'Open the Users page' })).toHaveAttribute(
    'href',
    '/UserUsers',
  );
  await panelPictures(page, 'account-delete-last-owner');
  // Confirmed anyway, the server refuses in the same words, and what was typed stays.
  await data.getByRole('button', { name: 'I want to delete my account' }).click();
  await data.getByLabel('Type DELETE or your email address').fill('DELETE');
  await data.getByLabel('Current password').fill(user.password);
  await data.getByRole('button', { name: 'Delete my account', exact: true }).click();
  await expect(data.getByRole('alert')).toHaveText(lastOwner, { timeout: 30_000 });
  await expect(data.getByLabel('Type DELETE or your email address')).toHaveValue('DELETE');
  await expect(data.getByLabel('Current password')).toHaveValue(user.password);
  expect(await getUser(user.email)).toBeDefined();

  // The editor becomes an owner (they accepted the offer): the panel says at once what stays.
  await seedFirestore({
    port: 8181,
    projectId,
    documents: {
      [memberPath(user.uid, colleague)]: memberOf(
        user.uid,
        colleague,
        `${colleague}@example.co.za`,
        'owner',
        user.email,
      ),
    },
  });
  // (The form's alert still answers the last attempt, until the next.)
  await expect(data.getByRole('link', { name: 'Open the Users page' })).toBeHidden();
  await expect(
    data.getByRole('listitem').filter({ hasText: 'Your workspace, for its other owner' }),
  ).toContainText(`They will know it as ${colleague}@example.co.za.`);
  await expect(
    data.getByText(
      'The codes of owner@cafe.example stay with that team, the ones you made included.',
    ),
  ).toBeVisible();
  await panelPictures(page, 'account-delete-kept');
  await data.getByRole('button', { name: 'Delete my account', exact: true }).click();
  await expect(page).toHaveURL(/\/Login$/, { timeout: 30_000 });
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `${ACCOUNT_DELETED_WORKSPACE_KEPT} ${MEMBERSHIPS_ENDED}` }),
  ).toBeVisible();
  expect(await getUser(user.email)).toBeUndefined();
  // The workspace's codes and printed link stay for its owner; the café's membership is gone.
  expect(await firestoreHas(codePath(user.uid, 'window'))).toBe(true);
  expect(await firestoreHas(memberPath(cafe, user.uid))).toBe(false);
  expect((await page.request.get(`/q/Acct${tag}`, { maxRedirects: 0 })).status()).toBe(302);
});

/**
 * Pictures of the "Your data" panel at a desktop's and a phone's width, in screenshots/ (only when
 * asked for, as keepScreenshot takes them: SCREENSHOTS=1).
 */
async function panelPictures(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  const before = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page
      .getByRole('region', { name: 'Your data' })
      .screenshot({ path: `screenshots/${width}/${name}.png` });
  }
  if (before) await page.setViewportSize(before);
}

/** Whether the Firestore emulator holds the document at `path`. */
async function firestoreHas(path: string): Promise<boolean> {
  const response = await fetch(
    `${firestoreOrigin}/v1/projects/${projectId}/databases/(default)/documents/${path}`,
    { headers: { Authorization: 'Bearer owner' } },
  );
  return response.ok;
}

/** Every document the Firestore emulator holds (its path and fields, as its REST API gives them). */
async function everyDocument(): Promise<string[]> {
  const base = `${firestoreOrigin}/v1/projects/${projectId}/databases/(default)/documents`;
  const headers = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };
  const found: string[] = [];
  const parents = [''];
  while (parents.length > 0) {
    const parent = parents.pop()!;
    const listed = await fetch(`${base}${parent}:listCollectionIds`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ pageSize: 1000 }),
    });
    const { collectionIds = [] } = (await listed.json()) as { collectionIds?: string[] };
    for (const id of collectionIds) {
      let pageToken = '';
      do {
        const response = await fetch(
          `${base}${parent}/${id}?pageSize=300&showMissing=true&pageToken=${pageToken}`,
          { headers },
        );
        const page = (await response.json()) as {
          documents?: { name: string }[];
          nextPageToken?: string;
        };
        for (const document of page.documents ?? []) {
          found.push(JSON.stringify(document));
          parents.push(document.name.slice(document.name.indexOf('/documents') + 10));
        }
        pageToken = page.nextPageToken ?? '';
      } while (pageToken);
    }
  }
  return found;
}

test('a user deletes their account: they cannot sign in, nothing of theirs is left, and their short link answers 410', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const tag = tagOf();
  const user = await newUser('delete');
  const sha256 = 'ab'.repeat(32);
  await seedCodes(user.uid, codesOf(tag));
  await seedFirestore({
    port: 8181,
    projectId,
    documents: {
      [filePath(user.uid, sha256)]: {
        owner: user.uid,
        sha256,
        name: 'menu.pdf',
        size: 12,
        kind: 'pdf',
        type: 'application/pdf',
        received: 12,
        complete: true,
      },
      [chunkPath(user.uid, sha256, 0)]: { data: 'x' },
      [visitorPath(`Acct${tag}`, today, 'abc')]: { day: today },
      [linkPasswordPath(`Acct${tag}`)]: { hash: 'h', salt: 's' },
      [accountPath(user.uid)]: { activeLinks: 1, hostedBytes: 12 },
      [mailCounterPath(user.uid)]: { sent: 1 },
      [orderPath(`unpaid${tag}`)]: {
        owner: user.uid,
        state: 'awaiting-payment',
        planId: 'monthly',
      },
      [orderPath(`paid${tag}`)]: {
        owner: user.uid,
        state: 'paid',
        invoiceNumber: `INV-${tag}`,
        planId: 'monthly',
        customer: { email: user.email, name: 'Kept On The Invoice' },
      },
    },
  });
  expect((await page.request.get(`/q/Acct${tag}`, { maxRedirects: 0 })).status()).toBe(302);
  // Its codes, link, figures, file and chunk, account, mail and orders: the walk finds them.
  const before = (await everyDocument()).filter((document) => document.includes(user.uid));
  expect(before.length).toBeGreaterThanOrEqual(12);

  await openAccount(page, user);
  const data = page.getByRole('region', { name: 'Your data' });
  await expect(data).toContainText('This cannot be undone.');
  await data.getByRole('button', { name: 'I want to delete my account' }).click();
  const confirmation = data.getByLabel('Type DELETE or your email address');
  await expect(confirmation).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);

  // A near miss is refused, and what was typed stays.
  await confirmation.fill('delete');
  await data.getByLabel('Current password').fill(user.password);
  await data.getByRole('button', { name: 'Delete my account', exact: true }).click();
  await expect(confirmation).toHaveAccessibleDescription(
    'Type DELETE in capitals, or your email address as it is above.',
  );
  await expect(data.getByLabel('Current password')).toHaveValue(user.password);

  await confirmation.fill('DELETE');
  await data.getByRole('button', { name: 'Delete my account', exact: true }).click();
  await expect(page).toHaveURL(/\/Login$/, { timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: ACCOUNT_DELETED_MESSAGE })).toBeVisible();

  await expect(signIn(user.email, user.password)).rejects.toThrow();
  expect(await getUser(user.email)).toBeUndefined();
  const left = (await everyDocument()).filter(
    (document) => document.includes(user.uid) || document.includes(user.email),
  );
  expect(left).toEqual([]);
  const gone = await page.request.get(`/q/Acct${tag}`, { maxRedirects: 0 });
  expect(gone.status()).toBe(410);
  expect(await gone.text()).toContain('no longer active');
});

test('the account page passes the accessibility scan, with every setting labelled; the weekly summary is asked for there and stopped from its email', async ({
  page,
}) => {
  const user = await newUser('axe');
  await openAccount(page, user);
  for (const name of [
    'Your name',
    'Email address',
    'Password',
    'Email notices',
    'Signed-in devices',
    'Your data',
  ]) {
    await expect(page.getByRole('region', { name })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Email address' })).toContainText(
    `${user.email}: verified`,
  );
  expect(await seriousViolations(page)).toEqual([]);
  // Keyboard: the first setting's field is reached from the page's heading by Tab.
  await page.getByRole('region', { name: 'Your name' }).getByLabel('Name').focus();
  await page.keyboard.press('Tab');
  await expect(
    page.getByRole('region', { name: 'Your name' }).getByRole('button', { name: 'Save name' }),
  ).toBeFocused();

  // The weekly summary: off until asked for, then on, as the server holds it.
  const notices = page.getByRole('region', { name: 'Email notices' });
  const weekly = notices.getByRole('checkbox', { name: WEEKLY_NOTICE_LABEL });
  await expect(weekly).not.toBeChecked();
  await weekly.check();
  await expect(notices.getByRole('status')).toHaveText(
    `Saved. You will get the summary at ${user.email} each Monday.`,
  );

  // Its email's link (the token the server made at its first summary): a page that asks, then
  // stops it with one button.
  const token = 'w'.repeat(43);
  await seedFirestore({
    port: 8181,
    projectId,
    documents: { [weeklyStopPath(user.uid, user.uid)]: { token } },
  });
  await page.goto(`${WEEKLY_STOP_PATH}?w=${user.uid}&u=${user.uid}&t=${token}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stop the weekly summary?');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Stop the weekly summary' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The weekly summary is stopped');
  await page.goto('/UserAccount');
  await expect(
    page
      .getByRole('region', { name: 'Email notices' })
      .getByRole('checkbox', { name: WEEKLY_NOTICE_LABEL }),
  ).not.toBeChecked();
});
