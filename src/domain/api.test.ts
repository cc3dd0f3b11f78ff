// The site's five APIs, each described once (describeApi): a problem added to one's table reaches
// the answers both ends are typed by, and a page's table over the final problems stops compiling
// until it handles the new one. The types are checked by tsc (npm run typecheck: the
// `@ts-expect-error` lines fail it once they no longer find an error); the run-time tests hold
// the answers to the tables.
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  answerOf,
  isFinal,
  statusOf,
  type AnswerOf,
  type AnyApi,
  type ApiDescription,
  type FinalProblemOf,
  type ProblemOf,
  type ProblemTable,
  type RefusalOf,
} from './api';
import { accountApi } from './account-api';
import { billingApi } from './billing';
import { mailApi } from './mail';
import { filesApi } from './qr/hosting';
import { linksApi } from './qr/link-policy';

/** `A` with one problem more, as a line added to its table makes it. */
type Grown<A> =
  A extends ApiDescription<infer T, infer O, infer R>
    ? ApiDescription<
        T & { readonly 'new-problem': { readonly status: 400; readonly retry: false } },
        O,
        R
      >
    : never;

/** A page's table over the final problems of `api`: what it says about each. */
const wordsFor = <A extends AnyApi>(api: A) =>
  Object.fromEntries(
    Object.keys(api.problems)
      .filter((problem) => isFinal(api, problem as ProblemOf<A>))
      .map((problem) => [problem, `What to do after ${problem}.`]),
  ) as Record<FinalProblemOf<A>, string>;

describe('a problem added to an API’s table', () => {
  it('links: reaches its answers, and a page’s table of its final problems must name it', () => {
    type G = Grown<typeof linksApi>;
    expectTypeOf<ProblemOf<G>>().toEqualTypeOf<ProblemOf<typeof linksApi> | 'new-problem'>();
    expectTypeOf<RefusalOf<G>['problem']>().toEqualTypeOf<ProblemOf<G>>();
    const words = wordsFor(linksApi);
    // @ts-expect-error the page says nothing of 'new-problem'
    const grown: Record<FinalProblemOf<G>, string> = words;
    expect(grown).toBe(words);
  });

  it('files: the same', () => {
    type G = Grown<typeof filesApi>;
    expectTypeOf<ProblemOf<G>>().toEqualTypeOf<ProblemOf<typeof filesApi> | 'new-problem'>();
    const words = wordsFor(filesApi);
    // @ts-expect-error the page says nothing of 'new-problem'
    const grown: Record<FinalProblemOf<G>, string> = words;
    expect(grown).toBe(words);
  });

  it('mail: the same', () => {
    type G = Grown<typeof mailApi>;
    expectTypeOf<ProblemOf<G>>().toEqualTypeOf<ProblemOf<typeof mailApi> | 'new-problem'>();
    const words = wordsFor(mailApi);
    // @ts-expect-error the page says nothing of 'new-problem'
    const grown: Record<FinalProblemOf<G>, string> = words;
    expect(grown).toBe(words);
  });

  it('billing: the same', () => {
    type G = Grown<typeof billingApi>;
    expectTypeOf<ProblemOf<G>>().toEqualTypeOf<ProblemOf<typeof billingApi> | 'new-problem'>();
    const words = wordsFor(billingApi);
    // @ts-expect-error the page says nothing of 'new-problem'
    const grown: Record<FinalProblemOf<G>, string> = words;
    expect(grown).toBe(words);
  });

  it('account: the same', () => {
    type G = Grown<typeof accountApi>;
    expectTypeOf<ProblemOf<G>>().toEqualTypeOf<ProblemOf<typeof accountApi> | 'new-problem'>();
    const words = wordsFor(accountApi);
    // @ts-expect-error the page says nothing of 'new-problem'
    const grown: Record<FinalProblemOf<G>, string> = words;
    expect(grown).toBe(words);
  });

  it('one retried by itself needs no word from the page', () => {
    type G = ApiDescription<
      (typeof linksApi)['problems'] & {
        readonly 'new-problem': { readonly status: 503; readonly retry: true };
      },
      Record<string, never>
    >;
    expectTypeOf<FinalProblemOf<G>>().toEqualTypeOf<FinalProblemOf<typeof linksApi>>();
  });
});

const apis = { linksApi, filesApi, mailApi, billingApi, accountApi } as const;

describe.each(Object.entries(apis))('%s, both ends', (_name, api: AnyApi) => {
  it('serves under /api/ and answers with its table’s statuses: 200 for a success', () => {
    expect(api.path).toMatch(/^\/api\/[a-z]+$/);
    for (const [problem, { status }] of Object.entries(api.problems as ProblemTable)) {
      const refusal = { ok: false, problem, message: 'Why.' } as AnswerOf<typeof api>;
      expect(statusOf(api, refusal)).toBe(status);
      expect(answerOf(api, status, refusal)).toEqual(refusal);
      // The same refusal with another status is a proxy's or the platform's, not the API's.
      expect(answerOf(api, status === 500 ? 502 : 500, refusal)).toBeNull();
    }
    expect(answerOf(api, 400, { ok: false, problem: 'no-such-problem', message: 'x' })).toBeNull();
  });

  it('has the two problems every API answers by itself, and retries only the passing ones', () => {
    expect(api.problems).toMatchObject({
      unauthenticated: { status: 401, retry: false },
      unavailable: { status: 503, retry: true },
    });
    for (const { status, retry } of Object.values(api.problems as ProblemTable)) {
      // A refusal of what was sent (4xx) waits for the person, bar the one the table says is
      // worth sending again once something else has happened (a file uploaded, a chunk moved).
      if (status >= 500) expect(retry).toBe(true);
    }
  });
});

describe('answers with fields', () => {
  it('a short link comes back as the server sent it; a link of another shape is no answer', () => {
    const link = {
      id: 'abc123',
      destination: { kind: 'redirect', target: 'https://example.co.za/' },
      deleted: false,
      disabled: false,
      locked: false,
      passwordSet: false,
    };
    expect(answerOf(linksApi, 200, { ok: true, link })).toEqual({ ok: true, link });
    expect(answerOf(linksApi, 200, { ok: true, link: null })).toEqual({ ok: true, link: null });
    expect(
      answerOf(linksApi, 200, { ok: true, link: { ...link, destination: { kind: 'elsewhere' } } }),
    ).toBeNull();
    expect(answerOf(linksApi, 200, { ok: true })).toBeNull();
  });

  it('an order is read as a stored one is: one that is not an order is no answer', () => {
    const order = {
      id: 'order1',
      kind: 'plan',
      owner: 'uid1',
      planId: 'monthly',
      amount: 99,
      amountCents: 9_900,
      months: 1,
      reference: 'KCW-ABCD-EFGH',
      state: 'awaiting-payment',
      createdAt: 1_700_000_000_000,
      paidAt: null,
      periodStart: null,
      periodEnd: null,
      invoiceNumber: null,
      customer: { name: null, email: 'a@example.test' },
    };
    expect(answerOf(billingApi, 200, { ok: true, order, created: true })).toEqual({
      ok: true,
      order,
      created: true,
    });
    expect(answerOf(billingApi, 200, { ok: true, order: { ...order, state: 'lost' } })).toBeNull();
    expect(
      answerOf(billingApi, 429, {
        ok: false,
        problem: 'too-many',
        message: 'Later.',
        retryAt: '2026-11-25T15:00:00.000Z',
      }),
    ).toMatchObject({ retryAt: '2026-11-25T15:00:00.000Z' });
  });
});
