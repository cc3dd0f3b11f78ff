// What an owner or billing member may ask of the billing API (billingApi in src/domain/billing.ts,
// answered by functions/src/billing-api.ts) for a workspace: order a plan, cancel an unpaid order.
// Each request names the workspace (an order in its body, a cancel, which has none, as
// `?workspace=`), and the server checks the caller's role there. Marking one paid is the
// company's alone. Every answer is one the description allows; a call that got none says why.
import {
  BILLING_API_PATH,
  billingApi,
  orderLimitMessage,
  type Order,
} from '../../../domain/billing';
import { WORKSPACE_PARAM, type ProblemOf } from '../../../domain/api';
import type { PlanId } from '../../../domain/pricing';
import { callApi, noAnswerMessage, type NoAnswerWords } from '../../../lib/site-api';

export type OrderReply =
  | { readonly ok: true; readonly order: Order }
  | {
      readonly ok: false;
      readonly message: string;
      /** The API's refusal ('unverified': the address must be verified first, the page helps). */
      readonly problem?: ProblemOf<typeof billingApi>;
    };

const NO_ANSWER: NoAnswerWords = {
  offline: 'You are offline: an order needs a connection. Try again once you are back online.',
  signedOut: 'Sign in again to order a plan.',
  notAnAnswer: (status) =>
    `Your order could not be made just now (HTTP ${status}): try again in a moment.`,
};

async function ask(path: string, body: object): Promise<OrderReply> {
  const reply = await callApi(billingApi, path, body);
  if (reply.kind !== 'answer') return { ok: false, message: noAnswerMessage(reply, NO_ANSWER) };
  const { answer } = reply;
  if (answer.ok) return { ok: true, order: answer.order };
  const { problem, retryAt } = answer;
  // The server says the hour in UTC; the page says it in the device's own time.
  if (problem === 'too-many' && retryAt) {
    return { ok: false, problem, message: orderLimitMessage(new Date(retryAt)) };
  }
  return { ok: false, problem, message: answer.message };
}

/** Orders `plan` for `workspace` (or gives the unpaid order of it the workspace has). */
export const orderPlan = (plan: PlanId, workspace: string) =>
  ask(`${BILLING_API_PATH}/orders`, { plan, workspace });

/** Cancels the unpaid order `id` of `workspace` (its owner). */
export const cancelOrder = (id: string, workspace: string) =>
  ask(
    `${BILLING_API_PATH}/orders/${encodeURIComponent(id)}/cancel?${WORKSPACE_PARAM}=${encodeURIComponent(workspace)}`,
    {},
  );
