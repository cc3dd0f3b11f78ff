// What the account page and the `account` Cloud Function (functions/src/account-api.ts) agree on:
// the paths, how recent a sign-in must be to delete an account, and the answers.
//
//   POST   /api/account/sessions/revoke  signs the account out everywhere (its refresh tokens
//                                        are revoked); the page then signs itself in again
//   DELETE /api/account                  removes everything the account owns, then the account

export const ACCOUNT_API_PATH = '/api/account';
export const REVOKE_SESSIONS_PATH = `${ACCOUNT_API_PATH}/sessions/revoke`;

/**
 * Deleting an account needs a sign-in this recent (the ID token's auth_time): a token left open on
 * a shared computer cannot delete it. The page asks for the password just before.
 */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;

export const SIGN_IN_AGAIN_TO_DELETE = 'Sign in again to delete your account.';

/** What the deletion removed (and, for invoices, kept): the page says it in words. */
export interface DeletionTally {
  readonly codes: number;
  /** Short links retired for good: their ids answer "no longer active" and are never reused. */
  readonly links: number;
  readonly files: number;
  /** Documents of scan figures (daily shards and distinct visitors). */
  readonly figures: number;
  /** Orders never paid, deleted. */
  readonly orders: number;
  /** Invoices kept for the tax records, with nothing left that leads to the account. */
  readonly invoicesKept: number;
}

export type AccountProblem = 'unauthenticated' | 'stale-sign-in' | 'bad-request' | 'unavailable';

export type AccountAnswer =
  | { readonly ok: true; readonly message: string; readonly removed?: DeletionTally }
  | { readonly ok: false; readonly problem: AccountProblem; readonly message: string };

export const accountProblemStatus: Readonly<Record<AccountProblem, number>> = {
  unauthenticated: 401,
  'stale-sign-in': 401,
  'bad-request': 400,
  unavailable: 503,
};

/** Whether a JSON body is an AccountAnswer (the page reads the server's answers through this). */
export const isAccountAnswer = (value: unknown): value is AccountAnswer =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { ok?: unknown }).ok === 'boolean' &&
  typeof (value as { message?: unknown }).message === 'string';

/** Shown on the login page once the account is gone. */
export const ACCOUNT_DELETED_MESSAGE =
  'Your account has been deleted, with your saved codes, their short links, files and figures.';

/**
 * Shown on the login page when this device was signed out because the server refused its session
 * (src/lib/site-api.ts): another device signed the account out everywhere, or it was disabled.
 */
export const SESSION_ENDED_MESSAGE =
  'You were signed out on this device: your account was signed out of every device, or its session ended. Sign in again to go on.';
