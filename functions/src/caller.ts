// Who sends a request to the site's own APIs (links, files, mail, billing): the bearer of a
// Firebase ID token, verified by the Admin SDK, so nobody acts on another's codes or files.
//
// Every request of these APIs writes (a link, a file, an email, an order), so each one also asks
// Firebase Auth whether the token still counts (checkRevoked): after "Sign out other devices"
// (the account API revokes the account's refresh tokens), or once the account is disabled, a
// token issued before is refused at once rather than for the hour it has left. It costs one Auth
// lookup per request.
import type { Auth } from './admin';
import { header, type HttpRequest } from './http';

/** Who asks, from their verified ID token. */
export interface Caller {
  readonly uid: string;
  /** The token's email_verified claim. */
  readonly verified: boolean;
}

/** The caller of `request`, or null without a valid token (or one revoked since). */
export async function callerOf(auth: Auth, request: HttpRequest): Promise<Caller | null> {
  const token = /^Bearer (\S+)$/.exec(header(request, 'authorization') ?? '')?.[1];
  if (!token) return null;
  try {
    const claims = await auth.verifyIdToken(token, true);
    return { uid: claims.uid, verified: claims.email_verified === true };
  } catch {
    return null;
  }
}
