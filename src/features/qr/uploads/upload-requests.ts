// The page's calls to the upload API (the protocol: src/domain/qr/hosting.ts). Like the link
// requests (saved/link-requests.ts) they never throw: a lost connection, a server that answers
// something else than JSON, an abort, all come back as an 'unavailable' answer, which the uploader
// takes as "try again later, from what the server holds".
//
// The chunks go out with XMLHttpRequest: fetch reports nothing while a request body is sent,
// and on a phone one chunk can take many seconds.
import {
  FILES_API_PATH,
  type UploadAnswer,
  type UploadProblem,
  type UploadStart,
} from '../../../domain/qr/hosting';
import { idToken } from '../../../lib/auth/session';

/** What the uploader needs of the network; the tests give fakes. */
export interface UploadRequests {
  readonly start: (start: UploadStart, signal?: AbortSignal) => Promise<UploadAnswer>;
  readonly send: (
    sha256: string,
    offset: number,
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

const problems: ReadonlySet<string> = new Set<UploadProblem>([
  'unauthenticated',
  'unverified',
  'bad-request',
  'too-large',
  'wrong-content',
  'quota',
  'offset',
  'hash-mismatch',
  'unavailable',
]);

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** Whether `value` is an answer of the protocol, checked field by field: the page relies on them. */
export function isUploadAnswer(value: unknown): value is UploadAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const answer = value as Record<string, unknown>;
  if (answer.ok === true) return isCount(answer.received) && typeof answer.complete === 'boolean';
  return (
    answer.ok === false &&
    typeof answer.problem === 'string' &&
    problems.has(answer.problem) &&
    typeof answer.message === 'string' &&
    (answer.received === undefined || isCount(answer.received))
  );
}

const notAnAnswer = (status: number): UploadAnswer => ({
  ok: false,
  problem: 'unavailable',
  message: `The server did not take the file just now (HTTP ${status}): the upload will go on in a moment.`,
});

function parse(status: number, text: string): UploadAnswer {
  let answer: unknown = null;
  try {
    answer = JSON.parse(text);
  } catch {
    // Not JSON: a proxy's or the platform's own error page.
  }
  return isUploadAnswer(answer) ? answer : notAnAnswer(status);
}

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
    const response = await fetch(FILES_API_PATH, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        sha256: start.sha256,
        size: start.size,
        name: start.name,
        field: start.field,
      }),
      signal: timeout.signal,
    });
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
 * Sends the bytes of the file `sha256` that start at `offset`. `onProgress` hears how many of
 * `bytes` are sent so far (they may still be on their way to the server).
 */
export async function sendChunk(
  sha256: string,
  offset: number,
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
    request.open('PUT', `${FILES_API_PATH}/${sha256}?offset=${offset}`);
    request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    request.timeout = REQUEST_TIMEOUT_MS;
    request.upload.onprogress = (event) => onProgress?.(Math.min(event.loaded, bytes.size));
    request.onload = () => settle(parse(request.status, request.responseText));
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
