// The account page's calls of the account API take only the answers accountApi describes, with
// the ID token the owner has just renewed by proving who they are: a 401 (a sign-in not recent
// enough) is the answer to show, never a token to renew or a session to end.
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { AnswerOf } from '../../domain/api';
import type { accountApi } from '../../domain/account-api';
import { answering as answerAll } from '../site-api.testing';

const user = vi.hoisted(() => ({
  email: 'owner@example.test',
  providerData: [{ providerId: 'password' }],
  getIdToken: async () => 'fresh-token',
}));
vi.mock('firebase/auth', () => ({
  EmailAuthProvider: { credential: () => ({ providerId: 'password' }) },
  reauthenticateWithCredential: async () => undefined,
  signInWithCredential: async () => undefined,
}));
vi.mock('./auth-core', () => ({ auth: { currentUser: user } }));
const session = vi.hoisted(() => ({ refused: [] as string[] }));
vi.mock('./session', () => ({
  idToken: async () => 'session-token',
  tokenRefused: async (token: string) => {
    session.refused.push(token);
    return null;
  },
}));

const { deleteAccount, signOutOtherDevices } = await import('./account-core');

const answering = (status: number, body: unknown) =>
  answerAll(status, body, (path, init) => ({
    path,
    method: init.method,
    authorization: new Headers(init.headers).get('Authorization'),
  }));

afterEach(() => {
  session.refused = [];
  vi.unstubAllGlobals();
});

const proof = { kind: 'password', password: 'secret' } as const;

describe('the account API, from the account page', () => {
  it('answers with the API’s own answer type', () => {
    expectTypeOf(deleteAccount).returns.resolves.toEqualTypeOf<AnswerOf<typeof accountApi>>();
  });

  it('deletes with the just-renewed token; a stale sign-in is shown, nothing renewed', async () => {
    const removed = { codes: 2, links: 1, files: 0, figures: 3, orders: 0, invoicesKept: 1 };
    const sent = answering(200, { ok: true, message: 'Deleted.', removed });
    // A server from before teams says nothing of memberships: none ended.
    expect(await deleteAccount(proof)).toEqual({
      ok: true,
      message: 'Deleted.',
      removed: { ...removed, memberships: 0 },
    });
    expect(sent).toEqual([
      { path: '/api/account', method: 'DELETE', authorization: 'Bearer fresh-token' },
    ]);
    const stale = { ok: false, problem: 'stale-sign-in', message: 'Sign in again.' };
    answering(401, stale);
    expect(await signOutOtherDevices(proof)).toEqual(stale);
    // The last owner of a workspace others work in is refused in words, as it is.
    const lastOwner = { ok: false, problem: 'last-owner', message: 'You are the last owner…' };
    answering(409, lastOwner);
    expect(await deleteAccount(proof)).toEqual(lastOwner);
    expect(session.refused).toEqual([]);
  });

  it.each([
    ['an answer with no problem', 401, { ok: false, message: 'No.' }],
    ['a tally that is not one', 200, { ok: true, message: 'Deleted.', removed: { codes: 'all' } }],
    ['a proxy’s error page', 502, '<html>Bad gateway</html>'],
  ])('takes %s as no answer, with its HTTP status', async (_case, status, body) => {
    answering(status, body);
    expect(await deleteAccount(proof)).toEqual({
      ok: false,
      problem: 'unavailable',
      message: `The server could not answer just now (HTTP ${status}). Try again in a moment.`,
    });
  });
});
