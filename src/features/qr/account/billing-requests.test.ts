// The billing page's calls take only the answers billingApi describes: a refusal's problem is one
// of its table's (the page offers help to verify the address on 'unverified'), an order is read
// as a stored one is, and anything else is "could not be made just now" with its HTTP status.
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { ProblemOf } from '../../../domain/api';
import type { billingApi } from '../../../domain/billing';
import { type Order } from '../../../domain/billing';
import { cancelOrder, orderPlan, type OrderReply } from './billing-requests';
import { answering } from '../../../lib/site-api.testing';

vi.mock('../../../lib/auth/session', () => ({
  idToken: async () => 'token',
  tokenRefused: async () => null,
}));

const order: Order = {
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

afterEach(() => vi.unstubAllGlobals());

describe('ordering a plan', () => {
  it('names the billing API’s problems, no others', () => {
    expectTypeOf<Extract<OrderReply, { ok: false }>['problem']>().toEqualTypeOf<
      ProblemOf<typeof billingApi> | undefined
    >();
  });

  it('gives the order the server made, and cancels one, each naming the workspace', async () => {
    const sent = answering(200, { ok: true, order, created: true });
    expect(await orderPlan('monthly', 'uid1')).toEqual({ ok: true, order });
    expect(sent).toEqual([
      { path: '/api/billing/orders', body: { plan: 'monthly', workspace: 'uid1' } },
    ]);
    const cancelled = answering(200, { ok: true, order: { ...order, state: 'cancelled' } });
    expect(await cancelOrder('order1', 'uid1')).toEqual({
      ok: true,
      order: { ...order, state: 'cancelled' },
    });
    // A cancel has no JSON of its own to carry it: the workspace is in the query.
    expect(cancelled).toEqual([
      { path: '/api/billing/orders/order1/cancel?workspace=uid1', body: {} },
    ]);
  });

  it('passes on a refusal for want of a role in its words', async () => {
    const message = 'Your role in this workspace does not let you do that.';
    answering(403, { ok: false, problem: 'not-allowed', message });
    expect(await orderPlan('monthly', 'team1')).toEqual({
      ok: false,
      problem: 'not-allowed',
      message,
    });
  });

  it('passes on a refusal with its problem; the hour’s limit in the device’s own time', async () => {
    const message = 'Ordering a plan needs a verified email address.';
    answering(403, { ok: false, problem: 'unverified', message });
    expect(await orderPlan('monthly', 'uid1')).toEqual({
      ok: false,
      problem: 'unverified',
      message,
    });
    const retryAt = '2026-11-25T15:00:00.000Z';
    answering(429, { ok: false, problem: 'too-many', message: 'At 15:00 UTC.', retryAt });
    expect(await orderPlan('monthly', 'uid1')).toEqual({
      ok: false,
      problem: 'too-many',
      message: expect.stringMatching(
        /^You can place 5 orders an hour; try again after \d\d:\d\d\.$/,
      ),
    });
  });

  it.each([
    ['a problem the API does not have', 400, { ok: false, problem: 'gone', message: 'No.' }],
    ['a refusal with another status', 500, { ok: false, problem: 'conflict', message: 'No.' }],
    ['an order that is not one', 200, { ok: true, order: { id: 'x', state: 'lost' } }],
    ['a proxy’s error page', 502, '<html>Bad gateway</html>'],
  ])('takes %s as no answer, with its HTTP status', async (_case, status, body) => {
    answering(status, body);
    expect(await orderPlan('monthly', 'uid1')).toEqual({
      ok: false,
      message: `Your order could not be made just now (HTTP ${status}): try again in a moment.`,
    });
  });
});
