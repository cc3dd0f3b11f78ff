// A workspace's people, and what each of them may do. The account is the workspace: its codes,
// short links, files, figures and orders stay under the account's id (so an account of one person
// needs no change), and other accounts join it as members with a role. This table is the one
// description of the roles: the security rules (their TEAM block, written from it by
// `npm run rules:domain`), the functions and the pages all read it.
import { standingOf, isActive, type AccountTerms } from './billing';
import { SEATS_PER_PLAN } from './pricing';

/** What a member may do in a workspace. */
export const teamActions = {
  'codes.read': 'See the codes and their figures, and download them',
  'codes.write': 'Make, change and delete codes, and change where a printed code leads',
  'history.read': 'Read the history of changes to printed codes',
  'members.manage': 'Invite people, change their roles and remove them',
  billing: 'Order plans, and read the orders and invoices',
  'workspace.own': 'Hand the workspace over, and delete it',
} as const;

export type TeamAction = keyof typeof teamActions;

export const roleIds = ['owner', 'admin', 'editor', 'viewer', 'billing'] as const;
export type RoleId = (typeof roleIds)[number];

export interface Role {
  readonly id: RoleId;
  readonly label: string;
  /** One sentence for the role pickers and the Users page. */
  readonly summary: string;
  /**
   * Who may give this role: a member gives only roles of a rank no higher than their own, so an
   * admin never makes an owner. Viewers and billing members rank with editors: none of the three
   * manages people.
   */
  readonly rank: number;
  /** Whether the member takes one of the plan's seats (viewers are free and unlimited). */
  readonly takesSeat: boolean;
  readonly may: readonly TeamAction[];
}

export const roles: Readonly<Record<RoleId, Role>> = {
  owner: {
    id: 'owner',
    label: 'Owner',
    summary: 'Everything, including handing the workspace over. A workspace always has one.',
    rank: 3,
    takesSeat: true,
    may: [
      'codes.read',
      'codes.write',
      'history.read',
      'members.manage',
      'billing',
      'workspace.own',
    ],
  },
  admin: {
    id: 'admin',
    label: 'Admin',
    summary: 'Codes, their history, and the members: invites, roles and removals.',
    rank: 2,
    takesSeat: true,
    may: ['codes.read', 'codes.write', 'history.read', 'members.manage'],
  },
  editor: {
    id: 'editor',
    label: 'Editor',
    summary: 'Makes and changes codes; can be kept to the codes they made.',
    rank: 1,
    takesSeat: true,
    may: ['codes.read', 'codes.write'],
  },
  viewer: {
    id: 'viewer',
    label: 'Viewer',
    summary: 'Sees the codes and their figures, and downloads them. Changes nothing. Free.',
    rank: 1,
    takesSeat: false,
    may: ['codes.read'],
  },
  billing: {
    id: 'billing',
    label: 'Billing',
    summary: 'Orders plans and reads the orders and invoices.',
    rank: 1,
    takesSeat: true,
    may: ['billing'],
  },
};

export const isRoleId = (value: unknown): value is RoleId =>
  typeof value === 'string' && (roleIds as readonly string[]).includes(value);

/** Whether a member of `role` may do `action`. */
export const roleMay = (role: RoleId, action: TeamAction) => roles[role].may.includes(action);

/** The roles that may do `action`, in the table's order (the rules' lists are written from it). */
export const rolesThatMay = (action: TeamAction): readonly RoleId[] =>
  roleIds.filter((role) => roleMay(role, action));

/** Someone acting in a workspace, as far as changing its codes goes. */
export interface CodeWriter {
  readonly workspace: string;
  readonly uid: string;
  readonly role: RoleId;
  /** An editor kept to the codes they made. */
  readonly ownCodesOnly: boolean;
}

/**
 * Whether `writer` may change or delete the code whose maker is `createdBy` (null or absent: the
 * account itself, a code from before the workspace had members): whoever may change codes, except
 * that an editor kept to their own codes changes only theirs. The rules' mayChangeCode says the
 * same (firestore.rules), and the functions and the pages ask this.
 */
export const mayChangeCode = (writer: CodeWriter, createdBy: string | null | undefined) =>
  roleMay(writer.role, 'codes.write') &&
  (writer.role !== 'editor' ||
    !writer.ownCodesOnly ||
    (createdBy ?? writer.workspace) === writer.uid);

/** Whether a member of `giver` may give `role` to someone (an invite, or a change of role). */
export const mayGiveRole = (giver: RoleId, role: RoleId) =>
  roleMay(giver, 'members.manage') && roles[role].rank <= roles[giver].rank;

/** After a trial or plan has ended the workspace keeps its members but adds no one who takes a seat. */
export const SEATS_WITHOUT_PLAN = 1;

/**
 * The seats a workspace has: its owners, admins, editors and billing members, and the invites
 * still pending for those roles (an invite holds its seat until it is accepted, revoked or
 * expires). Viewers take none. A trial has a plan's seats (the pricing data's number).
 */
export function seatsOf(terms: AccountTerms, now: number): number {
  return isActive(standingOf(terms, now)) ? SEATS_PER_PLAN : SEATS_WITHOUT_PLAN;
}

/** How long an invite by email may be accepted. */
export const INVITE_DAYS = 14;
