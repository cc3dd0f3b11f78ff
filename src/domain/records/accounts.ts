// An account's own document, accounts/{uid}, kept by the server alone (firestore.rules: its owner
// reads it, nobody writes it): the usage of the link limits (qr/link-policy.ts AccountUsage, by
// functions/src/link-sync.ts), the hosted files' bytes (file-store.ts) and the terms, trial and
// plan (billing.ts AccountTerms: terms.ts stores the trial's start, orders.ts a paid plan). Under
// it, accounts/{uid}/private/password-changes and link-checks: the account's link passwords set,
// and its codes' destinations checked on demand, this hour.
import { termsOf, type AccountTerms } from '../billing';
import { usageOn, type AccountUsage } from '../qr/link-policy';
import { millisOf } from '../stored-time';

export const ACCOUNTS = 'accounts';

export const accountPath = (uid: string) => `${ACCOUNTS}/${uid}`;

/** The passwords of the account's links set in the current hour (no rule matches it). */
export const passwordChangesPath = (uid: string) => `${accountPath(uid)}/private/password-changes`;

/** The account's "Check now" of its codes' destinations this hour (destination-check.ts). */
export const linkChecksPath = (uid: string) => `${accountPath(uid)}/private/link-checks`;

/** An account's document as the server and its owner read it. */
export interface AccountRecord {
  /** The usage of the link limits as of `today`: the daily counts start again on a new day. */
  usage(today: string): AccountUsage;
  /** The terms; `signedUpAt` (Firebase Auth's record) starts the trial while none is stored. */
  terms(signedUpAt: number): AccountTerms;
  /** The trial's start is stored: until it is, it is the sign-up's, and the server stores it. */
  readonly trialStored: boolean;
}

/** The account as its document `data` (or none: a new account) holds it. */
export function readAccount(data: unknown): AccountRecord {
  const fields = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const stored = fields.terms;
  return {
    usage: (today) => usageOn(fields as Partial<AccountUsage>, today),
    terms: (signedUpAt) => termsOf(stored, signedUpAt),
    trialStored: typeof stored === 'object' && stored !== null && 'trialStartedAt' in stored,
  };
}

/** What the server merges into the account to keep the trial's start (milliseconds, as a time). */
export const trialStartFields = <Time>(trialStartedAt: Time) => ({ terms: { trialStartedAt } });

/** What marking an order paid merges into the account: the plan, paid until `paidUntil`. */
export const paidPlanFields = <Time>(planId: string, paidUntil: Time) => ({
  terms: { planId, paidUntil },
});

/**
 * An hourly allowance's use as its document (password-changes, link-checks) holds it: how many
 * this hour, since when (ms).
 */
export function readHourCount(data: unknown): { count: number; since: number | null } {
  const { count, since } = (typeof data === 'object' && data !== null ? data : {}) as Record<
    string,
    unknown
  >;
  return { count: Number(count ?? 0), since: millisOf(since) };
}

/** The bytes of all the account's hosted files, complete or not, as its document `data` holds it. */
export const readHostedBytes = (data: unknown): number =>
  Math.max(0, Number((data as { hostedBytes?: unknown } | null | undefined)?.hostedBytes) || 0);

/** What the files function merges into the account to move its hosted bytes (`by`, an increment). */
export const hostedBytesFields = <By>(by: By) => ({ hostedBytes: by });
