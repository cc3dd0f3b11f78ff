// The page's calls to the upload API (the protocol and its answers: filesApi in
// src/domain/qr/hosting.ts). Like the link requests (links/link-requests.ts) they never throw: a
// lost connection, a server that answers something the description does not allow, an abort, all
// come back as an 'unavailable' answer, which the uploader takes as "try again later, from what
// the server holds".
//
// The chunks go out with XMLHttpRequest: fetch reports nothing while a request body is sent,
// and on a phone one chunk can take many seconds.
//
// Both requests name the workspace the file is hosted for (the start in its body, a chunk, which
// has no JSON, as `?workspace=`): the server checks the caller's role there on each of them.
import {
  chunkPath,
  filesApi,
  type UploadAnswer,
  type UploadStart,
} from '../../../domain/qr/hosting';
import { readAnswer } from '../../../lib/api-answer';
import { idToken, tokenRefused } from '../../../lib/auth/session';

/** Where a chunk goes: the file, where its bytes start, and the workspace it is hosted for. */
export interface ChunkOf {
  readonly sha256: string;
  readonly offset: number;
  /** Absent: the caller's own account. */
  readonly workspace?: string;
}

/** What the uploader needs of the network; the tests give fakes. */
export interface UploadRequests {
  readonly start: (start: UploadStart, signal?: AbortSignal) => Promise<UploadAnswer>;
  readonly send: (
    chunk: ChunkOf,
    bytes: Blob,
    onProgress?: (sentBytes: number) => void,
    signal?: AbortSignal,
  ) => Promise<UploadAnswer>;
}

/**
 * How long one request may take. A chunk is 768 KB: two minutes is 6.5 KB/s, below any connection
 * worth waiting for; past that the connection has most likely gone without a word.
 */
const REQUEST_TIMEOUT_MS = 120_000;

export const OFFLINE_MESSAGE =
  'The connection was lost: the upload will go on when you are back online.';

const OFFLINE: UploadAnswer = { ok: false, problem: 'unavailable', message: OFFLINE_MESSAGE };

const STOPPED: UploadAnswer = {
  ok: false,
  problem: 'unavailable',
  message: 'The upload was stopped.',
};

const TIMED_OUT: UploadAnswer = {
  ok: false,
  problem: 'unavailable',
  message: 'The connection is too slow just now: the upload will go on in a moment.',
};

const SIGNED_OUT: UploadAnswer = {
  ok: false,
  problem: 'unauthenticated',
  message: 'Please sign in again to upload files.',
};

const notAnAnswer = (status: number): UploadAnswer => ({
  ok: false,
  problem: 'unavailable',
  message: `The server did not take the file just now (HTTP ${status}): the upload will go on in a moment.`,
});

const parse = (status: number, text: string): UploadAnswer =>
  readAnswer(filesApi, status, text) ?? notAnAnswer(status);

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** The ID token, or the answer to give instead of sending anything. */
async function bearer(): Promise<string | UploadAnswer> {
  try {
    return (await idToken()) ?? SIGNED_OUT;
  } catch {
    // Refreshing an expired token needs the network.
    return OFFLINE;
  }
}

/** Starts or resumes the upload of a file: the answer says how much of it the server holds. */
export async function startUpload(start: UploadStart, signal?: AbortSignal): Promise<UploadAnswer> {
  if (signal?.aborted) return STOPPED;
  if (offline()) return OFFLINE;
  const token = await bearer();
  if (typeof token !== 'string') return token;
  if (signal?.aborted) return STOPPED;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
  const stop = () => timeout.abort();
  signal?.addEventListener('abort', stop);
  try {
    const response = await fetch(filesApi.path, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        sha256: start.sha256,
        size: start.size,
        name: start.name,
        field: start.field,
        workspace: start.workspace,
      }),
      signal: timeout.signal,
    });
    // The token was refused: renewed for the next try, or this device signs out (session.ts).
    if (response.status === 401) await tokenRefused(token);
    return parse(response.status, await response.text());
  } catch {
    if (signal?.aborted) return STOPPED;
    return timeout.signal.aborted ? TIMED_OUT : OFFLINE;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
}

/**
 * Sends the bytes of the file `sha256` that start at `offset`, for `workspace`. `onProgress`
 * hears how many of `bytes` are sent so far (they may still be on their way to the server).
 */
export async function sendChunk(
  { sha256, offset, workspace }: ChunkOf,
  bytes: Blob,
  onProgress?: (sentBytes: number) => void,
  signal?: AbortSignal,
): Promise<UploadAnswer> {
  if (signal?.aborted) return STOPPED;
  if (offline()) return OFFLINE;
  const token = await bearer();
  if (typeof token !== 'string') return token;
  if (signal?.aborted) return STOPPED;
  return new Promise<UploadAnswer>((resolve) => {
    const request = new XMLHttpRequest();
    const stop = () => request.abort();
    const settle = (answer: UploadAnswer) => {
      signal?.removeEventListener('abort', stop);
      resolve(answer);
    };
    request.open('PUT', chunkPath(sha256, offset, workspace));
    request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    request.timeout = REQUEST_TIMEOUT_MS;
    request.upload.onprogress = (event) => onProgress?.(Math.min(event.loaded, bytes.size));
    request.onload = () => {
      const answer = parse(request.status, request.responseText);
      if (request.status === 401) void tokenRefused(token).finally(() => settle(answer));
      else settle(answer);
    };
    request.onerror = () => settle(OFFLINE);
    request.ontimeout = () => settle(TIMED_OUT);
    request.onabort = () => settle(STOPPED);
    signal?.addEventListener('abort', stop);
    try {
      request.send(bytes);
    } catch {
      settle(OFFLINE);
    }
  });
}

export const uploadRequests: UploadRequests = { start: startUpload, send: sendChunk };
