// The accounts' email counters, mail/{uid}, against the real Cloud Firestore emulator and
// firestore.rules: the server (functions/src/mail-api.ts) alone reads and writes them, so nobody,
// the account's owner included, can read when they may send again or reset their own limits (the
// hour's emails, or the day's different addresses).
import { assertFails } from '@firebase/rules-unit-testing';
import { deleteDoc, doc, getDoc, getDocs, collection, setDoc, updateDoc } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { db, useEmulator } from './emulator';

const { environment, as, asVerified, anonymous } = useEmulator();

const counter = {
  hour: '2026-11-25T14',
  count: 5,
  sent: ['request-1'],
  day: '2026-11-25',
  recipients: ['key-1', 'key-2'],
};

/** Writes the counter past the rules, as the mail function does. */
const stored = () =>
  environment().withSecurityRulesDisabled((context) =>
    setDoc(doc(db(context), 'mail/alice'), counter),
  );

describe('mail/{uid}: the server’s alone', () => {
  it('nobody reads a counter or lists them: not its owner, not another, not anonymous', async () => {
    await stored();
    for (const reader of [asVerified('alice'), as('alice'), asVerified('bob'), anonymous()]) {
      await assertFails(getDoc(doc(reader, 'mail/alice')));
      await assertFails(getDocs(collection(reader, 'mail')));
    }
  });

  it('nobody writes one: its owner can neither reset, lower, delete nor create it', async () => {
    await stored();
    const alice = asVerified('alice');
    await assertFails(updateDoc(doc(alice, 'mail/alice'), { count: 0 }));
    await assertFails(updateDoc(doc(alice, 'mail/alice'), { recipients: [] }));
    await assertFails(setDoc(doc(alice, 'mail/alice'), { ...counter, count: 0, sent: [] }));
    await assertFails(deleteDoc(doc(alice, 'mail/alice')));
    await assertFails(setDoc(doc(alice, 'mail/carol'), counter));
    await assertFails(setDoc(doc(asVerified('bob'), 'mail/bob'), counter));
    await assertFails(setDoc(doc(anonymous(), 'mail/alice'), counter));
  });
});
