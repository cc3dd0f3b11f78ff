// The account API (functions/src/account-api.ts, account-delete.ts) over real HTTP, against the
// Firestore and Auth emulators: deleting an account removes everything it owns and nobody else's,
// its short links become tombstones that answer 410 forever; only a recent sign-in may delete;
// revoking signs every device out. Each test makes accounts of its own (the emulators outlive
// test files), so nothing here depends on another test's data.
import { createHash } from 'node:crypto';
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
  REVOKE_SESSIONS_PATH,
  SIGN_IN_AGAIN_TO_DELETE,
  type AccountAnswer,
} from '../../src/domain/account-api';
import { accountPath } from '../../src/domain/records/accounts';
import { codePath, codesPath } from '../../src/domain/records/codes';
import { chunksPath, filePath } from '../../src/domain/records/files';
import { countShardPath, linkCountsPath } from '../../src/domain/records/link-counts';
import { LINKS, linkPasswordPath, linkPath, linkPrivatePath } from '../../src/domain/records/links';
import { mailCounterPath } from '../../src/domain/records/mail';
import { ORDERS, orderPath } from '../../src/domain/records/orders';
import { linkVisitorsPath } from '../../src/domain/records/visitors';
import { useEmulator } from '../rules/emulator';
import { PROJECT_ID, scan, serverLink, syncRequest, useFunctions, webFields } from './servers';

// The rules environment clears Firestore before each test (the files share one emulator).
useEmulator();
const under = useFunctions();

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
      message: 'Your account has been deleted.',
      removed: {
        codes: 2,
        links: 1,
        files: 1,
        // The day's and all time's shards, and the day's visitor.
        figures: 3,
        orders: 1,
        invoicesKept: 1,
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
