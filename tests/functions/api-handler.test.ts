// The one wrapper every API of the site is served through (functions/src/api-handler.ts), on an
// API described for the test, behind a plain node:http server on 127.0.0.1, with real ID tokens
// of the Auth emulator: the methods and paths it takes, the body limit, JSON, the caller, the
// status of each answer from the table, and what a handler that throws is answered and logged.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deleteApp, getAuth, initializeApp, type App } from '../../functions/src/admin';
import { serveApi } from '../../functions/src/api-handler';
import { refusal } from '../../functions/src/http';
import { describeApi } from '../../src/domain/api';
import { idToken, PROJECT_ID } from './servers';

const testApi = describeApi({
  path: '/api/test',
  requests: {
    thing: v.object({
      name: v.optional(v.string('"name" is text.')),
      fail: v.optional(v.boolean()),
      conflict: v.optional(v.boolean()),
    }),
  },
  problems: {
    'bad-request': { status: 400, retry: false },
    unauthenticated: { status: 401, retry: false },
    unverified: { status: 403, retry: false },
    conflict: { status: 409, retry: false },
    'too-large': { status: 413, retry: false },
    unavailable: { status: 503, retry: true },
  },
  ok: {
    uid: v.string(),
    name: v.optional(v.string()),
    bytes: v.optional(v.number()),
    id: v.optional(v.string()),
  },
});

const BODY_LIMIT = 64;

let app: App | undefined;
let server: Server | undefined;
let origin = '';

beforeAll(async () => {
  const auth = inject('auth');
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `${auth.host}:${auth.port}`;
  app = initializeApp({ projectId: PROJECT_ID }, `api-handler-${Math.random()}`);
  const handler = serveApi(testApi, {
    auth: getAuth(app),
    signedOut: 'Sign in again to test.',
    unavailable: 'The test failed just now: try again.',
    otherPath: refusal('bad-request', 'Send POST /api/test/things.'),
    routes: [
      {
        method: 'POST',
        path: /\/things$/,
        request: 'thing',
        body: {
          limit: BODY_LIMIT,
          tooLarge: refusal('too-large', 'At most 64 bytes.'),
          notJson: refusal('bad-request', 'Send a JSON object.'),
        },
        unverified: 'Verify your address first.',
        async answer({ caller, input }) {
          if (input.fail) throw new Error('Firestore is away');
          if (input.conflict) return refusal('conflict', 'Taken already.');
          return { ok: true as const, uid: caller.uid, name: String(input.name) };
        },
      },
      {
        method: 'PUT',
        path: /\/things\/([a-z]+)$/,
        body: { limit: BODY_LIMIT, tooLarge: refusal('bad-request', 'A smaller chunk.') },
        answer: async ({ caller, body }) => ({
          ok: true as const,
          uid: caller.uid,
          bytes: body.length,
        }),
      },
      {
        method: 'DELETE',
        path: /\/things\/([a-z]+)$/,
        signedOut: 'Sign in again to delete.',
        answer: async ({ caller, match }) => ({ ok: true as const, uid: caller.uid, id: match[1] }),
      },
    ],
  });
  server = createServer((request, response) => {
    handler(request, response).catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  if (app) await deleteApp(app);
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
});

/** Calls the test API; `token` null sends none. */
async function call(
  method: string,
  path: string,
  { token = null, body }: { token?: string | null; body?: string } = {},
) {
  const response = await fetch(`${origin}/api/test${path}`, {
    method,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    body,
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    answer: text ? (JSON.parse(text) as unknown) : null,
  };
}

describe('the methods and paths', () => {
  it('a method no route of the path takes: 405 with Allow, never cached', async () => {
    const posted = await call('GET', '/things');
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('POST');
    expect(posted.headers.get('cache-control')).toBe('no-store');
    expect(posted.headers.get('x-content-type-options')).toBe('nosniff');
    const thing = await call('POST', '/things/abc', { token: await idToken('wrapper') });
    expect(thing.status).toBe(405);
    expect(thing.headers.get('allow')).toBe('PUT, DELETE');
  });

  it('a path no route takes: the API’s answer, whatever the method, before anyone is asked for', async () => {
    for (const method of ['GET', 'POST']) {
      expect(await call(method, '/nothing')).toMatchObject({
        status: 400,
        answer: { ok: false, problem: 'bad-request', message: 'Send POST /api/test/things.' },
      });
    }
  });
});

describe('the caller', () => {
  it('no token, or a forged one: 401 in the API’s words, or the route’s', async () => {
    for (const token of [null, 'forged.token.here']) {
      expect(await call('POST', '/things', { token, body: '{"name":"a"}' })).toEqual({
        status: 401,
        headers: expect.anything(),
        answer: { ok: false, problem: 'unauthenticated', message: 'Sign in again to test.' },
      });
      expect((await call('DELETE', '/things/abc', { token })).answer).toMatchObject({
        problem: 'unauthenticated',
        message: 'Sign in again to delete.',
      });
    }
  });

  it('an address not verified: 403 where the route needs one, and taken where it does not', async () => {
    const token = await idToken('wrapper-unverified', { verified: false });
    expect(await call('POST', '/things', { token, body: '{"name":"a"}' })).toMatchObject({
      status: 403,
      answer: { ok: false, problem: 'unverified', message: 'Verify your address first.' },
    });
    expect(await call('DELETE', '/things/abc', { token })).toMatchObject({
      status: 200,
      answer: { ok: true, id: 'abc' },
    });
  });
});

/** POSTs `chunks` in chunked encoding (no Content-Length), as a client that streams does. */
function postChunked(path: string, token: string, chunks: string[]) {
  return new Promise<{ status: number; answer: unknown }>((resolve, reject) => {
    const request = httpRequest(`${origin}/api/test${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Transfer-Encoding': 'chunked' },
    });
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      response.on('end', () => resolve({ status: response.statusCode!, answer: JSON.parse(text) }));
    });
    request.on('error', reject);
    for (const chunk of chunks) request.write(chunk);
    request.end();
  });
}

describe('the body', () => {
  it('over the limit: the route’s answer, whether Content-Length says so or it comes in chunks', async () => {
    const token = await idToken('wrapper');
    const long = JSON.stringify({ name: 'x'.repeat(BODY_LIMIT) });
    const tooLarge = { ok: false, problem: 'too-large', message: 'At most 64 bytes.' };
    expect(await call('POST', '/things', { token, body: long })).toMatchObject({
      status: 413,
      answer: tooLarge,
    });
    expect(await postChunked('/things', token, [long.slice(0, 40), long.slice(40)])).toEqual({
      status: 413,
      answer: tooLarge,
    });
    expect(
      await call('PUT', '/things/abc', { token, body: 'y'.repeat(BODY_LIMIT + 1) }),
    ).toMatchObject({
      status: 400,
      answer: { problem: 'bad-request', message: 'A smaller chunk.' },
    });
    // At the limit, it is taken.
    expect(await call('PUT', '/things/abc', { token, body: 'y'.repeat(BODY_LIMIT) })).toMatchObject(
      { status: 200, answer: { ok: true, bytes: BODY_LIMIT } },
    );
  });

  it('JSON that is no object, or no JSON: 400 with what to send', async () => {
    const token = await idToken('wrapper');
    for (const body of ['null', '[]', '"x"', 'not json', '']) {
      expect(await call('POST', '/things', { token, body }), body).toMatchObject({
        status: 400,
        answer: { ok: false, problem: 'bad-request', message: 'Send a JSON object.' },
      });
    }
  });

  it('a body the route’s request does not describe: 400 with its first issue, the handler not run', async () => {
    const token = await idToken('wrapper');
    for (const body of ['{"name":5}', '{"name":5,"fail":true}']) {
      expect(await call('POST', '/things', { token, body }), body).toMatchObject({
        status: 400,
        answer: { ok: false, problem: 'bad-request', message: '"name" is text.' },
      });
    }
  });
});

describe('the answer', () => {
  it('has the status of the API’s table, and the path’s parts reach the handler', async () => {
    const token = await idToken('wrapper');
    const uid = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'))
      .user_id as string;
    expect(await call('POST', '/things', { token, body: '{"name":"Ada"}' })).toMatchObject({
      status: 200,
      answer: { ok: true, uid, name: 'Ada' },
    });
    expect(await call('POST', '/things', { token, body: '{"conflict":true}' })).toMatchObject({
      status: 409,
      answer: { ok: false, problem: 'conflict', message: 'Taken already.' },
    });
    expect(await call('DELETE', '/things/xyz', { token })).toMatchObject({
      status: 200,
      answer: { ok: true, uid, id: 'xyz' },
    });
  });

  it('a handler that throws: 503 unavailable in the API’s words, and one structured log line', async () => {
    const token = await idToken('wrapper');
    const logged: unknown[][] = [];
    const error = console.error;
    console.error = (...args: unknown[]) => void logged.push(args);
    let answered;
    try {
      answered = await call('POST', '/things', { token, body: '{"fail":true}' });
    } finally {
      console.error = error;
    }
    expect(answered).toMatchObject({
      status: 503,
      answer: {
        ok: false,
        problem: 'unavailable',
        message: 'The test failed just now: try again.',
      },
    });
    expect(logged).toHaveLength(1);
    expect(JSON.parse(String(logged[0][0]))).toMatchObject({
      severity: 'ERROR',
      api: '/api/test',
      method: 'POST',
      path: '/api/test/things',
      error: 'Error: Firestore is away',
    });
  });
});
