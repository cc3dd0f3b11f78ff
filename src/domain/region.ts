// Where the site's Cloud Functions run: Johannesburg. A printed code is scanned in South Africa,
// and every scan is a request to the `qr` function through Hosting's nearest edge, so the
// function (and the Firestore database beside it, created in the same place: docs/deploy.md)
// belongs as near to the people scanning as Google offers. From Iowa, each scan and each landing
// page carried an Atlantic round trip of about 230-260 ms before any work was done.
//
// One constant, read by every function (functions/src/index.ts sets it as their global option),
// by the functions' own address that the loop guard refuses (functions/src/site.ts), and by the
// deploy check, which refuses a Hosting config whose rewrites send a request anywhere else
// (scripts/deploy/deploy-config.mjs): firebase.json is JSON and cannot import it, so the check and
// a unit test hold it to this.

/** The Cloud Functions region of every function, and of every Hosting rewrite to one. */
export const FUNCTIONS_REGION = 'africa-south1';

/**
 * The functions Hosting's rewrites may name: the short links and hosted files, and the APIs the
 * page calls under /api. (The scheduled functions have no address.)
 */
export const SERVED_FUNCTIONS = [
  'qr',
  'hosted',
  'links',
  'billing',
  'files',
  'mail',
  'account',
  'team',
  'bulk',
  'desk',
  'builds',
  'reports',
] as const;

export type ServedFunction = (typeof SERVED_FUNCTIONS)[number];
