// The billing API, for the signed-in owner of an account (a Firebase ID token):
//   POST /api/billing/orders {"plan": "<plan id>"}   orders a plan, paid by EFT with the order's
//                                                     reference; asking again gives the same order.
//                                                     Needs a verified email address (403), and
//                                                     at most MAIL_PER_HOUR new orders an hour (429)
//   POST /api/billing/orders/<id>/cancel              cancels an order of theirs not yet paid
// Answers JSON as billingApi (src/domain/billing.ts) describes it. Marking an order paid is the
// company's alone: scripts/admin/billing-admin.mjs.
//
// An order is a workspace's (the order's `workspace`, a cancel's `?workspace=`; absent, the
// caller's own account): its owner, its plan and its hourly limit are the workspace's, and the
// caller's role there must be one that orders (owner, billing: workspace.ts), read from their
// member document at every request. The EFT details go to the caller, who ordered.
import {
  billingApi,
  CHOOSE_A_PLAN_MESSAGE,
  ORDER_UNVERIFIED_MESSAGE,
} from '../../src/domain/billing';
import type { Auth, Firestore } from './admin';
import { serveApi } from './api-handler';
import { refusal } from './http';
import type { SendMail } from './mail-transport';
import { sendOrLog } from './log';
import { orderMail } from './order-mail';
import { cancelOrder, placeOrder } from './orders';
import { siteOrigin } from './site';
import { mayActIn, notAllowed, workspaceInQuery, workspaceOf } from './workspace';

const BODY_LIMIT = 1024;
const ORDER_ID = /^[A-Za-z0-9]{1,64}$/;

const NO_PLAN = refusal('bad-request', CHOOSE_A_PLAN_MESSAGE);
const NO_ORDER = refusal('not-found', 'There is no such order of yours.');

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
  // /api/billing/orders[/<id>/cancel] through Hosting, /orders[...] at the function's address.
  return serveApi(billingApi, {
    auth,
    signedOut: 'Sign in again to order a plan.',
    unavailable: 'Your order could not be made just now: try again in a moment.',
    otherPath: refusal('not-found', 'No such billing request.'),
    routes: [
      {
        method: 'POST',
        path: /\/orders\/([^/]+)\/cancel$/,
        async answer({ caller, request, match: [, id] }) {
          const named = workspaceInQuery(request);
          if (named === null) return notAllowed();
          const acting = await mayActIn(db, caller, workspaceOf(caller, named), 'billing');
          if (!acting) return notAllowed();
          return ORDER_ID.test(id) ? cancelOrder(db, acting.workspace, id) : NO_ORDER;
        },
      },
      {
        method: 'POST',
        path: /\/orders$/,
        request: 'order',
        body: { limit: BODY_LIMIT, tooLarge: NO_PLAN, notJson: NO_PLAN },
        // The order's EFT details are emailed to the account's address: only to one its owner
        // has shown is theirs.
        unverified: ORDER_UNVERIFIED_MESSAGE,
        async answer({ caller, input }) {
          const acting = await mayActIn(
            db,
            caller,
            workspaceOf(caller, input.workspace),
            'billing',
          );
          if (!acting) return notAllowed();
          // The customer is the workspace's account (its address and name on the order); once
          // that account is deleted and its other owners carry the workspace on
          // (account-delete.ts), whoever orders.
          const holder = await auth.getUser(acting.workspace).catch((error: unknown) => {
            if ((error as { code?: string }).code === 'auth/user-not-found') return null;
            throw error;
          });
          // A member who orders for the workspace (its billing member, another owner) is kept on
          // the order beside the account, for the invoice to name who ordered for the business.
          const member = caller.uid !== acting.workspace;
          const placed = await placeOrder(
            db,
            {
              uid: acting.workspace,
              email: holder ? (holder.email ?? null) : caller.email,
              name: holder?.displayName ?? null,
              ...(member ? { orderedBy: { uid: caller.uid, email: caller.email } } : {}),
            },
            input.plan,
            now(),
          );
          // The EFT details by email too, once per order, to whoever ordered (the account itself
          // or its billing member); the order stands if the email fails.
          const to = member ? caller.email : holder?.email;
          if (placed.ok && placed.created && to) {
            await sendOrLog(send, orderMail(placed.order, to, siteOrigin()), 'order email');
          }
          return placed;
        },
      },
    ],
  });
}
