// What a member may do to the workspace's people: invite, change a role, remove, leave. Decided
// here, pure, from the roles table (team.ts), for the team function, which enforces it in a
// transaction with the members it read, and for the Users page, which offers only what would be
// allowed and says why the rest is not. (Which codes and records a role may touch is the rules'
// and each function's check of the same table.)
import { mayGiveRole, roleMay, roles, type RoleId } from './team';

/** Why a change to the workspace's people is refused; each with its words for the person. */
export const teamRefusals = {
  'not-allowed': 'Your role in this workspace does not let you do that.',
  'role-too-high': 'You can give only roles up to your own.',
  'above-you': 'Only an owner can change or remove an owner.',
  'last-owner':
    'A workspace always has an owner. Make someone else an owner first, or delete the workspace.',
  'no-seat':
    'Every seat of this workspace is taken (members and pending invites). Remove someone, revoke an invite, or invite them as a viewer: viewers are free.',
} as const;

export type TeamRefusal = keyof typeof teamRefusals;

/** A decision: allowed, or refused with why. */
export type TeamDecision =
  { readonly ok: true } | { readonly ok: false; readonly why: TeamRefusal };

const allowed: TeamDecision = { ok: true };
const refused = (why: TeamRefusal): TeamDecision => ({ ok: false, why });

/** The workspace as a decision needs it: its owners, and its seats taken and in all. */
export interface TeamState {
  /** How many owners it has (the account itself counts while it is one). */
  readonly owners: number;
  /** Seats taken: members whose role takes one, and invites pending for such roles. */
  readonly seatsTaken: number;
  /** Seats in all (team.ts seatsOf). */
  readonly seats: number;
}

/**
 * The workspace's state from its members and pending invites: the account's own person is an
 * owner with a seat (they have no member document) while their account exists, each member and
 * pending invite of a role that takes a seat holds one. Once the account is deleted
 * (`holderDeleted` on the members), its owners are those among the members.
 */
export function teamStateOf(
  members: readonly { readonly role: RoleId; readonly holderDeleted?: boolean }[],
  pendingInvites: readonly { readonly role: RoleId }[],
  seats: number,
): TeamState {
  const seated = [...members, ...pendingInvites].filter(({ role }) => roles[role].takesSeat);
  const holder = members.some((member) => member.holderDeleted === true) ? 0 : 1;
  return {
    owners: holder + members.filter(({ role }) => role === 'owner').length,
    seatsTaken: holder + seated.length,
    seats,
  };
}

/**
 * The role of `uid` in `workspace`: the account's own person is its owner; anyone else has their
 * member document's role, or none.
 */
export const roleIn = (
  workspace: string,
  uid: string,
  member: { readonly role: RoleId } | null,
): RoleId | null => (uid === workspace ? 'owner' : (member?.role ?? null));

const hasFreeSeat = (team: TeamState) => team.seatsTaken < team.seats;

/** A member moving from `from` to `to` takes a seat when only the new role has one. */
const seatFor = (from: RoleId, to: RoleId, team: TeamState): TeamDecision =>
  !roles[from].takesSeat && roles[to].takesSeat && !hasFreeSeat(team)
    ? refused('no-seat')
    : allowed;

/** Whether `actor` may invite someone as `role`. */
export function decideInvite(actor: RoleId, role: RoleId, team: TeamState): TeamDecision {
  if (!roleMay(actor, 'members.manage')) return refused('not-allowed');
  if (!mayGiveRole(actor, role)) return refused('role-too-high');
  if (roles[role].takesSeat && !hasFreeSeat(team)) return refused('no-seat');
  return allowed;
}

/** Whether `actor` may change a member's role from `from` to `to` (their own included). */
export function decideRoleChange(
  actor: RoleId,
  from: RoleId,
  to: RoleId,
  team: TeamState,
): TeamDecision {
  if (!roleMay(actor, 'members.manage')) return refused('not-allowed');
  if (roles[from].rank > roles[actor].rank) return refused('above-you');
  if (!mayGiveRole(actor, to)) return refused('role-too-high');
  if (from === 'owner' && to !== 'owner' && team.owners <= 1) return refused('last-owner');
  return seatFor(from, to, team);
}

/** Whether `actor` may remove a member of role `role` (another than themselves: see decideLeave). */
export function decideRemoval(actor: RoleId, role: RoleId, team: TeamState): TeamDecision {
  if (!roleMay(actor, 'members.manage')) return refused('not-allowed');
  if (roles[role].rank > roles[actor].rank) return refused('above-you');
  if (role === 'owner' && team.owners <= 1) return refused('last-owner');
  return allowed;
}

/**
 * Whether an invite for `role`, pending and so counted in `team`, may be accepted: it held its
 * seat, but a plan that has ended since has fewer seats than are taken.
 */
export function decideJoin(role: RoleId, team: TeamState): TeamDecision {
  return roles[role].takesSeat && team.seatsTaken > team.seats ? refused('no-seat') : allowed;
}

/** Whether a member of role `from` may take a role offered to them (`to`): a seat if it needs one. */
export const decideTakeOffer = (from: RoleId, to: RoleId, team: TeamState): TeamDecision =>
  seatFor(from, to, team);

/** Whether a member of role `role` may leave the workspace: anyone but its last owner. */
export function decideLeave(role: RoleId, team: TeamState): TeamDecision {
  return role === 'owner' && team.owners <= 1 ? refused('last-owner') : allowed;
}

/**
 * Whether a role is offered rather than given: ownership is handed over in two steps, so that
 * nobody becomes answerable for a business's printed codes without saying yes. The member keeps
 * their role until they accept.
 */
export const isOfferedRole = (role: RoleId) => role === 'owner';
