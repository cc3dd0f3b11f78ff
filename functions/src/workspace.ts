// For which workspace a request of the site's APIs acts, and whether its caller may. The account
// is the workspace: its codes stay at users/{workspace}/codes, its links' `owner` is its id, and
// its members are users/{workspace}/members/{uid} (src/domain/records/members.ts). A request names
// the workspace (its optional `workspace` field, or `?workspace=` where it has no body); without
// one it acts for the caller's own account, as it always did.
//
// Authority comes from the member document, read on every request (in the request's transaction
// where it runs one): never a cache or a custom claim, so a member removed or demoted is refused
// from their next request, as the rules refuse them (firestore.rules mayIn, mayChangeCode).
import { WORKSPACE_PARAM } from '../../src/domain/api';
import { memberPath, readMember, type Member } from '../../src/domain/records/members';
import {
  mayChangeCode as mayChangeCodeAs,
  roleMay,
  type RoleId,
  type TeamAction,
} from '../../src/domain/team';
import { roleIn, teamRefusals } from '../../src/domain/team-policy';
import type { Firestore, Transaction } from './admin';
import type { Caller } from './caller';
import { refusal, type HttpRequest } from './http';

/** The caller acting in a workspace: their role there, and their member document (none for its account). */
export interface Acting {
  readonly workspace: string;
  readonly uid: string;
  readonly email: string | null;
  readonly role: RoleId;
  readonly member: Member | null;
}

/** The words of a refusal for want of a role: the domain's. */
export const NOT_ALLOWED_MESSAGE = teamRefusals['not-allowed'];

/** An editor kept to the codes they made, asking about another's. */
export const OWN_CODES_ONLY_MESSAGE =
  'You can change only the codes you made in this workspace: ask one of its owners or admins.';

export const notAllowed = (message: string = NOT_ALLOWED_MESSAGE) =>
  refusal('not-allowed', message);

/** The workspace a request names, or the caller's own account. */
export const workspaceOf = (caller: Caller, named: string | undefined | null) =>
  named ?? caller.uid;

/** The workspace named by a request's query (`?workspace=`), for requests without a JSON body. */
export function workspaceInQuery(request: HttpRequest): string | undefined | null {
  const named = new URL(request.url ?? '/', 'http://localhost').searchParams.get(WORKSPACE_PARAM);
  if (named === null) return undefined;
  // Named but not an account's id: nobody's workspace (refused as a stranger's).
  return /^[A-Za-z0-9_-]{1,128}$/.test(named) ? named : null;
}

/**
 * The caller's role in `workspace`, from their member document read now (in `transaction` when
 * given): the account's own person is its owner; anyone else has their document's role, or none.
 */
export async function actingIn(
  db: Firestore,
  caller: Caller,
  workspace: string,
  transaction?: Transaction,
): Promise<Acting | null> {
  let member: Member | null = null;
  if (caller.uid !== workspace) {
    const ref = db.doc(memberPath(workspace, caller.uid));
    const snapshot = transaction ? await transaction.get(ref) : await ref.get();
    member = readMember(workspace, caller.uid, snapshot.data());
  }
  const role = roleIn(workspace, caller.uid, member);
  return role && { workspace, uid: caller.uid, email: caller.email, role, member };
}

/** The caller acting in `workspace` if their role there may do `action`; null otherwise. */
export async function mayActIn(
  db: Firestore,
  caller: Caller,
  workspace: string,
  action: TeamAction,
  transaction?: Transaction,
): Promise<Acting | null> {
  const acting = await actingIn(db, caller, workspace, transaction);
  return acting && roleMay(acting.role, action) ? acting : null;
}

/**
 * Whether `acting` may change the code whose maker is `createdBy` (absent: the account itself,
 * a code from before the workspace had members): an editor kept to their own codes changes only
 * those, as the rules' mayChangeCode says.
 */
export const mayChangeCode = (acting: Acting, createdBy: string | undefined | null) =>
  mayChangeCodeAs({ ...acting, ownCodesOnly: acting.member?.ownCodesOnly === true }, createdBy);

/** The maker of a stored code (`createdBy`), or null for the account itself. */
const makerOf = (data: unknown): string | null => {
  const maker = (data as { createdBy?: unknown } | undefined)?.createdBy;
  return typeof maker === 'string' ? maker : null;
};

/**
 * Whether `acting` (null: no role in the workspace) may change the code stored as `data` (undefined:
 * none, or a code about to be made): 'codes.write', and an editor kept to their own codes only on
 * theirs. Null when allowed, else the refusal's words. The links and the bulk codes ask it alike.
 */
export function refusalToChange(acting: Acting | null, data: unknown): string | null {
  if (!acting || !roleMay(acting.role, 'codes.write')) return NOT_ALLOWED_MESSAGE;
  if (data !== undefined && !mayChangeCode(acting, makerOf(data))) return OWN_CODES_ONLY_MESSAGE;
  return null;
}
