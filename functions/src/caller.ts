// Who sends a request to the site's own APIs (links, files, mail, billing, account): the bearer of
// a Firebase ID token, verified by the Admin SDK, so nobody acts on another's codes or files.
//
// Every request of these APIs writes (a link, a file, an email, an order, an account's end), so
// each one also asks Firebase Auth whether the token still counts (checkRevoked): after "Sign out
// other devices" (the account API revokes the account's refresh tokens), or once the account is
// disabled, a token issued before is refused at once rather than for the hour it has left. It
// costs one Auth lookup per request.
import { STAFF_CLAIM } from '../../src/domain/records/staff';
import type { Auth } from './admin';
import { header, type HttpRequest } from './http';

/** Who asks, from their verified ID token. */
export interface Caller {
  readonly uid: string;
  /** The token's email address, lower-cased as invites compare them, if it has one. */
  readonly email: string | null;
  /** The token's email_verified claim. */
  readonly verified: boolean;
  /** When they last signed in (the token's auth_time), in seconds since 1970. */
  readonly signedInAt: number;
  /**
   * The token carries the company's staff claim (src/domain/records/staff.ts): a staff function
   * still reads their staff document (staff.ts staffActor), which a removal deletes at once.
   */
  readonly staff: boolean;
}

/**
 * The caller of `request`; `gone` when the token's signature holds but its account no longer
 * exists (a deletion asked twice); null without a valid token (or with one revoked since).
 */
export async function identify(auth: Auth, request: HttpRequest): Promise<Caller | 'gone' | null> {
  const token = /^Bearer (\S+)$/.exec(header(request, 'authorization') ?? '')?.[1];
  if (!token) return null;
  try {
    // checkRevoked: also asks Auth whether the account exists and its tokens still count.
    const claims = await auth.verifyIdToken(token, true);
    return {
      uid: claims.uid,
      email: typeof claims.email === 'string' ? claims.email.toLowerCase() : null,
      verified: claims.email_verified === true,
      signedInAt: claims.auth_time,
      staff: claims[STAFF_CLAIM] === true,
    };
  } catch (error) {
    return (error as { code?: string }).code === 'auth/user-not-found' ? 'gone' : null;
  }
}

/** The caller of `request`, or null without a valid token (or one revoked since). */
export async function callerOf(auth: Auth, request: HttpRequest): Promise<Caller | null> {
  const caller = await identify(auth, request);
  return caller === 'gone' ? null : caller;
}
