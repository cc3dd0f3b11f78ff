// @vitest-environment jsdom
// The requests' mapping of what the network does to answers; fetch and XMLHttpRequest are fakes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { idToken, tokenRefused } from '../../../lib/auth/session';
import { filesApi } from '../../../domain/qr/hosting';
import { readAnswer } from '../../../lib/api-answer';
import { OFFLINE_MESSAGE, sendChunk, startUpload } from './upload-requests';

vi.mock(import('../../../lib/auth/session'), () => ({ idToken: vi.fn(), tokenRefused: vi.fn() }));

const sha256 = 'b'.repeat(64);

/** Stands in for XMLHttpRequest: records what is sent, and is settled by the test. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  timeout = 0;
  readonly upload: { onprogress: ((event: { loaded: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

/** The request made once the token is in hand. */
async function sent(): Promise<FakeXhr> {
  await vi.waitFor(() => expect(FakeXhr.last).toBeDefined());
  return FakeXhr.last as FakeXhr;
}

beforeEach(() => {
  FakeXhr.last = undefined;
  vi.mocked(idToken).mockResolvedValue('token-1');
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(tokenRefused).mockReset();
});

describe('sendChunk', () => {
  it('PUTs the bytes with the token and hands on progress and the answer', async () => {
    const bytes = new Blob([new Uint8Array(1000)]);
    const progress: number[] = [];
    const answer = sendChunk({ sha256, offset: 786432, workspace: 'team-1' }, bytes, (n) =>
      progress.push(n),
    );
    const xhr = await sent();
    expect(xhr.method).toBe('PUT');
    // A chunk has no JSON: its workspace is in the query, where the server reads it.
    expect(xhr.url).toBe(`/api/files/${sha256}?offset=786432&workspace=team-1`);
    expect(xhr.headers).toEqual({
      Authorization: 'Bearer token-1',
      'Content-Type': 'application/octet-stream',
    });
    expect(xhr.body).toBe(bytes);
    xhr.upload.onprogress?.({ loaded: 400 });
    xhr.upload.onprogress?.({ loaded: 1200 });
    xhr.answer(200, JSON.stringify({ ok: true, received: 787432, complete: false }));
    await expect(answer).resolves.toEqual({ ok: true, received: 787432, complete: false });
    expect(progress).toEqual([400, 1000]);
  });

  it('hands a refused token to the session (renewed for the next try, or the device signs out)', async () => {
    vi.mocked(tokenRefused).mockResolvedValue('token-2');
    const answer = sendChunk({ sha256, offset: 0 }, new Blob(['x']));
    const refusal = { ok: false, problem: 'unauthenticated', message: 'Sign in again.' };
    (await sent()).answer(401, JSON.stringify(refusal));
    await expect(answer).resolves.toEqual(refusal);
    expect(tokenRefused).toHaveBeenCalledWith('token-1');
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(refusal), { status: 401 }));
    await expect(
      startUpload({ sha256, size: 5, name: 'menu.pdf', field: 'menuFile' }),
    ).resolves.toEqual(refusal);
    expect(tokenRefused).toHaveBeenCalledTimes(2);
  });

  it('passes a refusal on as the server wrote it', async () => {
    const answer = sendChunk({ sha256, offset: 0 }, new Blob(['x']));
    const refusal = { ok: false, problem: 'wrong-content', message: 'Not a PDF.' };
    (await sent()).answer(415, JSON.stringify(refusal));
    await expect(answer).resolves.toEqual(refusal);
  });

  it('takes an answer that is not JSON as unavailable, naming the HTTP status', async () => {
    const answer = sendChunk({ sha256, offset: 0 }, new Blob(['x']));
    (await sent()).answer(502, '<html>Bad gateway</html>');
    await expect(answer).resolves.toMatchObject({
      ok: false,
      problem: 'unavailable',
      message: expect.stringContaining('HTTP 502'),
    });
  });

  it('a lost connection is unavailable, to go on when back online', async () => {
    const answer = sendChunk({ sha256, offset: 0 }, new Blob(['x']));
    (await sent()).onerror?.();
    await expect(answer).resolves.toEqual({
      ok: false,
      problem: 'unavailable',
      message: OFFLINE_MESSAGE,
    });
    expect(OFFLINE_MESSAGE).toMatch(/will go on when you are back online\.$/);
  });

  it('aborts the request when its signal is aborted, without throwing', async () => {
    const controller = new AbortController();
    const answer = sendChunk({ sha256, offset: 0 }, new Blob(['x']), undefined, controller.signal);
    const xhr = await sent();
    controller.abort();
    expect(xhr.aborted).toBe(true);
    await expect(answer).resolves.toMatchObject({ ok: false, problem: 'unavailable' });
  });

  it('sends nothing when offline or signed out', async () => {
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(sendChunk({ sha256, offset: 0 }, new Blob(['x']))).resolves.toMatchObject({
      problem: 'unavailable',
    });
    offline.mockRestore();
    vi.mocked(idToken).mockResolvedValue(null);
    await expect(sendChunk({ sha256, offset: 0 }, new Blob(['x']))).resolves.toMatchObject({
      problem: 'unauthenticated',
    });
    vi.mocked(idToken).mockRejectedValue(new Error('auth/network-request-failed'));
    await expect(sendChunk({ sha256, offset: 0 }, new Blob(['x']))).resolves.toMatchObject({
      problem: 'unavailable',
    });
    expect(FakeXhr.last).toBeUndefined();
  });
});

describe('startUpload', () => {
  const start = { sha256, size: 5, name: 'menu.pdf', field: 'menuFile' } as const;

  it('POSTs the start as JSON with the token, naming the workspace', async () => {
    const fetch = vi.fn(
      async (_path: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ ok: true, received: 0, complete: false })),
    );
    vi.stubGlobal('fetch', fetch);
    const named = { ...start, workspace: 'team-1' };
    await expect(startUpload(named)).resolves.toEqual({ ok: true, received: 0, complete: false });
    const [path, init] = fetch.mock.calls[0] ?? [];
    expect(path).toBe('/api/files');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-1');
    expect(JSON.parse(String(init?.body))).toEqual(named);
  });

  it('passes on a 402 plan-needed as the refusal it is, not as a passing fault', async () => {
    const refusal = { ok: false, problem: 'plan-needed', message: 'Choose a plan.' };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(refusal), { status: 402 }));
    await expect(startUpload(start)).resolves.toEqual(refusal);
  });

  it('never throws: a failed fetch is unavailable, a non-JSON answer names its status', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(startUpload(start)).resolves.toMatchObject({ problem: 'unavailable' });
    vi.stubGlobal('fetch', async () => new Response('Service Unavailable', { status: 503 }));
    await expect(startUpload(start)).resolves.toMatchObject({
      problem: 'unavailable',
      message: expect.stringContaining('HTTP 503'),
    });
  });
});

describe('the answers the page takes (filesApi)', () => {
  const read = (status: number, body: unknown) =>
    readAnswer(filesApi, status, JSON.stringify(body));

  it('accepts the protocol’s answers only', () => {
    expect(read(200, { ok: true, received: 3, complete: true })).not.toBeNull();
    expect(read(409, { ok: false, problem: 'offset', message: 'x', received: 3 })).not.toBeNull();
    expect(read(200, { ok: true, received: -1, complete: true })).toBeNull();
    expect(read(200, { ok: true, received: 3 })).toBeNull();
    expect(read(418, { ok: false, problem: 'teapot', message: 'x' })).toBeNull();
    expect(read(403, { ok: false, problem: 'quota' })).toBeNull();
    expect(read(200, null)).toBeNull();
    expect(readAnswer(filesApi, 502, '<html>Bad gateway</html>')).toBeNull();
  });

  it('takes every problem of the description with its status, and none with another', () => {
    for (const [problem, { status }] of Object.entries(filesApi.problems)) {
      const refusal = { ok: false, problem, message: 'Why.' };
      expect(read(status, refusal)).toEqual(refusal);
      // A refusal under a status the API does not give it is someone else's answer.
      expect(read(500, refusal)).toBeNull();
    }
  });
});
