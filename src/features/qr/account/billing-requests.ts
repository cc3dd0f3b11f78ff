// What the owner may ask of the billing API (functions/src/billing-api.ts): order a plan, cancel an
// unpaid order. Marking one paid is the company's alone.
import {
  BILLING_API_PATH,
  orderFrom,
  orderLimitMessage,
  type Order,
} from '../../../domain/billing';
import type { PlanId } from '../../../domain/pricing';
import { postToSite } from '../../../lib/site-api';

export type OrderReply =
  | { ok: true; order: Order }
  | {
      ok: false;
      message: string;
      /** 'unverified': the account's email address must be verified first (the page helps). */
      problem?: string;
    };

const OFFLINE_MESSAGE =
  'You are offline: an order needs a connection. Try again once you are back online.';

async function ask(path: string, body: object): Promise<OrderReply> {
  const reply = await postToSite(path, body);
  if (reply.kind === 'offline') return { ok: false, message: OFFLINE_MESSAGE };
  if (reply.kind === 'signed-out') return { ok: false, message: 'Sign in again to order a plan.' };
  const answer = reply.body as {
    ok?: unknown;
    order?: { id?: unknown };
    problem?: unknown;
    message?: unknown;
    retryAt?: unknown;
  } | null;
  if (answer?.ok === true && answer.order && typeof answer.order.id === 'string') {
    const order = orderFrom(answer.order.id, answer.order as Record<string, unknown>);
    if (order) return { ok: true, order };
  }
  const problem = typeof answer?.problem === 'string' ? answer.problem : undefined;
  // The server says the hour in UTC; the page says it in the device's own time.
  if (problem === 'too-many' && typeof answer?.retryAt === 'string') {
    return { ok: false, problem, message: orderLimitMessage(new Date(answer.retryAt)) };
  }
  return {
    ok: false,
    problem,
    message:
      typeof answer?.message === 'string'
        ? answer.message
        : `Your order could not be made just now (HTTP ${reply.status}): try again in a moment.`,
  };
}

/** Orders `plan` (or gives the unpaid order of it the account has). */
export const orderPlan = (plan: PlanId) => ask(`${BILLING_API_PATH}/orders`, { plan });

/** Cancels the unpaid order `id`. */
export const cancelOrder = (id: string) => ask(`${BILLING_API_PATH}/orders/${id}/cancel`, {});
