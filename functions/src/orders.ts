// Orders of a plan paid by EFT (src/domain/billing.ts): made by the account's owner through the
// billing API, marked paid by the company alone (scripts/billing-admin.mjs, through the Admin SDK:
// no client can write an order or an account's terms, firestore.rules), which extends the
// account's paid period and gives the order its invoice number.
import { randomFillSync } from 'node:crypto';
import {
  invoiceNumber,
  orderFor,
  orderFrom,
  periodBought,
  paymentReference,
  planById,
  termsOf,
  type Order,
} from '../../src/domain/billing';
import { FieldValue, Timestamp, type Firestore } from './admin';

export type OrderAnswer =
  | {
      readonly ok: true;
      readonly order: Order;
      /** Made by this request (not an unpaid one of the same plan found again). */
      readonly created?: boolean;
    }
  | {
      readonly ok: false;
      readonly problem: 'bad-request' | 'not-found' | 'conflict';
      readonly message: string;
    };

/** Who orders: the name and address an invoice is made out to. */
export interface Customer {
  readonly uid: string;
  readonly email: string | null;
  readonly name: string | null;
}

const orders = (db: Firestore) => db.collection('orders');

/** The order made for `customer` of plan `planId`, or the unpaid one of that plan they have. */
export async function placeOrder(
  db: Firestore,
  customer: Customer,
  planId: unknown,
): Promise<OrderAnswer> {
  const plan = planById(planId);
  if (!plan) {
    return { ok: false, problem: 'bad-request', message: 'Choose one of the plans.' };
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
    const same = openOrders.find((order) => order.planId === plan.id);
    if (same) return { ok: true, order: same };
    let reference = '';
    for (let attempt = 0; attempt < 5 && !reference; attempt += 1) {
      const candidate = paymentReference((bytes) => randomFillSync(bytes));
      const taken = await transaction.get(orders(db).where('reference', '==', candidate).limit(1));
      if (taken.empty) reference = candidate;
    }
    if (!reference) throw new Error('Five payment references in a row were taken.');
    const ref = orders(db).doc();
    const now = Timestamp.now();
    const stored = {
      owner: customer.uid,
      ...orderFor(plan),
      reference,
      state: 'awaiting-payment',
      customer: { email: customer.email, name: customer.name },
      createdAt: now,
      paidAt: null,
      periodStart: null,
      periodEnd: null,
      invoiceNumber: null,
    };
    transaction.create(ref, stored);
    return { ok: true, order: orderFrom(ref.id, stored)!, created: true };
  });
}

/** Cancels the owner's unpaid order `id`. */
export async function cancelOrder(db: Firestore, owner: string, id: string): Promise<OrderAnswer> {
  const ref = orders(db).doc(id);
  return db.runTransaction(async (transaction): Promise<OrderAnswer> => {
    const snapshot = await transaction.get(ref);
    const order = snapshot.exists ? orderFrom(id, snapshot.data()!) : null;
    if (!order || order.owner !== owner) {
      return { ok: false, problem: 'not-found', message: 'There is no such order of yours.' };
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

/**
 * Marks the order with `reference` paid at `paidAt` (the day the money arrived), by `by` (who at
 * the company): the account's plan becomes the order's, paid until the end of the period it buys,
 * and the order gets the next invoice number. An order paid already is left as it is.
 */
export async function markOrderPaid(
  db: Firestore,
  reference: string,
  { paidAt, by }: { paidAt: Date; by: string },
): Promise<OrderAnswer> {
  const found = await orders(db).where('reference', '==', reference).limit(1).get();
  const document = found.docs[0];
  if (!document) {
    return {
      ok: false,
      problem: 'not-found',
      message: `There is no order with reference ${reference}.`,
    };
  }
  return db.runTransaction(async (transaction): Promise<OrderAnswer> => {
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
    const accountRef = db.collection('accounts').doc(order.owner);
    const counterRef = db.collection('billing').doc('invoices');
    const [account, counter] = await Promise.all([
      transaction.get(accountRef),
      transaction.get(counterRef),
    ]);
    // The trial's start is not needed to extend a paid period.
    const terms = termsOf(account.get('terms'), 0);
    const { start, end } = periodBought(terms.paidUntil, paidAt.getTime(), order.months);
    const sequence = (Number(counter.get('last')) || 0) + 1;
    const paid = {
      state: 'paid',
      paidAt: Timestamp.fromDate(paidAt),
      periodStart: Timestamp.fromMillis(start),
      periodEnd: Timestamp.fromMillis(end),
      invoiceNumber: invoiceNumber(sequence),
      markedPaidBy: by,
    } as const;
    transaction.set(counterRef, { last: sequence }, { merge: true });
    transaction.update(snapshot.ref, paid);
    transaction.set(
      accountRef,
      { terms: { planId: order.planId, paidUntil: Timestamp.fromMillis(end) } },
      { merge: true },
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
