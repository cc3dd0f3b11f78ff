// Distinct visitors of a short link without tracking anyone (functions/src/visitors.ts says how):
// a day's visitors of a link are documents dynamic/{id}/visitors/{day}_{hash}, hashed with that
// day's salt, salts/{day}. Both are written by the redirect's scan counter alone, read by nobody
// but the server (firestore.rules), and deleted by a TTL policy on `expireAt` once their day is
// gone.
import { linkPath } from './links';

export const VISITORS = 'visitors';
export const SALTS = 'salts';

export const linkVisitorsPath = (linkId: string) => `${linkPath(linkId)}/${VISITORS}`;

/** A visitor of `day`: its id is what is stored of them, the salted hash. */
export const visitorPath = (linkId: string, day: string, hash: string) =>
  `${linkVisitorsPath(linkId)}/${day}_${hash}`;

export const saltPath = (day: string) => `${SALTS}/${day}`;

/** What is stored of a visitor, besides its id: the day, and when it may go. */
export const visitorFields = <Time>(day: string, expireAt: Time) => ({ day, expireAt });

/** What is stored of a day's salt: the salt (base64), and when it may go. */
export const saltFields = <Time>(salt: string, expireAt: Time) => ({ salt, expireAt });

/** The salt its document `data` holds, or null when there is none (not made yet). */
export function readSalt(data: unknown): string | null {
  const salt = (data as { salt?: unknown } | null | undefined)?.salt;
  return typeof salt === 'string' ? salt : null;
}
