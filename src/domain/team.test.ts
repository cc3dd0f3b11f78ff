import { describe, expect, it } from 'vitest';
import teamsDoc from '../../docs/teams.md?raw';
import { SEATS_PER_PLAN } from './pricing';
import {
  isRoleId,
  mayChangeCode,
  mayGiveRole,
  roleIds,
  roleMay,
  roles,
  rolesThatMay,
  seatsOf,
  SEATS_WITHOUT_PLAN,
  teamActions,
  type TeamAction,
} from './team';

const DAY = 86_400_000;

describe('the roles', () => {
  it('are described once, each under its own id, with only the actions the table knows', () => {
    for (const id of roleIds) {
      expect(roles[id].id).toBe(id);
      for (const action of roles[id].may) expect(Object.keys(teamActions)).toContain(action);
    }
    expect(Object.keys(roles).sort()).toEqual([...roleIds].sort());
  });

  it('give an owner everything, and a viewer nothing but reading', () => {
    for (const action of Object.keys(teamActions) as TeamAction[]) {
      expect(roleMay('owner', action), action).toBe(true);
    }
    expect(roles.viewer.may).toEqual(['codes.read']);
  });

  it('keep what changes a printed code to those who may write codes', () => {
    expect(rolesThatMay('codes.write')).toEqual(['owner', 'admin', 'editor']);
    expect(rolesThatMay('codes.read')).toEqual(['owner', 'admin', 'editor', 'viewer']);
    expect(rolesThatMay('billing')).toEqual(['owner', 'billing']);
    expect(rolesThatMay('members.manage')).toEqual(['owner', 'admin']);
    expect(rolesThatMay('workspace.own')).toEqual(['owner']);
  });

  it('are given only by those who manage members, and never above the giver', () => {
    expect(mayGiveRole('owner', 'owner')).toBe(true);
    expect(mayGiveRole('admin', 'admin')).toBe(true);
    expect(mayGiveRole('admin', 'viewer')).toBe(true);
    expect(mayGiveRole('admin', 'owner')).toBe(false);
    for (const giver of ['editor', 'viewer', 'billing'] as const) {
      for (const role of roleIds)
        expect(mayGiveRole(giver, role), `${giver} → ${role}`).toBe(false);
    }
  });

  it('are read only from their ids', () => {
    expect(isRoleId('editor')).toBe(true);
    expect(isRoleId('Editor')).toBe(false);
    expect(isRoleId('superuser')).toBe(false);
    expect(isRoleId(undefined)).toBe(false);
  });
});

describe('the seats', () => {
  it('are the plan’s during a trial or a paid period, and one after it ended', () => {
    const now = Date.UTC(2026, 10, 27);
    const trial = { trialStartedAt: now - 2 * DAY, planId: null, paidUntil: null };
    expect(seatsOf(trial, now)).toBe(SEATS_PER_PLAN);
    expect(seatsOf({ ...trial, trialStartedAt: now - 40 * DAY }, now)).toBe(SEATS_WITHOUT_PLAN);
    const paid = {
      trialStartedAt: now - 90 * DAY,
      planId: 'annually' as const,
      paidUntil: now + DAY,
    };
    expect(seatsOf(paid, now)).toBe(SEATS_PER_PLAN);
  });

  it('are not taken by viewers', () => {
    expect(roleIds.filter((id) => !roles[id].takesSeat)).toEqual(['viewer']);
  });
});

describe('the roles table in docs/teams.md', () => {
  /**
   * The doc's roles table (the first table under "## The roles"): each row's first cell, and its
   * yes/no per role in the header's order.
   */
  function docTable() {
    const section = teamsDoc.split('\n## ').find((part) => part.startsWith('The roles\n'))!;
    const lines = section.split('\n');
    const start = lines.findIndex((line) => line.startsWith('|'));
    const end = lines.findIndex((line, index) => index > start && !line.startsWith('|'));
    const rows = lines
      .slice(start, end)
      .filter((line) => !line.startsWith('| ---'))
      .map((line) =>
        line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
    const [header, ...body] = rows;
    return { header: header!, body };
  }

  it('is the domain’s: every action, every role, and who takes a seat', () => {
    const { header, body } = docTable();
    expect(header.slice(1)).toEqual(roleIds.map((id) => roles[id].label));
    const yes = (allowed: boolean) => (allowed ? 'yes' : 'no');
    const expected = [
      ...(Object.keys(teamActions) as TeamAction[]).map((action) => [
        teamActions[action],
        ...roleIds.map((id) => yes(roleMay(id, action))),
      ]),
      ["Takes one of the plan's seats", ...roleIds.map((id) => yes(roles[id].takesSeat))],
    ];
    expect(body).toEqual(expected);
  });
});

describe('who may change a code', () => {
  const writer = (
    role: 'owner' | 'admin' | 'editor' | 'viewer' | 'billing',
    ownCodesOnly = false,
  ) => ({ workspace: 'cafe', uid: 'anna', role, ownCodesOnly }) as const;

  it('is whoever may change codes, an editor kept to their own codes only on theirs', () => {
    for (const role of ['owner', 'admin', 'editor'] as const) {
      expect(mayChangeCode(writer(role), 'bob')).toBe(true);
    }
    for (const role of ['viewer', 'billing'] as const) {
      expect(mayChangeCode(writer(role), 'anna')).toBe(false);
    }
    expect(mayChangeCode(writer('editor', true), 'anna')).toBe(true);
    expect(mayChangeCode(writer('editor', true), 'bob')).toBe(false);
    // A code that names no maker is the account's own, not the editor's.
    expect(mayChangeCode(writer('editor', true), null)).toBe(false);
    expect(mayChangeCode({ ...writer('editor', true), uid: 'cafe' }, null)).toBe(true);
    // The option means nothing for other roles.
    expect(mayChangeCode(writer('admin', true), 'bob')).toBe(true);
  });
});
