// An account's terms (trial, plan: accounts/{uid}.terms) and its orders (orders/*) are written by
// the server alone (functions/src/orders.ts, terms.ts; scripts/admin/billing-admin.mjs marks orders
// paid): a client reads its own and nobody's else, and no client gives itself a plan, a longer
// trial, or a paid order.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  setDoc,
  Timestamp,
  updateDoc,
  where,
} from 'firebase/firestore';
import { describe, it } from 'vitest';
import { db, useEmulator } from './emulator';

const { environment, asVerified, anonymous } = useEmulator();

const order = {
  owner: 'alice',
  planId: 'monthly',
  amount: 600,
  months: 1,
  reference: 'KCW-7KQ2-M9XD',
  state: 'awaiting-payment',
  customer: { email: 'alice@example.co.za', name: 'Alice' },
  createdAt: Timestamp.now(),
  paidAt: null,
  periodStart: null,
  periodEnd: null,
  invoiceNumber: null,
};

/** What the server writes, past the rules. */
const stored = () =>
  environment().withSecurityRulesDisabled(async (context) => {
    await setDoc(doc(db(context), 'accounts/alice'), {
      terms: { trialStartedAt: Timestamp.now(), planId: null, paidUntil: null },
    });
    await setDoc(doc(db(context), 'orders/aliceOrder'), order);
    await setDoc(doc(db(context), 'billing/invoices'), { last: 7 });
  });

describe('an account’s terms', () => {
  it('its owner reads them; nobody else does', async () => {
    await stored();
    await assertSucceeds(getDoc(doc(asVerified('alice'), 'accounts/alice')));
    await assertFails(getDoc(doc(asVerified('mallory'), 'accounts/alice')));
    await assertFails(getDoc(doc(anonymous(), 'accounts/alice')));
  });

  it('no client gives itself a plan or a longer trial, not even its owner', async () => {
    await stored();
    const alice = asVerified('alice');
    const paidUntil = Timestamp.fromMillis(Date.now() + 365 * 86_400_000);
    await assertFails(updateDoc(doc(alice, 'accounts/alice'), { 'terms.planId': 'annually' }));
    await assertFails(updateDoc(doc(alice, 'accounts/alice'), { 'terms.paidUntil': paidUntil }));
    await assertFails(
      updateDoc(doc(alice, 'accounts/alice'), { 'terms.trialStartedAt': Timestamp.now() }),
    );
    await assertFails(
      setDoc(doc(asVerified('newcomer'), 'accounts/newcomer'), {
        terms: { trialStartedAt: Timestamp.fromMillis(Date.now() + 10 * 365 * 86_400_000) },
      }),
    );
    await assertFails(deleteDoc(doc(alice, 'accounts/alice')));
  });
});

describe('orders', () => {
  it('its owner reads and lists their orders; nobody else does', async () => {
    await stored();
    const alice = asVerified('alice');
    await assertSucceeds(getDoc(doc(alice, 'orders/aliceOrder')));
    await assertSucceeds(
      getDocs(query(collection(alice, 'orders'), where('owner', '==', 'alice'))),
    );
    const mallory = asVerified('mallory');
    await assertFails(getDoc(doc(mallory, 'orders/aliceOrder')));
    await assertFails(getDocs(query(collection(mallory, 'orders'), where('owner', '==', 'alice'))));
    await assertFails(getDocs(collection(mallory, 'orders')));
    await assertFails(getDoc(doc(anonymous(), 'orders/aliceOrder')));
  });

  it('no client marks an order paid, makes one, or deletes one', async () => {
    await stored();
    const alice = asVerified('alice');
    await assertFails(
      updateDoc(doc(alice, 'orders/aliceOrder'), { state: 'paid', invoiceNumber: 'INV-000008' }),
    );
    await assertFails(setDoc(doc(alice, 'orders/mine'), { ...order, state: 'paid' }));
    await assertFails(deleteDoc(doc(alice, 'orders/aliceOrder')));
    await assertFails(
      updateDoc(doc(asVerified('mallory'), 'orders/aliceOrder'), { owner: 'mallory' }),
    );
  });

  it('the invoice numbers are the server’s alone', async () => {
    await stored();
    await assertFails(getDoc(doc(asVerified('alice'), 'billing/invoices')));
    await assertFails(setDoc(doc(asVerified('alice'), 'billing/invoices'), { last: 0 }));
  });

  it('the count of an account’s new orders this hour is the server’s alone, its owner’s too', async () => {
    const counter = 'mail/alice/limits/orders';
    await environment().withSecurityRulesDisabled((context) =>
      setDoc(doc(db(context), counter), { hour: '2026-11-25T10', count: 5, sent: [] }),
    );
    const alice = asVerified('alice');
    await assertFails(getDoc(doc(alice, counter)));
    await assertFails(setDoc(doc(alice, counter), { hour: '2026-11-25T10', count: 0, sent: [] }));
    await assertFails(deleteDoc(doc(alice, counter)));
    await assertFails(getDoc(doc(asVerified('mallory'), counter)));
  });
});
