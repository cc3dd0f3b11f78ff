// Answers GET and HEAD of a hosted file (file-store.ts), for the short links' pages that show one
// (/q/<link id>/f/<sha256>): with byte ranges, which a video or audio element asks for to start
// playing at once and to seek, and a PDF viewer to show the first page before the last arrives.
//
// One answer carries at most MAX_ANSWER_BYTES, the most a Cloud Function may answer at once; a
// longer range is shortened (HTTP lets a server send less than asked, Content-Range says what),
// and a request of a larger file without a Range gets its first MAX_ANSWER_BYTES as a 206. That
// is not what a plain GET expects, but the clients of these files take it: media elements and
// PDF viewers ask for ranges anyway (`bytes=0-` first), and a client that did not would get a
// Content-Range saying how much there is, rather than an error or a cut-off 200.
import { MAX_ANSWER_BYTES } from '../../src/domain/qr/hosting';
import type { FileStore, StoredFile } from './file-store';
import { header, securityHeaders, type HttpRequest, type HttpResponse } from './http';

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
 * The bytes to answer a `Range` header with, for a file of `size` bytes (see the top of this file
 * for the longest answer). A header this does not understand (not `bytes=`, several ranges,
 * reversed) is ignored, as HTTP allows: the answer is the file from its start.
 */
export function rangeOf(range: string | undefined, size: number): RangeAnswer {
  const whole = (): RangeAnswer =>
    size <= MAX_ANSWER_BYTES
      ? { status: 200, start: 0, end: size - 1 }
      : { status: 206, start: 0, end: MAX_ANSWER_BYTES - 1 };
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
  return { status: 206, start, end: Math.min(end, start + MAX_ANSWER_BYTES - 1) };
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

/**
 * Answers GET or HEAD of `file`, a complete file of `owner` in `store` (a file that is not
 * complete answers 404). `?download=1` asks for it as an attachment rather than to be shown.
 */
export async function serveFile(
  store: FileStore,
  owner: string,
  file: StoredFile,
  request: HttpRequest,
  response: HttpResponse,
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
  response.setHeader('ETag', etag);
  // The address names the bytes' hash, so they never change: a browser may keep them for good.
  // Private: a shared cache (Hosting's CDN) must not keep them, since the link may be behind a
  // password, or switched off, and every request has to pass the link's checks again.
  response.setHeader('Cache-Control', 'private, max-age=31536000, immutable');
  response.setHeader('Accept-Ranges', 'bytes');
  if (matchesTag(header(request, 'if-none-match'), etag)) {
    response.statusCode = 304;
    response.end();
    return;
  }
  const download = new URL(request.url ?? '/', 'http://localhost').searchParams.get('download');
  response.setHeader('Content-Type', file.type);
  response.setHeader('Content-Disposition', disposition(file.name, download === '1'));
  response.setHeader(
    'Content-Security-Policy',
    file.type === 'application/pdf' ? PDF_POLICY : MEDIA_POLICY,
  );
  // If-Range with anything but this file's tag (a date, another tag) asks for the whole file.
  const ifRange = header(request, 'if-range');
  const range = ifRange === undefined || ifRange === etag ? header(request, 'range') : undefined;
  const answer = rangeOf(range, file.size);
  if (answer.status === 416) {
    response.statusCode = 416;
    response.setHeader('Content-Range', `bytes */${file.size}`);
    response.end();
    return;
  }
  response.statusCode = answer.status;
  if (answer.status === 206) {
    response.setHeader('Content-Range', `bytes ${answer.start}-${answer.end}/${file.size}`);
  }
  response.setHeader('Content-Length', String(answer.end - answer.start + 1));
  if (method === 'HEAD') {
    response.end();
    return;
  }
  response.end(await store.read(owner, file.sha256, answer.start, answer.end));
}

/**
 * The files of `store` as the short links' redirect serves them (redirect.ts FileServer): the
 * owner's complete file, or 404.
 */
export function storedFileServer(store: FileStore) {
  return {
    async serve(owner: string, sha256: string, request: HttpRequest, response: HttpResponse) {
      const file = await store.stat(owner, sha256);
      if (file) {
        await serveFile(store, owner, file, request, response);
      } else {
        securityHeaders(response);
        notFound(response, request.method ?? 'GET');
      }
    },
  };
}
