// What the Users page and the `team` Cloud Function (functions/src/team-api.ts) agree on: the
// requests that change a workspace's people, and their answers. Every request is a POST of a JSON
// object to TEAM_API_PATH/<request>, by a signed-in account (a Firebase ID token); what each
// caller may do is decided by team-policy.ts and team-invites.ts, in a transaction with the
// members, the invites and the terms it read, so two admins at once cannot both take the last seat.
//
//   invite          {workspace, email, role}   an invite by email (the link goes to that address
//                                              only), or with email null a link to share; answers
//                                              the invite, and for a link, the link itself
//   revoke          {workspace, invite}        withdraws a pending invite
//   accept          {token}                    joins the workspace of the invite the token opens
//   role            {workspace, member, role, ownCodesOnly?}
//                                              changes a member's role; 'owner' is offered, and the
//                                              member keeps their role until they accept
//   take-ownership  {workspace}                accepts the ownership offered
//   remove          {workspace, member}        removes a member
//   leave           {workspace}                the caller leaves
import * as v from 'valibot';
import { describeApi, requestBody, type AnswerOf, type ProblemOf } from './api';
import { roleIds, roles, type RoleId } from './team';
import { inviteRefusals, INVITE_TOKEN_PATTERN, type InviteRefusal } from './team-invites';
import { teamRefusals, type TeamRefusal } from './team-policy';
import { JOIN_PATH } from './join-path';

export const TEAM_API_PATH = '/api/team';

/** Where an invite's link leads: a page of the site, the token after `#` (never sent to a server). */
export { JOIN_PATH } from './join-path';

/** The link of an invite with `token`, on the site at `origin`. */
export const inviteLink = (origin: string, token: string) => `${origin}${JOIN_PATH}#${token}`;

/** The token of an invite link's fragment (`#…`), or null when it holds none. */
export const tokenOfFragment = (fragment: string): string | null => {
  const token = fragment.replace(/^#/, '');
  return INVITE_TOKEN_PATTERN.test(token) ? token : null;
};

/**
 * Email invites a workspace may send a day (a day back from now), whatever their role: an invite is
 * the company's email to an address the inviter typed, so a workspace cannot make the company
 * send many. Invite links are not emailed and do not count.
 */
export const INVITES_PER_DAY = 20;

/** Why a change is refused beyond the roles' rules: the account's own person, a workspace of one's own. */
export const teamApiRefusals = {
  'account-holder':
    'The person whose account this workspace is stays its owner. To leave it, they make someone else an owner, then delete their account.',
  'own-workspace': 'This is your own workspace: you are its owner already.',
  'already-member': 'You are a member of this workspace already.',
  'not-member': 'That person is not a member of this workspace.',
  'no-offer': 'Nobody has offered you the ownership of this workspace.',
  'no-invite': 'There is no such invite.',
  'too-many': `A workspace can email ${INVITES_PER_DAY} invites a day. Try again tomorrow, or share an invite link.`,
} as const;

const WORKSPACE = 'Say which workspace: its id.';
const MEMBER = 'Say which member: their account id.';
const ROLE = `Choose a role: ${roleIds.join(', ')}.`;
const EMAIL = 'Enter the email address to invite, or none for an invite link.';

/** An account id as Firebase Auth makes them (28 letters and digits; the emulator's vary). */
const accountId = (message: string) =>
  v.pipe(v.string(message), v.regex(/^[A-Za-z0-9_-]{1,128}$/, message));

const role = v.picklist(roleIds, ROLE);

/** The most characters of an email address (RFC 5321's path limit). */
const EMAIL_MAX = 254;

const email = v.nullable(
  v.pipe(
    v.string(EMAIL),
    v.trim(),
    v.maxLength(EMAIL_MAX, EMAIL),
    v.email('Enter the whole email address to invite, like name@example.co.za.'),
  ),
);

export const teamApi = describeApi({
  path: TEAM_API_PATH,
  requests: {
    invite: requestBody({ workspace: accountId(WORKSPACE), email, role }, EMAIL),
    revoke: requestBody(
      {
        workspace: accountId(WORKSPACE),
        invite: v.pipe(
          v.string('Say which invite.'),
          v.regex(/^[0-9a-f]{64}$/, 'Say which invite.'),
        ),
      },
      'Say which invite.',
    ),
    accept: requestBody(
      {
        token: v.pipe(
          v.string('This invite link is incomplete: open the whole link from the email.'),
          v.regex(
            INVITE_TOKEN_PATTERN,
            'This invite link is incomplete: open the whole link from the email.',
          ),
        ),
      },
      'This invite link is incomplete: open the whole link from the email.',
    ),
    role: requestBody(
      {
        workspace: accountId(WORKSPACE),
        member: accountId(MEMBER),
        role,
        ownCodesOnly: v.optional(v.boolean('Say whether they keep to their own codes.')),
      },
      ROLE,
    ),
    'take-ownership': requestBody({ workspace: accountId(WORKSPACE) }, WORKSPACE),
    remove: requestBody({ workspace: accountId(WORKSPACE), member: accountId(MEMBER) }, MEMBER),
    leave: requestBody({ workspace: accountId(WORKSPACE) }, WORKSPACE),
  },
  problems: {
    'bad-request': { status: 400, retry: false },
    unauthenticated: { status: 401, retry: false },
    /** Inviting and accepting: members know each other by a verified address. */
    unverified: { status: 403, retry: false },
    'not-allowed': { status: 403, retry: false },
    'role-too-high': { status: 403, retry: false },
    'above-you': { status: 403, retry: false },
    'wrong-email': { status: 403, retry: false },
    'not-member': { status: 404, retry: false },
    'no-invite': { status: 404, retry: false },
    'no-offer': { status: 409, retry: false },
    'last-owner': { status: 409, retry: false },
    'account-holder': { status: 409, retry: false },
    'own-workspace': { status: 409, retry: false },
    'already-member': { status: 409, retry: false },
    accepted: { status: 409, retry: false },
    'no-seat': { status: 402, retry: false },
    revoked: { status: 410, retry: false },
    expired: { status: 410, retry: false },
    'too-many': { status: 429, retry: false },
    unavailable: { status: 503, retry: true },
  },
  ok: {
    /** What was done, in words. */
    message: v.string(),
    /** The workspace acted on (the one joined, for an accepted invite). */
    workspace: v.optional(v.string()),
    /** The caller's role there after an accept, or the member's after a change. */
    role: v.optional(v.picklist(roleIds)),
    /** A new invite: its id (the token's hash), when it expires (ISO time), and for a link, the link. */
    invite: v.optional(
      v.object({ id: v.string(), expiresAt: v.string(), link: v.nullable(v.string()) }),
    ),
  },
});

export type TeamAnswer = AnswerOf<typeof teamApi>;
export type TeamProblem = ProblemOf<typeof teamApi>;

/** The words of every refusal the team's rules make: the policy's, the invites' and the API's own. */
export const teamRefusalMessages: Readonly<
  Record<Exclude<TeamProblem, 'bad-request' | 'unauthenticated' | 'unavailable'>, string>
> = { ...teamRefusals, ...inviteRefusals, ...teamApiRefusals } satisfies Record<
  TeamRefusal | InviteRefusal | keyof typeof teamApiRefusals,
  string
>;

/** A role in words, with its article: "an editor", "a viewer". */
export const roleInWords = (role: RoleId) => {
  const name = roles[role].label.toLowerCase();
  return `${/^[aeiou]/.test(name) ? 'an' : 'a'} ${name}`;
};
