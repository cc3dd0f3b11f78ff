// The billing API, for the signed-in owner of an account (a Firebase ID token):
//   POST /api/billing/orders {"plan": "<plan id>"}   orders a plan, paid by EFT with the order's
//                                                     reference; asking again gives the same order.
//                                                     Needs a verified email address (403), and
//                                                     at most MAIL_PER_HOUR new orders an hour (429)
//   POST /api/billing/orders/<id>/cancel              cancels an order of theirs not yet paid
// Answers JSON (OrderAnswer). Marking an order paid is the company's alone: scripts/billing-admin.mjs.
import { ORDER_UNVERIFIED_MESSAGE } from '../../src/domain/billing';
import type { Auth, Firestore } from './admin';
import { callerOf } from './caller';
import {
  acceptApiRequest,
  header,
  jsonObject,
  readBody,
  refusal,
  requestPath,
  sendJson,
  type HttpRequest,
  type HttpResponse,
} from './http';
import type { SendMail } from './mail-transport';
import { orderMail } from './order-mail';
import { cancelOrder, placeOrder, type OrderAnswer } from './orders';
import { siteOrigin } from './site';

const BODY_LIMIT = 1024;
const ORDER_ID = /^[A-Za-z0-9]{1,64}$/;

type Answer =
  | OrderAnswer
  | { ok: false; problem: 'unauthenticated' | 'unverified' | 'unavailable'; message: string };

const STATUS: Record<Exclude<Answer, { ok: true }>['problem'], number> = {
  'bad-request': 400,
  unauthenticated: 401,
  unverified: 403,
  'not-found': 404,
  conflict: 409,
  'too-many': 429,
  unavailable: 503,
};

function sendAnswer(response: HttpResponse, answer: Answer) {
  sendJson(response, answer.ok ? 200 : STATUS[answer.problem], answer);
}

export function createBillingApi({
  db,
  auth,
  send,
  now = () => new Date(),
}: {
  db: Firestore;
  auth: Auth;
  /** Emails a new order's EFT details to its customer (mail-transport.ts). */
  send: SendMail;
  now?: () => Date;
}) {
  return async function answerBillingRequest(request: HttpRequest, response: HttpResponse) {
    if (!acceptApiRequest(request, response, ['POST'])) return;
    const body = await readBody(request, BODY_LIMIT).catch(() => null);
    const caller = await callerOf(auth, request);
    if (!caller) {
      sendAnswer(response, refusal('unauthenticated', 'Sign in again to order a plan.'));
      return;
    }
    // /api/billing/orders[/<id>/cancel] through Hosting, /orders[...] at the function's address.
    const path = requestPath(request);
    try {
      const cancel = /\/orders\/([^/]+)\/cancel$/.exec(path);
      if (cancel) {
        const id = cancel[1];
        sendAnswer(
          response,
          ORDER_ID.test(id)
            ? await cancelOrder(db, caller.uid, id)
            : { ok: false, problem: 'not-found', message: 'There is no such order of yours.' },
        );
        return;
      }
      if (!path.endsWith('/orders')) {
        sendAnswer(response, {
          ok: false,
          problem: 'not-found',
          message: 'No such billing request.',
        });
        return;
      }
      // The order's EFT details are emailed to the account's address: only to one its owner
      // has shown is theirs.
      if (!caller.verified) {
        sendAnswer(response, refusal('unverified', ORDER_UNVERIFIED_MESSAGE));
        return;
      }
      const plan = jsonObject(body)?.plan ?? null;
      const user = await auth.getUser(caller.uid);
      const placed = await placeOrder(
        db,
        { uid: caller.uid, email: user.email ?? null, name: user.displayName ?? null },
        plan,
        now(),
      );
      // The EFT details by email too, once per order; the order stands if the email fails.
      if (placed.ok && placed.created && user.email) {
        await send(orderMail(placed.order, user.email, siteOrigin())).catch((error: unknown) =>
          console.error(
            JSON.stringify({
              severity: 'ERROR',
              message: 'order email not sent',
              error: String(error),
            }),
          ),
        );
      }
      sendAnswer(response, placed);
    } catch (error) {
      console.error(
        JSON.stringify({
          severity: 'ERROR',
          message: 'billing request failed',
          path,
          host: header(request, 'host'),
          error: String(error),
        }),
      );
      sendAnswer(response, {
        ok: false,
        problem: 'unavailable',
        message: 'Your order could not be made just now: try again in a moment.',
      });
    }
  };
}
