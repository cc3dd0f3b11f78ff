// @vitest-environment jsdom
// A device whose session the server ended elsewhere ("Sign out other devices"): the site's API
// refuses its ID token (401). The page has Firebase renew it and tries once more; refused again,
// or not renewed, the device signs out and the login page says why (session.ts tokenRefused).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const core = vi.hoisted(() => ({
  idToken: vi.fn<() => Promise<string | null>>(),
  renewIdToken: vi.fn<() => Promise<string | null>>(),
  logOut: vi.fn<() => Promise<void>>(),
  watchUser: vi.fn(),
}));
vi.mock('./auth/auth-core', () => core);
// Signing out also forgets the device's copy of the account's data: nothing to forget here.
vi.mock('./firestore/firestore-core', () => ({ forgetAccountData: () => Promise.resolve() }));

const { postToSite } = await import('./site-api');
const { sessionEndedHere } = await import('./auth/session');

/** The server's answers, in turn, and the tokens each request carried. */
function server(...statuses: number[]) {
  const bearers: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_path: string, init: RequestInit) => {
      bearers.push(String((init.headers as Record<string, string>).Authorization));
      const status = statuses.shift() ?? 500;
      return new Response(JSON.stringify({ ok: status === 200 }), { status });
    }),
  );
  return bearers;
}

beforeEach(() => {
  sessionStorage.clear();
  core.idToken.mockResolvedValue('cached');
  core.logOut.mockResolvedValue();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('postToSite, when the server refuses the ID token', () => {
  it('tries once more with a token Firebase renewed, and goes on when that one counts', async () => {
    core.renewIdToken.mockResolvedValueOnce('renewed-1');
    const bearers = server(401, 200);
    expect(await postToSite('/api/links', {})).toEqual({
      kind: 'answer',
      status: 200,
      body: { ok: true },
    });
    expect(bearers).toEqual(['Bearer cached', 'Bearer renewed-1']);
    expect(core.logOut).not.toHaveBeenCalled();
    expect(sessionEndedHere()).toBe(false);
  });

  it('signs the device out when the renewed token is refused too, and the login page says why', async () => {
    core.renewIdToken.mockResolvedValueOnce('renewed-2');
    const bearers = server(401, 401);
    expect(await postToSite('/api/billing/orders', { plan: 'monthly' })).toEqual({
      kind: 'signed-out',
    });
    expect(bearers).toEqual(['Bearer cached', 'Bearer renewed-2']);
    expect(core.renewIdToken).toHaveBeenCalledTimes(1);
    expect(core.logOut).toHaveBeenCalledTimes(1);
    expect(sessionEndedHere()).toBe(true);
  });

  it('signs the device out when Firebase will not renew the session', async () => {
    core.renewIdToken.mockResolvedValueOnce(null);
    const bearers = server(401);
    expect(await postToSite('/api/links', {})).toEqual({ kind: 'signed-out' });
    expect(bearers).toEqual(['Bearer cached']);
    expect(core.logOut).toHaveBeenCalledTimes(1);
    expect(sessionEndedHere()).toBe(true);
  });

  it('is offline, not signed out, when the token cannot be renewed for want of a connection', async () => {
    core.renewIdToken.mockRejectedValueOnce(
      Object.assign(new Error('offline'), { code: 'auth/network-request-failed' }),
    );
    server(401);
    expect(await postToSite('/api/links', {})).toEqual({ kind: 'offline' });
    expect(core.logOut).not.toHaveBeenCalled();
  });
});
