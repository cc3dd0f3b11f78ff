// The account API (functions/src/account-api.ts, account-delete.ts) over real HTTP, against the
// Firestore and Auth emulators: deleting an account removes everything it owns and nobody else's,
// its short links become tombstones that answer 410 forever; only a recent sign-in may delete;
// revoking signs every device out. With teams: a member's memberships end and the teams keep their
// codes; a holder's workspace stays for its other owners, who go on working in it through the
// rules and the APIs, and the last owner of a workspace others work in is refused. Each test makes accounts of its own (the emulators outlive
// test files), so nothing here depends on another test's data.
import { createHash } from 'node:crypto';
import { assertSucceeds } from '@firebase/rules-unit-testing';
import { doc, getDoc } from 'firebase/firestore';
import { describe, expect, inject, it } from 'vitest';
import {
  deleteApp,
  FieldValue,
  getAuth,
  initializeApp,
  Timestamp,
} from '../../functions/src/admin';
import { deleteAccount } from '../../functions/src/account-delete';
import type { FileStore } from '../../functions/src/file-store';
import {
  ACCOUNT_API_PATH,
  ACCOUNT_DELETED_MESSAGE,
  ACCOUNT_DELETED_WORKSPACE_KEPT,
  MEMBERSHIPS_ENDED,
  REVOKE_SESSIONS_PATH,
  SIGN_IN_AGAIN_TO_DELETE,
  type AccountAnswer,
} from '../../src/domain/account-api';
import { lastOwnerMessage } from '../../src/domain/account-deletion';
import { BILLING_API_PATH } from '../../src/domain/billing';
import { LINK_API_PATH, type SyncAnswer } from '../../src/domain/qr/link-policy';
import { accountPath } from '../../src/domain/records/accounts';
import { codePath, codesPath, userPath } from '../../src/domain/records/codes';
import { historyFields, historyPath } from '../../src/domain/records/history';
import { INVITES, inviteFields, invitePath } from '../../src/domain/records/invites';
import { memberFields, memberPath } from '../../src/domain/records/members';
import { noticePath } from '../../src/domain/records/notices';
import type { RoleId } from '../../src/domain/team';
import { JOIN_PATH, TEAM_API_PATH, type TeamAnswer } from '../../src/domain/team-api';
import { chunksPath, filePath } from '../../src/domain/records/files';
import { countShardPath, linkCountsPath } from '../../src/domain/records/link-counts';
import { LINKS, linkPasswordPath, linkPath, linkPrivatePath } from '../../src/domain/records/links';
import { mailCounterPath } from '../../src/domain/records/mail';
import { ORDERS, orderPath } from '../../src/domain/records/orders';
import { buildPath, newBuildFields } from '../../src/domain/records/builds';
import { linkVisitorsPath } from '../../src/domain/records/visitors';
import { countedWrite, newCode, useEmulator } from '../rules/emulator';
import {
  idToken,
  keptMail,
  PROJECT_ID,
  scan,
  serverLink,
  syncRequest,
  uniqueUser,
  useFunctions,
  webFields,
} from './servers';

// The rules environment clears Firestore before each test (the files share one emulator).
const { asVerified } = useEmulator();
/** The emails the APIs hand to the mail transport (the team's invites, the orders). */
const { sent, mail } = keptMail();
const under = useFunctions({ mail });

// The Auth emulator, over its REST API: as the app signs in, and as the Admin SDK manages users.

const authBase = () => {
  const { host, port } = inject('auth');
  return `http://${host}:${port}`;
};

async function identity<T>(path: string, body: object, admin = false): Promise<T> {
  const url = admin
    ? `${authBase()}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/${path}`
    : `${authBase()}/identitytoolkit.googleapis.com/v1/${path}?key=test`;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(admin ? { Authorization: 'Bearer owner' } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(json.error?.message ?? `HTTP ${response.status}`);
  return json;
}

interface Account {
  readonly uid: string;
  readonly email: string;
  readonly password: string;
}

interface Session {
  readonly idToken: string;
  readonly refreshToken: string;
}

/** A new account with a verified address (dynamic codes need one). */
async function newAccount(name: string): Promise<Account> {
  const uid = `${name}-${Math.random().toString(36).slice(2, 10)}`;
  const account = { uid, email: `${uid}@kcw.example`, password: `pass-${uid}` };
  await identity('accounts', { localId: uid, ...account, emailVerified: true }, true);
  return account;
}

const signIn = (account: Account) =>
  identity<Session>('accounts:signInWithPassword', {
    email: account.email,
    password: account.password,
    returnSecureToken: true,
  });

/** Whether the Auth emulator still holds the account. */
async function authHas(uid: string): Promise<boolean> {
  const { users } = await identity<{ users?: unknown[] }>(
    'accounts:lookup',
    { localId: [uid] },
    true,
  );
  return (users?.length ?? 0) > 0;
}

async function call(method: string, path: string, token: string | null) {
  const response = await fetch(`${under.origin}${path}`, {
    method,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const text = await response.text();
  return { status: response.status, answer: (text ? JSON.parse(text) : null) as AccountAnswer };
}

const deleteRequest = (token: string | null) => call('DELETE', ACCOUNT_API_PATH, token);
const revokeRequest = (token: string | null) => call('POST', REVOKE_SESSIONS_PATH, token);

// What an account owns, made as the app and the server make it.

async function savedCode(uid: string, url: string, extra: Record<string, unknown> = {}) {
  const ref = under.db.collection(codesPath(uid)).doc();
  await ref.set({
    ...webFields(url),
    ...extra,
    createdAt: Timestamp.now(),
    updatedAt: Timestamp.now(),
  });
  return ref.id;
}

/** A small PDF hosted for `uid` through the file store, as an upload leaves it. */
async function hostedFile(uid: string) {
  const bytes = Buffer.from(`%PDF-1.7\n% ${uid}\n`);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const start = { sha256, size: bytes.length, name: 'menu.pdf', field: 'pdfFile', kind: 'pdf' };
  await under.files.begin(uid, start as Parameters<FileStore['begin']>[1]);
  expect(await under.files.append(uid, sha256, 0, bytes)).toMatchObject({ complete: true });
  return sha256;
}

/**
 * An account with two codes (one dynamic with its link, scanned), a hosted file, a link password,
 * its mail counters and two orders, one of them paid (an invoice).
 */
async function accountWithData(name: string) {
  const account = await newAccount(name);
  const { uid } = account;
  const sha256 = await hostedFile(uid);
  const code = await savedCode(uid, 'https://example.co.za/menu', {
    hosted: { pdfFile: { sha256, name: 'menu.pdf', size: 20, type: 'application/pdf' } },
  });
  await savedCode(uid, 'https://example.co.za/static', { dynamic: false });
  const link = await serverLink(under, { owner: uid, code });
  await under.db.doc(linkPasswordPath(link)).set({ hash: 'h', salt: 's' });
  expect((await scan(under.origin, `/q/${link}?qr=1`)).status).toBe(302);
  await under.counter.drain(5_000);
  await under.db.doc(mailCounterPath(uid)).set({ sent: 2, day: '2026-11-25' });
  const paid = under.db.collection(ORDERS).doc();
  await paid.set({
    owner: uid,
    planId: 'monthly',
    amount: 99,
    state: 'paid',
    invoiceNumber: 'INV-000042',
    customer: { email: account.email, name: 'Thandi Builder' },
    paidAt: Timestamp.now(),
  });
  const unpaid = under.db.collection(ORDERS).doc();
  await unpaid.set({ owner: uid, planId: 'yearly', state: 'awaiting-payment', customer: {} });
  return { account, code, link, sha256, paid: paid.id, unpaid: unpaid.id };
}

const countsOwnedBy = async (uid: string) =>
  (await under.db.collectionGroup('counts').where('owner', '==', uid).get()).size;

const docs = async (path: string) => (await under.db.collection(path).get()).size;

const exists = async (path: string) => (await under.db.doc(path).get()).exists;

/** Everything of `uid` the emulator still holds, in one list (empty once deleted). */
async function leftOf(uid: string, link: string, sha256: string) {
  const left: string[] = [];
  if ((await docs(codesPath(uid))) > 0) left.push('codes');
  if (await exists(filePath(uid, sha256))) left.push('file');
  if ((await docs(chunksPath(uid, sha256))) > 0) left.push('file chunks');
  if ((await countsOwnedBy(uid)) > 0) left.push('counts');
  for (const [collection, path] of [
    ['counts', linkCountsPath(link)],
    ['visitors', linkVisitorsPath(link)],
    ['private', linkPrivatePath(link)],
  ]) {
    if ((await docs(path)) > 0) left.push(`link ${collection}`);
  }
  if ((await under.db.collection(LINKS).where('owner', '==', uid).get()).size > 0) {
    left.push('links owned');
  }
  if (await exists(accountPath(uid))) left.push('account');
  if (await exists(mailCounterPath(uid))) left.push('mail');
  if ((await under.db.collection(ORDERS).where('owner', '==', uid).get()).size > 0) {
    left.push('orders owned');
  }
  if (await authHas(uid)) left.push('auth user');
  return left;
}

describe('who may ask', () => {
  it('no token or a malformed one: 401 with what to do; wrong method 405; other paths 400', async () => {
    for (const token of [null, 'not-a-token']) {
      expect(await deleteRequest(token)).toEqual({
        status: 401,
        answer: { ok: false, problem: 'unauthenticated', message: SIGN_IN_AGAIN_TO_DELETE },
      });
      expect((await revokeRequest(token)).status).toBe(401);
    }
    expect((await call('GET', ACCOUNT_API_PATH, null)).status).toBe(405);
    expect((await call('GET', REVOKE_SESSIONS_PATH, null)).status).toBe(405);
    expect((await call('DELETE', `${ACCOUNT_API_PATH}/codes`, null)).status).toBe(400);
  });

  it('a sign-in older than 5 minutes may neither delete nor revoke: 401, nothing changed', async () => {
    const { account, link, sha256 } = await accountWithData('stale');
    const { idToken } = await signIn(account);
    under.clock = () => new Date(Date.now() + 5 * 60_000 + 5_000);
    try {
      expect(await deleteRequest(idToken)).toEqual({
        status: 401,
        answer: { ok: false, problem: 'stale-sign-in', message: SIGN_IN_AGAIN_TO_DELETE },
      });
      expect(await revokeRequest(idToken)).toMatchObject({
        status: 401,
        answer: { problem: 'stale-sign-in' },
      });
    } finally {
      under.clock = () => new Date();
    }
    const left = await leftOf(account.uid, link, sha256);
    expect(left).toEqual(expect.arrayContaining(['codes', 'file', 'counts', 'auth user']));
    expect((await under.db.doc(linkPath(link)).get()).get('owner')).toBe(account.uid);
  });
});

describe('deleting an account', () => {
  it('removes its codes, files, figures, account and mail documents and its sign-in', async () => {
    const { account, link, sha256 } = await accountWithData('gone');
    expect(await under.db.doc(accountPath(account.uid)).get()).toMatchObject({ exists: true });
    const { idToken } = await signIn(account);

    const { status, answer } = await deleteRequest(idToken);
    expect(status).toBe(200);
    expect(answer).toEqual({
      ok: true,
      message: ACCOUNT_DELETED_MESSAGE,
      removed: {
        codes: 2,
        links: 1,
        files: 1,
        // The day's and all time's shards, and the day's visitor.
        figures: 3,
        orders: 1,
        invoicesKept: 1,
        memberships: 0,
      },
    });
    expect(await leftOf(account.uid, link, sha256)).toEqual([]);
    await expect(signIn(account)).rejects.toThrow(/EMAIL_NOT_FOUND|INVALID_LOGIN_CREDENTIALS/);
  });

  it('keeps each short link as a tombstone: 410 at /q/<id>, and its id is never minted again', async () => {
    const { account, code, link } = await accountWithData('tomb');
    const before = (await under.db.doc(linkPath(link)).get()).data()!;
    expect((await deleteRequest((await signIn(account)).idToken)).status).toBe(200);

    const tombstone = (await under.db.doc(linkPath(link)).get()).data()!;
    expect(tombstone).toEqual({
      owner: '',
      code: null,
      target: '',
      page: null,
      schedule: null,
      locked: false,
      passwordSet: false,
      deletedAt: expect.any(Timestamp),
      disabled: null,
      createdAt: before.createdAt,
      updatedAt: expect.any(Timestamp),
      accountDeletedAt: expect.any(Timestamp),
    });
    const scanned = await scan(under.origin, `/q/${link}?qr=1`);
    expect(scanned.status).toBe(410);
    expect(await scanned.text()).toContain('no longer active');
    // Scans of a tombstone are not counted.
    await under.counter.drain(5_000);
    expect(await docs(linkCountsPath(link))).toBe(0);

    // Minting writes a new link with create(), which refuses an id that exists: this one does,
    // for good.
    await expect(under.db.doc(linkPath(link)).create({ owner: 'mallory' })).rejects.toMatchObject({
      code: 6,
    });
    // Another account saving a code under the deleted code's id gets a link of its own.
    const other = await newAccount('heir');
    await under.db.doc(codePath(other.uid, code)).set({
      ...webFields('https://evil.example/'),
      createdAt: Timestamp.now(),
      updatedAt: Timestamp.now(),
    });
    const { answer } = await syncRequest(under.origin, code, (await signIn(other)).idToken);
    expect(answer).toMatchObject({ ok: true, link: { deleted: false } });
    if (!answer.ok || !answer.link) throw new Error('no link');
    expect(answer.link.id).not.toBe(link);
    expect((await scan(under.origin, `/q/${link}`)).status).toBe(410);
    expect((await under.db.doc(linkPath(link)).get()).get('owner')).toBe('');
  });

  it('keeps a paid order as an invoice without its owner or email, and deletes unpaid ones', async () => {
    const { account, paid, unpaid } = await accountWithData('buyer');
    expect((await deleteRequest((await signIn(account)).idToken)).status).toBe(200);
    expect(await exists(orderPath(unpaid))).toBe(false);
    const invoice = (await under.db.doc(orderPath(paid)).get()).data()!;
    expect(invoice).toMatchObject({
      owner: null,
      planId: 'monthly',
      amount: 99,
      state: 'paid',
      invoiceNumber: 'INV-000042',
      customer: { name: 'Thandi Builder' },
      accountDeletedAt: expect.any(Timestamp),
    });
    expect(invoice.customer).not.toHaveProperty('email');
    expect(JSON.stringify(invoice)).not.toContain(account.uid);
  });

  it('keeps a paid custom PC build without its owner, address or thread, and deletes the rest', async () => {
    const account = await newAccount('Builder');
    const build = (step: string) => ({
      ...newBuildFields(
        account.uid,
        1042,
        {
          requestId: `r-${step}`,
          purpose: 'gaming',
          budgetCents: 2_500_000,
          mustHaves: '',
          likeBuild: null,
        },
        { email: 'builder@example.co.za', name: 'Thandi Builder' },
        Timestamp.now(),
      ),
      step,
      messages: [{ id: 'm1', from: 'customer', text: 'White case?', at: Timestamp.now() }],
    });
    const paid = `paid-${account.uid}`;
    const asked = `asked-${account.uid}`;
    await under.db.doc(buildPath(paid)).set(build('assembling'));
    await under.db.doc(buildPath(asked)).set(build('quoted'));
    expect((await deleteRequest((await signIn(account)).idToken)).status).toBe(200);
    expect(await exists(buildPath(asked))).toBe(false);
    const kept = (await under.db.doc(buildPath(paid)).get()).data()!;
    expect(kept).toMatchObject({ owner: null, number: 1042, step: 'assembling', messages: [] });
    expect(kept).not.toHaveProperty('customer');
    expect(JSON.stringify(kept)).not.toContain(account.uid);
  });

  it('leaves another account’s codes, links, figures, files, orders and sign-in untouched', async () => {
    const gone = await accountWithData('leaving');
    const kept = await accountWithData('staying');
    const keptLink = (await under.db.doc(linkPath(kept.link)).get()).data();
    expect((await deleteRequest((await signIn(gone.account)).idToken)).status).toBe(200);

    expect(await leftOf(kept.account.uid, kept.link, kept.sha256)).toEqual([
      'codes',
      'file',
      'file chunks',
      'counts',
      'link counts',
      'link visitors',
      'link private',
      'links owned',
      'account',
      'mail',
      'orders owned',
      'auth user',
    ]);
    expect((await under.db.doc(linkPath(kept.link)).get()).data()).toEqual(keptLink);
    expect((await scan(under.origin, `/q/${kept.link}`)).status).toBe(302);
    expect(await exists(orderPath(kept.unpaid))).toBe(true);
  });

  it('a scan counted just before the deletion leaves nothing behind', async () => {
    const { account, link, sha256 } = await accountWithData('busy');
    const { idToken } = await signIn(account);
    // Tallied in the redirect's memory, written within a second: after the links are retired.
    expect((await scan(under.origin, `/q/${link}`)).status).toBe(302);
    expect((await deleteRequest(idToken)).status).toBe(200);
    await under.counter.drain(5_000);
    expect(await leftOf(account.uid, link, sha256)).toEqual([]);
  });

  it('cut short, it is asked again and finishes; asked once more, it says it is done', async () => {
    const { account, link, sha256 } = await accountWithData('again');
    // The store fails to delete (Firestore unreachable mid-way): the deletion stops there.
    const failing: FileStore = Object.assign(Object.create(under.files) as FileStore, {
      delete: () => Promise.reject(new Error('Firestore went away')),
    });
    const app = initializeApp({ projectId: PROJECT_ID }, `cut-short-${Math.random()}`);
    try {
      await expect(
        deleteAccount(
          { db: under.db, auth: getAuth(app), files: failing, settleMs: 0 },
          account.uid,
        ),
      ).rejects.toThrow('Firestore went away');
    } finally {
      await deleteApp(app);
    }
    // Cut short after the codes: the link is retired, the file and the sign-in are still there.
    expect(await leftOf(account.uid, link, sha256)).toEqual(
      expect.arrayContaining(['file', 'links owned', 'auth user']),
    );
    expect(await leftOf(account.uid, link, sha256)).not.toContain('codes');
    expect((await scan(under.origin, `/q/${link}`)).status).toBe(410);

    const { idToken } = await signIn(account);
    expect((await deleteRequest(idToken)).status).toBe(200);
    expect(await leftOf(account.uid, link, sha256)).toEqual([]);
    expect(await deleteRequest(idToken)).toEqual({
      status: 200,
      answer: { ok: true, message: 'This account has been deleted already.' },
    });
  });

  it('deletes in batches: a link with more figures than one batch takes', async () => {
    const account = await newAccount('many');
    const code = await savedCode(account.uid, 'https://example.co.za/busy');
    const link = await serverLink(under, { owner: account.uid, code });
    const shards = Array.from({ length: 1_100 }, (_, index) => index);
    for (let first = 0; first < shards.length; first += 400) {
      const batch = under.db.batch();
      for (const index of shards.slice(first, first + 400)) {
        batch.set(under.db.doc(countShardPath(link, '2024-01-01', index)), {
          owner: account.uid,
          link,
          day: '2024-01-01',
          scans: FieldValue.increment(1),
        });
      }
      await batch.commit();
    }
    const { answer } = await deleteRequest((await signIn(account)).idToken);
    expect(answer).toMatchObject({ ok: true, removed: { figures: 1_100, links: 1 } });
    expect(await countsOwnedBy(account.uid)).toBe(0);
  });
});

/** Waits into the next whole second: revocation is recorded to the second. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1_100));

describe('signing out every device', () => {
  it('old sessions are refused once revoked; a new sign-in works', async () => {
    const account = await newAccount('devices');
    // Revocation counts in whole seconds: each sign-in here is in an earlier second than the next
    // step.
    const other = await signIn(account);
    await nextSecond();
    const here = await signIn(account);
    await nextSecond();

    expect(await revokeRequest(here.idToken)).toEqual({
      status: 200,
      answer: { ok: true, message: 'Every device signed in to your account will be signed out.' },
    });

    // Firebase checks a device's ID token when the app starts (accounts:lookup): it signs out.
    await expect(identity('accounts:lookup', { idToken: other.idToken })).rejects.toThrow(
      'TOKEN_EXPIRED',
    );
    // The server refuses it too. (Production also refuses its refresh token at once; the Auth
    // emulator still exchanges it, for an ID token the server refuses: its sign-in is too old.)
    expect((await deleteRequest(other.idToken)).status).toBe(401);
    const refreshed = await fetch(`${authBase()}/securetoken.googleapis.com/v1/token?key=test`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: other.refreshToken }),
    });
    if (refreshed.ok) {
      const { id_token } = (await refreshed.json()) as { id_token: string };
      expect((await revokeRequest(id_token)).status).toBe(401);
    } else {
      expect(refreshed.status).toBe(400);
    }

    // Signing in again (what the page does for itself) gives a session the server takes.
    await nextSecond();
    const again = await signIn(account);
    await identity('accounts:lookup', { idToken: again.idToken });
    expect((await revokeRequest(again.idToken)).status).toBe(200);
  });
});

// Teams: the account is a workspace, and its person may be a member of others
// (src/domain/account-deletion.ts decides what becomes of each).

/** `uid` made a member of `workspace` as `role`, as the team function leaves them. */
const join = (workspace: string, uid: string, email: string, role: RoleId, name: string) =>
  under.db
    .doc(memberPath(workspace, uid))
    .set(memberFields(workspace, uid, role, email, Timestamp.now(), false, name));

/** A member who is not the one deleting: signed up with the servers' own helper. */
async function colleague(name: string) {
  const uid = uniqueUser(name);
  await idToken(uid);
  return { uid, email: `${uid}@kcw.example` };
}

const memberDoc = async (workspace: string, uid: string) =>
  (await under.db.doc(memberPath(workspace, uid)).get()).data();

/** A POST to the team, link or billing API as `uid`. */
async function post<T>(uid: string, path: string, body: object) {
  const response = await fetch(`${under.origin}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await idToken(uid)}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, answer: (await response.json()) as T };
}

/** A history entry of `workspace`, as the links function appends it. */
const historyEntry = (workspace: string, code: string, link: string, by: string) =>
  under.db.collection(historyPath(workspace)).add(
    historyFields(
      {
        code,
        link,
        by: { uid: by, email: `${by}@kcw.example` },
        changes: ['created'],
        from: null,
        to: { kind: 'redirect', target: 'https://example.co.za/menu' },
      },
      Timestamp.now(),
    ),
  );

/** An invite of `workspace`, pending unless `state` says otherwise. */
async function inviteTo(workspace: string, state: 'pending' | 'accepted' = 'pending') {
  const ref = under.db.collection(INVITES).doc();
  await ref.set({
    ...inviteFields(
      {
        workspace,
        email: `${ref.id.toLowerCase()}@kcw.example`,
        role: 'viewer',
        invitedBy: workspace,
      },
      Timestamp.now(),
      Timestamp.fromMillis(Date.now() + 86_400_000),
    ),
    ...(state === 'accepted' ? { acceptedAt: Timestamp.now() } : {}),
  });
  return ref.id;
}

const invitesOf = async (workspace: string) =>
  (await under.db.collection(INVITES).where('workspace', '==', workspace).get()).size;

describe('deleting an account, with teams', () => {
  it('a member: their memberships end, offered ownership too; each team keeps its codes, those they made among them', async () => {
    const cafe = await newAccount('cafe');
    const shop = await colleague('shop');
    const member = await newAccount('member');
    await join(cafe.uid, member.uid, member.email, 'editor', cafe.email);
    await under.db.doc(memberPath(cafe.uid, member.uid)).update({ offeredRole: 'owner' });
    await join(shop.uid, member.uid, member.email, 'viewer', shop.email);
    // Made in the café's workspace by the member, through the rules as the app writes it.
    await assertSucceeds(
      countedWrite(
        doc(asVerified(member.uid), codePath(cafe.uid, 'specials')),
        newCode({ createdBy: member.uid, updatedBy: member.uid }),
      ),
    );
    const cafeCode = await savedCode(cafe.uid, 'https://example.co.za/cafe');
    await savedCode(member.uid, 'https://example.co.za/mine');
    await under.db.doc(noticePath(cafe.uid, member.uid)).set({ destination: true });

    const { status, answer } = await deleteRequest((await signIn(member)).idToken);
    expect(status).toBe(200);
    expect(answer).toMatchObject({
      ok: true,
      message: `${ACCOUNT_DELETED_MESSAGE} ${MEMBERSHIPS_ENDED}`,
      removed: { codes: 1, memberships: 2 },
    });
    expect(await memberDoc(cafe.uid, member.uid)).toBeUndefined();
    expect(await memberDoc(shop.uid, member.uid)).toBeUndefined();
    expect(await exists(noticePath(cafe.uid, member.uid))).toBe(false);
    // The café's codes stay, the member's own with its maker: the pages say "a former member".
    expect((await under.db.doc(codePath(cafe.uid, 'specials')).get()).data()).toMatchObject({
      createdBy: member.uid,
    });
    expect(await exists(codePath(cafe.uid, cafeCode))).toBe(true);
    expect(await docs(codesPath(member.uid))).toBe(0);
    expect(await authHas(cafe.uid)).toBe(true);
    expect(await authHas(member.uid)).toBe(false);
  });

  it('an account holder with another owner: their sign-in goes, the workspace stays, and its owner and editor go on working in it', async () => {
    const { account: holder, code, link, sha256, paid } = await accountWithData('holder');
    const owner = await colleague('owner');
    const editor = await colleague('editor');
    await join(holder.uid, editor.uid, editor.email, 'editor', holder.email);
    // The owner joined later than the editor, and is still the one who names the workspace.
    await join(holder.uid, owner.uid, owner.email, 'owner', holder.email);
    await historyEntry(holder.uid, code, link, holder.uid);
    const invite = await inviteTo(holder.uid);
    for (const uid of [holder.uid, owner.uid]) {
      await under.db.doc(noticePath(holder.uid, uid)).set({ destination: true });
    }
    // Nothing has needed the plan yet: the trial's start is Auth's record, until the deletion.
    expect((await under.db.doc(accountPath(holder.uid)).get()).get('terms')).toBeUndefined();

    const { status, answer } = await deleteRequest((await signIn(holder)).idToken);
    expect(status).toBe(200);
    expect(answer).toEqual({
      ok: true,
      message: ACCOUNT_DELETED_WORKSPACE_KEPT,
      removed: {
        codes: 0,
        links: 0,
        files: 0,
        figures: 0,
        orders: 0,
        invoicesKept: 0,
        memberships: 0,
      },
    });
    expect(await authHas(holder.uid)).toBe(false);
    // The workspace keeps everything, under its id.
    expect(await leftOf(holder.uid, link, sha256)).toEqual([
      'codes',
      'file',
      'file chunks',
      'counts',
      'link counts',
      'link visitors',
      'link private',
      'links owned',
      'account',
      'mail',
      'orders owned',
    ]);
    expect((await under.db.collection(historyPath(holder.uid)).get()).size).toBe(1);
    expect(await exists(invitePath(invite))).toBe(true);
    // The holder's own choice of emails goes with them; the owner's stays.
    expect(await exists(noticePath(holder.uid, holder.uid))).toBe(false);
    expect(await exists(noticePath(holder.uid, owner.uid))).toBe(true);
    expect((await scan(under.origin, `/q/${link}`)).status).toBe(302);
    // Its terms are stored, so the plan is read without the Auth user.
    expect((await under.db.doc(accountPath(holder.uid)).get()).get('terms.trialStartedAt')).toEqual(
      expect.any(Timestamp),
    );
    // The members know that the account is gone, and the workspace by its owner's address.
    for (const uid of [owner.uid, editor.uid]) {
      expect(await memberDoc(holder.uid, uid)).toMatchObject({
        holderDeleted: true,
        workspaceName: owner.email,
      });
    }
    // The invoice keeps the name it is made out to, not the deleted account's address.
    const invoice = (await under.db.doc(orderPath(paid)).get()).data()!;
    expect(invoice).toMatchObject({ owner: holder.uid, customer: { name: 'Thandi Builder' } });
    expect(invoice.customer).not.toHaveProperty('email');

    // The rules let the owner and the editor on, by their member documents.
    for (const uid of [owner.uid, editor.uid]) {
      await assertSucceeds(getDoc(doc(asVerified(uid), codePath(holder.uid, code))));
      await assertSucceeds(
        countedWrite(
          doc(asVerified(uid), codePath(holder.uid, `after-${uid}`)),
          newCode({ createdBy: uid, updatedBy: uid }),
        ),
      );
    }
    // The links API acts for the workspace: the editor points its printed code somewhere else.
    await under.db
      .doc(codePath(holder.uid, code))
      .update({ ...webFields('https://example.co.za/winter-menu'), updatedAt: Timestamp.now() });
    const synced = await post<SyncAnswer>(editor.uid, LINK_API_PATH, {
      code,
      workspace: holder.uid,
    });
    expect(synced).toMatchObject({ status: 200, answer: { ok: true, link: { id: link } } });
    expect((await under.db.doc(linkPath(link)).get()).get('target')).toBe(
      'https://example.co.za/winter-menu',
    );
    expect((await under.db.collection(historyPath(holder.uid)).get()).size).toBe(2);

    // The team goes on: the owner may not leave it ownerless, invites by their own address, and
    // whoever joins knows the account is gone; the owner orders the plan, as its customer.
    expect(
      (await post<TeamAnswer>(owner.uid, `${TEAM_API_PATH}/leave`, { workspace: holder.uid }))
        .answer,
    ).toMatchObject({ ok: false, problem: 'last-owner' });
    const newcomer = await colleague('newcomer');
    const invited = await post<TeamAnswer>(owner.uid, `${TEAM_API_PATH}/invite`, {
      workspace: holder.uid,
      email: newcomer.email,
      role: 'viewer',
    });
    expect(invited).toMatchObject({ status: 200, answer: { ok: true } });
    const mail = sent.findLast((one) => one.to === newcomer.email)!;
    expect(mail.subject).toBe(`${owner.email} invited you to their QR codes`);
    const token = new RegExp(`${JOIN_PATH}#([A-Za-z0-9_-]{43})`).exec(mail.text)![1];
    expect(
      (await post<TeamAnswer>(newcomer.uid, `${TEAM_API_PATH}/accept`, { token })).answer,
    ).toMatchObject({ ok: true });
    expect(await memberDoc(holder.uid, newcomer.uid)).toMatchObject({
      holderDeleted: true,
      workspaceName: owner.email,
    });
    const ordered = await post<{ ok: boolean }>(owner.uid, `${BILLING_API_PATH}/orders`, {
      plan: 'monthly',
      workspace: holder.uid,
    });
    expect(ordered).toMatchObject({ status: 200, answer: { ok: true } });
    const orders = await under.db.collection(ORDERS).where('owner', '==', holder.uid).get();
    expect(orders.docs.map((order) => order.get('customer.email'))).toContain(owner.email);
  });

  it('an account holder whose members own nothing is refused, and nothing is deleted', async () => {
    const { account: holder, link, sha256 } = await accountWithData('lastowner');
    const editor = await colleague('editor');
    const viewer = await colleague('viewer');
    await join(holder.uid, editor.uid, editor.email, 'editor', holder.email);
    await join(holder.uid, viewer.uid, viewer.email, 'viewer', holder.email);
    const other = await colleague('other');
    await join(other.uid, holder.uid, holder.email, 'editor', other.email);
    const before = await leftOf(holder.uid, link, sha256);

    const { status, answer } = await deleteRequest((await signIn(holder)).idToken);
    expect(status).toBe(409);
    expect(answer).toEqual({
      ok: false,
      problem: 'last-owner',
      message: lastOwnerMessage([{ workspace: holder.uid, name: null, others: 2 }]),
    });
    expect(answer.ok === false && answer.message).toContain('2 other people');
    expect(await leftOf(holder.uid, link, sha256)).toEqual(before);
    expect(before).toContain('auth user');
    expect(await memberDoc(holder.uid, editor.uid)).toMatchObject({ holderDeleted: false });
    expect(await memberDoc(other.uid, holder.uid)).toBeDefined();
    expect((await scan(under.origin, `/q/${link}`)).status).toBe(302);
  });

  it('an account holder alone: everything goes, its invites and its history too', async () => {
    const { account, code, link, sha256 } = await accountWithData('alone');
    await historyEntry(account.uid, code, link, account.uid);
    await inviteTo(account.uid);
    await inviteTo(account.uid, 'accepted');
    const { status, answer } = await deleteRequest((await signIn(account)).idToken);
    expect(status).toBe(200);
    expect(answer).toMatchObject({ ok: true, message: ACCOUNT_DELETED_MESSAGE });
    expect(await leftOf(account.uid, link, sha256)).toEqual([]);
    expect(await invitesOf(account.uid)).toBe(0);
    expect((await under.db.collection(historyPath(account.uid)).get()).size).toBe(0);
    expect(await exists(userPath(account.uid))).toBe(false);
  });

  it('the owner left with a team whose account is gone answers for it: held back while others work in it, and it goes with them once they are alone', async () => {
    const holder = await newAccount('founder');
    const partner = await colleague('partner');
    const helper = await colleague('helper');
    await join(holder.uid, partner.uid, partner.email, 'owner', holder.email);
    await join(holder.uid, helper.uid, helper.email, 'editor', holder.email);
    const code = await savedCode(holder.uid, 'https://example.co.za/founder');
    const link = await serverLink(under, { owner: holder.uid, code });
    expect((await deleteRequest((await signIn(holder)).idToken)).status).toBe(200);

    // Signed in just now (the servers' helper signs in at its first use).
    const refused = await deleteRequest(await idToken(partner.uid));
    expect(refused).toEqual({
      status: 409,
      answer: {
        ok: false,
        problem: 'last-owner',
        message: lastOwnerMessage([{ workspace: holder.uid, name: partner.email, others: 1 }]),
      },
    });
    expect(await exists(codePath(holder.uid, code))).toBe(true);

    const removed = await post<TeamAnswer>(partner.uid, `${TEAM_API_PATH}/remove`, {
      workspace: holder.uid,
      member: helper.uid,
    });
    expect(removed.answer).toMatchObject({ ok: true });
    const { status, answer } = await deleteRequest(await idToken(partner.uid));
    expect(status).toBe(200);
    expect(answer).toMatchObject({ ok: true, removed: { codes: 1, links: 1, memberships: 0 } });
    expect(await exists(codePath(holder.uid, code))).toBe(false);
    expect(await exists(memberPath(holder.uid, partner.uid))).toBe(false);
    expect((await scan(under.origin, `/q/${link}`)).status).toBe(410);
  });
});
