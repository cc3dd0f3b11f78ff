// The members of a workspace, users/{workspace}/members/{uid}: who besides the account itself
// works on its codes, and in which role (team.ts). The account is the workspace, so its id names
// both; the account's own person is its first owner and has no member document (an account of one
// needs none). Only the server writes them (the team function: invites, roles, removals), so a
// member can never raise their own role; firestore.rules reads the caller's own document on every
// request to a workspace's codes, so a removal or a demotion counts from the next request on.
// Each member reads their own document (and lists them across workspaces, by `uid`, to find the
// teams they belong to); every member reads the workspace's list of members.
//
// Once the account's own person has deleted their account, leaving the workspace to its other
// owners (functions/src/account-delete.ts), every member document says so (`holderDeleted`): the
// team's decisions then count no owner and no seat for the account itself, and the pages name
// nobody as its holder.
import { millisOf } from '../stored-time';
import { isRoleId, type RoleId } from '../team';
import { userPath } from './codes';

export const MEMBERS = 'members';

export const membersPath = (workspace: string) => `${userPath(workspace)}/${MEMBERS}`;

export const memberPath = (workspace: string, uid: string) => `${membersPath(workspace)}/${uid}`;

/** A member as the server stores them. */
export interface Member {
  /** Their account (the document's id, kept as a field for the query across workspaces). */
  readonly uid: string;
  /** The workspace (the account whose codes these are). */
  readonly workspace: string;
  readonly role: RoleId;
  /** An editor kept to the codes they made (ignored for other roles). */
  readonly ownCodesOnly: boolean;
  /** The verified email address they joined with, shown to the other members. */
  readonly email: string;
  /** Milliseconds since the epoch. */
  readonly joinedAt: number;
  /**
   * A role offered and not yet accepted (ownership is handed over in two steps: team-policy.ts
   * isOfferedRole); until then they keep `role`.
   */
  readonly offeredRole: RoleId | null;
  /**
   * How the member knows the workspace: its account's address when they joined (null if none);
   * once that account is deleted, the address of the owner who carries it on (holderGoneFields).
   */
  readonly workspaceName: string | null;
  /**
   * The workspace's own account has been deleted: its owners among the members carry it on.
   * readMember always says; a Member made by hand may leave it out for an account that exists.
   */
  readonly holderDeleted?: boolean;
}

/** The member document `data` of `uid` in `workspace`; null when it is not one this reads. */
export function readMember(workspace: string, uid: string, data: unknown): Member | null {
  if (typeof data !== 'object' || data === null) return null;
  const fields = data as Record<string, unknown>;
  if (!isRoleId(fields.role) || typeof fields.email !== 'string') return null;
  return {
    uid,
    workspace,
    role: fields.role,
    ownCodesOnly: fields.ownCodesOnly === true,
    email: fields.email,
    joinedAt: millisOf(fields.joinedAt) ?? 0,
    offeredRole: isRoleId(fields.offeredRole) ? fields.offeredRole : null,
    workspaceName: typeof fields.workspaceName === 'string' ? fields.workspaceName : null,
    holderDeleted: fields.holderDeleted === true,
  };
}

/** What the server stores for a member; `Time` is its store's time (a Timestamp, or Date). */
export const memberFields = <Time>(
  workspace: string,
  uid: string,
  role: RoleId,
  email: string,
  joinedAt: Time,
  ownCodesOnly = false,
  workspaceName: string | null = null,
  holderDeleted = false,
) => ({
  uid,
  workspace,
  role,
  email,
  joinedAt,
  ownCodesOnly,
  offeredRole: null,
  workspaceName,
  holderDeleted,
});

/**
 * What each member document of a workspace gets when its account is deleted and its other owners
 * carry it on: the account's address, which named the workspace, goes with the account, and the
 * workspace is known by `name` from then on.
 */
export const holderGoneFields = (name: string | null) => ({
  holderDeleted: true,
  workspaceName: name,
});
