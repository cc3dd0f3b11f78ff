// What deleting an account does to the workspaces its person works in, decided here, pure, for the
// account function (functions/src/account-delete.ts, which acts on it in a transaction over the
// member documents it read) and for the account page (which says it before the person confirms).
//
// The account is a workspace, and its person may also be a member of other teams:
//   - their own workspace goes with the account when nobody else works in it; when other people
//     do, it stays for its other owners (the account's login and personal data go, the workspace
//     keeps its id, codes, links, figures, files, history, members and plan), and with other
//     people but no other owner the deletion is refused: a business's printed codes must not be
//     left without anyone answerable for them;
//   - their membership of every other team ends; those teams' codes stay, the ones they made
//     included (their maker is then "a former member");
//   - a team whose own account was deleted earlier, and in which they are an owner, is theirs to
//     answer for in the same way: it goes with them if they are the last person in it, stays if
//     another owner is left, and otherwise holds their deletion back.
import type { Member } from './records/members';

/** Who else works in a workspace, as the decision needs them. */
export type Colleague = Pick<Member, 'uid' | 'role' | 'email' | 'joinedAt'>;

/** A workspace the person answers for: their own, or a team they own whose account is deleted. */
export interface Answerable {
  readonly workspace: string;
  /** How the person knows it: null for their own. */
  readonly name: string | null;
  /** The other people in it: its member documents but the person's own. */
  readonly others: readonly Colleague[];
}

/** What becomes of a workspace the person answers for. */
export type WorkspaceFate =
  /** Nobody else works in it: it is deleted with the account. */
  | { readonly kind: 'deleted' }
  /** Other owners carry it on; `name` is the address it is known by from then on. */
  | { readonly kind: 'kept'; readonly owners: number; readonly name: string }
  /** Other people work in it, and none of them is an owner: the deletion waits. */
  | { readonly kind: 'last-owner'; readonly others: number };

/**
 * The owner who carries a workspace on names it from then on: the one who has been a member
 * longest (then by address, so every reader agrees).
 */
const successor = (owners: readonly Colleague[]) =>
  [...owners].sort((a, b) => a.joinedAt - b.joinedAt || a.email.localeCompare(b.email))[0];

export function fateOf(others: readonly Colleague[]): WorkspaceFate {
  if (others.length === 0) return { kind: 'deleted' };
  const owners = others.filter((other) => other.role === 'owner');
  if (owners.length === 0) return { kind: 'last-owner', others: others.length };
  return { kind: 'kept', owners: owners.length, name: successor(owners).email };
}

/** The teams of `memberships` the person answers for: owned, their own account deleted. */
export const answerableTeams = (memberships: readonly Member[]): readonly Member[] =>
  memberships.filter((member) => member.role === 'owner' && member.holderDeleted === true);

/** A workspace held back by the person's deletion. */
export interface Blocking {
  readonly workspace: string;
  /** null: their own. */
  readonly name: string | null;
  readonly others: number;
}

/** A workspace the person answers for that stays with its other owners. */
export interface Kept {
  readonly workspace: string;
  /** The address it is known by from then on (its longest-standing other owner's). */
  readonly name: string;
  /** Who carries it on: everyone in it but the person. */
  readonly members: readonly Colleague[];
}

export interface DeletionPlan {
  /** Their own workspace's fate. */
  readonly own: WorkspaceFate;
  /** The workspaces that go with the account: their own if nobody else is in it, and such teams. */
  readonly deleted: readonly string[];
  /** The workspaces they answer for that stay: their own, and such teams, with their other owners. */
  readonly kept: readonly Kept[];
  /** Their memberships that end (those of the teams deleted with them are not among them). */
  readonly leaving: readonly Member[];
  /** What holds the deletion back; empty: it may go ahead. */
  readonly blocking: readonly Blocking[];
}

/**
 * The plan for deleting the account `uid`, from its own workspace's members, its memberships of
 * other workspaces (each of its member documents), and the members of each team it answers for
 * (answerableTeams), by workspace; a team whose members are not given counts as having none
 * besides the person.
 */
export function planDeletion(
  uid: string,
  ownMembers: readonly Colleague[],
  memberships: readonly Member[],
  teamMembers: ReadonlyMap<string, readonly Colleague[]>,
): DeletionPlan {
  const deleted: string[] = [];
  const kept: Kept[] = [];
  const blocking: Blocking[] = [];
  const answer = (workspace: string, name: string | null, others: readonly Colleague[]) => {
    const fate = fateOf(others);
    if (fate.kind === 'deleted') deleted.push(workspace);
    else if (fate.kind === 'kept') kept.push({ workspace, name: fate.name, members: others });
    else blocking.push({ workspace, name, others: fate.others });
    return fate;
  };
  const own = answer(
    uid,
    null,
    ownMembers.filter((member) => member.uid !== uid),
  );
  for (const team of answerableTeams(memberships)) {
    const others = (teamMembers.get(team.workspace) ?? []).filter((other) => other.uid !== uid);
    answer(team.workspace, team.workspaceName ?? team.workspace, others);
  }
  const leaving = memberships.filter(
    (member) => member.workspace !== uid && !deleted.includes(member.workspace),
  );
  return { own, deleted, kept, leaving, blocking };
}

const people = (count: number) => (count === 1 ? '1 other person' : `${count} other people`);

/**
 * Why the deletion waits, in words, with what to do: the account API's refusal ('last-owner') and
 * the account page's warning before anyone confirms.
 */
export function lastOwnerMessage(blocking: readonly Blocking[]): string {
  const which = blocking
    .map(({ name, others }) =>
      name === null
        ? `your workspace, which ${people(others)} work${others === 1 ? 's' : ''} in`
        : `${name} (${people(others)} work${others === 1 ? 's' : ''} in it)`,
    )
    .join(', and of ');
  const team = blocking.length === 1 ? 'your team' : 'each team';
  return `You are the last owner of ${which}. Make one of ${team} an owner (they accept on the Users page), or remove the members, then delete your account.`;
}
