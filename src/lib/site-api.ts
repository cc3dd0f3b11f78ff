// The page's calls to the site's own API (/api/*): Hosting rewrites those paths to the Cloud
// Functions, so they are the site's own origin (no CORS, the CSP's connect-src 'self'). Each call
// carries the signed-in user's ID token, which the function verifies, revocation included: after
// "Sign out other devices" elsewhere, this device's cached token is refused (401). The call then
// asks Firebase for a new one and tries once more; refused again (or not renewed), the session has
// ended, and this device signs out (the login page says why) rather than show errors for an hour.
//
// Every answer is checked against the API's one description (src/domain/api.ts), which the
// function answers from: a feature's client gets the API's own answer type, and maps only the
// cases with no answer to its words.
import type { AnswerOf, AnyApi, ProblemRule, RefusalOf } from '../domain/api';
import { readAnswer } from './api-answer';
import { idToken, tokenRefused } from './auth/session';

export type ApiResult<A extends AnyApi> =
  /** The server's answer, as the API describes it. */
  | { readonly kind: 'answer'; readonly answer: AnswerOf<A> }
  /** No connection (or the browser says it is offline): nothing reached the server. */
  | { readonly kind: 'offline' }
  /** Nobody is signed in on this device any more. */
  | { readonly kind: 'signed-out' }
  /**
   * Something answered that the API does not: a proxy's or the platform's error page, or JSON of
   * another shape or status.
   */
  | { readonly kind: 'not-an-answer'; readonly status: number };

export interface CallOptions {
  /** POST unless said (PUT: a chunk of a file's bytes, as a Blob). */
  readonly method?: 'POST' | 'PUT' | 'DELETE';
  /**
   * An ID token the caller has just had renewed (after proving who they are again), sent as it
   * is: a 401 with it is the API's answer to read (a sign-in not recent enough, say), not a token
   * to renew. Without it, the session's token, renewed once when refused.
   */
  readonly token?: () => Promise<string | null>;
}

/**
 * Sends `body` (none: no body) as JSON, or a Blob's bytes as they are, to `path` of `api` with the
 * user's ID token; never throws.
 */
export async function callApi<A extends AnyApi>(
  api: A,
  path: string,
  body?: object | Blob,
  { method = 'POST', token: ownToken }: CallOptions = {},
): Promise<ApiResult<A>> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { kind: 'offline' };
  let token: string | null;
  try {
    token = await (ownToken ?? idToken)();
  } catch {
    return { kind: 'offline' };
  }
  if (!token) return { kind: 'signed-out' };
  const send = (bearer: string) =>
    fetch(path, {
      method,
      headers: {
        Authorization: `Bearer ${bearer}`,
        ...(body && !(body instanceof Blob) ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(body ? { body: body instanceof Blob ? body : JSON.stringify(body) } : {}),
    });
  try {
    let response = await send(token);
    if (response.status === 401 && !ownToken) {
      const renewed = await tokenRefused(token);
      if (!renewed) return { kind: 'signed-out' };
      response = await send(renewed);
      if (response.status === 401) {
        await tokenRefused(renewed);
        return { kind: 'signed-out' };
      }
    }
    const answer = readAnswer(api, response.status, await response.text().catch(() => ''));
    return answer ? { kind: 'answer', answer } : { kind: 'not-an-answer', status: response.status };
  } catch {
    return { kind: 'offline' };
  }
}

/** A page's words for each way a call ends with no answer of the API. */
export interface NoAnswerWords {
  /** Nothing reached the server. */
  readonly offline: string;
  /** Nobody is signed in on this device any more. */
  readonly signedOut: string;
  /** Something else answered, with this HTTP status. */
  readonly notAnAnswer: (status: number) => string;
}

type NoAnswer = Exclude<ApiResult<AnyApi>, { kind: 'answer' }>;

/** The page's words for a call that got no answer of the API. */
export function noAnswerMessage(result: NoAnswer, words: NoAnswerWords): string {
  switch (result.kind) {
    case 'offline':
      return words.offline;
    case 'signed-out':
      return words.signedOut;
    case 'not-an-answer':
      return words.notAnAnswer(result.status);
  }
}

/** An API whose table has the problems a call with no answer stands for. */
type AnsweringApi = AnyApi & {
  readonly problems: { readonly unauthenticated: ProblemRule; readonly unavailable: ProblemRule };
};

/**
 * callApi's answer, or, when none came, a refusal of the API's own shape in the page's words:
 * 'unauthenticated' when nobody is signed in, 'unavailable' (worth asking again) offline or when
 * something else answered. A page then reads one kind of reply; never throws.
 */
export async function callForAnswer<A extends AnsweringApi>(
  api: A,
  path: string,
  body: object | Blob | undefined,
  words: NoAnswerWords,
  options?: CallOptions,
): Promise<AnswerOf<A>> {
  const result = await callApi(api, path, body, options);
  if (result.kind === 'answer') return result.answer;
  const problem = result.kind === 'signed-out' ? 'unauthenticated' : 'unavailable';
  return { ok: false, problem, message: noAnswerMessage(result, words) } as unknown as RefusalOf<A>;
}
