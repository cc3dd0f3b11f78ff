// What the account page reaches (its settings, the download of its data, its deletion) against
// firestore.rules: the owner reads what the download needs, and no client writes or deletes
// another account's anything, nor what only the server may delete (the deletion goes through
// DELETE /api/account, functions/src/account-delete.ts). Each test begins with an empty database.
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
import { countedWrite, useEmulator } from './emulator';

const { as, asVerified, anonymous, stored } = useEmulator();

const earlier = Timestamp.fromDate(new Date('2026-11-01T10:00:00Z'));
const linkId = 'Tb7pQ2mZr4';

/** Alice's account as the server and the app leave it. */
async function alicesAccount() {
  await stored('users/alice/codes/c1', {
    type: 'web',
    name: 'Shop window',
    content: { text: { websiteUrl: 'https://kemptoncodeworks.co.za/' } },
    design: {},
    logo: null,
    files: [],
    dynamic: true,
    createdAt: earlier,
    updatedAt: earlier,
  });
  await stored(`dynamic/${linkId}`, {
    owner: 'alice',
    code: 'c1',
    target: 'https://kemptoncodeworks.co.za/',
    deletedAt: null,
    disabled: null,
    createdAt: earlier,
    updatedAt: earlier,
  });
  await stored(`dynamic/${linkId}/counts/2026-11-20_0`, {
    owner: 'alice',
    link: linkId,
    day: '2026-11-20',
    scans: 4,
  });
  await stored('accounts/alice', { activeLinks: 1, hostedBytes: 2048 });
  await stored('mail/alice', { sent: 2 });
  await stored('orders/o1', { owner: 'alice', state: 'paid', invoiceNumber: 'INV-000001' });
}

describe('the download of an account’s data', () => {
  it('reads the owner’s codes, links, figures and account document', async () => {
    await alicesAccount();
    const alice = asVerified('alice');
    await assertSucceeds(getDocs(collection(alice, 'users/alice/codes')));
    await assertSucceeds(
      getDocs(query(collection(alice, 'dynamic'), where('owner', '==', 'alice'))),
    );
    await assertSucceeds(
      getDocs(query(collection(alice, `dynamic/${linkId}/counts`), where('owner', '==', 'alice'))),
    );
    await assertSucceeds(getDoc(doc(alice, 'accounts/alice')));
  });

  it('reads none of it for another account or a visitor', async () => {
    await alicesAccount();
    for (const reader of [asVerified('bob'), anonymous()]) {
      await assertFails(getDocs(collection(reader, 'users/alice/codes')));
      await assertFails(
        getDocs(query(collection(reader, 'dynamic'), where('owner', '==', 'alice'))),
      );
      await assertFails(getDoc(doc(reader, 'accounts/alice')));
      await assertFails(getDoc(doc(reader, 'mail/alice')));
      await assertFails(getDoc(doc(reader, 'orders/o1')));
    }
  });
});

describe('deleting: another account can delete nothing of Alice’s', () => {
  it('not her codes, links, figures, account, mail or orders', async () => {
    await alicesAccount();
    const bob = asVerified('bob');
    for (const path of [
      'users/alice/codes/c1',
      'users/alice',
      `dynamic/${linkId}`,
      `dynamic/${linkId}/counts/2026-11-20_0`,
      'accounts/alice',
      'mail/alice',
      'orders/o1',
    ]) {
      await assertFails(deleteDoc(doc(bob, path)));
    }
    await assertFails(setDoc(doc(bob, 'accounts/alice'), { hostedBytes: 0 }));
    await assertFails(setDoc(doc(bob, 'mail/alice'), { sent: 0 }));
    await assertFails(updateDoc(doc(bob, 'orders/o1'), { owner: 'bob' }));
  });

  it('nor may Alice delete by hand what only the server deletes: her links, figures, account, orders', async () => {
    await alicesAccount();
    const alice = asVerified('alice');
    for (const path of [
      `dynamic/${linkId}`,
      `dynamic/${linkId}/counts/2026-11-20_0`,
      'accounts/alice',
      'mail/alice',
      'orders/o1',
    ]) {
      await assertFails(deleteDoc(doc(alice, path)));
    }
    // Her own codes she may delete (My QR Codes does), each with the count of her codes.
    await assertSucceeds(countedWrite(doc(alice, 'users/alice/codes/c1'), null));
  });
});

describe('what a deletion leaves', () => {
  it('a tombstone link is read and written by nobody, its former owner included', async () => {
    await stored(`dynamic/${linkId}`, {
      owner: '',
      code: null,
      target: '',
      page: null,
      schedule: null,
      deletedAt: earlier,
      disabled: null,
      createdAt: earlier,
      updatedAt: earlier,
      accountDeletedAt: earlier,
    });
    for (const reader of [asVerified('alice'), as('bob'), anonymous()]) {
      await assertFails(getDoc(doc(reader, `dynamic/${linkId}`)));
      await assertFails(getDocs(query(collection(reader, 'dynamic'), where('owner', '==', ''))));
      await assertFails(
        setDoc(doc(reader, `dynamic/${linkId}`), { owner: 'bob', target: 'https://evil.example/' }),
      );
      await assertFails(deleteDoc(doc(reader, `dynamic/${linkId}`)));
    }
  });

  it('an invoice kept without an owner is read and written by nobody', async () => {
    await stored('orders/o1', { owner: null, state: 'paid', invoiceNumber: 'INV-000001' });
    for (const reader of [asVerified('alice'), as('bob'), anonymous()]) {
      await assertFails(getDoc(doc(reader, 'orders/o1')));
      await assertFails(updateDoc(doc(reader, 'orders/o1'), { owner: 'bob' }));
      await assertFails(deleteDoc(doc(reader, 'orders/o1')));
    }
  });
});
