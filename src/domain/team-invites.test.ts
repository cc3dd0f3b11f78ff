import { describe, expect, it } from 'vitest';
import { INVITE_DAYS } from './team';
import {
  decideAccept,
  INVITE_TOKEN_PATTERN,
  inviteEmail,
  inviteExpiry,
  inviteRefusals,
  inviteTokenHash,
  isPending,
  newInviteToken,
  type Invite,
} from './team-invites';

const DAY = 86_400_000;
const made = Date.UTC(2026, 10, 27);
const invite: Invite = {
  workspace: 'acme',
  email: 'thandi@example.co.za',
  role: 'editor',
  invitedBy: 'acme',
  createdAt: made,
  expiresAt: inviteExpiry(made),
  revokedAt: null,
  acceptedAt: null,
};
const thandi = { email: 'Thandi@Example.co.za ', emailVerified: true };

describe('an invite’s token', () => {
  it('is 256 random bits, written for a link', () => {
    const token = newInviteToken((bytes) => bytes.fill(255));
    expect(token).toMatch(INVITE_TOKEN_PATTERN);
    expect(token).toBe('_'.repeat(42) + '8');
    expect(newInviteToken((bytes) => crypto.getRandomValues(bytes))).not.toBe(token);
  });

  it('is kept only as its SHA-256', async () => {
    expect(await inviteTokenHash('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});

describe('accepting an invite', () => {
  it('is for the verified owner of the invited address, in any case', () => {
    expect(inviteEmail(thandi.email)).toBe(invite.email);
    expect(decideAccept(invite, thandi, made + DAY)).toBeNull();
    expect(decideAccept(invite, { ...thandi, emailVerified: false }, made)).toBe('unverified');
    expect(
      decideAccept(invite, { email: 'mallory@example.co.za', emailVerified: true }, made),
    ).toBe('wrong-email');
  });

  it('ends after its days, when revoked, and once used', () => {
    expect(invite.expiresAt - invite.createdAt).toBe(INVITE_DAYS * DAY);
    expect(decideAccept(invite, thandi, invite.expiresAt - 1)).toBeNull();
    expect(decideAccept(invite, thandi, invite.expiresAt)).toBe('expired');
    expect(decideAccept({ ...invite, revokedAt: made + 1 }, thandi, made + 2)).toBe('revoked');
    expect(decideAccept({ ...invite, acceptedAt: made + 1 }, thandi, made + 2)).toBe('accepted');
  });

  it('by link, is for any verified account', () => {
    const link = { ...invite, email: null };
    expect(
      decideAccept(link, { email: 'sipho@example.co.za', emailVerified: true }, made),
    ).toBeNull();
    expect(decideAccept(link, { email: 'sipho@example.co.za', emailVerified: false }, made)).toBe(
      'unverified',
    );
  });

  it('says every refusal in words', () => {
    for (const message of Object.values(inviteRefusals)) expect(message).toMatch(/^[A-Z].+\.$/);
  });
});

describe('a pending invite', () => {
  it('holds its seat until it is accepted, revoked or expired', () => {
    expect(isPending(invite, made)).toBe(true);
    expect(isPending(invite, invite.expiresAt)).toBe(false);
    expect(isPending({ ...invite, revokedAt: made }, made)).toBe(false);
    expect(isPending({ ...invite, acceptedAt: made }, made)).toBe(false);
  });
});
