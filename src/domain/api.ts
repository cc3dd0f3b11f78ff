// One description per API of the site (/api/*: links, files, mail, billing, account), read by
// both ends: the Cloud Function is served from it (functions/src/api-handler.ts: the status of
// each answer comes from its table) and the page calls it through callApi (src/lib/site-api.ts),
// which checks every answer against it. Adding a problem is one line of its table. An answer is
// JSON, either `{ ok: true, ...what the API says }` or a refusal
// `{ ok: false, problem, message, ...extra }`, where `problem` names one row of the API's table
// and `message` says in words what to do.
//
// The answer's type is inferred from the description, so a problem added to the table reaches
// the page's type at once: every `Record<ProblemOf<typeof api>, …>` of the page (its messages,
// what it offers to do) stops compiling until it handles the new one.
import * as v from 'valibot';

/** How one problem of an API is answered, and what the page may do about it. */
export interface ProblemRule {
  /** The HTTP status the server answers it with. */
  readonly status: number;
  /**
   * Worth retrying by itself: the same request may succeed later with nothing changed by the
   * person (the server was busy, the connection went). A problem that is not (final) waits for
   * the person to act: sign in again, choose another file, buy a plan. The page never loops on it.
   */
  readonly retry: boolean;
}

/** Fields of an answer, as valibot schemas (the success's fields, a refusal's extra fields). */
type Fields = v.ObjectEntries;

/** The schema of an API's success answer: `{ ok: true, ...fields }`. */
type OkSchema<O extends Fields> = v.ObjectSchema<
  O & { readonly ok: v.LiteralSchema<true, undefined> },
  undefined
>;

/** The schema of an API's refusal: `{ ok: false, problem, message, ...extra }`. */
type RefusalSchema<P extends string, R extends Fields> = v.ObjectSchema<
  R & {
    readonly ok: v.LiteralSchema<false, undefined>;
    readonly problem: v.PicklistSchema<P[], undefined>;
    readonly message: v.StringSchema<undefined>;
  },
  undefined
>;

/** What an API's requests send, by name: each a schema of the body's JSON object. */
export type RequestTable = { readonly [request: string]: v.GenericSchema };

/** An API's problems by name, each with its rule. */
export type ProblemTable = { readonly [problem: string]: ProblemRule };

export interface ApiDescription<
  T extends ProblemTable = ProblemTable,
  O extends Fields = Fields,
  R extends Fields = Fields,
  Q extends RequestTable = RequestTable,
> {
  /** Where Hosting serves it (it rewrites the path to the API's Cloud Function). */
  readonly path: string;
  /**
   * The bodies its requests send, by name (a route of its function names the one it takes): the
   * server parses each body against its schema and answers 'bad-request' with the first issue's
   * message, so a handler gets the typed body only.
   */
  readonly requests: Q;
  /** Every problem the API may answer, with its status and whether it is worth retrying. */
  readonly problems: T;
  /** Every answer the API may give. */
  readonly answer: v.VariantSchema<
    'ok',
    [OkSchema<O>, RefusalSchema<keyof T & string, R>],
    undefined
  >;
}

/**
 * Describes an API: its path, its problems, the fields of its success answer and the extra
 * fields a refusal may carry. Each problem is one line of `problems`.
 */
export function describeApi<
  const T extends ProblemTable,
  const O extends Fields,
  const R extends Fields = Record<never, never>,
  const Q extends RequestTable = Record<never, never>,
>(description: {
  readonly path: string;
  readonly problems: T;
  readonly ok: O;
  readonly refusal?: R;
  readonly requests?: Q;
}): ApiDescription<T, O, R, Q> {
  const { path, problems, ok, refusal, requests } = description;
  const ids = Object.keys(problems) as (keyof T & string)[];
  return {
    path,
    requests: requests ?? ({} as Q),
    problems,
    answer: v.variant('ok', [
      v.object({ ...ok, ok: v.literal(true) }),
      v.object({
        ...(refusal ?? ({} as R)),
        ok: v.literal(false),
        problem: v.picklist(ids),
        message: v.string(),
      }),
    ]),
  };
}

/** Any API's description, for the helpers that serve one or read its answers. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyApi = ApiDescription<any, any, any, any>;

/** What request `K` of an API sends, once its body is parsed. */
export type RequestOf<A extends AnyApi, K extends keyof A['requests']> = v.InferOutput<
  A['requests'][K]
>;

/** The message a field's schema gives when it is wrong (a pipe's or a nullable's: its first schema's). */
const messageOf = (schema: unknown): string | undefined => {
  const { message, pipe, wrapped } = schema as {
    message?: unknown;
    pipe?: readonly unknown[];
    wrapped?: unknown;
  };
  if (typeof message === 'string') return message;
  if (pipe) return messageOf(pipe[0]);
  return wrapped ? messageOf(wrapped) : undefined;
};

/**
 * A request's body: a JSON object of `entries`, each with its own message, which is also the
 * answer when the field is missing (a field that may be left out is `v.optional`). `notObject`
 * answers a body that is no object; `extra`, when given, answers a field the request does not
 * have (otherwise such fields are dropped).
 */
export function requestBody<const E extends v.ObjectEntries>(
  entries: E,
  notObject: string,
  extra?: string,
): v.GenericSchema<unknown, v.InferOutput<v.ObjectSchema<E, undefined>>> {
  const message = (issue: v.BaseIssue<unknown>) => {
    const key = issue.path?.at(-1)?.key;
    return (typeof key === 'string' && messageOf(entries[key])) || notObject;
  };
  return (
    extra === undefined
      ? v.object(entries, message)
      : v.objectWithRest(entries, v.never(extra), message)
  ) as v.GenericSchema<unknown, v.InferOutput<v.ObjectSchema<E, undefined>>>;
}

/** A saved code's id as a request names it: Firestore makes them of 20 letters and digits. */
export const savedCodeId = (message: string) =>
  v.pipe(v.string(message), v.regex(/^[A-Za-z0-9_-]{1,128}$/, message));

/**
 * The workspace a request acts for (an account's id), in its JSON body or, for a request without
 * one, as the query `?workspace=`: absent, the caller's own account. The server checks the
 * caller's role there (functions/src/workspace.ts) on every request.
 */
export const WORKSPACE_PARAM = 'workspace';

const WORKSPACE_MESSAGE = '"workspace" is the id of the account whose codes these are.';

/** A request's optional `workspace` field (WORKSPACE_PARAM). */
export const workspaceField = v.optional(
  v.pipe(v.string(WORKSPACE_MESSAGE), v.regex(/^[A-Za-z0-9_-]{1,128}$/, WORKSPACE_MESSAGE)),
);

/** Every answer of an API, as the server sends it and the page reads it. */
export type AnswerOf<A extends AnyApi> = v.InferOutput<A['answer']>;

/** An API's refusals. */
export type RefusalOf<A extends AnyApi> = Extract<AnswerOf<A>, { ok: false }>;

/** The names of an API's problems. */
export type ProblemOf<A extends AnyApi> = RefusalOf<A>['problem'];

/**
 * The problems of an API that are final (`retry: false`): the page cannot wait them out, and must
 * say what the person can do about each one.
 */
export type FinalProblemOf<A extends AnyApi> = {
  [K in keyof A['problems']]: A['problems'][K] extends { readonly retry: false } ? K : never;
}[keyof A['problems']] &
  string;

/** Whether `problem` of `api` is final: the page waits for the person, never retrying it. */
export const isFinal = <A extends AnyApi>(
  api: A,
  problem: ProblemOf<A>,
): problem is Extract<ProblemOf<A>, FinalProblemOf<A>> =>
  !(api.problems[problem] as ProblemRule).retry;

/** The HTTP status of an answer: 200 for a success, the table's for a refusal. */
export const statusOf = <A extends AnyApi>(api: A, answer: AnswerOf<A>): number =>
  answer.ok ? 200 : (api.problems[answer.problem] as ProblemRule).status;

/**
 * `body` (JSON as the server sent it, with its HTTP `status`) as an answer of `api`, or null when
 * it is none: a body of another shape, a problem the API does not have, or a status that is not
 * the one the API answers it with (a proxy's or the platform's own answer).
 */
export function answerOf<A extends AnyApi>(
  api: A,
  status: number,
  body: unknown,
): AnswerOf<A> | null {
  const parsed = v.safeParse(api.answer, body);
  if (!parsed.success) return null;
  const answer = parsed.output as AnswerOf<A>;
  return statusOf(api, answer) === status ? answer : null;
}
