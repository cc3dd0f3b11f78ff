import { describe, expect, it } from 'vitest';
import { memberFields, readMember } from '../../domain/records/members';
import { choicesOf, leftTeamsNotice, mayInCurrent, teamsLeft } from './workspace';

const member = (workspace: string, role: 'editor' | 'viewer', name: string | null) =>
  readMember(
    workspace,
    'me',
    memberFields(workspace, 'me', role, 'me@example.co.za', new Date(0), false, name),
  )!;

describe('the workspaces an account may work in', () => {
  it('are its own first, then its teams by name, each with the member’s role', () => {
    const choices = choicesOf('me', [
      member('zulu', 'viewer', 'zulu@example.co.za'),
      member('acme', 'editor', 'acme@example.co.za'),
      member('bare', 'viewer', null),
    ]);
    expect(choices.map(({ id, name, role }) => [id, name, role])).toEqual([
      ['me', 'Your own codes', 'owner'],
      ['acme', 'acme@example.co.za', 'editor'],
      ['bare', 'bare', 'viewer'],
      ['zulu', 'zulu@example.co.za', 'viewer'],
    ]);
  });

  it('say what the current role may do, from the roles table', () => {
    const [mine, acme] = choicesOf('me', [member('acme', 'viewer', 'acme@example.co.za')]);
    expect(mayInCurrent(mine, 'codes.write')).toBe(true);
    expect(mayInCurrent(acme, 'codes.read')).toBe(true);
    expect(mayInCurrent(acme, 'codes.write')).toBe(false);
    expect(mayInCurrent(null, 'codes.read')).toBe(false);
  });
});

describe('the teams an account has left', () => {
  it('are those this device knew that the server no longer lists', () => {
    const choices = choicesOf('me', [member('acme', 'viewer', 'acme@example.co.za')]);
    const known = { acme: 'acme@example.co.za', cafe: 'owner@cafe.co.za' };
    expect(teamsLeft(known, choices)).toEqual([{ id: 'cafe', name: 'owner@cafe.co.za' }]);
    expect(teamsLeft({}, choices)).toEqual([]);
    expect(leftTeamsNotice(['owner@cafe.co.za'])).toMatch(
      /^You are no longer a member of owner@cafe.co.za: its codes are not shown on this device any more, and this device's copy of them has been deleted\./,
    );
  });
});
