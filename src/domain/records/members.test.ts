import { describe, expect, it } from 'vitest';
import { holderGoneFields, memberFields, memberPath, membersPath, readMember } from './members';

describe('a member record', () => {
  it('lives under the workspace account’s own document', () => {
    expect(membersPath('acme')).toBe('users/acme/members');
    expect(memberPath('acme', 'thandi')).toBe('users/acme/members/thandi');
  });

  it('reads back what the server stores', () => {
    const joined = { toMillis: () => 1_700_000_000_000 };
    const stored = memberFields('acme', 'thandi', 'editor', 'thandi@example.co.za', joined, true);
    expect(readMember('acme', 'thandi', stored)).toEqual({
      uid: 'thandi',
      workspace: 'acme',
      role: 'editor',
      ownCodesOnly: true,
      email: 'thandi@example.co.za',
      joinedAt: 1_700_000_000_000,
      offeredRole: null,
      workspaceName: null,
      holderDeleted: false,
    });
  });

  it('says when the workspace’s own account has been deleted, and by which name it goes then', () => {
    const stored = {
      ...memberFields('acme', 'sipho', 'owner', 'sipho@example.co.za', 0, false, 'old@x.co.za'),
      ...holderGoneFields('sipho@example.co.za'),
    };
    expect(readMember('acme', 'sipho', stored)).toMatchObject({
      holderDeleted: true,
      workspaceName: 'sipho@example.co.za',
    });
    expect(
      readMember('acme', 'x', { role: 'viewer', email: 'a@b.co', holderDeleted: 'yes' }),
    ).toMatchObject({ holderDeleted: false });
  });

  it('is not a member without a role the table knows, or an email', () => {
    expect(readMember('acme', 'x', { role: 'superuser', email: 'a@b.co' })).toBeNull();
    expect(readMember('acme', 'x', { role: 'viewer' })).toBeNull();
    expect(readMember('acme', 'x', null)).toBeNull();
    expect(readMember('acme', 'x', 'viewer')).toBeNull();
  });

  it('takes anything but `true` as not kept to their own codes', () => {
    const read = readMember('acme', 'x', { role: 'editor', email: 'a@b.co', ownCodesOnly: 'yes' });
    expect(read?.ownCodesOnly).toBe(false);
    expect(read?.joinedAt).toBe(0);
  });
});
