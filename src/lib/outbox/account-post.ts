// How an outbox of a signed-in account posts one entry to one of the site's own APIs: the emailed
// codes (src/features/qr/mail/mail-outbox.ts) and the PC build requests
// (src/features/pc/build-outbox.ts). An entry goes only with the session of the account that made
// it (another account signed in on the device meanwhile leaves it waiting); the request carries
// that account's ID token, renewed once when refused (or this device signs out: session.ts); and
// the answer is read as the API describes it, whose table says which refusals are worth sending
// again (the rest are final, for the person to read).
import { isFinal, type AnyApi, type RefusalOf } from '../../domain/api';
import { outcomeOfStatus, type PostOutcome } from '../../domain/outbox';
import { readAnswer } from '../api-answer';
import { idToken, tokenRefused } from '../auth/session';
import { timeoutSignal } from '../compat';
import type { Posted } from './create-outbox';

/** The account an ID token is of (its `sub`), read without checking it: the server does that. */
function uidOfToken(token: string): string | null {
  try {
    const payload = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    const { sub } = JSON.parse(atob(payload)) as { sub?: unknown };
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}

/** The browser knows it has no connection (where it cannot tell, it is taken to have one). */
export const offline = () => (globalThis.navigator as Navigator | undefined)?.onLine === false;

/**
 * POSTs `body` as JSON to `path` of `api` as the account `uid`; no answer ('network') also when
 * `uid` is not the one signed in. `ready`, when given, is asked once the session is known: a
 * request that must wait for something else first (a saved code to reach the server) answers
 * false, which counts as trouble to try again later. The detail is the server's refusal, where it
 * refused.
 */
export async function postAsAccount<A extends AnyApi>(
  api: A,
  path: string,
  uid: string,
  body: object,
  { timeoutMs, ready }: { timeoutMs: number; ready?: () => Promise<boolean> },
): Promise<Posted<RefusalOf<A>>> {
  let token: string | null;
  try {
    token = await idToken();
  } catch {
    // Offline with an ID token that has expired: it cannot be renewed until the connection is back.
    return { outcome: 'network' };
  }
  if (!token || uidOfToken(token) !== uid) return { outcome: 'network' };
  if (offline()) return { outcome: 'network' };
  if (ready && !(await ready().catch(() => false))) {
    return { outcome: offline() ? 'network' : 'server' };
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: timeoutSignal(timeoutMs),
    });
  } catch {
    return { outcome: 'network' };
  }
  // The token was refused: renewed for the next try, or this device signs out (session.ts).
  if (response.status === 401) await tokenRefused(token);
  // Only an answer the API describes is read (a proxy's error page is none).
  const answer = readAnswer(api, response.status, await response.text().catch(() => ''));
  // A refusal is sent again only where the API's table says it is worth it; with no answer, the
  // status says, as for the enquiries.
  const outcome: PostOutcome = !answer
    ? outcomeOfStatus(response.status)
    : answer.ok
      ? 'ok'
      : isFinal(api, answer.problem)
        ? 'rejected'
        : 'server';
  return answer && !answer.ok ? { outcome, detail: answer as RefusalOf<A> } : { outcome };
}
