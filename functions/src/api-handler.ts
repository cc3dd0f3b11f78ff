// The one way the site's APIs (/api/*: links, files, mail, billing, account) are served. Each API
// is described once in src/domain (describeApi: its path, its problems and their statuses, its
// answers), and gives here only its routes: the method and paths each one takes, its body, and
// the function that answers a request checked this far. This wrapper does the rest, alike for
// every API:
//   - never cached, the security headers, 405 with Allow for a method no route of the path takes;
//   - the body read first, at most the route's limit (answering before it is read would cut the
//     connection under a client still sending), as a JSON object where the route says so, and
//     parsed against the request the route names in the API's description: a body that does not
//     fit is answered 'bad-request' with the first issue's message, so a handler gets a typed body;
//   - the caller, from a Firebase ID token checked against revocation (caller.ts): 401
//     'unauthenticated' without one, 403 'unverified' where the route needs a verified address;
//   - the status of each answer from the API's table (api-answer.ts);
//   - a handler that throws: one structured log line (severity ERROR, the API's path, the error)
//     and the API's 'unavailable' answer (503), never a 500 of the platform's.
import * as v from 'valibot';
import type {
  AnswerOf,
  AnyApi,
  ProblemOf,
  ProblemRule,
  RefusalOf,
  RequestOf,
} from '../../src/domain/api';
import type { Auth } from './admin';
import { sendAnswer } from './api-answer';
import { identify, type Caller } from './caller';
import {
  header,
  jsonObject,
  readBody,
  refusal,
  requestPath,
  securityHeaders,
  type HttpRequest,
  type HttpResponse,
} from './http';

export type ApiMethod = 'POST' | 'PUT' | 'DELETE';

/** An API the wrapper can serve: its table has the problems the wrapper itself answers. */
export type ServedApi = AnyApi & {
  readonly problems: {
    readonly unauthenticated: ProblemRule;
    readonly unavailable: ProblemRule;
    readonly 'bad-request': ProblemRule;
  };
};

/**
 * A request as a route's handler gets it: its method and path allowed, its caller known, and its
 * body (`input`) parsed against the request the route names (undefined for a route that names
 * none).
 */
export interface ApiCall<Input = undefined> {
  readonly request: HttpRequest;
  readonly method: ApiMethod;
  /** The request's path, without its query or a trailing slash. */
  readonly path: string;
  /** The route's path pattern, matched (its groups: what the path names). */
  readonly match: RegExpExecArray;
  readonly caller: Caller;
  /** The body's bytes (empty for a route that reads none). */
  readonly body: Buffer;
  readonly input: Input;
}

/** What every route says, whatever its request. */
interface RouteBase<A extends ServedApi> {
  readonly method: ApiMethod;
  /**
   * The paths it takes, tested against the request's path: Hosting sends `/api/<name>/…`, the
   * function's own address drops the `/api/<name>`, so patterns match the path's end. Absent:
   * every path.
   */
  readonly path?: RegExp;
  /** Its body; absent, none is read. */
  readonly body?: {
    /** The most bytes it takes. */
    readonly limit: number;
    /** The answer to a longer body. */
    readonly tooLarge: RefusalOf<A>;
    /** The body is JSON; this answers one that is not. Absent: the bytes, as they are. */
    readonly notJson?: RefusalOf<A>;
  };
  /** The words of 'unauthenticated', when they differ from the API's. */
  readonly signedOut?: string;
  /** Only for an account whose email address is verified: the words of 'unverified' otherwise. */
  readonly unverified?: 'unverified' extends ProblemOf<A> ? string : never;
  /** The answer to a valid token whose account no longer exists (default: 'unauthenticated'). */
  readonly gone?: AnswerOf<A>;
  /** The words of 'unavailable' when it fails, when they differ from the API's. */
  readonly unavailable?: string;
}

/** A route whose body is request `K` of the API's description: its handler gets it parsed. */
type RequestRoute<A extends ServedApi, K extends keyof A['requests'] & string> = RouteBase<A> & {
  readonly request: K;
  readonly body: NonNullable<RouteBase<A>['body']> & { readonly notJson: RefusalOf<A> };
  readonly answer: (call: ApiCall<RequestOf<A, K>>) => Promise<AnswerOf<A>>;
};

/** One request an API takes. */
export type ApiRoute<A extends ServedApi> =
  | (RouteBase<A> & {
      readonly request?: undefined;
      readonly answer: (call: ApiCall) => Promise<AnswerOf<A>>;
    })
  | { [K in keyof A['requests'] & string]: RequestRoute<A, K> }[keyof A['requests'] & string];

export interface ApiServing<A extends ServedApi> {
  readonly auth: Auth;
  /** Its routes: a request takes the first whose path and method are its own. */
  readonly routes: readonly ApiRoute<A>[];
  /** The answer to a path no route takes, whatever its method (default: 405). */
  readonly otherPath?: RefusalOf<A>;
  /** The words of 'unauthenticated': what to do to be let in. */
  readonly signedOut: string;
  /** The words of 'unavailable': the server failed, try again. */
  readonly unavailable: string;
}

/** The Cloud Function's handler of `api`. */
export function serveApi<A extends ServedApi>(api: A, serving: ApiServing<A>) {
  const { auth, routes, otherPath } = serving;
  // The refusals the wrapper makes itself: ServedApi holds that the table has 'unauthenticated' and
  // 'unavailable', and a route may ask for a verified address only of an API with 'unverified'.
  const refuse = (
    problem: 'unauthenticated' | 'unverified' | 'unavailable' | 'bad-request',
    message: string,
  ) => ({ ok: false, problem, message }) as unknown as RefusalOf<A>;

  return async function answerApiRequest(request: HttpRequest, response: HttpResponse) {
    const send = (answer: AnswerOf<A>) => sendAnswer(api, response, answer);
    response.setHeader('Cache-Control', 'no-store');
    securityHeaders(response);
    const path = requestPath(request);
    const matching = routes.filter((route) => route.path?.test(path) ?? true);
    if (matching.length === 0 && otherPath) {
      send(otherPath);
      return;
    }
    const route = matching.find((candidate) => candidate.method === request.method);
    if (!route) {
      response.setHeader('Allow', [...new Set(matching.map(({ method }) => method))].join(', '));
      response.statusCode = 405;
      response.end();
      return;
    }
    const body = route.body ? await bodyOf(request, route.body.limit) : Buffer.alloc(0);
    const caller = await identify(auth, request);
    if (caller === 'gone' && route.gone) {
      send(route.gone);
      return;
    }
    if (caller === null || caller === 'gone') {
      send(refuse('unauthenticated', route.signedOut ?? serving.signedOut));
      return;
    }
    if (route.unverified && !caller.verified) {
      send(refuse('unverified', route.unverified));
      return;
    }
    if (!body) {
      send(route.body!.tooLarge);
      return;
    }
    let input: unknown;
    if (route.request !== undefined) {
      const json = jsonObject(body);
      if (!json) {
        send(route.body!.notJson!);
        return;
      }
      const parsed = v.safeParse(api.requests[route.request] as v.GenericSchema, json);
      if (!parsed.success) {
        send(refuse('bad-request', parsed.issues[0].message));
        return;
      }
      input = parsed.output;
    }
    const match = (route.path ?? /.*/).exec(path)!;
    const method = route.method;
    try {
      const call = { request, method, path, match, caller, body, input };
      send(await (route.answer as (call: ApiCall<unknown>) => Promise<AnswerOf<A>>)(call));
    } catch (error) {
      console.error(
        JSON.stringify({
          severity: 'ERROR',
          message: `${api.path} failed`,
          api: api.path,
          method,
          path,
          uid: caller.uid,
          error: String(error),
        }),
      );
      send(refuse('unavailable', route.unavailable ?? serving.unavailable));
    }
  };
}

/**
 * A route's JSON body of at most `limit` bytes, whose every wrong form (too long, not JSON) is
 * answered 'bad-request' with `words`: what the body should hold.
 */
export const jsonBody = (limit: number, words: string) => {
  const wrong = refusal('bad-request', words);
  return { limit, tooLarge: wrong, notJson: wrong };
};

/**
 * The body, or null when it is longer than `limit` bytes: one that says so (Content-Length) is
 * not read at all.
 */
async function bodyOf(request: HttpRequest, limit: number): Promise<Buffer | null> {
  if (Number(header(request, 'content-length') ?? 0) > limit) return null;
  return readBody(request, limit).catch(() => null);
}
