// The owners' notice of a new destination (functions/src/destination-notices.ts) over real HTTP
// against the Firestore and Auth emulators: a change of where a printed code leads, committed by
// the link API, is emailed to each member who asked for it on the history page
// (users/{workspace}/notices/{uid}) and still may read the history; not for a change of password or
// dates alone, not to the person who made it, not to someone who turned it off, was removed or
// demoted. The emails are kept by the test servers' transport (keptMail), not sent.
import { describe, expect, it, vi } from 'vitest';
import { Timestamp } from '../../functions/src/admin';
import { historyHrefOfCode } from '../../src/domain/history-path';
import { LINK_API_PATH, type SyncAnswer } from '../../src/domain/qr/link-policy';
import { codePath } from '../../src/domain/records/codes';
import { LINKS } from '../../src/domain/records/links';
import { memberFields, memberPath } from '../../src/domain/records/members';
import { noticeFields, noticePath } from '../../src/domain/records/notices';
import type { RoleId } from '../../src/domain/team';
import { idToken, keptMail, uniqueUser, useFunctions, webFields } from './servers';

const { sent, mail } = keptMail();
/** The SMTP server refuses the addresses of accounts named `broken…`. */
const under = useFunctions({
  mail: () => {
    const keep = mail();
    return async (message) => {
      if (message.to.startsWith('broken')) throw new Error('550 mailbox unavailable');
      await keep(message);
    };
  },
});

const emailOf = (uid: string) => `${uid}@kcw.example`;

/** A workspace: its account, signed up in Auth with a verified address. */
async function newWorkspace() {
  const workspace = uniqueUser('acme');
  await idToken(workspace);
  return workspace;
}

const join = (workspace: string, uid: string, role: RoleId) =>
  under.db
    .doc(memberPath(workspace, uid))
    .set(memberFields(workspace, uid, role, emailOf(uid), Timestamp.now()));

/** `uid`'s choice, stored as the history page stores it (here past the rules). */
const asks = (workspace: string, uid: string, destination = true) =>
  under.db
    .doc(noticePath(workspace, uid))
    .set(noticeFields({ destination, weekly: false }, Timestamp.now()));

let codes = 0;
/** The dynamic website code "Flyer" of `workspace` leading to `url`. */
async function flyer(workspace: string, url: string) {
  const id = `notice-code${(codes += 1)}`;
  await under.db.doc(codePath(workspace, id)).set({
    ...webFields(url),
    createdAt: Timestamp.now(),
    updatedAt: Timestamp.now(),
  });
  return id;
}

const edit = (workspace: string, code: string, fields: object) =>
  under.db.doc(codePath(workspace, code)).update({ ...fields, updatedAt: Timestamp.now() });

/** POST /api/links (or /password) for the workspace's code, as `uid`. */
async function links(uid: string, body: object, path = '') {
  const response = await fetch(`${under.origin}${LINK_API_PATH}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await idToken(uid)}` },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as SyncAnswer;
}

const sync = (uid: string, workspace: string, code: string) => links(uid, { code, workspace });

/** The emails kept for `uid` since `from` (an index into `sent`). */
const mailTo = (uid: string, from = 0) => sent.slice(from).filter((one) => one.to === emailOf(uid));

describe('the notice of a new destination', () => {
  it('reaches the owner who asked for it when an editor points a printed code elsewhere: which code, before and after, who, when, and its history', async () => {
    const workspace = await newWorkspace();
    const editor = uniqueUser('editor');
    await join(workspace, editor, 'editor');
    await asks(workspace, workspace);
    const code = await flyer(workspace, 'https://example.co.za/menu');
    // Making the link is no change of a printed code's destination: nothing yet.
    await sync(editor, workspace, code);
    expect(mailTo(workspace)).toHaveLength(0);

    await edit(workspace, code, webFields('https://example.co.za/summer-menu'));
    const before = sent.length;
    const answer = await sync(editor, workspace, code);
    expect(answer).toMatchObject({ ok: true });
    const [notice, ...more] = mailTo(workspace, before);
    expect(more).toHaveLength(0);
    expect(notice.subject).toBe('“Flyer” now leads somewhere else');
    const link = (await under.db.collection(LINKS).where('owner', '==', workspace).get()).docs[0];
    expect(notice.text).toContain(
      'The printed code “Flyer” of your account now leads somewhere else.',
    );
    expect(notice.text).toContain(`Its short link: ${under.origin}/q/${link.id}`);
    expect(notice.text).toContain('Before: Leads to https://example.co.za/menu');
    expect(notice.text).toContain('Now: Leads to https://example.co.za/summer-menu');
    expect(notice.text).toMatch(
      new RegExp(
        `Changed by ${emailOf(editor)} on \\d{1,2} \\w+ \\d{4}, \\d{2}:\\d{2} \\(South African time\\)\\.`,
      ),
    );
    expect(notice.text).toContain(`${under.origin}${historyHrefOfCode(code)}`);
    expect(notice.html).toContain(`href="${under.origin}/UserHistory?code=${code}"`);
    expect(notice.html).toContain('Before: Leads to https://example.co.za/menu');
    // Nothing secret in it: no token, no password, no other workspace's words.
    expect(notice.attachments).toEqual([]);
  });

  it('is not sent for a change of dates or of the password alone', async () => {
    const workspace = await newWorkspace();
    const admin = uniqueUser('admin');
    await join(workspace, admin, 'admin');
    await asks(workspace, workspace);
    const code = await flyer(workspace, 'https://example.co.za/sale');
    await sync(admin, workspace, code);
    const before = sent.length;

    const fields = webFields('https://example.co.za/sale');
    await edit(workspace, code, {
      content: { ...fields.content, text: { ...fields.content.text, activeUntil: '2027-12-31' } },
    });
    expect(await sync(admin, workspace, code)).toMatchObject({ ok: true });
    await edit(workspace, code, { passwordProtected: true });
    expect(await sync(admin, workspace, code)).toMatchObject({ ok: true });
    expect(
      await links(admin, { code, workspace, password: 'correct horse 42' }, '/password'),
    ).toMatchObject({ ok: true });
    expect(mailTo(workspace, before)).toHaveLength(0);

    // Then a new destination is.
    await edit(workspace, code, webFields('https://example.co.za/clearance'));
    expect(await sync(admin, workspace, code)).toMatchObject({ ok: true });
    expect(mailTo(workspace, before).map((one) => one.subject)).toEqual([
      '“Flyer” now leads somewhere else',
    ]);
  });

  it('is not sent to the person who made the change, but to the others who asked', async () => {
    const workspace = await newWorkspace();
    const admin = uniqueUser('admin');
    await join(workspace, admin, 'admin');
    await asks(workspace, workspace);
    await asks(workspace, admin);
    const code = await flyer(workspace, 'https://example.co.za/a');
    await sync(workspace, workspace, code);
    await edit(workspace, code, webFields('https://example.co.za/b'));
    const before = sent.length;
    await sync(workspace, workspace, code);
    expect(mailTo(workspace, before)).toHaveLength(0);
    const [notice, ...more] = mailTo(admin, before);
    expect(more).toHaveLength(0);
    // The admin knows the workspace by its account's address.
    expect(notice.text).toContain(`The printed code “Flyer” of ${emailOf(workspace)} now leads`);
    expect(notice.text).toContain(`Changed by ${emailOf(workspace)} on`);
  });

  it('is not sent to someone who turned it off, was removed, or was demoted; nor to a member who never could read the history', async () => {
    const workspace = await newWorkspace();
    const editor = uniqueUser('editor');
    const offAdmin = uniqueUser('off');
    const removed = uniqueUser('removed');
    const demoted = uniqueUser('demoted');
    const viewer = uniqueUser('viewer');
    await join(workspace, editor, 'editor');
    await join(workspace, offAdmin, 'admin');
    await join(workspace, removed, 'admin');
    await join(workspace, demoted, 'owner');
    await join(workspace, viewer, 'viewer');
    await asks(workspace, workspace, false);
    await asks(workspace, offAdmin, false);
    await asks(workspace, removed);
    await asks(workspace, demoted);
    // Written past the rules: the rules would refuse a viewer (tests/rules/notices.test.ts).
    await asks(workspace, viewer);
    await under.db.doc(memberPath(workspace, removed)).delete();
    await join(workspace, demoted, 'editor');

    const code = await flyer(workspace, 'https://example.co.za/old');
    await sync(editor, workspace, code);
    await edit(workspace, code, webFields('https://example.co.za/new'));
    const before = sent.length;
    expect(await sync(editor, workspace, code)).toMatchObject({ ok: true });
    for (const uid of [workspace, offAdmin, removed, demoted, viewer]) {
      expect(mailTo(uid, before), uid).toHaveLength(0);
    }
    // Turned on again, the owner's arrives with the next change.
    await asks(workspace, workspace);
    await edit(workspace, code, webFields('https://example.co.za/newer'));
    await sync(editor, workspace, code);
    expect(mailTo(workspace, before)).toHaveLength(1);
  });

  it('an email the mail server refuses is logged and leaves the change made, and the others’ notices sent', async () => {
    const workspace = await newWorkspace();
    const editor = uniqueUser('editor');
    const broken = uniqueUser('broken');
    await join(workspace, editor, 'editor');
    await join(workspace, broken, 'admin');
    await asks(workspace, broken);
    await asks(workspace, workspace);
    const code = await flyer(workspace, 'https://example.co.za/before');
    await sync(editor, workspace, code);
    await edit(workspace, code, webFields('https://example.co.za/after'));
    const before = sent.length;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const answer = await sync(editor, workspace, code);
      expect(answer).toMatchObject({ ok: true, link: { deleted: false } });
      const logged = errors.mock.calls.map(([line]) => JSON.parse(String(line)) as object);
      expect(logged).toContainEqual(
        expect.objectContaining({
          severity: 'ERROR',
          message: 'destination notice not sent',
          reader: broken,
        }),
      );
    } finally {
      errors.mockRestore();
    }
    const [link] = (await under.db.collection(LINKS).where('owner', '==', workspace).get()).docs;
    expect(link.data().target).toBe('https://example.co.za/after');
    expect(mailTo(workspace, before)).toHaveLength(1);
  });
});
