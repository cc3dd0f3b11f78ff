// Every API acting for a workspace (functions/src/workspace.ts) over real HTTP against the
// Firestore and Auth emulators: a request names the workspace, and the function reads the caller's
// member document on that very request, so a member with the right role acts on the workspace's
// codes, and a viewer, a removed member, a stranger naming it and an editor kept to their own codes
// (on another's) are refused. The links function appends each change of a printed code to the
// workspace's history in the transaction that makes it, naming the caller.
import { describe, expect, it } from 'vitest';
import { Timestamp } from '../../functions/src/admin';
import { LINK_API_PATH, type SyncAnswer } from '../../src/domain/qr/link-policy';
import { accountPath } from '../../src/domain/records/accounts';
import { codePath } from '../../src/domain/records/codes';
import { historyPath, readHistoryEntry } from '../../src/domain/records/history';
import { LINKS, linkPath } from '../../src/domain/records/links';
import { memberFields, memberPath } from '../../src/domain/records/members';
import type { RoleId } from '../../src/domain/team';
import { teamRefusals } from '../../src/domain/team-policy';
import { idToken, useFunctions, webFields } from './servers';

const under = useFunctions();

/** A user of this file only (the files share the Auth emulator). */
let users = 0;
const newUser = (name: string) => `${name}${Date.now().toString(36)}${(users += 1)}`;
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
