// Invites to a workspace, invites/{hash}: one document per invite, named by the SHA-256 of its
// token (team-invites.ts), so the link's token finds it and a copy of the database holds no
// token. Top level rather than under the workspace, so that accepting needs only the token. Only
// the team function writes them; the workspace's members who manage people read its invites
// (firestore.rules), to list and revoke the pending ones.
import { millisOf } from '../stored-time';
import { isRoleId } from '../team';
import type { Invite } from '../team-invites';

export const INVITES = 'invites';

export const invitePath = (hash: string) => `${INVITES}/${hash}`;

/** The invite document `data`; null when it is not one this reads. */
export function readInvite(data: unknown): Invite | null {
  if (typeof data !== 'object' || data === null) return null;
  const fields = data as Record<string, unknown>;
  const createdAt = millisOf(fields.createdAt);
  const expiresAt = millisOf(fields.expiresAt);
  if (
    typeof fields.workspace !== 'string' ||
    !isRoleId(fields.role) ||
    typeof fields.invitedBy !== 'string' ||
    createdAt === null ||
    expiresAt === null
  ) {
    return null;
  }
  return {
    workspace: fields.workspace,
    email: typeof fields.email === 'string' ? fields.email : null,
    role: fields.role,
    invitedBy: fields.invitedBy,
    createdAt,
    expiresAt,
    revokedAt: millisOf(fields.revokedAt),
    acceptedAt: millisOf(fields.acceptedAt),
  };
}

/** What the team function stores for a new invite; `Time` is its store's time (a Timestamp, or Date). */
export const inviteFields = <Time>(
  invite: Pick<Invite, 'workspace' | 'email' | 'role' | 'invitedBy'>,
  createdAt: Time,
  expiresAt: Time,
) => ({
  workspace: invite.workspace,
  email: invite.email,
  role: invite.role,
  invitedBy: invite.invitedBy,
  createdAt,
  expiresAt,
  revokedAt: null,
  acceptedAt: null,
});
