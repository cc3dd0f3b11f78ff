// Invites to a workspace, decided here for the team function and the page that accepts one. An
// invite by email is a link with a random token; the server keeps only the token's hash, so a
// copy of the database lets nobody in. It is valid for INVITE_DAYS, can be revoked, and is
// accepted only by a signed-in account whose verified email address is the invited one (an
// address typed in by mistake lets in nobody but its owner). Until then it holds a seat if its
// role takes one (team-policy.ts).
import { randomBase64url } from './base64url';
import { INVITE_DAYS, type RoleId } from './team';

const DAY_MS = 86_400_000;

/** How many random bytes an invite's token holds: 256 bits, beyond guessing. */
export const INVITE_TOKEN_BYTES = 32;

/** A token as the link carries it: base64url of INVITE_TOKEN_BYTES random bytes (43 characters). */
export const INVITE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new token, from `fill` (crypto.getRandomValues on the server). */
export const newInviteToken = (fill: (bytes: Uint8Array<ArrayBuffer>) => void): string =>
  randomBase64url(INVITE_TOKEN_BYTES, fill);

/** What the server keeps of a token: its SHA-256, in hex (also the invite's document id). */
export async function inviteTokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** An invite as the server keeps it. */
export interface Invite {
  readonly workspace: string;
  /** The invited address, lower-cased; null for an invite link anyone signed in may use. */
  readonly email: string | null;
  readonly role: RoleId;
  readonly invitedBy: string;
  /** Milliseconds since the epoch. */
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly revokedAt: number | null;
  readonly acceptedAt: number | null;
}

/** When an invite made at `createdAt` stops being valid. */
export const inviteExpiry = (createdAt: number) => createdAt + INVITE_DAYS * DAY_MS;

/** An email address as invites compare them: trimmed and lower-cased. */
export const inviteEmail = (email: string) => email.trim().toLowerCase();

/** Why an invite cannot be accepted; each with its words for the person. */
export const inviteRefusals = {
  revoked: 'This invite was withdrawn. Ask for a new one.',
  accepted: 'This invite has been used already.',
  expired: `This invite has expired (invites last ${INVITE_DAYS} days). Ask for a new one.`,
  unverified: 'Verify your email address first: members are known to each other by it.',
  'wrong-email':
    'This invite is for another email address. Sign in with the address it was sent to.',
} as const;

export type InviteRefusal = keyof typeof inviteRefusals;

/** The account that tries to accept: its email address and whether it is verified. */
export interface Accepter {
  readonly email: string | null;
  readonly emailVerified: boolean;
}

/** Whether `accepter` may accept `invite` at `now`; the first reason it may not. */
export function decideAccept(
  invite: Invite,
  accepter: Accepter,
  now: number,
): InviteRefusal | null {
  if (invite.revokedAt !== null) return 'revoked';
  if (invite.acceptedAt !== null) return 'accepted';
  if (now >= invite.expiresAt) return 'expired';
  // A member is known to the others by a verified address, whichever way they were invited.
  if (!accepter.emailVerified || !accepter.email) return 'unverified';
  if (invite.email !== null && inviteEmail(accepter.email) !== invite.email) return 'wrong-email';
  return null;
}

/** Whether an invite still holds its seat: not revoked, not accepted, not expired. */
export const isPending = (invite: Invite, now: number) =>
  invite.revokedAt === null && invite.acceptedAt === null && now < invite.expiresAt;
