// How many codes one sheet may make, per standing. Every plan includes the same (the plans differ
// by how long one payment covers, not by what they hold), so a running plan has one figure and
// the trial a smaller one: enough to try bulk codes on a real sheet (a menu code for every table
// of a restaurant), too few for a throwaway account to flood the site with links. The server
// holds a batch to it (functions/src/bulk-api.ts) and the page checks it before anything is sent.
import type { Standing } from '../billing';
import { formatCount } from '../counts';

export const BULK_ROWS = {
  /** During the 14-day trial. */
  trial: 100,
  /** With any plan: a branch's shelf labels, or every table of a restaurant group. */
  plan: 1000,
} as const;

/** The most rows any batch may have (the request's schema holds it). */
export const BULK_ROWS_MAX = Math.max(BULK_ROWS.trial, BULK_ROWS.plan);

/**
 * The rows a batch may have in `standing`: none once the trial or plan has ended (codes already
 * made keep working; new ones wait for a plan).
 */
export function bulkRowsAllowed(standing: Standing): number {
  if (standing.kind === 'plan') return BULK_ROWS.plan;
  if (standing.kind === 'trial') return BULK_ROWS.trial;
  return 0;
}

/** The pricing page's line. */
export const BULK_BENEFIT = `Codes from a sheet: up to ${formatCount(BULK_ROWS.plan)} rows at a time (${BULK_ROWS.trial} during the trial), checked before anything is made`;
