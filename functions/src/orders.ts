// Orders of a plan paid by EFT (src/domain/billing.ts): made by the account's owner through the
// billing API, marked paid by the company alone (scripts/admin/billing-admin.mjs, through the Admin SDK:
// no client can write an order or an account's terms, firestore.rules), which extends the
// account's paid period and gives the order its invoice number.
import { randomFillSync } from 'node:crypto';
import {
  CHOOSE_A_PLAN_MESSAGE,
  invoiceNumber,
  orderItem,
  orderFor,
  orderLimitMessage,
  orderFrom,
  periodBought,
  paymentReference,
  planById,
  termsOf,
  type BuildOrder,
  type Order,
  type OrderAnswer,
} from '../../src/domain/billing';
import type { Quote } from '../../src/domain/build-quote';
import { buildName } from '../../src/domain/pc-builds';
import { buildPath, readBuild, steppedBuildFields } from '../../src/domain/records/builds';
import { planMail } from '../../src/domain/mail';
import { formatCents } from '../../src/domain/money';
import { accountPath, paidPlanFields } from '../../src/domain/records/accounts';
import { orderCounterPath, readMailCounter } from '../../src/domain/records/mail';
import {
  INVOICES_PATH,
  invoiceSequenceFields,
  ORDERS,
  readInvoiceSequence,
} from '../../src/domain/records/orders';
import type { Actor } from '../../src/domain/records/staff';
import { FieldValue, Timestamp, type Firestore, type Transaction } from './admin';
import { writeAudit } from './staff';

/** Who orders: the name and address an invoice is made out to. */
export interface Customer {
  readonly uid: string;
  readonly email: string | null;
  readonly name: string | null;
  /**
   * The member who placed the order for the account, where it was not the account itself (a
   * billing member, another owner): kept on the order, and named on its invoice.
   */
  readonly orderedBy?: { readonly uid: string; readonly email: string | null };
}

const orders = (db: Firestore) => db.collection(ORDERS);

/**
 * The account's new orders of the current hour, as src/domain/mail.ts counts emails: beside the
 * code emails' counter (mail/{uid}), in its own document, so ordering never waits for emails of
 * codes nor the other way round. Deleted with the account (account-delete.ts deletes mail/{uid}
 * with what is under it); no rule matches it, so no client reads or writes it.
 */
const orderCounter = (db: Firestore, uid: string) => db.doc(orderCounterPath(uid));

/**
 * The order made for `customer` of plan `planId` at `now`, or the unpaid one of that plan they
 * have; refused once the account has placed MAIL_PER_HOUR orders this clock hour.
 */
export async function placeOrder(
  db: Firestore,
  customer: Customer,
  planId: unknown,
  now: Date = new Date(),
): Promise<OrderAnswer> {
  const plan = planById(planId);
  if (!plan) {
    return { ok: false, problem: 'bad-request', message: CHOOSE_A_PLAN_MESSAGE };
  }
  return db.runTransaction(async (transaction): Promise<OrderAnswer> => {
    const open = await transaction.get(
      orders(db).where('owner', '==', customer.uid).where('state', '==', 'awaiting-payment'),
    );
    const openOrders = open.docs.flatMap((document) => {
      const order = orderFrom(document.id, document.data());
      return order ? [order] : [];
    });
    // Asking twice for a plan (a double tap, a second device) gives the same order and reference,
    // so an account has at most one unpaid order per plan.
    const same = openOrders.find((order) => order.kind === 'plan' && order.planId === plan.id);
    if (same) return { ok: true, order: same };
    const ref = orders(db).doc();
    const counterRef = orderCounter(db, customer.uid);
    const counted = planMail(
      readMailCounter((await transaction.get(counterRef)).data()),
      ref.id,
      now,
    );
    if (counted.kind === 'refuse') {
      return {
        ok: false,
        problem: 'too-many',
        message: orderLimitMessage(counted.retryAt, 'UTC'),
        retryAt: counted.retryAt.toISOString(),
      };
    }
    // A new order's id is new: never a repeat.
    if (counted.kind !== 'send') throw new Error(`Order ${ref.id} counted as a repeat.`);
    const reference = await freshReference(db, transaction);
    const createdAt = Timestamp.fromDate(now);
    const stored = {
      owner: customer.uid,
      ...orderFor(plan),
      reference,
      state: 'awaiting-payment',
      customer: { email: customer.email, name: customer.name },
      ...(customer.orderedBy ? { orderedBy: customer.orderedBy } : {}),
      createdAt,
      paidAt: null,
      periodStart: null,
      periodEnd: null,
      invoiceNumber: null,
    };
    transaction.create(ref, stored);
    transaction.set(counterRef, { ...counted.counter, updatedAt: FieldValue.serverTimestamp() });
    return { ok: true, order: orderFrom(ref.id, stored)!, created: true };
  });
}

/** A payment reference no order has, read in `transaction` (before its writes). */
async function freshReference(db: Firestore, transaction: Transaction): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const candidate = paymentReference((bytes) => randomFillSync(bytes));
    const taken = await transaction.get(orders(db).where('reference', '==', candidate).limit(1));
    if (taken.empty) return candidate;
  }
  throw new Error('Five payment references in a row were taken.');
}

/**
 * In `transaction`, which has read the build and writes nothing yet: the order of a build whose
 * quote its customer accepts, at the quote's total, with the VAT the quote worked out. The caller
 * stores the order's id and reference on the build in the same transaction, so accepting twice
 * finds this order rather than making another.
 */
export async function placeBuildOrder(
  db: Firestore,
  transaction: Transaction,
  customer: Customer,
  build: { readonly id: string; readonly number: number; readonly quote: Quote },
  now: Date,
): Promise<BuildOrder> {
  const ref = orders(db).doc();
  const reference = await freshReference(db, transaction);
  const { quote } = build;
  const stored = {
    kind: 'build',
    owner: customer.uid,
    build: { id: build.id, number: build.number },
    amountCents: quote.totalCents,
    vat: quote.vatPercent === null ? null : { percent: quote.vatPercent, cents: quote.vatCents },
    reference,
    state: 'awaiting-payment',
    customer: { email: customer.email, name: customer.name },
    createdAt: Timestamp.fromDate(now),
    paidAt: null,
    invoiceNumber: null,
  } as const;
  transaction.create(ref, stored);
  return orderFrom(ref.id, stored) as BuildOrder;
}

/**
 * Cancels the owner's unpaid order `id` of a plan. A build's order stays while its build does:
 * the customer asks the company on the build's thread instead.
 */
export async function cancelOrder(db: Firestore, owner: string, id: string): Promise<OrderAnswer> {
  const ref = orders(db).doc(id);
  return db.runTransaction(async (transaction): Promise<OrderAnswer> => {
    const snapshot = await transaction.get(ref);
    const order = snapshot.exists ? orderFrom(id, snapshot.data()!) : null;
    if (!order || order.owner !== owner) {
      return { ok: false, problem: 'not-found', message: 'There is no such order of yours.' };
    }
    if (order.kind === 'build') {
      return {
        ok: false,
        problem: 'conflict',
        message: `This is the order of ${buildName(order.build.number)}: to change it, ask us on the build's page.`,
      };
    }
    if (order.state !== 'awaiting-payment') {
      return {
        ok: false,
        problem: 'conflict',
        message:
          order.state === 'paid'
            ? 'This order is paid already: it cannot be cancelled.'
            : 'This order is cancelled already.',
      };
    }
    transaction.update(ref, { state: 'cancelled', cancelledAt: FieldValue.serverTimestamp() });
    return { ok: true, order: { ...order, state: 'cancelled' } };
  });
}

/** What reached the company's account for an order, as the person marking it paid read it. */
export interface PaymentReceived {
  /** The amount received, in cents (R1 234.56 is 123456): a statement's amount is exact. */
  readonly cents: number;
  /** Why a payment that differs from the order's amount is accepted all the same. */
  readonly reason?: string | null;
}

/** The longest reason kept on an order for a payment that differs from it. */
export const PAYMENT_REASON_MAX = 500;

// C0 and C1 controls: a reason is one line of plain text on the order.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Why `received` cannot mark paid an order of `amountCents` (null: it can). The amount must be
 * given and match the order's to the cent; a payment short or over (a bank's fee taken off, two
 * orders paid at once) is accepted only with the reason, which is kept on the order, so that
 * every paid order can be matched to the statement later.
 */
export function paymentProblem(
  amountCents: number,
  received: PaymentReceived,
): PaymentRefusal | null {
  const { cents } = received;
  if (!Number.isSafeInteger(cents) || cents <= 0) {
    return refused('bad-request', 'Give the amount received, in rand (e.g. 600 or 1234.56).');
  }
  const reason = received.reason?.trim() ?? '';
  if (reason.length > PAYMENT_REASON_MAX || CONTROL.test(reason)) {
    return refused(
      'bad-request',
      `The reason is one line of at most ${PAYMENT_REASON_MAX} characters.`,
    );
  }
  const difference = cents - amountCents;
  if (difference !== 0 && reason === '') {
    return refused(
      'payment-differs',
      `${formatCents(cents)} was received, but the order is for ${formatCents(amountCents)} ` +
        `(${formatCents(Math.abs(difference))} ${difference > 0 ? 'more' : 'less'}). Check the ` +
        'statement; to mark it paid all the same, give the reason the payment is accepted.',
    );
  }
  return null;
}

/**
 * What marking an order paid answers: the order as paid, or why not, in problems the desk's API
 * has too (src/domain/desk-api.ts), so the desk passes the refusal on as it is.
 */
export type PaidAnswer =
  | { readonly ok: true; readonly order: Order }
  | PaymentRefusal
  | {
      readonly ok: false;
      readonly problem: 'not-found' | 'conflict';
      readonly message: string;
    };

/** Why a payment cannot mark an order paid. */
export interface PaymentRefusal {
  readonly ok: false;
  /** 'payment-differs': the amount is not the order's, and no reason was given. */
  readonly problem: 'bad-request' | 'payment-differs';
  readonly message: string;
}

const refused = (problem: PaymentRefusal['problem'], message: string): PaymentRefusal => ({
  ok: false,
  problem,
  message,
});

/**
 * Marks the order with `reference` paid at `paidAt` (the day the money arrived), by `by` (who at
 * the company: the audit log keeps the action, in the same transaction), for the payment
 * `received` (paymentProblem: it must match the order's amount, or come with the reason it is
 * accepted). The order gets the next invoice number, with what was received kept beside it; for a
 * plan, the account's plan becomes the order's, paid until the end of the period it buys; for a
 * build, the build moves on to Paid. An order paid already is left as it is.
 */
export async function markOrderPaid(
  db: Firestore,
  reference: string,
  {
    paidAt,
    by,
    received,
    now = new Date(),
  }: { paidAt: Date; by: Actor; received: PaymentReceived; now?: Date },
): Promise<PaidAnswer> {
  const found = await orders(db).where('reference', '==', reference).limit(1).get();
  const document = found.docs[0];
  if (!document) {
    return {
      ok: false,
      problem: 'not-found',
      message: `There is no order with reference ${reference}.`,
    };
  }
  return db.runTransaction(async (transaction): Promise<PaidAnswer> => {
    const snapshot = await transaction.get(document.ref);
    const order = orderFrom(snapshot.id, snapshot.data()!);
    if (!order) {
      return { ok: false, problem: 'bad-request', message: `Order ${reference} is not readable.` };
    }
    if (order.state === 'paid') {
      return {
        ok: false,
        problem: 'conflict',
        message: `Order ${reference} is paid already (${order.invoiceNumber}).`,
      };
    }
    const refusal = paymentProblem(order.amountCents, received);
    if (refusal) return refusal;
    const counterRef = db.doc(INVOICES_PATH);
    // What the order pays for, read before any write: the account (its terms), or the build.
    const payingRef = db.doc(
      order.kind === 'plan' ? accountPath(order.owner) : buildPath(order.build.id),
    );
    const [paying, counter] = await Promise.all([
      transaction.get(payingRef),
      transaction.get(counterRef),
    ]);
    const sequence = readInvoiceSequence(counter.data()) + 1;
    const common = {
      state: 'paid',
      paidAt: Timestamp.fromDate(paidAt),
      invoiceNumber: invoiceNumber(sequence),
      markedPaidBy: by.byEmail ?? by.by,
      receivedCents: received.cents,
      // Kept only for a payment that differs: the one the statement does not explain by itself.
      paymentReason: received.cents === order.amountCents ? null : received.reason!.trim(),
    } as const;
    let paid: Record<string, unknown> = common;
    if (order.kind === 'plan') {
      // The trial's start is not needed to extend a paid period.
      const terms = termsOf(paying.get('terms'), 0);
      const { start, end } = periodBought(terms.paidUntil, paidAt.getTime(), order.months);
      paid = {
        ...common,
        periodStart: Timestamp.fromMillis(start),
        periodEnd: Timestamp.fromMillis(end),
      };
      transaction.set(payingRef, paidPlanFields(order.planId, Timestamp.fromMillis(end)), {
        merge: true,
      });
    } else if (readBuild(paying.id, paying.data())?.step === 'accepted') {
      // The build moves on to Paid (unless staff moved it on already, parts ordered on trust).
      transaction.update(
        payingRef,
        steppedBuildFields(paying.data(), 'paid', Timestamp.fromDate(paidAt)),
      );
    }
    transaction.set(counterRef, invoiceSequenceFields(sequence), { merge: true });
    transaction.update(snapshot.ref, paid);
    writeAudit(
      db,
      transaction,
      by,
      {
        action: 'order.paid',
        target: reference,
        reason: common.paymentReason,
        detail: `${formatCents(received.cents)} received for ${orderItem(order)}; invoice ${common.invoiceNumber}`,
      },
      now,
    );
    return { ok: true, order: orderFrom(snapshot.id, { ...snapshot.data(), ...paid })! };
  });
}

/** The orders waiting for payment, oldest first (the company's list to match payments to). */
export async function openOrders(db: Firestore): Promise<Order[]> {
  const snapshot = await orders(db).where('state', '==', 'awaiting-payment').get();
  return snapshot.docs
    .flatMap((document) => {
      const order = orderFrom(document.id, document.data());
      return order ? [order] : [];
    })
    .sort((a, b) => a.createdAt - b.createdAt);
}
