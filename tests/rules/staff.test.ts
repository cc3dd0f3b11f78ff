// The company's staff and their audit log (src/domain/records/staff.ts): staff is the token's claim
// and the staff document together, and nobody (staff included) writes either of them, or the audit
// log, from a client: the staff script and the functions alone do, through the Admin SDK.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { auditEntryPath, AUDIT, STAFF, staffPath } from '../../src/domain/records/staff';
import { newReportFields, REPORTS, reportPath } from '../../src/domain/records/reports';
import { db, useEmulator } from './emulator';

const { environment, stored, asVerified, anonymous } = useEmulator();

/** A signed-in user whose token carries the staff claim. */
const withClaim = (uid: string) =>
  db(environment().authenticatedContext(uid, { email_verified: true, staff: true }));

const entry = {
  action: 'order.paid',
  by: 'thandi',
  byEmail: 'thandi@kcw.example',
  at: new Date(),
  target: 'KCW-7KQ2-M9XD',
  reason: null,
  detail: 'R600 received',
};

describe('the staff and the audit log', () => {
  it('staff (claim and document) read the audit log and the staff; nobody writes either', async () => {
    await stored(staffPath('thandi'), {
      email: 'thandi@kcw.example',
      addedAt: new Date(),
      addedBy: 'owner',
    });
    await stored(auditEntryPath('one'), entry);
    const staff = withClaim('thandi');
    await assertSucceeds(getDocs(collection(staff, AUDIT)));
    await assertSucceeds(getDoc(doc(staff, auditEntryPath('one'))));
    await assertSucceeds(getDocs(collection(staff, STAFF)));
    // Not even staff write the log or the staff from a page.
    await assertFails(setDoc(doc(staff, auditEntryPath('two')), entry));
    await assertFails(updateDoc(doc(staff, auditEntryPath('one')), { reason: 'changed' }));
    await assertFails(deleteDoc(doc(staff, auditEntryPath('one'))));
    await assertFails(setDoc(doc(staff, staffPath('sipho')), { email: 'sipho@kcw.example' }));
    await assertFails(deleteDoc(doc(staff, staffPath('thandi'))));
  });

  it('refuses a customer, a claim without its document, a document without its claim, and anyone signed out', async () => {
    await stored(staffPath('thandi'), { email: 'thandi@kcw.example' });
    await stored(auditEntryPath('one'), entry);
    // A removed member: the script deleted the document; their token still carries the claim.
    const removed = withClaim('sipho');
    await assertFails(getDocs(collection(removed, AUDIT)));
    await assertFails(getDoc(doc(removed, auditEntryPath('one'))));
    await assertFails(getDocs(collection(removed, STAFF)));
    // Their own staff document they may look for (the page asks whether they are staff).
    await assertSucceeds(getDoc(doc(removed, staffPath('sipho'))));
    // The document's person, signed in with a token from before the claim.
    const noClaim = asVerified('thandi');
    await assertFails(getDocs(collection(noClaim, AUDIT)));
    await assertSucceeds(getDoc(doc(noClaim, staffPath('thandi'))));
    // A customer gives themselves neither.
    const customer = asVerified('alice');
    await assertFails(getDocs(collection(customer, AUDIT)));
    await assertFails(getDoc(doc(customer, staffPath('thandi'))));
    await assertFails(setDoc(doc(customer, staffPath('alice')), { email: 'alice@kcw.example' }));
    await assertFails(setDoc(doc(customer, auditEntryPath('mine')), entry));
    await assertFails(getDocs(collection(anonymous(), AUDIT)));
  });

  it('visitors’ reports of links: staff read them, a customer or a removed member does not, nobody writes one', async () => {
    const report = newReportFields(
      { link: 'AbCd234xyz', message: 'A fake menu', name: 'Sipho', email: 'sipho@example.co.za' },
      new Date(),
    );
    await stored(reportPath('r1'), report);
    await stored(staffPath('thandi'), { email: 'thandi@kcw.example', addedAt: new Date() });
    const staff = withClaim('thandi');
    await assertSucceeds(getDocs(collection(staff, REPORTS)));
    await assertSucceeds(getDoc(doc(staff, reportPath('r1'))));
    await assertFails(updateDoc(doc(staff, reportPath('r1')), { state: 'closed' }));
    await assertFails(getDoc(doc(withClaim('removed'), reportPath('r1'))));
    const customer = asVerified('alice');
    await assertFails(getDoc(doc(customer, reportPath('r1'))));
    await assertFails(getDocs(collection(customer, REPORTS)));
    await assertFails(setDoc(doc(customer, reportPath('mine')), report));
    await assertFails(setDoc(doc(anonymous(), reportPath('anon')), report));
  });
});
