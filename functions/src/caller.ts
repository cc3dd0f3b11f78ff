// Who sends a request to the site's own APIs (links, files): the bearer of a Firebase ID token,
// verified by the Admin SDK, so nobody acts on another's codes or files.
import type { Auth } from './admin';
import { header, type HttpRequest } from './http';

/** Who asks, from their verified ID token. */
export interface Caller {
  readonly uid: string;
  /** The token's email_verified claim. */
  readonly verified: boolean;
}

/** The caller of `request`, or null without a valid token. */
export async function callerOf(auth: Auth, request: HttpRequest): Promise<Caller | null> {
  const token = /^Bearer (\S+)$/.exec(header(request, 'authorization') ?? '')?.[1];
  if (!token) return null;
  try {
    const claims = await auth.verifyIdToken(token);
    return { uid: claims.uid, verified: claims.email_verified === true };
  } catch {
    return null;
  }
}
