import { describe, expect, it } from 'vitest';
import { roleIds } from './team';
import {
  decideInvite,
  decideJoin,
  decideLeave,
  decideRemoval,
  decideRoleChange,
  decideTakeOffer,
  isOfferedRole,
  roleIn,
  teamStateOf,
  teamRefusals,
  type TeamState,
} from './team-policy';

const roomy: TeamState = { owners: 2, seatsTaken: 2, seats: 5 };
const full: TeamState = { owners: 2, seatsTaken: 5, seats: 5 };
const oneOwner: TeamState = { owners: 1, seatsTaken: 2, seats: 5 };
const why = (decision: { ok: boolean; why?: string }) => (decision.ok ? 'ok' : decision.why);

describe('inviting', () => {
  it('is for owners and admins, up to their own role', () => {
    expect(why(decideInvite('owner', 'owner', roomy))).toBe('ok');
    expect(why(decideInvite('admin', 'editor', roomy))).toBe('ok');
    expect(why(decideInvite('admin', 'owner', roomy))).toBe('role-too-high');
    for (const actor of ['editor', 'viewer', 'billing'] as const) {
      expect(why(decideInvite(actor, 'viewer', roomy))).toBe('not-allowed');
    }
  });

  it('needs a free seat, except for a viewer', () => {
    expect(why(decideInvite('owner', 'editor', full))).toBe('no-seat');
    expect(why(decideInvite('owner', 'billing', full))).toBe('no-seat');
    expect(why(decideInvite('owner', 'viewer', full))).toBe('ok');
  });
});

describe('changing a role', () => {
  it('never leaves the workspace without an owner', () => {
    expect(why(decideRoleChange('owner', 'owner', 'admin', oneOwner))).toBe('last-owner');
    expect(why(decideRoleChange('owner', 'owner', 'admin', roomy))).toBe('ok');
  });

  it('is not an admin’s to make over an owner, or up to owner', () => {
    expect(why(decideRoleChange('admin', 'owner', 'viewer', roomy))).toBe('above-you');
    expect(why(decideRoleChange('admin', 'viewer', 'owner', roomy))).toBe('role-too-high');
    expect(why(decideRoleChange('admin', 'viewer', 'admin', roomy))).toBe('ok');
    expect(why(decideRoleChange('editor', 'viewer', 'editor', roomy))).toBe('not-allowed');
  });

  it('takes a seat when a viewer becomes one who takes a seat', () => {
    expect(why(decideRoleChange('owner', 'viewer', 'editor', full))).toBe('no-seat');
    expect(why(decideRoleChange('owner', 'editor', 'admin', full))).toBe('ok');
    expect(why(decideRoleChange('owner', 'editor', 'viewer', full))).toBe('ok');
  });

  it('to owner is offered, and taken only when accepted', () => {
    expect(roleIds.filter(isOfferedRole)).toEqual(['owner']);
  });
});

describe('removing and leaving', () => {
  it('remove nobody above the one removing, and never the last owner', () => {
    expect(why(decideRemoval('admin', 'owner', roomy))).toBe('above-you');
    expect(why(decideRemoval('admin', 'admin', roomy))).toBe('ok');
    expect(why(decideRemoval('owner', 'owner', oneOwner))).toBe('last-owner');
    expect(why(decideRemoval('owner', 'owner', roomy))).toBe('ok');
    expect(why(decideRemoval('viewer', 'viewer', roomy))).toBe('not-allowed');
  });

  it('let anyone leave but the last owner', () => {
    for (const role of roleIds)
      expect(why(decideLeave(role, oneOwner)), role).toBe(role === 'owner' ? 'last-owner' : 'ok');
  });

  it('say every refusal in words', () => {
    for (const message of Object.values(teamRefusals)) expect(message).toMatch(/^[A-Z].+\.$/);
  });
});

describe('joining and taking an offered role', () => {
  it('an accepted invite keeps the seat it held, unless the plan has fewer seats since', () => {
    expect(why(decideJoin('editor', full))).toBe('ok');
    expect(why(decideJoin('editor', { owners: 1, seatsTaken: 3, seats: 1 }))).toBe('no-seat');
    expect(why(decideJoin('viewer', { owners: 1, seatsTaken: 3, seats: 1 }))).toBe('ok');
  });

  it('a viewer offered ownership needs a free seat; a seated member does not', () => {
    expect(why(decideTakeOffer('viewer', 'owner', full))).toBe('no-seat');
    expect(why(decideTakeOffer('viewer', 'owner', roomy))).toBe('ok');
    expect(why(decideTakeOffer('admin', 'owner', full))).toBe('ok');
  });
});

describe('a workspace’s state', () => {
  it('counts the account’s own person as an owner with a seat, and pending invites as seats', () => {
    const members = [
      { role: 'owner' as const },
      { role: 'viewer' as const },
      { role: 'billing' as const },
    ];
    const invites = [{ role: 'editor' as const }, { role: 'viewer' as const }];
    expect(teamStateOf(members, invites, 5)).toEqual({ owners: 2, seatsTaken: 4, seats: 5 });
    expect(teamStateOf([], [], 1)).toEqual({ owners: 1, seatsTaken: 1, seats: 1 });
  });

  it('counts no owner or seat for an account that has been deleted: its owners are the members', () => {
    const members = [
      { role: 'owner' as const, holderDeleted: true },
      { role: 'editor' as const, holderDeleted: true },
    ];
    const state = teamStateOf(members, [], 5);
    expect(state).toEqual({ owners: 1, seatsTaken: 2, seats: 5 });
    // So the one owner left can neither leave nor be demoted.
    expect(decideLeave('owner', state)).toEqual({ ok: false, why: 'last-owner' });
  });

  it('knows the account’s person as the owner, and others by their member document', () => {
    expect(roleIn('acme', 'acme', null)).toBe('owner');
    expect(roleIn('acme', 'thandi', { role: 'editor' })).toBe('editor');
    expect(roleIn('acme', 'stranger', null)).toBeNull();
  });
});
