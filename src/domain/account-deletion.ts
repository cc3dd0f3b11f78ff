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
  /** The person's memberships of the teams among them. */
  readonly teamsDeleted: readonly Member[];
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
  const others = memberships.filter((member) => member.workspace !== uid);
  const leaving = others.filter((member) => !deleted.includes(member.workspace));
  const teamsDeleted = others.filter((member) => deleted.includes(member.workspace));
  return { own, deleted, teamsDeleted, kept, leaving, blocking };
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

/** Several names in one phrase: "a", "a and b", "a, b and c". */
const listed = (names: readonly string[]) =>
  names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/** What the deletion of an account whose own workspace goes removes, said before it is asked. */
export const WORKSPACE_GOES = [
  'Your saved codes, their designs and logos, and the files hosted for them.',
  'The short links of your dynamic codes: printed codes then show “no longer active”, and their addresses are never given to anyone else.',
  'Your scan figures, your account’s usage, and your sign-in.',
  'Paid invoices are kept for five years, as South African tax law requires, with only what an invoice shows (number, date, plan, amount, the name it is made out to); so is a custom PC build that was paid for, without your name, address or questions.',
] as const;

/**
 * What deleting the account removes and what stays, in the account page's words, from the plan:
 * its own workspace's fate, the memberships that end, and the teams it answers for.
 */
export function deletionConsequences(plan: DeletionPlan): {
  readonly removed: readonly string[];
  readonly stays: readonly string[];
} {
  const removed: string[] = [];
  const stays: string[] = [];
  const own = plan.own;
  if (own.kind === 'kept') {
    removed.push(
      'Your sign-in: your name, your email address and your password, and your choice of emails about the workspace’s printed codes.',
    );
    stays.push(
      `Your workspace, for its other ${own.owners === 1 ? 'owner' : `${own.owners} owners`}: its codes, short links, scan figures, hosted files, the history of its printed codes, its members, its plan and its invoices. They will know it as ${own.name}.`,
    );
  } else {
    removed.push(...WORKSPACE_GOES);
  }
  const nameOf = (member: Member) => member.workspaceName ?? member.workspace;
  if (plan.teamsDeleted.length > 0) {
    removed.push(
      `${listed(plan.teamsDeleted.map(nameOf))}, whose last person you are: its codes, short links, figures and files, as your own.`,
    );
  }
  if (plan.leaving.length > 0) {
    const names = listed(plan.leaving.map(nameOf));
    removed.push(`Your membership of ${names}.`);
    stays.push(
      `The codes of ${names} stay with ${plan.leaving.length === 1 ? 'that team' : 'those teams'}, the ones you made included.`,
    );
  }
  return { removed, stays };
}
