// What the page offers after each final refusal of the upload API (filesApi in
// src/domain/qr/hosting.ts: the problems it marks `retry: false`), beside the server's own words.
// The problems worth retrying the uploader waits out by itself. The table is typed over the
// description's final problems: one added there does not compile here until the page says what
// the person can do about it, so no refusal is ever taken for a passing fault and retried for ever.
import { paths } from '../../../config/paths';
import type { FinalUploadProblem } from '../../../domain/qr/hosting';

export type UploadRemedy =
  /** The person changes something (signs in again, chooses another file), then tries again. */
  | { readonly kind: 'try-again' }
  /** What is missing is done on another page of the site: a link to it, then Try again. */
  | { readonly kind: 'page'; readonly text: string; readonly to: string }
  /** Only someone else can change it: whom to ask, then Try again. */
  | { readonly kind: 'ask'; readonly text: string };

const tryAgain = { kind: 'try-again' } as const;

export const uploadRemedies: { readonly [P in FinalUploadProblem]: UploadRemedy } = {
  'bad-request': tryAgain,
  unauthenticated: tryAgain,
  // Nothing new is hosted until a plan is paid for: the upload stops (the draft keeps the file)
  // and the page leads to Billing; Try again once the plan is there.
  'plan-needed': { kind: 'page', text: 'Choose a plan on the Billing page', to: paths.billing },
  unverified: tryAgain,
  quota: tryAgain,
  // A member whose role does not (or no longer) let them change the workspace's codes: only its
  // owners and admins can change that; trying again helps once they have.
  'not-allowed': {
    kind: 'ask',
    text: 'Files are uploaded by the members who make codes: ask one of the workspace’s owners or admins to make you an editor, then try again.',
  },
  'too-large': tryAgain,
  'wrong-content': tryAgain,
  'hash-mismatch': tryAgain,
};
