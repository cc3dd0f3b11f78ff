// What the owner may ask of the billing API (billingApi in src/domain/billing.ts, answered by
// functions/src/billing-api.ts): order a plan, cancel an unpaid order. Marking one paid is the
// company's alone. Every answer is one the description allows; a call that got none says why.
import {
  BILLING_API_PATH,
  billingApi,
  orderLimitMessage,
  type Order,
} from '../../../domain/billing';
import type { ProblemOf } from '../../../domain/api';
import type { PlanId } from '../../../domain/pricing';
import { callApi } from '../../../lib/site-api';

export type OrderReply =
  | { readonly ok: true; readonly order: Order }
  | {
      readonly ok: false;
      readonly message: string;
      /** The API's refusal ('unverified': the address must be verified first, the page helps). */
      readonly problem?: ProblemOf<typeof billingApi>;
    };

const OFFLINE_MESSAGE =
  'You are offline: an order needs a connection. Try again once you are back online.';

async function ask(path: string, body: object): Promise<OrderReply> {
  const reply = await callApi(billingApi, path, body);
  switch (reply.kind) {
    case 'offline':
      return { ok: false, message: OFFLINE_MESSAGE };
    case 'signed-out':
      return { ok: false, message: 'Sign in again to order a plan.' };
    case 'not-an-answer':
      return {
        ok: false,
        message: `Your order could not be made just now (HTTP ${reply.status}): try again in a moment.`,
      };
  }
  const { answer } = reply;
  if (answer.ok) return { ok: true, order: answer.order };
  const { problem, retryAt } = answer;
  // The server says the hour in UTC; the page says it in the device's own time.
  if (problem === 'too-many' && retryAt) {
    return { ok: false, problem, message: orderLimitMessage(new Date(retryAt)) };
  }
  return { ok: false, problem, message: answer.message };
}

/** Orders `plan` (or gives the unpaid order of it the account has). */
export const orderPlan = (plan: PlanId) => ask(`${BILLING_API_PATH}/orders`, { plan });

/** Cancels the unpaid order `id`. */
export const cancelOrder = (id: string) => ask(`${BILLING_API_PATH}/orders/${id}/cancel`, {});
