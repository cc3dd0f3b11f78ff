import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { roleIds } from './team';
import {
  inviteLink,
  JOIN_PATH,
  roleInWords,
  teamApi,
  teamRefusalMessages,
  tokenOfFragment,
} from './team-api';
import { newInviteToken } from './team-invites';

const token = newInviteToken((bytes) => bytes.fill(7));

describe('the team API', () => {
  it('has words for every refusal it makes besides the wrapper’s own', () => {
    const own = new Set(['bad-request', 'unauthenticated', 'unavailable']);
    const problems = Object.keys(teamApi.problems).filter((problem) => !own.has(problem));
    expect(Object.keys(teamRefusalMessages).sort()).toEqual(problems.sort());
    for (const message of Object.values(teamRefusalMessages)) expect(message).toMatch(/\.$/);
  });

  it('puts the token after # of the join page, so that no server or Referer ever sees it', () => {
    const link = inviteLink('https://kemptoncodeworks.co.za', token);
    expect(link).toBe(`https://kemptoncodeworks.co.za${JOIN_PATH}#${token}`);
    expect(tokenOfFragment(new URL(link).hash)).toBe(token);
    expect(tokenOfFragment('#')).toBeNull();
    expect(tokenOfFragment(`#${token.slice(1)}`)).toBeNull();
    expect(tokenOfFragment(`#${token}<script>`)).toBeNull();
  });

  it('says each role with its article', () => {
    expect(roleIds.map(roleInWords)).toEqual([
      'an owner',
      'an admin',
      'an editor',
      'a viewer',
      'a billing',
    ]);
  });

  it('takes an invite for an address or for a link, and says what is wrong with either', () => {
    const invite = teamApi.requests.invite;
    expect(
      v.parse(invite, { workspace: 'acme', email: ' T@Example.co.za ', role: 'viewer' }),
    ).toEqual({ workspace: 'acme', email: 'T@Example.co.za', role: 'viewer' });
    expect(v.parse(invite, { workspace: 'acme', email: null, role: 'editor' }).email).toBeNull();
    const issue = (body: unknown) => v.safeParse(invite, body).issues?.[0].message;
    expect(issue({ workspace: 'acme', email: 'nobody', role: 'viewer' })).toMatch(
      /whole email address/,
    );
    expect(issue({ workspace: 'acme', email: null, role: 'god' })).toMatch(
      /^Choose a role: owner, admin/,
    );
    expect(issue({ workspace: '../x', email: null, role: 'viewer' })).toBe(
      'Say which workspace: its id.',
    );
    expect(issue('invite')).toMatch(/email address to invite/);
  });
});
