import { describe, expect, it } from 'vitest';
import { inviteFields, invitePath, readInvite } from './invites';

const at = (millis: number) => ({ toMillis: () => millis });

describe('an invite record', () => {
  it('is named by its token’s hash, at the top level', () => {
    expect(invitePath('ab12')).toBe('invites/ab12');
  });

  it('reads back what the server stores, pending until revoked or accepted', () => {
    const stored = inviteFields(
      { workspace: 'acme', email: 'thandi@example.co.za', role: 'editor', invitedBy: 'acme' },
      at(1_000),
      at(2_000),
    );
    expect(readInvite(stored)).toEqual({
      workspace: 'acme',
      email: 'thandi@example.co.za',
      role: 'editor',
      invitedBy: 'acme',
      createdAt: 1_000,
      expiresAt: 2_000,
      revokedAt: null,
      acceptedAt: null,
    });
    expect(readInvite({ ...stored, email: null, revokedAt: at(1_500) })).toMatchObject({
      email: null,
      revokedAt: 1_500,
    });
  });

  it('is none without a workspace, a role the table knows, an inviter or its times', () => {
    const stored = inviteFields(
      { workspace: 'acme', email: null, role: 'viewer', invitedBy: 'acme' },
      at(1),
      at(2),
    );
    expect(readInvite({ ...stored, role: 'superuser' })).toBeNull();
    expect(readInvite({ ...stored, workspace: 7 })).toBeNull();
    expect(readInvite({ ...stored, invitedBy: undefined })).toBeNull();
    expect(readInvite({ ...stored, expiresAt: 'soon' })).toBeNull();
    expect(readInvite(null)).toBeNull();
  });
});
