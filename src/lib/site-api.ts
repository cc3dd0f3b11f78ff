// The page's calls to the site's own API (/api/*): Hosting rewrites those paths to the Cloud
// Functions, so they are the site's own origin (no CORS, the CSP's connect-src 'self'). Each call
// carries the signed-in user's ID token, which the function verifies, revocation included: after
// "Sign out other devices" elsewhere, this device's cached token is refused (401). The call then
// asks Firebase for a new one and tries once more; refused again (or not renewed), the session has
// ended, and this device signs out (the login page says why) rather than show errors for an hour.
import { idToken, tokenRefused } from './auth/session';

export type ApiReply =
  /** No connection (or the browser says it is offline): nothing reached the server. */
  | { readonly kind: 'offline' }
  /** Nobody is signed in on this device any more. */
  | { readonly kind: 'signed-out' }
  /** The server's answer: its status and its JSON body (null when it had none). */
  | { readonly kind: 'answer'; readonly status: number; readonly body: unknown };

/** POSTs `body` as JSON to `path` with the user's ID token; never throws. */
export async function postToSite(path: string, body: object): Promise<ApiReply> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { kind: 'offline' };
  let token: string | null;
  try {
    token = await idToken();
  } catch {
    return { kind: 'offline' };
  }
  if (!token) return { kind: 'signed-out' };
  const post = (bearer: string) =>
    fetch(path, {
      method: 'POST',
      headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  try {
    let response = await post(token);
    if (response.status === 401) {
      const renewed = await tokenRefused(token);
      if (!renewed) return { kind: 'signed-out' };
      response = await post(renewed);
      if (response.status === 401) {
        await tokenRefused(renewed);
        return { kind: 'signed-out' };
      }
    }
    return {
      kind: 'answer',
      status: response.status,
      body: await response.json().catch(() => null),
    };
  } catch {
    return { kind: 'offline' };
  }
}
