// Custom PC builds (src/domain/records/builds.ts): a customer reads their own builds and nobody
// else's (a build holds its quote, its timeline and its thread with the company, so none of them
// shows to another customer); staff (claim and document) read all; nobody writes one from a page,
// neither its step, its price, its owner nor a message, nor makes one with an id of their choosing.
// A build's order is an order (tests/rules/billing.test.ts: its owner's alone).
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  setDoc,
  updateDoc,
  where,
} from 'firebase/firestore';
import { describe, it } from 'vitest';
import { BUILDS, buildPath } from '../../src/domain/records/builds';
import { staffPath } from '../../src/domain/records/staff';
import { db, useEmulator } from './emulator';

const { environment, stored, asVerified, anonymous } = useEmulator();

const build = (owner: string) => ({
  owner,
  number: 1042,
  step: 'quoted',
  request: { purpose: 'gaming', budgetCents: 2_500_000, mustHaves: '', likeBuild: null },
  customer: { email: `${owner}@kcw.example`, name: null },
  quote: { totalCents: 2_450_000 },
  timeline: [],
  messages: [{ id: 'm1', from: 'customer', text: 'Can it be white?', at: new Date() }],
  awaitingReply: true,
  order: { id: 'o1', reference: 'KCW-ABCD-EFGH' },
  createdAt: new Date(),
  updatedAt: new Date(),
});

describe('custom PC builds', () => {
  it('a customer reads their own builds, and nobody else’s', async () => {
    await stored(buildPath('alices'), build('alice'));
    await stored(buildPath('bobs'), build('bob'));
    const alice = asVerified('alice');
    await assertSucceeds(getDoc(doc(alice, buildPath('alices'))));
    await assertSucceeds(getDocs(query(collection(alice, BUILDS), where('owner', '==', 'alice'))));
    await assertFails(getDoc(doc(alice, buildPath('bobs'))));
    await assertFails(getDocs(collection(alice, BUILDS)));
    await assertFails(getDoc(doc(alice, buildPath('missing'))));
    await assertFails(getDoc(doc(anonymous(), buildPath('alices'))));
  });

  it('staff read every build; a removed member of staff none', async () => {
    await stored(buildPath('alices'), build('alice'));
    await stored(staffPath('thandi'), { email: 'thandi@kcw.example' });
    const staff = db(environment().authenticatedContext('thandi', { staff: true }));
    await assertSucceeds(getDocs(collection(staff, BUILDS)));
    await assertSucceeds(getDoc(doc(staff, buildPath('alices'))));
    const removed = db(environment().authenticatedContext('sipho', { staff: true }));
    await assertFails(getDoc(doc(removed, buildPath('alices'))));
  });

  it('nobody writes a build from a page: not its step, its price, its owner, nor a new one', async () => {
    await stored(buildPath('alices'), build('alice'));
    await stored(staffPath('thandi'), { email: 'thandi@kcw.example' });
    const alice = asVerified('alice');
    await assertFails(updateDoc(doc(alice, buildPath('alices')), { step: 'collected' }));
    await assertFails(updateDoc(doc(alice, buildPath('alices')), { 'quote.totalCents': 100 }));
    await assertFails(updateDoc(doc(alice, buildPath('alices')), { owner: 'bob' }));
    await assertFails(
      updateDoc(doc(alice, buildPath('alices')), {
        messages: [{ id: 'm2', from: 'company', text: 'Free upgrade!', at: new Date() }],
      }),
    );
    await assertFails(updateDoc(doc(alice, buildPath('alices')), { awaitingReply: false }));
    await assertFails(setDoc(doc(alice, buildPath('chosen-id')), build('alice')));
    await assertFails(deleteDoc(doc(alice, buildPath('alices'))));
    const staff = db(environment().authenticatedContext('thandi', { staff: true }));
    await assertFails(updateDoc(doc(staff, buildPath('alices')), { step: 'paid' }));
  });
});
