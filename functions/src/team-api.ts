// The team API (src/domain/team-api.ts describes its requests and answers): invites, roles,
// removals and leaving, for the signed-in members of a workspace. Each request decides with the
// domain's rules (team-policy.ts, team-invites.ts) inside one transaction that read what the rule
// needs (the workspace's members, its invites, its terms), so two requests at once cannot both
// take the last seat or remove the last two owners. Members are never written by a client
// (firestore.rules): this function is the only way in or out of a workspace, and the rules read
// the member documents it writes on every request, so a change counts from the next request on.
import { webcrypto } from 'node:crypto';
import { accountPath } from '../../src/domain/records/accounts';
import { INVITES, invitePath, inviteFields, readInvite } from '../../src/domain/records/invites';
import {
  memberFields,
  memberPath,
  membersPath,
  readMember,
  type Member,
} from '../../src/domain/records/members';
import { roleMay, roles, seatsOf, type RoleId } from '../../src/domain/team';
import {
  INVITES_PER_DAY,
  inviteLink,
  roleInWords,
  teamApi,
  teamRefusalMessages,
  type TeamAnswer,
} from '../../src/domain/team-api';
import {
  decideAccept,
  inviteEmail,
  inviteExpiry,
  inviteTokenHash,
  isPending,
  newInviteToken,
  type Invite,
} from '../../src/domain/team-invites';
import {
  decideInvite,
  decideJoin,
  decideLeave,
  decideRemoval,
  decideRoleChange,
  decideTakeOffer,
  isOfferedRole,
  roleIn,
  teamStateOf,
  type TeamState,
} from '../../src/domain/team-policy';
import { Timestamp, type Auth, type Firestore, type Transaction } from './admin';
import { jsonBody, serveApi } from './api-handler';
import { refusal } from './http';
import { inviteMail } from './invite-mail';
import type { SendMail } from './mail-transport';
import { siteOrigin } from './site';
import type { AccountTermsReader } from './terms';

/** Every request is a few short fields. */
const BODY_LIMIT = 2048;
const DAY_MS = 86_400_000;

/** A request's body: at most BODY_LIMIT bytes of JSON, or `words` say what it should hold. */
const body = (words: string) => jsonBody(BODY_LIMIT, words);

type Refusable = keyof typeof teamRefusalMessages;

/** The team's refusal `problem`, in the words the domain gives it. */
const refuse = (problem: Refusable) => refusal(problem, teamRefusalMessages[problem]);

/** A workspace as one request's transaction read it. */
interface Team {
  readonly members: readonly Member[];
  readonly invites: readonly (Invite & { readonly id: string })[];
  /** Its owners and seats; its plan is read only when a decision needs its seats. */
  state(): Promise<TeamState>;
  /**
   * What to store in the workspace's account for its trial's start, once state() has read it from
   * Auth (null: it is stored already). A member's page reads the team's plan from the account
   * document alone (it cannot look up another account's sign-up), so joining stores it.
   */
  trialToStore(): Record<string, unknown> | null;
  /** The role of `uid` there, or null for someone who is not a member. */
  roleOf(uid: string): RoleId | null;
  memberOf(uid: string): Member | null;
}

export function createTeamApi({
  db,
  auth,
  send,
  terms,
  now = () => new Date(),
}: {
  db: Firestore;
  auth: Auth;
  /** Sends the invites by email (mail-transport.ts). */
  send: SendMail;
  /** The workspace's plan, for its seats. */
  terms: AccountTermsReader;
  now?: () => Date;
}) {
  /** Reads the workspace's members, invites and terms in `transaction`. */
  async function readTeam(transaction: Transaction, workspace: string, at: number): Promise<Team> {
    const [memberDocs, inviteDocs, account] = await Promise.all([
      transaction.get(db.collection(membersPath(workspace))),
      transaction.get(db.collection(INVITES).where('workspace', '==', workspace)),
      transaction.get(db.doc(accountPath(workspace))),
    ]);
    const members = memberDocs.docs
      .map((doc) => readMember(workspace, doc.id, doc.data()))
      .filter((member): member is Member => member !== null);
    const invites = inviteDocs.docs.flatMap((doc) => {
      const invite = readInvite(doc.data());
      return invite ? [{ ...invite, id: doc.id }] : [];
    });
    const pending = invites.filter((invite) => isPending(invite, at));
    const memberOf = (uid: string) => members.find((member) => member.uid === uid) ?? null;
    let trialToStore: Record<string, unknown> | null = null;
    return {
      members,
      invites,
      // The workspace's account is looked up in Auth for its trial: only once the caller is known
      // to be a member (a workspace that is no account must answer 'not-allowed', not fail).
      state: async () => {
        const read = await terms.termsIn(workspace, account);
        trialToStore = read.store;
        return teamStateOf(members, pending, seatsOf(read.terms, at));
      },
      trialToStore: () => trialToStore,
      memberOf,
      roleOf: (uid) => roleIn(workspace, uid, memberOf(uid)),
    };
  }

  const memberRef = (workspace: string, uid: string) => db.doc(memberPath(workspace, uid));

  /**
   * How `workspace` is known: its account's address; once that account is deleted and its other
   * owners carry it on, the name the deletion gave its members (account-delete.ts), which a new
   * member is given too.
   */
  async function nameOf(
    workspace: string,
    members: readonly Member[],
  ): Promise<{ name: string | null; holderDeleted: boolean }> {
    const carriedOn = members.find((member) => member.holderDeleted);
    if (carriedOn) return { name: carriedOn.workspaceName, holderDeleted: true };
    const holder = await auth.getUser(workspace).catch(() => null);
    return { name: holder?.email ?? null, holderDeleted: false };
  }

  /**
   * The member a request of `caller` names in `workspace` (to change their role or remove them),
   * with the caller's own role: or the refusal when the caller is not in the workspace, names its
   * account's own person, or names nobody of it.
   */
  async function memberOfTeam(
    transaction: Transaction,
    { workspace, member: uid }: { readonly workspace: string; readonly member: string },
    caller: string,
  ): Promise<{ team: Team; actor: RoleId; member: Member } | { refused: TeamAnswer }> {
    const team = await readTeam(transaction, workspace, now().getTime());
    const actor = team.roleOf(caller);
    if (!actor) return { refused: refuse('not-allowed') };
    if (uid === workspace) return { refused: refuse('account-holder') };
    const member = team.memberOf(uid);
    return member ? { team, actor, member } : { refused: refuse('not-member') };
  }

  return serveApi(teamApi, {
    auth,
    signedOut: 'Sign in again to manage your team.',
    unavailable: 'That could not be done just now. Try again in a moment.',
    otherPath: refusal('bad-request', `No such team request: see ${teamApi.path}.`),
    routes: [
      {
        method: 'POST',
        path: /\/invite$/,
        request: 'invite',
        body: body('An invite is an email address and a role.'),
        unverified: teamRefusalMessages.unverified,
        async answer({ caller, input }): Promise<TeamAnswer> {
          const at = now().getTime();
          const token = newInviteToken((bytes) => webcrypto.getRandomValues(bytes));
          const id = await inviteTokenHash(token);
          const email = input.email === null ? null : inviteEmail(input.email);
          let people: readonly Member[] = [];
          const refused = await db.runTransaction(async (transaction) => {
            const team = await readTeam(transaction, input.workspace, at);
            people = team.members;
            const actor = team.roleOf(caller.uid);
            if (!actor) return refuse('not-allowed');
            const members = [caller.email, ...team.members.map((member) => member.email)];
            if (email !== null && members.includes(email)) {
              return refuse('already-member');
            }
            const emailedToday = team.invites.filter(
              (invite) => invite.email !== null && invite.createdAt > at - DAY_MS,
            );
            if (email !== null && emailedToday.length >= INVITES_PER_DAY) return refuse('too-many');
            const decision = decideInvite(actor, input.role, await team.state());
            if (!decision.ok) return refuse(decision.why);
            transaction.create(
              db.doc(invitePath(id)),
              inviteFields(
                { workspace: input.workspace, email, role: input.role, invitedBy: caller.uid },
                Timestamp.fromMillis(at),
                Timestamp.fromMillis(inviteExpiry(at)),
              ),
            );
            return null;
          });
          if (refused) return refused;
          const link = inviteLink(siteOrigin(), token);
          const expiresAt = new Date(inviteExpiry(at)).toISOString();
          if (email === null) {
            return {
              ok: true,
              message: `Anyone with this link can join as ${roleInWords(input.role)} until it expires or you withdraw it.`,
              workspace: input.workspace,
              invite: { id, expiresAt, link },
            };
          }
          try {
            const { name } = await nameOf(input.workspace, people);
            await send(
              inviteMail({
                to: email,
                from: caller.email!,
                workspace: name ?? input.workspace,
                role: input.role,
                link,
                origin: siteOrigin(),
              }),
            );
          } catch (error) {
            // An invite nobody received must not hold a seat: it goes, and the page says to retry.
            await db.doc(invitePath(id)).delete();
            throw error;
          }
          return {
            ok: true,
            message: `Invite sent to ${email}.`,
            workspace: input.workspace,
            // The link went to the invited address alone: the inviter never holds it.
            invite: { id, expiresAt, link: null },
          };
        },
      },
      {
        method: 'POST',
        path: /\/revoke$/,
        request: 'revoke',
        body: body('Say which invite.'),
        answer: ({ caller, input }) =>
          db.runTransaction(async (transaction): Promise<TeamAnswer> => {
            const at = now().getTime();
            const ref = db.doc(invitePath(input.invite));
            const invite = readInvite((await transaction.get(ref)).data());
            const team = await readTeam(transaction, input.workspace, at);
            if (!invite || invite.workspace !== input.workspace) return refuse('no-invite');
            const actor = team.roleOf(caller.uid);
            if (!actor || !roleMay(actor, 'members.manage')) return refuse('not-allowed');
            if (roles[invite.role].rank > roles[actor].rank) return refuse('above-you');
            if (invite.acceptedAt !== null) return refuse('accepted');
            if (invite.revokedAt === null) {
              transaction.update(ref, { revokedAt: Timestamp.fromMillis(at) });
            }
            return { ok: true, message: 'The invite was withdrawn.', workspace: input.workspace };
          }),
      },
      {
        method: 'POST',
        path: /\/accept$/,
        request: 'accept',
        body: body('Open the whole link from the email.'),
        async answer({ caller, input }): Promise<TeamAnswer> {
          const id = await inviteTokenHash(input.token);
          return db.runTransaction(async (transaction): Promise<TeamAnswer> => {
            const at = now().getTime();
            const ref = db.doc(invitePath(id));
            const invite = readInvite((await transaction.get(ref)).data());
            if (!invite) return refuse('no-invite');
            const team = await readTeam(transaction, invite.workspace, at);
            if (caller.uid === invite.workspace) return refuse('own-workspace');
            const why = decideAccept(
              invite,
              { email: caller.email, emailVerified: caller.verified },
              at,
            );
            if (why) return refuse(why);
            if (team.memberOf(caller.uid)) return refuse('already-member');
            // The invite held its seat while pending; a plan that ended since has fewer.
            const joining = decideJoin(invite.role, await team.state());
            if (!joining.ok) return refuse(joining.why);
            // The member knows the workspace by its account's address (the switcher's name).
            const { name, holderDeleted } = await nameOf(invite.workspace, team.members);
            transaction.create(
              memberRef(invite.workspace, caller.uid),
              memberFields(
                invite.workspace,
                caller.uid,
                invite.role,
                caller.email!,
                Timestamp.fromMillis(at),
                false,
                name,
                holderDeleted,
              ),
            );
            transaction.update(ref, {
              acceptedAt: Timestamp.fromMillis(at),
              acceptedBy: caller.uid,
            });
            const trial = team.trialToStore();
            if (trial)
              transaction.set(db.doc(accountPath(invite.workspace)), trial, { merge: true });
            return {
              ok: true,
              message: `You joined as ${roleInWords(invite.role)}.`,
              workspace: invite.workspace,
              role: invite.role,
            };
          });
        },
      },
      {
        method: 'POST',
        path: /\/role$/,
        request: 'role',
        body: body('Choose a role.'),
        answer: ({ caller, input }) =>
          db.runTransaction(async (transaction): Promise<TeamAnswer> => {
            const found = await memberOfTeam(transaction, input, caller.uid);
            if ('refused' in found) return found.refused;
            const { team, actor, member } = found;
            const decision = decideRoleChange(actor, member.role, input.role, await team.state());
            if (!decision.ok) return refuse(decision.why);
            const ref = memberRef(input.workspace, member.uid);
            const done = { ok: true, workspace: input.workspace } as const;
            if (isOfferedRole(input.role) && member.role !== input.role) {
              transaction.update(ref, { offeredRole: input.role });
              return {
                ...done,
                role: member.role,
                message: `${member.email} is offered to become ${roleInWords(input.role)}, and stays ${roleInWords(member.role)} until they accept.`,
              };
            }
            transaction.update(ref, {
              role: input.role,
              offeredRole: null,
              ownCodesOnly: input.ownCodesOnly ?? member.ownCodesOnly,
            });
            return {
              ...done,
              role: input.role,
              message: `${member.email} is now ${roleInWords(input.role)}.`,
            };
          }),
      },
      {
        method: 'POST',
        path: /\/take-ownership$/,
        request: 'take-ownership',
        body: body('Say which workspace.'),
        answer: ({ caller, input }) =>
          db.runTransaction(async (transaction): Promise<TeamAnswer> => {
            const team = await readTeam(transaction, input.workspace, now().getTime());
            const member = team.memberOf(caller.uid);
            if (!member) return refuse('not-member');
            if (member.offeredRole === null) return refuse('no-offer');
            const taking = decideTakeOffer(member.role, member.offeredRole, await team.state());
            if (!taking.ok) return refuse(taking.why);
            transaction.update(memberRef(input.workspace, member.uid), {
              role: member.offeredRole,
              offeredRole: null,
            });
            return {
              ok: true,
              workspace: input.workspace,
              role: member.offeredRole,
              message: `You are now ${roleInWords(member.offeredRole)} of this workspace.`,
            };
          }),
      },
      {
        method: 'POST',
        path: /\/remove$/,
        request: 'remove',
        body: body('Say which member.'),
        answer: ({ caller, input }) =>
          db.runTransaction(async (transaction): Promise<TeamAnswer> => {
            const found = await memberOfTeam(transaction, input, caller.uid);
            if ('refused' in found) return found.refused;
            const { team, actor, member } = found;
            const decision =
              member.uid === caller.uid
                ? decideLeave(member.role, await team.state())
                : decideRemoval(actor, member.role, await team.state());
            if (!decision.ok) return refuse(decision.why);
            transaction.delete(memberRef(input.workspace, member.uid));
            return {
              ok: true,
              workspace: input.workspace,
              message: `${member.email} is no longer a member. Their codes stay with the workspace.`,
            };
          }),
      },
      {
        method: 'POST',
        path: /\/leave$/,
        request: 'leave',
        body: body('Say which workspace.'),
        answer: ({ caller, input }) =>
          db.runTransaction(async (transaction): Promise<TeamAnswer> => {
            if (caller.uid === input.workspace) return refuse('account-holder');
            const team = await readTeam(transaction, input.workspace, now().getTime());
            const member = team.memberOf(caller.uid);
            if (!member) return refuse('not-member');
            const decision = decideLeave(member.role, await team.state());
            if (!decision.ok) return refuse(decision.why);
            transaction.delete(memberRef(input.workspace, member.uid));
            return {
              ok: true,
              workspace: input.workspace,
              message: 'You left the workspace. The codes you made stay with it.',
            };
          }),
      },
    ],
  });
}
