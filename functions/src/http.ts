// The little of Node's HTTP API the handlers use, so they run alike under Cloud Functions (an
// Express request and response) and under a plain node:http server (the tests, the bench).
import type { IncomingHttpHeaders } from 'node:http';

export interface HttpRequest {
  readonly method?: string;
  readonly url?: string;
  readonly headers: IncomingHttpHeaders;
  readonly socket?: { readonly remoteAddress?: string };
  /** The body as Cloud Functions has already read it; absent under node:http. */
  readonly rawBody?: Buffer;
  [Symbol.asyncIterator]?: () => AsyncIterator<unknown>;
}

export interface HttpResponse {
  statusCode: number;
  setHeader(name: string, value: string): unknown;
  end(body?: string | Buffer): unknown;
}

/** The first value of a header. */
export const header = (request: HttpRequest, name: string): string | undefined => {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

/** The request's body, at most `limit` bytes (null when it is longer). */
export async function readBody(request: HttpRequest, limit: number): Promise<Buffer | null> {
  if (request.rawBody) return request.rawBody.length <= limit ? request.rawBody : null;
  if (!request[Symbol.asyncIterator]) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Headers every answer of the functions carries, as the site's own pages do (firebase.json). */
export function securityHeaders(response: HttpResponse) {
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Referrer-Policy', 'no-referrer');
  response.setHeader(
    'Content-Security-Policy',
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; media-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  );
}

/** A request body's JSON object, or null when it is none (not JSON, or JSON but no object). */
export function jsonObject(body: Buffer | null): Record<string, unknown> | null {
  if (!body) return null;
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The path of the request, without its query or a trailing slash. */
export const requestPath = (request: HttpRequest): string =>
  (request.url ?? '').split('?')[0].replace(/\/+$/, '');

/** Answers `body` as JSON with `status`. */
export function sendJson(response: HttpResponse, status: number, body: unknown) {
  response.statusCode = status;
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.end(JSON.stringify(body));
}

/** An API's refusal: what went wrong, by name, and what to do, in words. */
export const refusal = <P extends string>(problem: P, message: string) =>
  ({ ok: false, problem, message }) as const;
