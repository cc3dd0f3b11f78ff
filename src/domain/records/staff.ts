// The company's own people, and what they did.
//
// staff/{uid}: a member of the company's staff. A person is staff while both hold: their
// Firebase Auth account carries the custom claim `staff: true`, and this document exists. Only
// scripts/admin/staff-admin.mjs, run with admin credentials, writes either (no client may:
// firestore.rules). The claim lets the page show the desk without a read; the document is what
// the rules and every function check on each request, so removing someone (the script deletes
// the document, drops the claim and revokes their sessions) takes effect at their next request,
// not when their ID token expires an hour later.
//
// audit/{id}: one entry for every staff action (an order marked paid, a link switched off or on,
// a staff member added or removed, a quote sent, a build moved on): who did it, when, what and
// why, in the words they typed. Written by the server alone, in the transaction that makes the
// change, so there is no action without its entry; no client writes or edits one, and staff
// read them on the desk.
import { millisOf } from '../stored-time';

export const STAFF = 'staff';
export const AUDIT = 'audit';

/** The custom claim of a staff member's ID token. */
export const STAFF_CLAIM = 'staff';

export const staffPath = (uid: string) => `${STAFF}/${uid}`;
export const auditEntryPath = (id: string) => `${AUDIT}/${id}`;

/** A staff member as their document holds them. */
export interface StaffMember {
  readonly uid: string;
  readonly email: string | null;
  /** When they were made staff (ms), and by whom (the script's operator). */
  readonly addedAt: number | null;
  readonly addedBy: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The staff member `uid` as their document `data` holds them; null for no document. */
export function readStaffMember(uid: string, data: unknown): StaffMember | null {
  if (typeof data !== 'object' || data === null) return null;
  const fields = data as Record<string, unknown>;
  return {
    uid,
    email: text(fields.email),
    addedAt: millisOf(fields.addedAt),
    addedBy: text(fields.addedBy),
  };
}

/** What the staff script stores for a new staff member. */
export const staffFields = <Time>(email: string | null, addedAt: Time, addedBy: string) => ({
  email,
  addedAt,
  addedBy,
});

/** What the desk and the scripts do, each as the audit log names it. */
export const auditActions = {
  'order.paid': 'Order marked paid',
  'link.disabled': 'Link switched off',
  'link.enabled': 'Link switched on',
  'staff.added': 'Staff member added',
  'staff.removed': 'Staff member removed',
  'build.quoted': 'Quote sent',
  'build.step': 'Build moved on',
  'build.message': 'Message to a customer',
  'report.closed': 'Report closed',
} as const;

export type AuditAction = keyof typeof auditActions;

const isAuditAction = (value: unknown): value is AuditAction =>
  typeof value === 'string' && Object.hasOwn(auditActions, value);

/** One entry of the audit log. */
export interface AuditEntry {
  readonly id: string;
  readonly action: AuditAction;
  /** Who: a staff member's account id, or for a script run without one, its operator's name. */
  readonly by: string;
  /** Their email address then (null for a script's operator). */
  readonly byEmail: string | null;
  /** Milliseconds since the epoch. */
  readonly at: number;
  /** What it was done to: an order's reference, a link's id, a build's number, an account. */
  readonly target: string;
  /** The reason typed, as typed (null where none was asked). */
  readonly reason: string | null;
  /** What else the action did, in words ("R600.00 received", "assembling"). */
  readonly detail: string | null;
}

/** The entry `id` as its document `data` holds it; null when it is not one this reads. */
export function readAuditEntry(id: string, data: unknown): AuditEntry | null {
  if (typeof data !== 'object' || data === null) return null;
  const fields = data as Record<string, unknown>;
  const at = millisOf(fields.at);
  if (!isAuditAction(fields.action) || typeof fields.by !== 'string' || at === null) return null;
  if (typeof fields.target !== 'string') return null;
  return {
    id,
    action: fields.action,
    by: fields.by,
    byEmail: text(fields.byEmail),
    at,
    target: fields.target,
    reason: text(fields.reason),
    detail: text(fields.detail),
  };
}

/** Who acts, as the audit log names them. */
export interface Actor {
  readonly by: string;
  readonly byEmail: string | null;
}

/** What the server stores for an entry made at `at`. */
export const auditFields = <Time>(
  entry: Omit<AuditEntry, 'id' | 'at' | 'reason' | 'detail'> & {
    readonly reason?: string | null;
    readonly detail?: string | null;
  },
  at: Time,
) => ({
  action: entry.action,
  by: entry.by,
  byEmail: entry.byEmail,
  at,
  target: entry.target,
  reason: entry.reason ?? null,
  detail: entry.detail ?? null,
});
