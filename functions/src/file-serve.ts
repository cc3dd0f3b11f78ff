// Answers GET and HEAD of a hosted file (file-store.ts), for the short links' pages that show one
// (/q/<link id>/f/<sha256>, the `hosted` function: file-link.ts): with byte ranges, which a video
// or audio element asks for to start playing at once and to seek, and a PDF viewer to show the
// first page before the last arrives.
//
// The bytes are streamed: one chunk document is read, handed to the connection, and the next is
// read only once the connection has taken it (its `drain`), so a slow client is sent to at its own
// pace while the instance holds about one chunk of its answer, and a client that goes away stops
// the reads at once. One answer carries at most MAX_ANSWER_BYTES; a longer range is shortened
// (HTTP lets a server send less than asked, Content-Range says what), and a request of a larger
// file without a Range gets its first MAX_ANSWER_BYTES as a 206. That is not what a plain GET
// expects, but the clients of these files take it: media elements and PDF viewers ask for ranges
// anyway (`bytes=0-` first), and a client that did not would get a Content-Range saying how much
// there is, rather than an error or a cut-off 200.
import type { FileStore, StoredFile } from './file-store';
import { header, securityHeaders, type HttpRequest, type HttpResponse } from './http';

/**
 * The most one answer carries: 4 MiB, about six chunk documents read. Players and PDF viewers
 * ask for the parts they need in ranges, so a short answer costs them only a further request;
 * what it bounds is what one request can make the function read and send (a slow or hostile
 * client that asks for `bytes=0-` of a 200 MB video gets 4 MB, not the whole of it).
 */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/**
 * Images, video and sound open as a document of their own with nothing to run: no script, no
 * plugin, a unique origin (`sandbox`).
 */
const MEDIA_POLICY =
  "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * A PDF is shown by the browser's own viewer, which Chromium builds as a page of its own around
 * an <embed> of the file: it refuses to start inside a sandboxed document at all ("This page has
 * been blocked by Chrome", crbug.com/413851; Safari's viewer fails under `sandbox` too), the
 * <embed> is held to `object-src` (`default-src 'none'` blocks it, crbug.com/271452) and the
 * page's own inline styles to `style-src`. So a PDF goes without `sandbox` and with `object-src
 * 'self'`: nothing of ours runs in it either way (the file is served as application/pdf, with
 * nosniff, only when its bytes are a PDF), and the viewer keeps the PDF's own scripts apart from
 * the origin.
 */
const PDF_POLICY =
  "default-src 'none'; object-src 'self'; img-src 'self'; style-src 'unsafe-inline'";

/** Which bytes to send: all, a range, or none of the asked-for range exists. */
export type RangeAnswer =
  | { readonly status: 200 | 206; readonly start: number; readonly end: number }
  | { readonly status: 416 };

/**
 * The bytes to answer a `Range` header with, for a file of `size` bytes, at most `most` of them
 * (see the top of this file). A header this does not understand (not `bytes=`, several ranges,
 * reversed) is ignored, as HTTP allows: the answer is the file from its start.
 */
export function rangeOf(
  range: string | undefined,
  size: number,
  most = MAX_ANSWER_BYTES,
): RangeAnswer {
  const whole = (): RangeAnswer =>
    size <= most
      ? { status: 200, start: 0, end: size - 1 }
      : { status: 206, start: 0, end: most - 1 };
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(range ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return whole();
  let start: number;
  let end: number;
  if (match[1] === '') {
    // bytes=-n: the last n bytes.
    const suffix = Number(match[2]);
    if (suffix === 0) return { status: 416 };
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    const last = match[2] === '' ? size - 1 : Number(match[2]);
    // A range reversed (bytes=9-5) is not one; one that starts past the end cannot be met.
    if (match[2] !== '' && last < start) return whole();
    if (start >= size) return { status: 416 };
    end = Math.min(last, size - 1);
  }
  return { status: 206, start, end: Math.min(end, start + most - 1) };
}

/** `inline` or `attachment`, with the file's name for a browser's Save as. */
function disposition(name: string, download: boolean): string {
  // RFC 8187's encoding: percent-encoded UTF-8, where encodeURIComponent leaves ' ( ) * alone.
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  // Older clients read `filename`: the name in plain ASCII, quotes and backslashes replaced.
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${download ? 'attachment' : 'inline'}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Whether an If-None-Match header names this file (it names one file only, ever). */
const matchesTag = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch !== undefined &&
  ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === '*' || value === etag;
  });

function notFound(response: HttpResponse, method: string) {
  response.statusCode = 404;
  response.setHeader('Cache-Control', 'no-store');
  response.setHeader('Content-Type', 'text/plain; charset=utf-8');
  response.end(method === 'HEAD' ? undefined : 'This file is not here (yet).');
}

/** The part of a response that streams: Node's ServerResponse (Express's, in Cloud Functions). */
export interface StreamingResponse extends HttpResponse {
  readonly destroyed: boolean;
  readonly headersSent: boolean;
  write(chunk: Buffer): boolean;
  once(event: 'drain' | 'close', listener: () => void): unknown;
  off(event: 'drain' | 'close', listener: () => void): unknown;
  destroy(error?: Error): unknown;
}

/** Whether a client may take an answer of some bytes now (file-limits.ts), and its end. */
export type Admission =
  | {
      readonly ok: true;
      /** The answer is over, with `sent` of its bytes handed to the connection. */
      readonly done: (sent: number) => void;
    }
  | { readonly ok: false; readonly retryAfterSeconds: number; readonly message: string };

export interface ServeOptions {
  /** The most one answer carries (MAX_ANSWER_BYTES). */
  readonly maxAnswerBytes?: number;
  /** Asked before any byte of an answer of `bytes` is read: 429 when it says no. */
  readonly admit?: (request: HttpRequest, bytes: number) => Admission;
}

/** The caching headers of a file: its tag, kept by the browser for good, ranges welcome. */
function cacheHeaders(response: HttpResponse, etag: string) {
  response.setHeader('ETag', etag);
  // The address names the bytes' hash, so they never change: a browser may keep them for good.
  // Private: a shared cache (Hosting's CDN) must not keep them, since the link may be behind a
  // password, or switched off, and every request has to pass the link's checks again.
  response.setHeader('Cache-Control', 'private, max-age=31536000, immutable');
  response.setHeader('Accept-Ranges', 'bytes');
}

/** What the file is and how to show it. `?download=1` asks for it as an attachment. */
function contentHeaders(response: HttpResponse, file: StoredFile, request: HttpRequest) {
  const download = new URL(request.url ?? '/', 'http://localhost').searchParams.get('download');
  response.setHeader('Content-Type', file.type!);
  response.setHeader('Content-Disposition', disposition(file.name, download === '1'));
  response.setHeader(
    'Content-Security-Policy',
    file.type === 'application/pdf' ? PDF_POLICY : MEDIA_POLICY,
  );
}

function tooMany(
  response: HttpResponse,
  method: string,
  retryAfterSeconds: number,
  message: string,
) {
  response.statusCode = 429;
  response.setHeader('Cache-Control', 'no-store');
  response.setHeader('Retry-After', String(retryAfterSeconds));
  response.setHeader('Content-Type', 'text/plain; charset=utf-8');
  response.end(method === 'HEAD' ? undefined : message);
}

/**
 * Answers GET or HEAD of `file`, a complete file of `owner` in `store` (a file that is not
 * complete answers 404), streaming its bytes (see the top of this file). A read that fails before
 * the first byte is sent throws, with no header of the file set (the caller answers); one that
 * fails later cuts the connection, since the status is sent by then.
 */
export async function serveFile(
  store: FileStore,
  owner: string,
  file: StoredFile,
  request: HttpRequest,
  response: StreamingResponse,
  { maxAnswerBytes = MAX_ANSWER_BYTES, admit }: ServeOptions = {},
): Promise<void> {
  securityHeaders(response);
  const method = request.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') {
    response.setHeader('Allow', 'GET, HEAD');
    response.statusCode = 405;
    response.end();
    return;
  }
  if (!file.complete || !file.type) {
    notFound(response, method);
    return;
  }
  const etag = `"${file.sha256}"`;
  if (matchesTag(header(request, 'if-none-match'), etag)) {
    cacheHeaders(response, etag);
    response.statusCode = 304;
    response.end();
    return;
  }
  // If-Range with anything but this file's tag (a date, another tag) asks for the whole file.
  const ifRange = header(request, 'if-range');
  const range = ifRange === undefined || ifRange === etag ? header(request, 'range') : undefined;
  const answer = rangeOf(range, file.size, maxAnswerBytes);
  if (answer.status === 416) {
    cacheHeaders(response, etag);
    contentHeaders(response, file, request);
    response.statusCode = 416;
    response.setHeader('Content-Range', `bytes */${file.size}`);
    response.end();
    return;
  }
  const length = answer.end - answer.start + 1;
  const head = () => {
    cacheHeaders(response, etag);
    contentHeaders(response, file, request);
    response.statusCode = answer.status;
    if (answer.status === 206) {
      response.setHeader('Content-Range', `bytes ${answer.start}-${answer.end}/${file.size}`);
    }
    response.setHeader('Content-Length', String(length));
  };
  if (method === 'HEAD') {
    head();
    response.end();
    return;
  }
  const admission = admit?.(request, length) ?? { ok: true, done: () => undefined };
  if (!admission.ok) {
    tooMany(response, method, admission.retryAfterSeconds, admission.message);
    return;
  }
  let sent = 0;
  try {
    sent = await stream(
      store.readChunks(owner, file.sha256, answer.start, answer.end),
      head,
      response,
    );
  } finally {
    admission.done(sent);
  }
}

/**
 * Writes `chunks` to `response` one at a time, reading the next only once the connection has
 * taken the last (`drain`), and none once the client has gone (`close`); `head` sets the headers,
 * once the first chunk is in hand. The bytes handed to the connection.
 */
async function stream(
  chunks: AsyncIterable<Buffer>,
  head: () => void,
  response: StreamingResponse,
): Promise<number> {
  let gone = response.destroyed;
  let wake: (() => void) | undefined;
  const onClose = () => {
    gone = true;
    wake?.();
  };
  response.once('close', onClose);
  const reader = chunks[Symbol.asyncIterator]();
  let sent = 0;
  try {
    for (;;) {
      if (gone) break;
      const next = await reader.next();
      if (next.done || gone) break;
      if (sent === 0) head();
      sent += next.value.length;
      if (!response.write(next.value) && !gone) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          response.once('drain', resolve);
        });
        response.off('drain', wake!);
        wake = undefined;
      }
    }
  } catch (error) {
    // Once the status is sent, the client can only be told by a cut connection.
    if (!response.headersSent) throw error;
    response.destroy(error instanceof Error ? error : new Error(String(error)));
    console.error(
      JSON.stringify({ severity: 'ERROR', message: 'file answer cut short', error: String(error) }),
    );
    return sent;
  } finally {
    response.off('close', onClose);
    // Ends the chunks' generator where it stands: no further read.
    await reader.return?.();
  }
  if (!gone) response.end();
  return sent;
}

/**
 * The files of `store` as the `hosted` function serves them (file-link.ts): the owner's complete
 * file, or 404.
 */
export function storedFileServer(store: FileStore, options: ServeOptions = {}) {
  return {
    async serve(owner: string, sha256: string, request: HttpRequest, response: StreamingResponse) {
      const file = await store.stat(owner, sha256);
      if (file) {
        await serveFile(store, owner, file, request, response, options);
      } else {
        securityHeaders(response);
        notFound(response, request.method ?? 'GET');
      }
    },
  };
}
