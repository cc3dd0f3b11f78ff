import { describe, expect, it } from 'vitest';
import { parseBlocklist } from './blocklist';
import {
  LINK_LIMITS,
  linksApi,
  planSync,
  usageOn,
  type AccountUsage,
  type CodeWish,
  type StoredLink,
} from './link-policy';
import type { DestinationCheck } from './landing';
import { canonicalTarget } from './target';

const today = '2026-11-24';
const fresh: AccountUsage = { activeLinks: 3, day: today, newLinks: 1, targetChanges: 2 };
const blocklist = parseBlocklist('evil.example\n');
/** A dynamic code leading to `target`. */
function wish(target: string): CodeWish {
  const check = canonicalTarget(target);
  const destination: DestinationCheck = check.ok
    ? { ok: true, destination: { kind: 'redirect', target: check.href }, hosts: [check.host] }
    : check;
  return { dynamic: true, destination, locked: false };
}
const to = (target: string) => ({ kind: 'redirect', target }) as const;
const link = (fields: Partial<StoredLink> = {}): StoredLink => ({
  id: 'AbCdEfGhJk',
  owner: 'alice',
  code: 'c1',
  destination: to('https://example.co.za/a'),
  locked: false,
  deleted: false,
  disabled: false,
  ...fields,
});
const plan = (input: Partial<Parameters<typeof planSync>[0]>) =>
  planSync({
    code: null,
    link: null,
    usage: fresh,
    verified: true,
    active: true,
    blocklist,
    ...input,
  });

describe('usageOn', () => {
  it('starts the daily counts again on a new day, keeps the links in use', () => {
    expect(usageOn(fresh, today)).toEqual(fresh);
    expect(usageOn(fresh, '2026-11-25')).toEqual({
      activeLinks: 3,
      day: '2026-11-25',
      newLinks: 0,
      targetChanges: 0,
    });
    expect(usageOn(undefined, today)).toEqual({
      activeLinks: 0,
      day: today,
      newLinks: 0,
      targetChanges: 0,
    });
    expect(usageOn({ activeLinks: -4, newLinks: Number.NaN } as never, today).activeLinks).toBe(0);
  });
});

describe('planSync', () => {
  it('makes a link for a new dynamic code, counting it', () => {
    expect(plan({ code: wish('https://example.co.za/a') })).toEqual({
      plan: { kind: 'create', destination: to('https://example.co.za/a'), locked: false },
      usage: { ...fresh, activeLinks: 4, newLinks: 2 },
    });
  });

  it('keeps a link that matches its code, changing nothing', () => {
    expect(plan({ code: wish('https://example.co.za/a'), link: link() })).toEqual({
      plan: { kind: 'keep' },
      usage: fresh,
    });
  });

  it('retargets, counting a change', () => {
    expect(plan({ code: wish('https://example.co.za/b'), link: link() })).toEqual({
      plan: {
        kind: 'update',
        destination: to('https://example.co.za/b'),
        locked: false,
        restore: false,
      },
      usage: { ...fresh, targetChanges: 3 },
    });
  });

  it('retires the link of a deleted or static code, freeing its place; once', () => {
    for (const code of [null, { dynamic: false } as const]) {
      expect(plan({ code, link: link() })).toEqual({
        plan: { kind: 'retire' },
        usage: { ...fresh, activeLinks: 2 },
      });
      expect(plan({ code, link: link({ deleted: true }) }).plan).toEqual({ kind: 'keep' });
      expect(plan({ code }).plan).toEqual({ kind: 'keep' });
    }
  });

  it('restores a retired link when its code is back (Undo), leading where the code says', () => {
    expect(plan({ code: wish('https://example.co.za/a'), link: link({ deleted: true }) })).toEqual({
      plan: {
        kind: 'update',
        destination: to('https://example.co.za/a'),
        locked: false,
        restore: true,
      },
      usage: { ...fresh, activeLinks: 4 },
    });
  });

  it('refuses an unverified account, a bad target and a blocklisted one, changing nothing', () => {
    const refused = (input: Partial<Parameters<typeof planSync>[0]>) => {
      const { plan: decided, usage } = plan(input);
      expect(usage).toBe(fresh);
      return decided.kind === 'refuse' ? decided.problem : decided.kind;
    };
    expect(refused({ code: wish('https://example.co.za/'), verified: false })).toBe('unverified');
    expect(refused({ code: wish('http://10.0.0.1/') })).toBe('bad-target');
    expect(refused({ code: wish('https://www.evil.example/'), link: link() })).toBe(
      'blocked-target',
    );
    // Retiring needs no verified address: a code can always be deleted.
    expect(plan({ code: null, link: link(), verified: false }).plan).toEqual({ kind: 'retire' });
  });

  it('locks or unlocks a link with its code’s password, not counting it as a retarget', () => {
    const locked = { ...wish('https://example.co.za/a'), locked: true } as CodeWish;
    expect(plan({ code: locked, link: link() })).toEqual({
      plan: {
        kind: 'update',
        destination: to('https://example.co.za/a'),
        locked: true,
        restore: false,
      },
      usage: fresh,
    });
    expect(plan({ code: locked, link: link({ locked: true }) }).plan).toEqual({ kind: 'keep' });
  });

  it('holds each limit, with a message naming it', () => {
    const at = (usage: Partial<AccountUsage>) => ({ ...fresh, ...usage });
    const outcome = (input: Partial<Parameters<typeof planSync>[0]>) => plan(input).plan;
    expect(
      outcome({
        code: wish('https://example.co.za/'),
        usage: at({ activeLinks: LINK_LIMITS.activeLinks }),
      }),
    ).toMatchObject({ problem: 'too-many-links', message: expect.stringContaining('100') });
    expect(
      outcome({
        code: wish('https://example.co.za/'),
        link: link({ deleted: true }),
        usage: at({ activeLinks: LINK_LIMITS.activeLinks }),
      }),
    ).toMatchObject({ problem: 'too-many-links' });
    expect(
      outcome({
        code: wish('https://example.co.za/'),
        usage: at({ newLinks: LINK_LIMITS.newLinksPerDay }),
      }),
    ).toMatchObject({ problem: 'too-many-new-links' });
    expect(
      outcome({
        code: wish('https://example.co.za/b'),
        link: link(),
        usage: at({ targetChanges: LINK_LIMITS.targetChangesPerDay }),
      }),
    ).toMatchObject({
      problem: 'too-many-changes',
      message: expect.stringContaining('Its printed copies still show what they did'),
    });
    // At the change limit, a link that already leads there is simply kept.
    expect(
      outcome({
        code: wish('https://example.co.za/a'),
        link: link(),
        usage: at({ targetChanges: LINK_LIMITS.targetChangesPerDay }),
      }),
    ).toEqual({ kind: 'keep' });
  });

  it('answers refusals with statuses a client can tell apart', () => {
    const statuses = Object.fromEntries(
      Object.entries(linksApi.problems).map(([problem, { status }]) => [problem, status]),
    );
    expect(statuses).toEqual({
      'bad-request': 400,
      unauthenticated: 401,
      'not-allowed': 403,
      'file-missing': 409,
      unavailable: 503,
      unverified: 403,
      'bad-target': 422,
      'blocked-target': 422,
      'too-many-links': 429,
      'too-many-new-links': 429,
      'too-many-changes': 429,
      'too-many-checks': 429,
      'plan-needed': 402,
    });
  });
});
