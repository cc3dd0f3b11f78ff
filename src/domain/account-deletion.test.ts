import { describe, expect, it } from 'vitest';
import {
  answerableTeams,
  deletionConsequences,
  fateOf,
  lastOwnerMessage,
  planDeletion,
  WORKSPACE_GOES,
} from './account-deletion';
import { holderGoneFields, memberFields, readMember, type Member } from './records/members';
import type { RoleId } from './team';

/** `uid`'s member document in `workspace`, as the server stores it. */
function member(
  workspace: string,
  uid: string,
  role: RoleId,
  { joinedAt = 0, holderGone = false }: { joinedAt?: number; holderGone?: boolean } = {},
): Member {
  const stored = {
    ...memberFields(workspace, uid, role, `${uid}@example.co.za`, joinedAt, false, workspace),
    ...(holderGone ? holderGoneFields(`${workspace}-owner@example.co.za`) : {}),
  };
  return readMember(workspace, uid, { ...stored, joinedAt: { toMillis: () => joinedAt } })!;
}

describe('the fate of a workspace its person deletes their account from', () => {
  it('goes with the account when nobody else works in it', () => {
    expect(fateOf([])).toEqual({ kind: 'deleted' });
  });

  it('stays with its other owners, named by the one who has been a member longest', () => {
    expect(
      fateOf([
        member('me', 'editor', 'editor', { joinedAt: 1 }),
        member('me', 'later', 'owner', { joinedAt: 30 }),
        member('me', 'first', 'owner', { joinedAt: 20 }),
      ]),
    ).toEqual({ kind: 'kept', owners: 2, name: 'first@example.co.za' });
  });

  it('holds the deletion back while other people work in it and none of them owns it', () => {
    // Offered ownership is not ownership until taken.
    const offered = { ...member('me', 'admin', 'admin'), offeredRole: 'owner' as const };
    expect(fateOf([offered, member('me', 'viewer', 'viewer')])).toEqual({
      kind: 'last-owner',
      others: 2,
    });
  });
});

describe('planDeletion', () => {
  it('a person alone, with no teams: their workspace goes', () => {
    expect(planDeletion('me', [], [], new Map())).toEqual({
      own: { kind: 'deleted' },
      deleted: ['me'],
      teamsDeleted: [],
      kept: [],
      leaving: [],
      blocking: [],
    });
  });

  it('a member of other teams leaves them all; their codes there are not the plan’s', () => {
    const memberships = [member('cafe', 'me', 'editor'), member('shop', 'me', 'owner')];
    const plan = planDeletion('me', [], memberships, new Map());
    expect(plan.leaving).toEqual(memberships);
    expect(plan.deleted).toEqual(['me']);
    expect(plan.blocking).toEqual([]);
  });

  it('an account holder with another owner leaves the workspace to them', () => {
    const team = [member('me', 'sipho', 'owner'), member('me', 'thandi', 'editor')];
    const plan = planDeletion('me', team, [], new Map());
    expect(plan.own).toEqual({ kind: 'kept', owners: 1, name: 'sipho@example.co.za' });
    expect(plan.kept).toEqual([{ workspace: 'me', name: 'sipho@example.co.za', members: team }]);
    expect(plan.deleted).toEqual([]);
    expect(plan.blocking).toEqual([]);
  });

  it('an account holder whose members own nothing is held back, with how many they are', () => {
    const plan = planDeletion(
      'me',
      [member('me', 'thandi', 'editor'), member('me', 'lindi', 'viewer')],
      [member('cafe', 'me', 'viewer')],
      new Map(),
    );
    expect(plan.blocking).toEqual([{ workspace: 'me', name: null, others: 2 }]);
    expect(lastOwnerMessage(plan.blocking)).toBe(
      'You are the last owner of your workspace, which 2 other people work in. Make one of your team an owner (they accept on the Users page), or remove the members, then delete your account.',
    );
  });

  it('answers for a team whose own account is deleted, as for their own', () => {
    const alone = member('solo', 'me', 'owner', { holderGone: true });
    const shared = member('shared', 'me', 'owner', { holderGone: true });
    const stuck = member('stuck', 'me', 'owner', { holderGone: true });
    // An owner of a team whose account still exists answers for nothing there.
    const ordinary = member('cafe', 'me', 'owner');
    const memberships = [alone, shared, stuck, ordinary];
    expect(answerableTeams(memberships)).toEqual([alone, shared, stuck]);
    const plan = planDeletion(
      'me',
      [],
      memberships,
      new Map([
        ['solo', [alone]],
        ['shared', [shared, member('shared', 'partner', 'owner')]],
        ['stuck', [stuck, member('stuck', 'helper', 'editor')]],
      ]),
    );
    expect(plan.deleted).toEqual(['me', 'solo']);
    expect(plan.teamsDeleted).toEqual([alone]);
    expect(plan.kept).toEqual([
      {
        workspace: 'shared',
        name: 'partner@example.co.za',
        members: [member('shared', 'partner', 'owner')],
      },
    ]);
    expect(plan.leaving).toEqual([shared, stuck, ordinary]);
    expect(plan.blocking).toEqual([
      { workspace: 'stuck', name: 'stuck-owner@example.co.za', others: 1 },
    ]);
    expect(lastOwnerMessage(plan.blocking)).toBe(
      'You are the last owner of stuck-owner@example.co.za (1 other person works in it). Make one of your team an owner (they accept on the Users page), or remove the members, then delete your account.',
    );
  });

  it('names every workspace that holds it back', () => {
    expect(
      lastOwnerMessage([
        { workspace: 'me', name: null, others: 1 },
        { workspace: 'stuck', name: 'stuck@example.co.za', others: 3 },
      ]),
    ).toBe(
      'You are the last owner of your workspace, which 1 other person works in, and of stuck@example.co.za (3 other people work in it). Make one of each team an owner (they accept on the Users page), or remove the members, then delete your account.',
    );
  });
});

describe('deletionConsequences', () => {
  it('an account of one person: its codes, links, figures and sign-in go', () => {
    expect(deletionConsequences(planDeletion('me', [], [], new Map()))).toEqual({
      removed: WORKSPACE_GOES,
      stays: [],
    });
  });

  it('a holder with another owner: the sign-in goes, the workspace stays with them', () => {
    const plan = planDeletion('me', [member('me', 'sipho', 'owner')], [], new Map());
    const { removed, stays } = deletionConsequences(plan);
    expect(removed).toEqual([
      expect.stringMatching(/^Your sign-in: your name, your email address/),
    ]);
    expect(stays).toEqual([
      'Your workspace, for its other owner: its codes, short links, scan figures, hosted files, the history of its printed codes, its members, its plan and its invoices. They will know it as sipho@example.co.za.',
    ]);
  });

  it('a member of teams: their memberships end, and those teams’ codes stay', () => {
    const plan = planDeletion(
      'me',
      [],
      [member('cafe', 'me', 'editor'), member('shop', 'me', 'viewer')],
      new Map(),
    );
    const { removed, stays } = deletionConsequences(plan);
    expect(removed).toEqual([...WORKSPACE_GOES, 'Your membership of cafe and shop.']);
    expect(stays).toEqual([
      'The codes of cafe and shop stay with those teams, the ones you made included.',
    ]);
  });

  it('a team whose last person they are goes with them', () => {
    const solo = member('solo', 'me', 'owner', { holderGone: true });
    const plan = planDeletion('me', [], [solo], new Map([['solo', [solo]]]));
    expect(deletionConsequences(plan).removed.at(-1)).toBe(
      'solo-owner@example.co.za, whose last person you are: its codes, short links, figures and files, as your own.',
    );
  });
});
