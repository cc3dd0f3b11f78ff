// What the account page and the `account` Cloud Function (functions/src/account-api.ts) agree on:
// the paths, how recent a sign-in must be to delete an account, and the answers.
//
//   POST   /api/account/sessions/revoke  signs the account out everywhere (its refresh tokens
//                                        are revoked); the page then signs itself in again
//   DELETE /api/account                  removes everything the account owns, then the account
//                                        (its workspace stays if other owners carry it on, and
//                                        waits while it has members but no other owner:
//                                        account-deletion.ts)

import * as v from 'valibot';
import { describeApi, type AnswerOf } from './api';

export const ACCOUNT_API_PATH = '/api/account';
export const REVOKE_SESSIONS_PATH = `${ACCOUNT_API_PATH}/sessions/revoke`;

/**
 * Deleting an account needs a sign-in this recent (the ID token's auth_time): a token left open on
 * a shared computer cannot delete it. The page asks for the password just before.
 */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;

export const SIGN_IN_AGAIN_TO_DELETE = 'Sign in again to delete your account.';

const count = v.pipe(v.number(), v.safeInteger(), v.minValue(0));

/** What the deletion removed (and, for invoices, kept): the page says it in words. */
const deletionTally = v.object({
  codes: count,
  /** Short links retired for good: their ids answer "no longer active" and are never reused. */
  links: count,
  files: count,
  /** Documents of scan figures (daily shards and distinct visitors). */
  figures: count,
  /** Orders never paid, deleted. */
  orders: count,
  /** Invoices kept for the tax records, with nothing left that leads to the account. */
  invoicesKept: count,
  /**
   * Memberships of other workspaces that ended (member documents deleted); 0 when a server from
   * before teams answers.
   */
  memberships: v.optional(count, 0),
});

export type DeletionTally = v.InferOutput<typeof deletionTally>;

/**
 * The account API: its problems and their statuses. The function answers from it
 * (functions/src/account-api.ts) and the page checks each answer against it
 * (src/lib/auth/account-core.ts).
 */
export const accountApi = describeApi({
  path: ACCOUNT_API_PATH,
  problems: {
    'bad-request': { status: 400, retry: false },
    unauthenticated: { status: 401, retry: false },
    /** The sign-in is older than RECENT_SIGN_IN_SECONDS: the page asks for the password again. */
    'stale-sign-in': { status: 401, retry: false },
    /**
     * The person is the last owner of a workspace others work in (account-deletion.ts): nothing
     * is deleted until they make one of them an owner or remove them; the message says which and
     * how many.
     */
    'last-owner': { status: 409, retry: false },
    unavailable: { status: 503, retry: true },
  },
  ok: {
    /** What was done, in words. */
    message: v.string(),
    /** What a deletion removed. */
    removed: v.optional(deletionTally),
  },
});

export type AccountAnswer = AnswerOf<typeof accountApi>;

/** Shown on the login page once the account is gone, with its workspace. */
export const ACCOUNT_DELETED_MESSAGE =
  'Your account has been deleted, with your saved codes, their short links, files and figures.';

/** Shown instead once the account is gone and its workspace stays with its other owners. */
export const ACCOUNT_DELETED_WORKSPACE_KEPT =
  'Your account has been deleted. Your workspace, with its codes, short links, files and figures, stays with its other owners.';

/** Added when memberships of other teams ended with the account. */
export const MEMBERSHIPS_ENDED =
  'Your memberships of other teams have ended; their codes stay with them.';

/** What a deletion's answer says it did, for the login page to show. */
export const deletedMessage = (workspaceKept: boolean, memberships: number): string =>
  [
    workspaceKept ? ACCOUNT_DELETED_WORKSPACE_KEPT : ACCOUNT_DELETED_MESSAGE,
    ...(memberships > 0 ? [MEMBERSHIPS_ENDED] : []),
  ].join(' ');

/**
 * Shown on the login page when this device was signed out because the server refused its session
 * (src/lib/site-api.ts): another device signed the account out everywhere, or it was disabled.
 */
export const SESSION_ENDED_MESSAGE =
  'You were signed out on this device: your account was signed out of every device, or its session ended. Sign in again to go on.';
