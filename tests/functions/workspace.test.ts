// Every API acting for a workspace (functions/src/workspace.ts) over real HTTP against the
// Firestore and Auth emulators: a request names the workspace, and the function reads the caller's
// member document on that very request, so a member with the right role acts on the workspace's
// codes, and a viewer, a removed member, a stranger naming it and an editor kept to their own codes
// (on another's) are refused. The links function appends each change of a printed code to the
// workspace's history in the transaction that makes it, naming the caller.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Timestamp } from '../../functions/src/admin';
import { BILLING_API_PATH } from '../../src/domain/billing';
import { MAIL_API_PATH } from '../../src/domain/mail';
import { FILES_API_PATH } from '../../src/domain/qr/hosting';
import { filePath } from '../../src/domain/records/files';
import { ORDERS } from '../../src/domain/records/orders';
import { LINK_API_PATH, type SyncAnswer } from '../../src/domain/qr/link-policy';
import { accountPath } from '../../src/domain/records/accounts';
import { codePath } from '../../src/domain/records/codes';
import { historyPath, readHistoryEntry } from '../../src/domain/records/history';
import { LINKS, linkPath } from '../../src/domain/records/links';
import { memberFields, memberPath } from '../../src/domain/records/members';
import type { RoleId } from '../../src/domain/team';
import { teamRefusals } from '../../src/domain/team-policy';
import { tinyPdf } from '../support/sample-files';
import { idToken, keptMail, uniqueUser, useFunctions, webFields } from './servers';

/** The emails the APIs hand to the mail transport. */
const { sent, mail } = keptMail();
const under = useFunctions({ mail });

const newUser = uniqueUser;
const emailOf = (uid: string) => `${uid}@kcw.example`;

/** A workspace: its account, signed up in Auth (its trial runs from now). */
async function newWorkspace() {
  const workspace = newUser('acme');
  await idToken(workspace);
  return workspace;
}

const join = (workspace: string, uid: string, role: RoleId, ownCodesOnly = false) =>
  under.db
    .doc(memberPath(workspace, uid))
    .set(memberFields(workspace, uid, role, emailOf(uid), Timestamp.now(), ownCodesOnly));

const removeMember = (workspace: string, uid: string) =>
  under.db.doc(memberPath(workspace, uid)).delete();

let codes = 0;
/** A dynamic website code of `workspace` leading to `url`, made by `by` (absent: the account). */
async function workspaceCode(workspace: string, url: string, by?: string) {
  const id = `code${(codes += 1)}`;
  await under.db.doc(codePath(workspace, id)).set({
    ...webFields(url),
    ...(by ? { createdBy: by, updatedBy: by } : {}),
    createdAt: Timestamp.now(),
    updatedAt: Timestamp.now(),
  });
  return id;
}

const retarget = (workspace: string, code: string, url: string) =>
  under.db.doc(codePath(workspace, code)).update({ ...webFields(url), updatedAt: Timestamp.now() });

/** A POST of `body` to the link API (`path`: '' or '/password') as `uid`. */
async function links(uid: string, body: object, path = '') {
  const response = await fetch(`${under.origin}${LINK_API_PATH}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await idToken(uid)}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, answer: (await response.json()) as SyncAnswer };
}

const sync = (uid: string, workspace: string | undefined, code: string) =>
  links(uid, { code, ...(workspace ? { workspace } : {}) });

const linksOf = async (owner: string) =>
  (await under.db.collection(LINKS).where('owner', '==', owner).get()).docs;

/** The workspace's history, oldest first. */
async function historyOf(workspace: string) {
  const entries = (await under.db.collection(historyPath(workspace)).get()).docs
    .map((entry) => readHistoryEntry(entry.id, entry.data())!)
    .sort((a, b) => a.at - b.at);
  return entries;
}

const NOT_ALLOWED = { ok: false, problem: 'not-allowed', message: teamRefusals['not-allowed'] };

describe('the link API, for a workspace', () => {
  it('an editor makes and points the workspace’s link: its owner, its usage and its history are the workspace’s', async () => {
    const workspace = await newWorkspace();
    const editor = newUser('editor');
    await join(workspace, editor, 'editor');
    const code = await workspaceCode(workspace, 'https://example.co.za/menu');

    const made = await sync(editor, workspace, code);
    expect(made.status).toBe(200);
    expect(made.answer).toMatchObject({ ok: true, link: { deleted: false } });
    const [link] = await linksOf(workspace);
    expect(link.data()).toMatchObject({ owner: workspace, code });
    expect((await linksOf(editor)).length).toBe(0);
    expect((await under.db.doc(accountPath(workspace)).get()).data()).toMatchObject({
      activeLinks: 1,
      newLinks: 1,
    });

    await retarget(workspace, code, 'https://example.co.za/summer-menu');
    expect((await sync(editor, workspace, code)).status).toBe(200);
    expect(link.ref.id).toBe((await linksOf(workspace))[0].id);
    expect((await link.ref.get()).data()?.target).toBe('https://example.co.za/summer-menu');

    const history = await historyOf(workspace);
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({
      code,
      link: link.id,
      by: editor,
      byEmail: emailOf(editor),
      changes: ['created'],
      from: null,
      to: 'Leads to https://example.co.za/menu',
    });
    expect(history[1]).toMatchObject({
      code,
      link: link.id,
      by: editor,
      byEmail: emailOf(editor),
      changes: ['target'],
      from: 'Leads to https://example.co.za/menu',
      to: 'Leads to https://example.co.za/summer-menu',
    });
  });

  it('a sync that changes nothing adds nothing to the history; a retire and a restore add one each', async () => {
    const workspace = await newWorkspace();
    const admin = newUser('admin');
    await join(workspace, admin, 'admin');
    const code = await workspaceCode(workspace, 'https://example.co.za/');
    await sync(admin, workspace, code);
    await sync(admin, workspace, code);
    expect(await historyOf(workspace)).toHaveLength(1);

    const fields = (await under.db.doc(codePath(workspace, code)).get()).data()!;
    await under.db.doc(codePath(workspace, code)).delete();
    expect((await sync(admin, workspace, code)).answer).toMatchObject({ link: { deleted: true } });
    await under.db.doc(codePath(workspace, code)).set(fields);
    expect((await sync(admin, workspace, code)).answer).toMatchObject({ link: { deleted: false } });
    const history = await historyOf(workspace);
    expect(history.map((entry) => entry.changes)).toEqual([['created'], ['retired'], ['restored']]);
    expect(history[1]).toMatchObject({ from: 'Leads to https://example.co.za/', to: null });
    expect(history[2]).toMatchObject({ from: null, to: 'Leads to https://example.co.za/' });
  });

  it('the account itself, naming no workspace, acts on its own codes as before, and is named in the history', async () => {
    const workspace = await newWorkspace();
    const code = await workspaceCode(workspace, 'https://example.co.za/');
    expect((await sync(workspace, undefined, code)).status).toBe(200);
    expect((await linksOf(workspace)).length).toBe(1);
    expect(await historyOf(workspace)).toMatchObject([{ by: workspace, changes: ['created'] }]);
  });

  it('a viewer, a billing member, a stranger naming the workspace and a removed editor are refused: nothing made, nothing in the history', async () => {
    const workspace = await newWorkspace();
    const viewer = newUser('viewer');
    const billing = newUser('billing');
    const stranger = newUser('stranger');
    const editor = newUser('editor');
    await join(workspace, viewer, 'viewer');
    await join(workspace, billing, 'billing');
    await join(workspace, editor, 'editor');
    const code = await workspaceCode(workspace, 'https://example.co.za/');
    for (const uid of [viewer, billing, stranger]) {
      const refused = await sync(uid, workspace, code);
      expect(refused.status, uid).toBe(403);
      expect(refused.answer, uid).toMatchObject(NOT_ALLOWED);
    }
    expect(await linksOf(workspace)).toHaveLength(0);

    // Removed, the editor is refused at the very next request.
    expect((await sync(editor, workspace, code)).status).toBe(200);
    await removeMember(workspace, editor);
    await retarget(workspace, code, 'https://example.co.za/elsewhere');
    expect(await sync(editor, workspace, code)).toMatchObject({ status: 403, answer: NOT_ALLOWED });
    expect((await linksOf(workspace))[0].data().target).toBe('https://example.co.za/');
    expect(await historyOf(workspace)).toHaveLength(1);
  });

  it('an editor kept to their own codes points theirs, and is refused another’s', async () => {
    const workspace = await newWorkspace();
    const editor = newUser('editor');
    const colleague = newUser('colleague');
    await join(workspace, editor, 'editor', true);
    await join(workspace, colleague, 'editor');
    const own = await workspaceCode(workspace, 'https://example.co.za/mine', editor);
    const theirs = await workspaceCode(workspace, 'https://example.co.za/theirs', colleague);
    const accounts = await workspaceCode(workspace, 'https://example.co.za/account');
    expect((await sync(editor, workspace, own)).status).toBe(200);
    for (const code of [theirs, accounts]) {
      const refused = await sync(editor, workspace, code);
      expect(refused.status).toBe(403);
      expect(refused.answer).toMatchObject({ ok: false, problem: 'not-allowed' });
      expect(refused.answer.ok || refused.answer.message).toMatch(/only the codes you made/);
    }
    expect(await linksOf(workspace)).toHaveLength(1);
  });

  it('a password is set and removed by a member who may, each in the history without the password; a viewer is refused', async () => {
    const workspace = await newWorkspace();
    const admin = newUser('admin');
    const viewer = newUser('viewer');
    await join(workspace, admin, 'admin');
    await join(workspace, viewer, 'viewer');
    const code = await workspaceCode(workspace, 'https://example.co.za/vip');
    await under.db.doc(codePath(workspace, code)).update({ passwordProtected: true });
    expect((await sync(admin, workspace, code)).status).toBe(200);

    const password = 'correct horse 42';
    const refused = await links(viewer, { code, password, workspace }, '/password');
    expect(refused).toMatchObject({ status: 403, answer: NOT_ALLOWED });
    const set = await links(admin, { code, password, workspace }, '/password');
    expect(set).toMatchObject({ status: 200, answer: { ok: true, link: { passwordSet: true } } });
    const removed = await links(admin, { code, password: null, workspace }, '/password');
    expect(removed).toMatchObject({ status: 200, answer: { link: { passwordSet: false } } });

    const history = await historyOf(workspace);
    expect(history.map((entry) => entry.changes)).toEqual([
      ['created', 'locked'],
      ['password-set'],
      ['password-removed'],
    ]);
    expect(history[1]).toMatchObject({ by: admin, to: 'Leads to https://example.co.za/vip' });
    const stored = JSON.stringify(
      (await under.db.collection(historyPath(workspace)).get()).docs.map((entry) => entry.data()),
    );
    expect(stored).not.toContain(password);
    // The link's password was never set by the viewer: only the admin's two changes.
    expect((await under.db.doc(linkPath(history[0].link)).get()).data()?.passwordSet).toBe(false);
  });
});

/** A request of `method` to `path` as `uid`, with a JSON body or bytes. */
async function call(uid: string, method: string, path: string, body?: object | Uint8Array) {
  const bytes = body instanceof Uint8Array;
  const response = await fetch(`${under.origin}${path}`, {
    method,
    headers: {
      'Content-Type': bytes ? 'application/octet-stream' : 'application/json',
      Authorization: `Bearer ${await idToken(uid)}`,
    },
    body: bytes ? new Uint8Array(body) : JSON.stringify(body ?? {}),
  });
  return { status: response.status, answer: (await response.json()) as Record<string, unknown> };
}

/** The members of a new workspace in every role this file tries, and one removed. */
async function team() {
  const workspace = await newWorkspace();
  const people = {
    admin: newUser('admin'),
    editor: newUser('editor'),
    viewer: newUser('viewer'),
    billing: newUser('billing'),
    removed: newUser('removed'),
    stranger: newUser('stranger'),
  };
  await join(workspace, people.admin, 'admin');
  await join(workspace, people.editor, 'editor');
  await join(workspace, people.viewer, 'viewer');
  await join(workspace, people.billing, 'billing');
  await join(workspace, people.removed, 'owner');
  await removeMember(workspace, people.removed);
  return { workspace, ...people };
}

describe('the files API, for a workspace', () => {
  const sha256 = createHash('sha256').update(tinyPdf).digest('hex');
  const start = (workspace: string) => ({
    sha256,
    size: tinyPdf.length,
    name: 'menu.pdf',
    field: 'pdfFile',
    workspace,
  });
  const chunk = (workspace: string) =>
    `${FILES_API_PATH}/${sha256}?offset=0&workspace=${workspace}`;

  it('an editor uploads a file the workspace holds; a viewer, a billing member, a removed member and a stranger are refused', async () => {
    const { workspace, editor, viewer, billing, removed, stranger } = await team();
    for (const uid of [viewer, billing, removed, stranger]) {
      expect(await call(uid, 'POST', FILES_API_PATH, start(workspace)), uid).toMatchObject({
        status: 403,
        answer: NOT_ALLOWED,
      });
    }
    expect(await call(editor, 'POST', FILES_API_PATH, start(workspace))).toMatchObject({
      status: 200,
      answer: { ok: true, received: 0 },
    });
    // A chunk is refused to a viewer naming the workspace, and to the editor without naming it
    // (their own account has begun no such upload).
    expect(await call(viewer, 'PUT', chunk(workspace), tinyPdf)).toMatchObject({
      status: 403,
      answer: NOT_ALLOWED,
    });
    expect(
      await call(editor, 'PUT', `${FILES_API_PATH}/${sha256}?offset=0`, tinyPdf),
    ).toMatchObject({ answer: { ok: false } });
    expect(await call(editor, 'PUT', chunk(workspace), tinyPdf)).toMatchObject({
      status: 200,
      answer: { ok: true, complete: true },
    });
    expect((await under.db.doc(filePath(workspace, sha256)).get()).data()).toMatchObject({
      owner: workspace,
    });
    expect((await under.db.doc(filePath(editor, sha256)).get()).exists).toBe(false);
  });
});

describe('the mail API, for a workspace', () => {
  const mail = (workspace: string, code: string, to: string) => ({
    id: `req-${Math.random().toString(36).slice(2, 12)}`,
    to,
    code,
    workspace,
  });

  it('a viewer emails the workspace’s code; a removed member and a stranger are refused, and nothing is sent', async () => {
    const { workspace, viewer, removed, stranger } = await team();
    const code = await workspaceCode(workspace, 'https://example.co.za/menu');
    await under.db.doc(codePath(workspace, code)).update({ dynamic: false });
    for (const uid of [removed, stranger]) {
      const to = `${uid}-copy@example.co.za`;
      expect(
        await call(uid, 'POST', `${MAIL_API_PATH}/code`, mail(workspace, code, to)),
        uid,
      ).toMatchObject({ status: 403, answer: NOT_ALLOWED });
      expect(sent.some((one) => one.to === to)).toBe(false);
    }
    const to = `${viewer}-copy@example.co.za`;
    expect(
      await call(viewer, 'POST', `${MAIL_API_PATH}/code`, mail(workspace, code, to)),
    ).toMatchObject({ status: 200, answer: { ok: true, to } });
    expect(sent.filter((one) => one.to === to)).toHaveLength(1);
    // Without naming the workspace, the viewer's own account has no such code.
    expect(
      await call(viewer, 'POST', `${MAIL_API_PATH}/code`, {
        ...mail(workspace, code, to),
        workspace: undefined,
      }),
    ).toMatchObject({ status: 404, answer: { problem: 'no-code' } });
  });
});

describe('the billing API, for a workspace', () => {
  const orders = async (owner: string) =>
    (await under.db.collection(ORDERS).where('owner', '==', owner).get()).docs;

  it('a billing member orders and cancels the workspace’s plan; an admin, an editor, a viewer, a removed owner and a stranger are refused', async () => {
    const { workspace, billing, admin, editor, viewer, removed, stranger } = await team();
    for (const uid of [admin, editor, viewer, removed, stranger]) {
      expect(
        await call(uid, 'POST', `${BILLING_API_PATH}/orders`, { plan: 'monthly', workspace }),
        uid,
      ).toMatchObject({ status: 403, answer: NOT_ALLOWED });
    }
    expect(await orders(workspace)).toHaveLength(0);
    const placed = await call(billing, 'POST', `${BILLING_API_PATH}/orders`, {
      plan: 'monthly',
      workspace,
    });
    expect(placed).toMatchObject({ status: 200, answer: { ok: true, created: true } });
    const [stored] = await orders(workspace);
    expect(stored.data()).toMatchObject({
      owner: workspace,
      customer: { email: emailOf(workspace) },
      // Who ordered for the business, for its invoice.
      orderedBy: { uid: billing, email: emailOf(billing) },
    });
    expect(await orders(billing)).toHaveLength(0);
    // The EFT details go to the billing member who ordered.
    expect(sent.some((one) => one.to === emailOf(billing))).toBe(true);

    const cancel = (uid: string) =>
      call(uid, 'POST', `${BILLING_API_PATH}/orders/${stored.id}/cancel?workspace=${workspace}`);
    expect(await cancel(viewer)).toMatchObject({ status: 403, answer: NOT_ALLOWED });
    expect(await cancel(stranger)).toMatchObject({ status: 403, answer: NOT_ALLOWED });
    expect(await cancel(billing)).toMatchObject({ status: 200, answer: { ok: true } });
  });
});
