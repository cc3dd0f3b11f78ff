// The emailed codes' outbox against an in-memory IndexedDB (fake-indexeddb), a stand-in fetch, a
// stand-in session and a stand-in for whether the saved code has reached the server: what each
// answer of the server does to a waiting email. The real browser, Firestore, function and SMTP are
// tested end to end in tests/email-code.spec.ts.
import 'fake-indexeddb/auto';
import { createStore, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAIL_CODE_PATH, type CodeMail } from '../../../domain/mail';
import { installWebLocks } from '../../../lib/outbox/testing';
import { listMail, removeMail, sendStoredMail, sendUnstoredMail, storeMail } from './mail-outbox';

const session = vi.hoisted(() => ({ uid: 'alice' as string | null, refused: [] as string[] }));
/** Whether the saved code has reached the server, as code-on-server.ts would say. */
const firestore = vi.hoisted(() => ({ codeOnServer: true, asked: [] as string[] }));
vi.mock('./code-on-server', () => ({
  codeOnServer: async (uid: string, code: string) => {
    firestore.asked.push(`${uid}/${code}`);
    return firestore.codeOnServer;
  },
}));

vi.mock('../../../lib/auth/session', () => ({
  // An ID token's shape: only its payload's `sub` is read on the device.
  idToken: async () =>
    session.uid
      ? `head.${btoa(JSON.stringify({ sub: session.uid })).replace(/=+$/, '')}.signature`
      : null,
  // The server refused the token: renewed for the next try, or the device signs out (session.ts).
  tokenRefused: async (token: string) => {
    session.refused.push(token);
    return null;
  },
}));

type Answer = number | 'offline';
/** fetch that answers from `script` in turn (200 when it runs out), recording each body. */
function serve(script: Answer[]) {
  const posted: { url: string; authorization: string | null; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      posted.push({
        url,
        authorization: new Headers(init.headers).get('Authorization'),
        body: JSON.parse(init.body as string),
      });
      const answer = script.shift() ?? 200;
      if (answer === 'offline') throw new TypeError('Failed to fetch');
      const body =
        answer === 200
          ? { ok: true, to: 'reader@example.test' }
          : answer === 429
            ? {
                ok: false,
                problem: 'too-many',
                message: 'You can email 5 codes an hour; try again after 15:00 UTC.',
                retryAt: '2026-11-25T15:00:00.000Z',
              }
            : answer === 401
              ? { ok: false, problem: 'unauthenticated', message: 'Sign in again to email codes.' }
              : answer === 403
                ? { ok: false, problem: 'not-allowed', message: 'Your role does not allow it.' }
                : { ok: false, problem: 'unavailable', message: 'Try again.' };
      return new Response(JSON.stringify(body), { status: answer });
    }),
  );
  return posted;
}

/** Alice, emailing a code of her own account. */
const alice = { uid: 'alice', workspace: 'alice' };

let made = 0;
const mail = (): CodeMail => {
  made += 1;
  return {
    id: `request-${made}`,
    to: 'reader@example.test',
    code: `code-${made}`,
  };
};

let removeLocks = () => {};
beforeEach(async () => {
  session.uid = 'alice';
  session.refused = [];
  firestore.codeOnServer = true;
  firestore.asked = [];
  removeLocks = installWebLocks();
  for (const entry of await listMail()) await removeMail(entry.id);
});
afterEach(() => {
  removeLocks();
  vi.unstubAllGlobals();
});

describe('an emailed code', () => {
  it('is sent as the request, with the ID token, and then leaves the device', async () => {
    const posted = serve([200]);
    const request = mail();
    await storeMail(request, alice, 'Shop window');
    expect((await listMail())[0]).toMatchObject({ to: request.to, name: 'Shop window' });
    expect(await sendStoredMail(request.id)).toEqual({ result: 'sent' });
    // The request and the workspace of its code, nothing else: the name is the device's, to
    // list the email.
    expect(posted).toEqual([
      {
        url: MAIL_CODE_PATH,
        authorization: expect.stringMatching(/^Bearer /),
        body: { ...request, workspace: 'alice' },
      },
    ]);
    expect(firestore.asked).toEqual([`alice/${request.code}`]);
    expect(await listMail()).toEqual([]);
  });

  it('of a team names the team’s workspace, and waits for the team’s code to reach the server', async () => {
    const posted = serve([403, 200]);
    const request = mail();
    await storeMail(request, { uid: 'alice', workspace: 'acme' }, 'Menu');
    expect((await listMail())[0]).toMatchObject({ uid: 'alice', workspace: 'acme' });
    // A member whose role no longer lets them see the team's codes: refused, in the server's words.
    expect(await sendStoredMail(request.id)).toEqual({
      result: 'refused',
      answer: expect.objectContaining({ problem: 'not-allowed' }),
    });
    expect(posted.map(({ body }) => body)).toEqual([{ ...request, workspace: 'acme' }]);
    expect(firestore.asked).toEqual([`acme/${request.code}`]);
    const again = mail();
    await storeMail(again, { uid: 'alice', workspace: 'acme' });
    expect(await sendStoredMail(again.id)).toEqual({ result: 'sent' });
  });

  it('kept by an older version of the page (no workspace) is the account’s own, and names none', async () => {
    const posted = serve([200]);
    const request = mail();
    // As that version stored it: the request's fields, who emailed it, and no workspace.
    await set(
      request.id,
      {
        id: request.id,
        createdAt: Date.now(),
        fields: Object.entries(request),
        pending: [MAIL_CODE_PATH],
        status: 'queued',
        attempts: 0,
        uid: 'alice',
        to: request.to,
        name: 'Old',
      },
      createStore('kcw-mail-outbox', 'mail'),
    );
    expect(await sendStoredMail(request.id)).toEqual({ result: 'sent' });
    expect(posted.map(({ body }) => body)).toEqual([request]);
    expect(firestore.asked).toEqual([`alice/${request.code}`]);
  });

  it('waits while the saved code has not reached the server, and goes once it has', async () => {
    const posted = serve([200]);
    const request = mail();
    await storeMail(request, alice);
    firestore.codeOnServer = false;
    expect(await sendStoredMail(request.id)).toEqual({ result: 'trouble' });
    expect(posted).toEqual([]);
    expect(await listMail()).toMatchObject([{ id: request.id, status: 'queued' }]);
    firestore.codeOnServer = true;
    expect(await sendStoredMail(request.id)).toEqual({ result: 'sent' });
    expect(posted).toHaveLength(1);
  });

  it('waits on the device with no connection, and with trouble at the server', async () => {
    serve(['offline', 503]);
    const first = mail();
    const second = mail();
    await storeMail(first, alice);
    await storeMail(second, alice);
    expect(await sendStoredMail(first.id)).toEqual({ result: 'queued' });
    expect(await sendStoredMail(second.id)).toEqual({ result: 'trouble' });
    expect((await listMail()).map((entry) => [entry.id, entry.status, entry.attempts])).toEqual([
      [first.id, 'queued', 1],
      [second.id, 'queued', 1],
    ]);
  });

  it('refused (the hour’s emails used up) is dropped, with the server’s answer to show', async () => {
    serve([429]);
    const request = mail();
    await storeMail(request, alice);
    expect(await sendStoredMail(request.id)).toEqual({
      result: 'refused',
      answer: expect.objectContaining({ problem: 'too-many', retryAt: '2026-11-25T15:00:00.000Z' }),
    });
    expect(await listMail()).toEqual([]);
  });

  it('refused for its ID token (the session ended elsewhere), hands the token to the session', async () => {
    const posted = serve([401]);
    const request = mail();
    await storeMail(request, alice);
    expect(await sendStoredMail(request.id)).toMatchObject({
      answer: expect.objectContaining({ problem: 'unauthenticated' }),
    });
    expect(session.refused).toEqual([posted[0].authorization?.replace(/^Bearer /, '')]);
  });

  it('goes only for the account that emailed it', async () => {
    const posted = serve([]);
    const request = mail();
    await storeMail(request, alice);
    session.uid = 'bob';
    expect(await sendStoredMail(request.id)).toEqual({ result: 'queued' });
    session.uid = null;
    expect(await sendStoredMail(request.id)).toEqual({ result: 'queued' });
    expect(posted).toEqual([]);
    session.uid = 'alice';
    expect(await sendStoredMail(request.id)).toEqual({ result: 'sent' });
  });

  it('where nothing can be kept, is sent as it is', async () => {
    serve(['offline', 200]);
    expect(await sendUnstoredMail(mail(), alice)).toEqual({ result: 'queued' });
    expect(await sendUnstoredMail(mail(), alice)).toEqual({ result: 'sent' });
    expect(await listMail()).toEqual([]);
  });
});

describe('the answers it reads', () => {
  /** fetch that answers `body` (as it is) with `status`, once. */
  const answering = (status: number, body: string) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(body, { status })),
    );

  it('only those the mail API describes: a proxy’s 429 is trouble to try again, not a refusal', async () => {
    answering(429, '<html>Too many requests</html>');
    const request = mail();
    await storeMail(request, alice);
    expect(await sendStoredMail(request.id)).toEqual({ result: 'trouble' });
    expect(await listMail()).toMatchObject([{ id: request.id, status: 'queued' }]);
  });

  it('sends again what the table says is worth it: a code whose short link is not made yet', async () => {
    answering(503, JSON.stringify({ ok: false, problem: 'not-ready', message: 'Soon.' }));
    const request = mail();
    await storeMail(request, alice);
    expect(await sendStoredMail(request.id)).toEqual({ result: 'trouble' });
    answering(
      400,
      JSON.stringify({ ok: false, problem: 'bad-recipient', message: 'One address.' }),
    );
    expect(await sendStoredMail(request.id)).toEqual({
      result: 'refused',
      answer: { ok: false, problem: 'bad-recipient', message: 'One address.' },
    });
  });
});
