// @vitest-environment jsdom
// A device whose session the server ended elsewhere ("Sign out other devices"): the site's API
// refuses its ID token (401). The page has Firebase renew it and tries once more; refused again,
// or not renewed, the device signs out and the login page says why (session.ts tokenRefused).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { describeApi } from '../domain/api';
import { answering as answerAll } from './site-api.testing';

const core = vi.hoisted(() => ({
  idToken: vi.fn<() => Promise<string | null>>(),
  renewIdToken: vi.fn<() => Promise<string | null>>(),
  logOut: vi.fn<() => Promise<void>>(),
  watchUser: vi.fn(),
}));
vi.mock('./auth/auth-core', () => core);
// Signing out also forgets the device's copy of the account's data: nothing to forget here.
vi.mock('./firestore/firestore-core', () => ({ forgetAccountData: () => Promise.resolve() }));

const { callApi, callForAnswer } = await import('./site-api');
const { sessionEndedHere } = await import('./auth/session');

/** An API as the site describes one: its answers are what the server below sends. */
const testApi = describeApi({
  path: '/api/test',
  problems: {
    unauthenticated: { status: 401, retry: false },
    'stale-sign-in': { status: 401, retry: false },
    unavailable: { status: 503, retry: true },
  },
  ok: {},
});

/** The server's answers, in turn, and the tokens each request carried. */
function server(...statuses: number[]) {
  const bearers: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_path: string, init: RequestInit) => {
      bearers.push(String((init.headers as Record<string, string>).Authorization));
      const status = statuses.shift() ?? 500;
      return new Response(
        JSON.stringify(
          status === 200
            ? { ok: true }
            : { ok: false, problem: 'unauthenticated', message: 'Sign in again.' },
        ),
        { status },
      );
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

describe('callApi, when the server refuses the ID token', () => {
  it('tries once more with a token Firebase renewed, and goes on when that one counts', async () => {
    core.renewIdToken.mockResolvedValueOnce('renewed-1');
    const bearers = server(401, 200);
    expect(await callApi(testApi, '/api/test', {})).toEqual({
      kind: 'answer',
      answer: { ok: true },
    });
    expect(bearers).toEqual(['Bearer cached', 'Bearer renewed-1']);
    expect(core.logOut).not.toHaveBeenCalled();
    expect(sessionEndedHere()).toBe(false);
  });

  it('signs the device out when the renewed token is refused too, and the login page says why', async () => {
    core.renewIdToken.mockResolvedValueOnce('renewed-2');
    const bearers = server(401, 401);
    expect(await callApi(testApi, '/api/test/orders', { plan: 'monthly' })).toEqual({
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
    expect(await callApi(testApi, '/api/test', {})).toEqual({ kind: 'signed-out' });
    expect(bearers).toEqual(['Bearer cached']);
    expect(core.logOut).toHaveBeenCalledTimes(1);
    expect(sessionEndedHere()).toBe(true);
  });

  it('is offline, not signed out, when the token cannot be renewed for want of a connection', async () => {
    core.renewIdToken.mockRejectedValueOnce(
      Object.assign(new Error('offline'), { code: 'auth/network-request-failed' }),
    );
    server(401);
    expect(await callApi(testApi, '/api/test', {})).toEqual({ kind: 'offline' });
    expect(core.logOut).not.toHaveBeenCalled();
  });
});

const answering = (status: number, body: unknown) => answerAll(status, body, (_path, init) => init);

describe('callApi reads only what the API describes', () => {
  it('gives a refusal of the table, with its status, as the API’s answer', async () => {
    answering(503, { ok: false, problem: 'unavailable', message: 'Busy.' });
    expect(await callApi(testApi, '/api/test', {})).toEqual({
      kind: 'answer',
      answer: { ok: false, problem: 'unavailable', message: 'Busy.' },
    });
  });

  it.each([
    ['an error page of a proxy', 502, '<html>Bad gateway</html>'],
    ['a problem the API does not have', 400, { ok: false, problem: 'gone', message: 'Gone.' }],
    ['a problem with another status', 500, { ok: false, problem: 'unavailable', message: 'x' }],
    ['a success with another status', 202, { ok: true }],
    ['an empty body', 404, ''],
  ])('takes %s as no answer, with its HTTP status', async (_case, status, body) => {
    answering(status, body);
    expect(await callApi(testApi, '/api/test', {})).toEqual({ kind: 'not-an-answer', status });
  });

  it('sends nothing while the browser is offline', async () => {
    const calls = answering(200, { ok: true });
    vi.stubGlobal('navigator', { onLine: false });
    expect(await callApi(testApi, '/api/test', {})).toEqual({ kind: 'offline' });
    expect(calls).toEqual([]);
  });

  it('with a token of the caller’s own, a 401 is the answer: nothing renewed, nobody signed out', async () => {
    const calls = answering(401, { ok: false, problem: 'stale-sign-in', message: 'Sign in.' });
    const reply = await callApi(testApi, '/api/test', undefined, {
      method: 'DELETE',
      token: async () => 'fresh',
    });
    expect(reply).toEqual({
      kind: 'answer',
      answer: { ok: false, problem: 'stale-sign-in', message: 'Sign in.' },
    });
    expect(calls).toEqual([{ method: 'DELETE', headers: { Authorization: 'Bearer fresh' } }]);
    expect(core.renewIdToken).not.toHaveBeenCalled();
    expect(core.logOut).not.toHaveBeenCalled();
  });
});

describe('callForAnswer: one kind of reply, in the page’s words when no answer came', () => {
  const words = {
    offline: 'Offline.',
    signedOut: 'Signed out.',
    notAnAnswer: (status: number) => `HTTP ${status}.`,
  };

  it('gives the API’s answer as it came', async () => {
    answering(503, { ok: false, problem: 'unavailable', message: 'Busy.' });
    expect(await callForAnswer(testApi, '/api/test', {}, words)).toEqual({
      ok: false,
      problem: 'unavailable',
      message: 'Busy.',
    });
  });

  it('stands for no answer with a refusal of the API: retried when offline or not an answer', async () => {
    answering(502, '<html>Bad gateway</html>');
    expect(await callForAnswer(testApi, '/api/test', {}, words)).toEqual({
      ok: false,
      problem: 'unavailable',
      message: 'HTTP 502.',
    });
    vi.stubGlobal('navigator', { onLine: false });
    expect(await callForAnswer(testApi, '/api/test', {}, words)).toEqual({
      ok: false,
      problem: 'unavailable',
      message: 'Offline.',
    });
    vi.stubGlobal('navigator', { onLine: true });
    core.idToken.mockResolvedValueOnce(null);
    expect(await callForAnswer(testApi, '/api/test', {}, words)).toEqual({
      ok: false,
      problem: 'unauthenticated',
      message: 'Signed out.',
    });
  });
});
