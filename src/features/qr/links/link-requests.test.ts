// The page's calls of the link API take only the answers linksApi describes: the page's answer
// type is the description's, so a problem added to its table reaches the link syncer, and a body
// of another shape or status (a proxy's page, an old server) is "try again later", never read as
// a refusal with no problem.
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { AnswerOf } from '../../../domain/api';
import type { linksApi } from '../../../domain/qr/link-policy';
import { requestLinkPassword, requestLinkSync } from './link-requests';
import { answering } from '../../../lib/site-api.testing';

const session = vi.hoisted(() => ({ token: 'token' as string | null }));
vi.mock('../../../lib/auth/session', () => ({
  idToken: async () => session.token,
  tokenRefused: async () => null,
}));

afterEach(() => {
  session.token = 'token';
  vi.unstubAllGlobals();
});

describe('the link requests', () => {
  it('answer with the link API’s own answer type', () => {
    expectTypeOf(requestLinkSync).returns.resolves.toEqualTypeOf<AnswerOf<typeof linksApi>>();
    expectTypeOf(requestLinkPassword).returns.resolves.toEqualTypeOf<AnswerOf<typeof linksApi>>();
  });

  it('name the code’s workspace, and pass on the API’s answers: the link, or a refusal of its table', async () => {
    const sent = answering(200, { ok: true, link: null });
    expect(await requestLinkSync('code1', 'team1')).toEqual({ ok: true, link: null });
    expect(sent).toEqual([{ path: '/api/links', body: { code: 'code1', workspace: 'team1' } }]);
    const refusal = { ok: false, problem: 'too-many-links', message: 'Limit.' };
    answering(429, refusal);
    expect(await requestLinkSync('code1', 'team1')).toEqual(refusal);
    const passwords = answering(200, { ok: true, link: null });
    await requestLinkPassword('code1', null, 'team1');
    expect(passwords).toEqual([
      { path: '/api/links/password', body: { code: 'code1', password: null, workspace: 'team1' } },
    ]);
  });

  it.each([
    ['a refusal that names no problem', 400, { ok: false, message: 'No.' }],
    ['a problem the API does not have', 400, { ok: false, problem: 'gone', message: 'No.' }],
    ['a refusal with another status', 500, { ok: false, problem: 'unverified', message: 'No.' }],
    ['a proxy’s error page', 502, '<html>Bad gateway</html>'],
  ])('take %s as trouble to try again later', async (_case, status, body) => {
    answering(status, body);
    expect(await requestLinkSync('code1', 'team1')).toEqual({
      ok: false,
      problem: 'unavailable',
      message: `The server could not update the short link just now (HTTP ${status}); it will be tried again.`,
    });
  });

  it('say so with no connection, and when nobody is signed in', async () => {
    const sent = answering(200, { ok: true, link: null });
    vi.stubGlobal('navigator', { onLine: false });
    expect(await requestLinkSync('code1', 'team1')).toMatchObject({
      ok: false,
      problem: 'unavailable',
    });
    vi.stubGlobal('navigator', { onLine: true });
    session.token = null;
    expect(await requestLinkSync('code1', 'team1')).toMatchObject({
      ok: false,
      problem: 'unauthenticated',
    });
    expect(sent).toEqual([]);
  });
});
