// The team API (functions/src/team-api.ts) over real HTTP against the Firestore and Auth emulators:
// invites by email and by link, accepted only by the invited verified address, within their days,
// for a role no higher than the inviter's and within the plan's seats; roles changed, ownership
// offered and taken, members removed and leaving, and the account's own person kept its owner.
// What a member may then do to the codes is the rules' (tests/rules/team.test.ts); one story here
// goes through both: a member let in by the API writes a code, and is refused once removed.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { doc } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { Timestamp } from '../../functions/src/admin';
import { accountPath } from '../../src/domain/records/accounts';
import { codePath } from '../../src/domain/records/codes';
import { invitePath } from '../../src/domain/records/invites';
import { memberPath } from '../../src/domain/records/members';
import { SEATS_PER_PLAN } from '../../src/domain/pricing';
import { INVITE_DAYS, type RoleId } from '../../src/domain/team';
import {
  INVITES_PER_DAY,
  JOIN_PATH,
  TEAM_API_PATH,
  teamRefusalMessages,
  type TeamAnswer,
} from '../../src/domain/team-api';
import { inviteTokenHash } from '../../src/domain/team-invites';
import { countedWrite, newCode, useEmulator } from '../rules/emulator';
import { idToken, keptMail, uniqueUser, useFunctions } from './servers';

const { asVerified } = useEmulator();
/** The emails the APIs hand to the mail transport. */
const { sent, mail } = keptMail();
const under = useFunctions({ mail });
const DAY = 86_400_000;

const newUser = uniqueUser;
const emailOf = (uid: string) => `${uid}@kcw.example`;

async function team(
  uid: string,
  request: string,
  body: object,
  { verified = true }: { verified?: boolean } = {},
) {
  const token = await idToken(uid, { verified });
  const response = await fetch(`${under.origin}${TEAM_API_PATH}/${request}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, answer: (await response.json()) as TeamAnswer };
}

const invite = (uid: string, workspace: string, email: string | null, role: RoleId) =>
  team(uid, 'invite', { workspace, email, role });

/** The token of the last invite emailed to `email`. */
function tokenSentTo(email: string): string {
  const mail = sent.findLast((one) => one.to === email);
  const token = mail?.text.match(new RegExp(`${JOIN_PATH}#([A-Za-z0-9_-]{43})`))?.[1];
  if (!token) throw new Error(`No invite was emailed to ${email}.`);
  return token;
}

/** `uid` invited to `workspace` as `role` by its owner, and accepted. */
async function joined(workspace: string, uid: string, role: RoleId) {
  expect((await invite(workspace, workspace, emailOf(uid), role)).status).toBe(200);
  const accepted = await team(uid, 'accept', { token: tokenSentTo(emailOf(uid)) });
  expect(accepted.answer).toMatchObject({ ok: true, workspace, role });
}

const memberDoc = async (workspace: string, uid: string) =>
  (await under.db.doc(memberPath(workspace, uid)).get()).data();

const refused = (problem: keyof typeof teamRefusalMessages) => ({
  ok: false,
  problem,
  message: teamRefusalMessages[problem],
});

describe('invites by email', () => {
  it('an owner invites an editor: the link goes to that address only, the server keeps only its hash, and the editor joins', async () => {
    const owner = newUser('owner');
    const editor = newUser('editor');
    const sentInvite = await invite(owner, owner, ` ${emailOf(editor).toUpperCase()} `, 'editor');
    expect(sentInvite.status).toBe(200);
    expect(sentInvite.answer).toMatchObject({
      ok: true,
      message: `Invite sent to ${emailOf(editor)}.`,
      invite: { link: null },
    });
    const mail = sent.findLast((one) => one.to === emailOf(editor))!;
    expect(mail.subject).toBe(`${emailOf(owner)} invited you to their QR codes`);
    expect(mail.text).toContain(`as an editor`);
    expect(mail.text).toContain(`Accept within ${INVITE_DAYS} days`);
    const token = tokenSentTo(emailOf(editor));
    expect(mail.text).toContain(`${under.origin}${JOIN_PATH}#${token}`);
    // Stored under the token's hash, with nothing of the token itself.
    const id = await inviteTokenHash(token);
    expect(sentInvite.answer.ok && sentInvite.answer.invite?.id).toBe(id);
    const stored = (await under.db.doc(invitePath(id)).get()).data()!;
    expect(stored).toMatchObject({ workspace: owner, email: emailOf(editor), role: 'editor' });
    expect(JSON.stringify(stored)).not.toContain(token);

    const accepted = await team(editor, 'accept', { token });
    expect(accepted).toMatchObject({
      status: 200,
      answer: { ok: true, workspace: owner, role: 'editor', message: 'You joined as an editor.' },
    });
    expect(await memberDoc(owner, editor)).toMatchObject({
      uid: editor,
      workspace: owner,
      role: 'editor',
      email: emailOf(editor),
      ownCodesOnly: false,
      workspaceName: emailOf(owner),
    });
    // Used once.
    expect((await team(editor, 'accept', { token })).answer).toEqual(refused('accepted'));
    // The team's trial starts at its account's sign-up, stored as someone joins: the member's
    // page reads the team's plan from it, and cannot look up another account's sign-up.
    const terms = (await under.db.doc(accountPath(owner)).get()).data()?.terms as
      { trialStartedAt?: Timestamp } | undefined;
    expect(terms?.trialStartedAt?.toMillis()).toBeLessThanOrEqual(Date.now());
  });

  it('is accepted only by a verified account with the invited address, within its days', async () => {
    const owner = newUser('owner');
    const invited = newUser('invited');
    const stranger = newUser('stranger');
    await invite(owner, owner, emailOf(invited), 'viewer');
    const token = tokenSentTo(emailOf(invited));
    expect(await team(stranger, 'accept', { token })).toMatchObject({
      status: 403,
      answer: refused('wrong-email'),
    });
    const unverified = newUser('unverified');
    await invite(owner, owner, emailOf(unverified), 'viewer');
    expect(
      await team(
        unverified,
        'accept',
        { token: tokenSentTo(emailOf(unverified)) },
        { verified: false },
      ),
    ).toMatchObject({ status: 403, answer: refused('unverified') });
    expect(await team(owner, 'accept', { token })).toMatchObject({
      status: 409,
      answer: refused('own-workspace'),
    });
    // A token nobody was sent, and a damaged one.
    expect((await team(invited, 'accept', { token: 'A'.repeat(43) })).answer).toEqual(
      refused('no-invite'),
    );
    expect((await team(invited, 'accept', { token: 'short' })).status).toBe(400);

    under.clock = () => new Date(Date.now() + (INVITE_DAYS * DAY + 60_000));
    try {
      expect(await team(invited, 'accept', { token })).toMatchObject({
        status: 410,
        answer: refused('expired'),
      });
    } finally {
      under.clock = () => new Date();
    }
    expect(await memberDoc(owner, invited)).toBeUndefined();
  });

  it('needs the inviter’s verified address, and a workspace they manage people of', async () => {
    const owner = newUser('owner');
    const unverifiedOwner = newUser('unverifiedowner');
    expect(
      await team(
        unverifiedOwner,
        'invite',
        { workspace: unverifiedOwner, email: emailOf(owner), role: 'viewer' },
        { verified: false },
      ),
    ).toMatchObject({ status: 403, answer: { problem: 'unverified' } });
    const stranger = newUser('stranger');
    expect(await invite(stranger, owner, emailOf(stranger), 'viewer')).toMatchObject({
      status: 403,
      answer: refused('not-allowed'),
    });
    const editor = newUser('editor');
    await joined(owner, editor, 'editor');
    expect((await invite(editor, owner, 'friend@kcw.example', 'viewer')).answer).toEqual(
      refused('not-allowed'),
    );
    // An admin gives roles up to their own, never an owner's.
    const admin = newUser('admin');
    await joined(owner, admin, 'admin');
    expect((await invite(admin, owner, 'boss@kcw.example', 'owner')).answer).toEqual(
      refused('role-too-high'),
    );
    expect((await invite(admin, owner, 'colleague@kcw.example', 'admin')).status).toBe(200);
    // Nobody is invited twice into the same workspace.
    expect((await invite(owner, owner, emailOf(editor), 'viewer')).answer).toEqual(
      refused('already-member'),
    );
  });

  it('a revoked invite lets nobody in; an admin cannot revoke an owner’s invite', async () => {
    const owner = newUser('owner');
    const invited = newUser('invited');
    const made = await invite(owner, owner, emailOf(invited), 'editor');
    const id = made.answer.ok ? made.answer.invite!.id : '';
    expect((await team(owner, 'revoke', { workspace: owner, invite: id })).status).toBe(200);
    expect(await team(invited, 'accept', { token: tokenSentTo(emailOf(invited)) })).toMatchObject({
      status: 410,
      answer: refused('revoked'),
    });

    const admin = newUser('admin');
    await joined(owner, admin, 'admin');
    const ownerInvite = await invite(owner, owner, 'partner@kcw.example', 'owner');
    const ownerInviteId = ownerInvite.answer.ok ? ownerInvite.answer.invite!.id : '';
    expect(
      (await team(admin, 'revoke', { workspace: owner, invite: ownerInviteId })).answer,
    ).toEqual(refused('above-you'));
    // An invite of another workspace is none of this one's.
    const other = newUser('other');
    expect(
      (await team(other, 'revoke', { workspace: other, invite: ownerInviteId })).answer,
    ).toEqual(refused('no-invite'));
  });

  it(`a workspace emails at most ${INVITES_PER_DAY} invites a day`, async () => {
    const owner = newUser('owner');
    for (let index = 0; index < INVITES_PER_DAY; index += 1) {
      expect((await invite(owner, owner, `viewer${index}@kcw.example`, 'viewer')).status).toBe(200);
    }
    expect(await invite(owner, owner, 'one-more@kcw.example', 'viewer')).toMatchObject({
      status: 429,
      answer: refused('too-many'),
    });
    // A link is not an email: it still may be made.
    expect((await invite(owner, owner, null, 'viewer')).status).toBe(200);
  });
});

describe('invite links', () => {
  it('anyone signed in with a verified address joins by the link, until it is withdrawn', async () => {
    const owner = newUser('owner');
    const made = await invite(owner, owner, null, 'viewer');
    expect(made.status).toBe(200);
    const link = made.answer.ok ? made.answer.invite!.link! : '';
    expect(link.startsWith(`${under.origin}${JOIN_PATH}#`)).toBe(true);
    const token = link.split('#')[1];
    const first = newUser('first');
    expect((await team(first, 'accept', { token })).answer).toMatchObject({
      ok: true,
      role: 'viewer',
    });
    // A link invite is used once, like any other: a link for a team is one invite per person.
    expect((await team(newUser('second'), 'accept', { token })).answer).toEqual(
      refused('accepted'),
    );
  });
});

describe('seats', () => {
  it(`a plan's ${SEATS_PER_PLAN} seats count members and pending invites; viewers are free; an ended trial adds no one who takes a seat`, async () => {
    const owner = newUser('owner');
    // The owner holds one seat; the rest go to pending invites of roles that take one.
    for (let index = 1; index < SEATS_PER_PLAN; index += 1) {
      expect((await invite(owner, owner, `seat${index}@kcw.example`, 'editor')).status).toBe(200);
    }
    expect(await invite(owner, owner, 'one-too-many@kcw.example', 'billing')).toMatchObject({
      status: 402,
      answer: refused('no-seat'),
    });
    expect((await invite(owner, owner, 'free@kcw.example', 'viewer')).status).toBe(200);

    const lapsed = newUser('lapsed');
    await under.db
      .doc(accountPath(lapsed))
      .set({ terms: { trialStartedAt: Timestamp.fromMillis(Date.now() - 40 * DAY) } });
    expect((await invite(lapsed, lapsed, 'helper@kcw.example', 'editor')).answer).toEqual(
      refused('no-seat'),
    );
    expect((await invite(lapsed, lapsed, 'watcher@kcw.example', 'viewer')).status).toBe(200);
  });
});

describe('roles, removal and leaving', () => {
  it('an owner demotes an editor; an admin cannot touch an owner; ownership is offered and taken in two steps', async () => {
    const owner = newUser('owner');
    const editor = newUser('editor');
    const admin = newUser('admin');
    await joined(owner, editor, 'editor');
    await joined(owner, admin, 'admin');
    const demoted = await team(owner, 'role', { workspace: owner, member: editor, role: 'viewer' });
    expect(demoted.answer).toMatchObject({ ok: true, role: 'viewer' });
    expect(await memberDoc(owner, editor)).toMatchObject({ role: 'viewer' });
    // The account's own person stays its owner.
    expect(
      (await team(admin, 'role', { workspace: owner, member: owner, role: 'viewer' })).answer,
    ).toEqual(refused('account-holder'));
    expect(
      (await team(editor, 'role', { workspace: owner, member: editor, role: 'admin' })).answer,
    ).toEqual(refused('not-allowed'));
    expect(
      (await team(admin, 'role', { workspace: owner, member: editor, role: 'owner' })).answer,
    ).toEqual(refused('role-too-high'));

    const offered = await team(owner, 'role', { workspace: owner, member: admin, role: 'owner' });
    expect(offered.answer).toMatchObject({ ok: true, role: 'admin' });
    expect(await memberDoc(owner, admin)).toMatchObject({ role: 'admin', offeredRole: 'owner' });
    expect((await team(editor, 'take-ownership', { workspace: owner })).answer).toEqual(
      refused('no-offer'),
    );
    expect((await team(admin, 'take-ownership', { workspace: owner })).answer).toMatchObject({
      ok: true,
      role: 'owner',
    });
    expect(await memberDoc(owner, admin)).toMatchObject({ role: 'owner', offeredRole: null });
    // Now an owner, the former admin may change another owner's role; an admin may not.
    const second = newUser('second');
    await joined(owner, second, 'admin');
    expect(
      (await team(second, 'role', { workspace: owner, member: admin, role: 'editor' })).answer,
    ).toEqual(refused('above-you'));
  });

  it('an admin removes a member, who is refused by the rules from their next write on; a member leaves; the account’s person cannot', async () => {
    const owner = newUser('owner');
    const editor = newUser('editor');
    const admin = newUser('admin');
    await joined(owner, editor, 'editor');
    await joined(owner, admin, 'admin');
    // Written through the rules, as the app does.
    const write = (id: string) =>
      countedWrite(
        doc(asVerified(editor), codePath(owner, id)),
        newCode({ createdBy: editor, updatedBy: editor }),
      );
    await assertSucceeds(write('first'));
    expect(
      (await team(admin, 'remove', { workspace: owner, member: editor })).answer,
    ).toMatchObject({ ok: true });
    expect(await memberDoc(owner, editor)).toBeUndefined();
    await assertFails(write('second'));
    expect((await team(admin, 'remove', { workspace: owner, member: editor })).answer).toEqual(
      refused('not-member'),
    );
    expect((await team(admin, 'remove', { workspace: owner, member: owner })).answer).toEqual(
      refused('account-holder'),
    );
    expect((await team(owner, 'leave', { workspace: owner })).answer).toEqual(
      refused('account-holder'),
    );
    expect((await team(admin, 'leave', { workspace: owner })).answer).toMatchObject({ ok: true });
    expect(await memberDoc(owner, admin)).toBeUndefined();
  });
});
