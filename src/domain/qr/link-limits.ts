// The limits of an account's short links, by its standing: small during the trial (where spam
// would come from), large enough with a plan for a whole sheet of bulk codes a day. The server
// holds them in the transaction that writes a link (link-policy.ts planSync); the pricing page and
// the FAQ say them. A module of its own, with no imports at run time, so the plans can name them.
import type { Standing } from '../billing';

/** How many short links an account may have and make. */
export interface LinkLimits {
  /** Dynamic codes with a working link at once (deleted ones do not count). */
  readonly activeLinks: number;
  /** New links made per account per day (South African days). */
  readonly newLinksPerDay: number;
  /** Changes of where a link leads, per account per day. */
  readonly targetChangesPerDay: number;
}

/**
 * The limits during the trial, and of an account without a plan: a throwaway account is where
 * spam would come from, so it stays small.
 */
export const LINK_LIMITS = {
  activeLinks: 100,
  newLinksPerDay: 20,
  targetChangesPerDay: 50,
} as const satisfies LinkLimits;

/**
 * The limits of an account that has paid for a plan: every code it may keep can be dynamic
 * (SAVED_CODES_MAX, held equal by a test), one full sheet of bulk codes a day can get its links
 * (BULK_ROWS.plan), and a sheet uploaded again can point every one of them somewhere new.
 */
export const PLAN_LINK_LIMITS = {
  activeLinks: 5000,
  newLinksPerDay: 1000,
  targetChangesPerDay: 1000,
} as const satisfies LinkLimits;

/** The limits of an account in `standing`: a running plan's, otherwise the trial's. */
export const linkLimitsOf = (standing: Standing): LinkLimits =>
  standing.kind === 'plan' ? PLAN_LINK_LIMITS : LINK_LIMITS;
