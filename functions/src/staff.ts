// Who the company's staff are, as every function checks them, and the audit log of what they do
// (src/domain/records/staff.ts). A caller is staff while their ID token carries the claim and their
// staff document exists: the claim alone would outlive a removal by up to an hour (an ID token's
// life), so the document is read on every request, and removing someone deletes it first.
import {
  auditFields,
  staffPath,
  AUDIT,
  type Actor,
  type AuditEntry,
} from '../../src/domain/records/staff';
import { Timestamp, type Firestore, type Transaction, type WriteBatch } from './admin';
import type { Caller } from './caller';

/** The caller as the audit log names them, when they are staff now; null otherwise. */
export async function staffActor(db: Firestore, caller: Caller): Promise<Actor | null> {
  if (!caller.staff) return null;
  const document = await db.doc(staffPath(caller.uid)).get();
  return document.exists ? { by: caller.uid, byEmail: caller.email } : null;
}

/** What an action adds to the audit log. */
export type AuditNote = Omit<AuditEntry, 'id' | 'at' | 'by' | 'byEmail' | 'reason' | 'detail'> & {
  readonly reason?: string | null;
  readonly detail?: string | null;
};

/**
 * Adds the entry of `actor`'s action to the audit log within `writer` (the transaction or batch
 * that makes the change, so neither is kept without the other).
 */
export function writeAudit(
  db: Firestore,
  writer: Transaction | WriteBatch,
  actor: Actor,
  note: AuditNote,
  at: Date = new Date(),
): void {
  const ref = db.collection(AUDIT).doc();
  const fields = auditFields({ ...note, ...actor }, Timestamp.fromDate(at));
  writer.create(ref, fields);
}
