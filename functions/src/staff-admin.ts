// Who is on the company's staff, changed only with admin credentials (scripts/admin/staff-admin.mjs,
// built beside the functions into lib/staff-admin.js). Adding someone writes their staff document,
// then gives their account the claim; removing them deletes the document first (the rules and
// every function read it at each request, so that counts at once), then takes the claim away and
// revokes their sessions, so their next sign-in has no claim either. Both go into the audit log.
import {
  readStaffMember,
  STAFF,
  STAFF_CLAIM,
  staffFields,
  staffPath,
  type Actor,
  type StaffMember,
} from '../../src/domain/records/staff';
import { Timestamp, type Auth, type Firestore } from './admin';
import { writeAudit } from './staff';

/** The account with `email`, or null when there is none. */
async function accountOf(auth: Auth, email: string) {
  return auth.getUserByEmail(email.trim().toLowerCase()).catch((error: unknown) => {
    if ((error as { code?: string }).code === 'auth/user-not-found') return null;
    throw error;
  });
}

export type StaffChange =
  | { readonly ok: true; readonly uid: string; readonly changed: boolean }
  | { readonly ok: false; readonly message: string };

/** Makes the account with `email` staff, by `actor`. */
export async function addStaff(
  db: Firestore,
  auth: Auth,
  email: string,
  actor: Actor,
  now: Date = new Date(),
): Promise<StaffChange> {
  const user = await accountOf(auth, email);
  if (!user) {
    return {
      ok: false,
      message: `There is no account with the address ${email}: they sign up first.`,
    };
  }
  if (!user.emailVerified) {
    return {
      ok: false,
      message: `${email} is not verified yet: staff act for the company, so they open the link of the verification email first.`,
    };
  }
  const ref = db.doc(staffPath(user.uid));
  const changed = await db.runTransaction(async (transaction) => {
    if ((await transaction.get(ref)).exists) return false;
    transaction.create(ref, staffFields(user.email ?? null, Timestamp.fromDate(now), actor.by));
    writeAudit(
      db,
      transaction,
      actor,
      { action: 'staff.added', target: user.email ?? user.uid },
      now,
    );
    return true;
  });
  await auth.setCustomUserClaims(user.uid, { ...user.customClaims, [STAFF_CLAIM]: true });
  return { ok: true, uid: user.uid, changed };
}

/**
 * Takes the account with `email` off the staff, by `actor`, for `reason`: the document first (at
 * once refused everywhere), then the claim and their sessions.
 */
export async function removeStaff(
  db: Firestore,
  auth: Auth,
  email: string,
  actor: Actor,
  reason: string,
  now: Date = new Date(),
): Promise<StaffChange> {
  const user = await accountOf(auth, email);
  if (!user) return { ok: false, message: `There is no account with the address ${email}.` };
  const ref = db.doc(staffPath(user.uid));
  const changed = await db.runTransaction(async (transaction) => {
    if (!(await transaction.get(ref)).exists) return false;
    transaction.delete(ref);
    writeAudit(
      db,
      transaction,
      actor,
      { action: 'staff.removed', target: user.email ?? user.uid, reason },
      now,
    );
    return true;
  });
  const claims = { ...user.customClaims };
  delete claims[STAFF_CLAIM];
  await auth.setCustomUserClaims(user.uid, claims);
  await auth.revokeRefreshTokens(user.uid);
  return { ok: true, uid: user.uid, changed };
}

/** The company's staff, by address. */
export async function listStaff(db: Firestore): Promise<StaffMember[]> {
  const snapshot = await db.collection(STAFF).get();
  return snapshot.docs
    .flatMap((document) => {
      const member = readStaffMember(document.id, document.data());
      return member ? [member] : [];
    })
    .sort((a, b) => (a.email ?? a.uid).localeCompare(b.email ?? b.uid));
}
