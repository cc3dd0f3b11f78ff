// The page's one call to the site's own API: POST /api/links asks the server to make a saved
// code's short link match the code (functions/src/link-api.ts). Hosting rewrites the path to the
// Cloud Function, so it is the site's own origin (no CORS, the CSP's connect-src 'self').
import { LINK_API_PATH, type SyncAnswer } from '../../../domain/qr/link-policy';
import { idToken } from '../../../lib/auth/session';

const OFFLINE: SyncAnswer = {
  ok: false,
  problem: 'unavailable',
  message: 'Its short link is made once you are back online.',
};

const isAnswer = (value: unknown): value is SyncAnswer =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { ok?: unknown }).ok === 'boolean' &&
  ((value as { ok: boolean }).ok || typeof (value as { message?: unknown }).message === 'string');

/** Asks the server to make the link of the code `code` match it; never throws. */
export const requestLinkSync = (code: string): Promise<SyncAnswer> => post(LINK_API_PATH, { code });

/** Sends the new password of the code's link (null removes it); never throws. */
export const requestLinkPassword = (code: string, password: string | null): Promise<SyncAnswer> =>
  post(`${LINK_API_PATH}/password`, { code, password });

async function post(path: string, body: object): Promise<SyncAnswer> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return OFFLINE;
  let token: string | null;
  try {
    token = await idToken();
  } catch {
    return OFFLINE;
  }
  if (!token) {
    return {
      ok: false,
      problem: 'unauthenticated',
      message: 'Sign in again to make or change short links.',
    };
  }
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer: unknown = await response.json().catch(() => null);
    if (isAnswer(answer)) return answer;
    return {
      ok: false,
      problem: 'unavailable',
      message: `The server could not update the short link just now (HTTP ${response.status}); it will be tried again.`,
    };
  } catch {
    return OFFLINE;
  }
}
