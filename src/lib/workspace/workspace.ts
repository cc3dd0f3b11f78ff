// The workspace this device works in: the signed-in account's own (its codes, as before teams), or
// a team it is a member of. The choice is the device's (local storage, per account), so a phone
// can stay in the café's workspace while the laptop is in one's own. The teams come from the
// account's member documents (users/{workspace}/members/{uid}, listed across workspaces by `uid`),
// live: a member removed meanwhile loses the workspace at once, and the device goes back to its
// own with a notice saying why. Firestore is loaded only when an account page asks.
import { useSyncExternalStore } from 'react';
import { memberPath, readMember, type Member } from '../../domain/records/members';
import { roleMay, type CodeWriter, type RoleId, type TeamAction } from '../../domain/team';
import { onAccountChange } from '../auth/session';
import { safeLocalStorage } from '../safe-storage';

/** A workspace the account may work in. */
export interface WorkspaceChoice {
  readonly id: string;
  /** How the switcher names it: "Your own codes", or the team's account's address. */
  readonly name: string;
  readonly role: RoleId;
  /** The member document, for a team (null for one's own). */
  readonly member: Member | null;
}

export interface WorkspaceState {
  /** The account signed in, or null. */
  readonly uid: string | null;
  /** The workspace the pages act on: the account's own until a team is chosen. */
  readonly current: WorkspaceChoice | null;
  /** One's own, then the teams, in the order of their names. */
  readonly choices: readonly WorkspaceChoice[];
  /** The teams have been listed (from the server or this device's copy). */
  readonly listed: boolean;
  /** Why the device left a workspace by itself (the member was removed), until dismissed. */
  readonly notice: string | null;
}

const storageKey = (uid: string) => `kcw.workspace.${uid}`;

/**
 * The chosen team's member document as this device last saw it: a reload shows the team's codes at
 * once, from the device's copy, rather than after its teams have been listed (a member's first rows
 * would come later than an owner's). The listing confirms it a moment later, or ends it.
 */
const memberKey = (uid: string) => `kcw.workspace-member.${uid}`;

function rememberedTeam(uid: string, chosen: string): WorkspaceChoice | null {
  try {
    const stored = JSON.parse(safeLocalStorage.get(memberKey(uid)) ?? 'null') as unknown;
    const member = readMember(chosen, uid, stored);
    return member && (stored as { workspace?: unknown }).workspace === chosen
      ? (choicesOf(uid, [member])[1] ?? null)
      : null;
  } catch {
    return null;
  }
}

const own = (uid: string): WorkspaceChoice => ({
  id: uid,
  name: 'Your own codes',
  role: 'owner',
  member: null,
});

const signedOut: WorkspaceState = {
  uid: null,
  current: null,
  choices: [],
  listed: false,
  notice: null,
};

let state: WorkspaceState = signedOut;
const listeners = new Set<() => void>();
let stopListing: (() => void) | null = null;
let following = false;

function publish(next: WorkspaceState) {
  state = next;
  listeners.forEach((listener) => listener());
}

/** A team the account has just joined, chosen before the listing of its teams holds it. */
let joining: string | null = null;

/** The current workspace among `choices`: the one chosen on this device while it is one of them. */
function currentOf(uid: string, choices: readonly WorkspaceChoice[], listed: boolean) {
  const chosen = safeLocalStorage.get(storageKey(uid));
  const team = choices.find((choice) => choice.id === chosen);
  // Until the teams are listed a team chosen before is not known yet: no workspace rather than
  // one's own for a moment (a page would show the wrong codes, then jump). So too for a team just
  // joined, until a listing holds it.
  if (team && team.id === joining) joining = null;
  if (team?.member) safeLocalStorage.set(memberKey(uid), JSON.stringify(team.member));
  if (chosen && chosen !== uid && !team && (!listed || chosen === joining)) {
    return listed ? null : rememberedTeam(uid, chosen);
  }
  return team ?? choices[0];
}

/** The choices from the account's member documents. */
export function choicesOf(uid: string, members: readonly Member[]): WorkspaceChoice[] {
  const teams = members
    .filter((member) => member.workspace !== uid)
    .map((member): WorkspaceChoice => ({
      id: member.workspace,
      name: member.workspaceName ?? member.workspace,
      role: member.role,
      member,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return [own(uid), ...teams];
}

/**
 * Lists the teams of `uid`, live, from its member documents: found across workspaces by a
 * collection-group query, and each then watched by its own document. A removal must reach the
 * device at once, and a collection-group listener is not told of a document deleted from under it
 * by every server (the emulator's is not); a listener on the document itself is: the document is
 * gone, or reading it is refused now that the account is no member.
 */
function listTeams(uid: string) {
  const stops: (() => void)[] = [];
  const watched = new Map<string, () => void>();
  /** The teams whose own document says the account is no longer a member. */
  const gone = new Set<string>();
  let members: Member[] = [];
  let live = true;
  void Promise.all([import('../firestore/firestore-core'), import('./member-listeners')])
    .then(async ([{ openFirestore, doc, onSnapshot }, { watchMemberships }]) => {
      // Signed out meanwhile: opening the database now would make a copy on the device again,
      // just after the sign-out deleted it.
      if (!live) return;
      const db = await openFirestore();
      if (!live) return;
      const settle = (confirmed: boolean) =>
        settleTeams(
          uid,
          choicesOf(
            uid,
            members.filter((member) => !gone.has(member.workspace)),
          ),
          confirmed,
        );
      const watch = (workspace: string) => {
        if (watched.has(workspace)) return;
        const left = () => {
          gone.add(workspace);
          watched.get(workspace)?.();
          watched.delete(workspace);
          settle(true);
        };
        watched.set(
          workspace,
          onSnapshot(
            doc(db, memberPath(workspace, uid)),
            (snapshot) => {
              if (snapshot.metadata.fromCache) return;
              if (!snapshot.exists()) left();
              else if (gone.delete(workspace)) settle(true);
            },
            left,
          ),
        );
      };
      stops.push(
        watchMemberships(
          db,
          uid,
          (memberships, snapshot) => {
            members = memberships;
            // A membership made again (a new invite accepted) is watched again.
            for (const change of snapshot.docChanges()) {
              const workspace = change.doc.ref.parent.parent?.id;
              if (workspace && change.type !== 'removed') gone.delete(workspace);
            }
            for (const member of members) {
              if (member.workspace !== uid && !gone.has(member.workspace)) watch(member.workspace);
            }
            // Only the server's word ends a membership: the device's copy may be out of date.
            settle(!snapshot.metadata.fromCache);
          },
          // Refused or failed: one's own workspace stays, which needs no member document.
          () => {
            joining = null;
            settleTeams(uid, [own(uid)], false);
          },
        ),
      );
    })
    .catch(() => settleTeams(uid, [own(uid)], false));
  return () => {
    live = false;
    stops.forEach((stop) => stop());
    watched.forEach((stop) => stop());
  };
}

/** The teams this device has worked in for an account, by id, with their names. */
const knownKey = (uid: string) => `kcw.teams.${uid}`;

function knownTeams(uid: string): Record<string, string> {
  try {
    const known = JSON.parse(safeLocalStorage.get(knownKey(uid)) ?? '{}') as unknown;
    return typeof known === 'object' && known !== null ? (known as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/**
 * The teams of `known` (id to name) that `choices`, the server's listing, no longer holds: the
 * account was removed from them (or they were deleted) since this device last looked.
 */
export const teamsLeft = (
  known: Readonly<Record<string, string>>,
  choices: readonly WorkspaceChoice[],
): { readonly id: string; readonly name: string }[] =>
  Object.entries(known)
    .filter(([id]) => !choices.some((choice) => choice.id === id))
    .map(([id, name]) => ({ id, name }));

/** What the device says when it has left teams by itself. */
export const leftTeamsNotice = (names: readonly string[]) =>
  `You are no longer a member of ${names.join(' or ')}: its codes are not shown on this device any more, and this device's copy of them has been deleted. Ask one of its owners or admins if that is a mistake.`;

let forgetting = false;

/**
 * Takes in a listing of the account's teams. `confirmed`: it is the server's, so a team known to
 * this device and missing from it has been left: its codes must not stay on the device. The
 * device's copy of Firestore cannot be cleared for one workspace, so all of it is deleted (once
 * the writes waiting in it have been answered, or for at most ten seconds: every write is kept
 * apart until the server has it, unsaved-changes.ts, so none is lost), then opened afresh; the
 * pages show nothing meanwhile (no current workspace), then the account's own codes.
 */
function settleTeams(uid: string, choices: readonly WorkspaceChoice[], confirmed: boolean) {
  if (state.uid !== uid || forgetting) return;
  const chosen = safeLocalStorage.get(storageKey(uid));
  const left = confirmed ? teamsLeft(knownTeams(uid), choices) : [];
  if (confirmed) {
    const teams = choices.filter((choice) => choice.member !== null);
    safeLocalStorage.set(
      knownKey(uid),
      JSON.stringify(Object.fromEntries(teams.map((team) => [team.id, team.name]))),
    );
  }
  if (left.some((team) => team.id === chosen)) {
    safeLocalStorage.remove(storageKey(uid));
    safeLocalStorage.remove(memberKey(uid));
  }
  const notice = left.length > 0 ? leftTeamsNotice(left.map((team) => team.name)) : state.notice;
  if (left.length === 0) {
    publish({ uid, choices, listed: true, current: currentOf(uid, choices, true), notice });
    return;
  }
  forgetting = true;
  publish({ uid, choices, listed: true, current: null, notice });
  stopListing?.();
  stopListing = null;
  void import('../firestore/firestore-core')
    .then(async ({ writesSent, forgetAccountData }) => {
      await writesSent(10_000);
      await forgetAccountData();
    })
    .catch((error: unknown) => console.error(error))
    .finally(() => {
      forgetting = false;
      if (state.uid !== uid) return;
      publish({ ...state, current: currentOf(uid, state.choices, true) });
      stopListing = listTeams(uid);
    });
}

function follow() {
  if (following) return;
  following = true;
  onAccountChange((uid) => {
    stopListing?.();
    stopListing = null;
    if (!uid) {
      // The device's copy of the account's data is deleted at sign-out: nothing to watch for.
      if (state.uid) {
        safeLocalStorage.remove(knownKey(state.uid));
        safeLocalStorage.remove(memberKey(state.uid));
      }
      publish(signedOut);
      return;
    }
    const choices = [own(uid)];
    publish({ uid, choices, listed: false, current: currentOf(uid, choices, false), notice: null });
    stopListing = listTeams(uid);
  });
}

function subscribe(listener: () => void) {
  follow();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The workspaces of the signed-in account, and the one this device works in. */
export const useWorkspace = (): WorkspaceState =>
  useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );

/**
 * The workspace this device works in for the account `uid`, as chosen on it, without listing the
 * account's teams (which needs Firestore, 155 KB that the wizard's screens do without until the
 * code is saved): the uploads of the content step go there. The server checks the person's role
 * on every request, so a choice gone stale (removed from the team since) is refused there, in
 * words, and the account pages, which do list the teams, move the device back to its own.
 */
export function chosenWorkspaceId(uid: string): string {
  if (state.uid === uid && state.current) return state.current.id;
  return safeLocalStorage.get(storageKey(uid)) ?? uid;
}

/** chosenWorkspaceId for the signed-in account, following its changes without listing teams. */
export function useChosenWorkspaceId(uid: string | null): string | null {
  const chosen = () => (uid ? chosenWorkspaceId(uid) : null);
  return useSyncExternalStore(subscribeQuietly, chosen, chosen);
}

/** Hears the state's changes without starting to follow the account (no Firestore). */
function subscribeQuietly(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Works in `workspace` on this device from now on (one of `choices`). */
export function chooseWorkspace(workspace: string) {
  const { uid, choices } = state;
  if (!uid || !choices.some((choice) => choice.id === workspace)) return;
  choose(uid, workspace);
}

/**
 * Works in the team `workspace` the account has just joined (the join page): the listing of its
 * teams may not hold it for a moment yet, and the pages wait for it rather than show one's own.
 */
export function chooseJoinedTeam(workspace: string) {
  const { uid } = state;
  if (!uid || workspace === uid) return;
  joining = workspace;
  choose(uid, workspace);
}

function choose(uid: string, workspace: string) {
  const { choices } = state;
  if (workspace === uid) safeLocalStorage.remove(storageKey(uid));
  else safeLocalStorage.set(storageKey(uid), workspace);
  publish({ ...state, current: currentOf(uid, choices, state.listed), notice: null });
}

/** Puts the notice away. */
export const dismissWorkspaceNotice = () => publish({ ...state, notice: null });

/**
 * The workspace the pages act on now, outside React (the uploader, the mail outbox, the billing
 * requests): the chosen team, or the signed-in account's own; null when nobody is signed in or a
 * team chosen on this device is not listed yet.
 */
export function currentWorkspace(): WorkspaceChoice | null {
  follow();
  return state.current;
}

/** The signed-in account `uid` as a writer of `choice`'s codes (mayChangeCode of the domain). */
export const writerIn = (choice: WorkspaceChoice, uid: string): CodeWriter => ({
  workspace: choice.id,
  uid,
  role: choice.role,
  ownCodesOnly: choice.member?.ownCodesOnly === true,
});

/** Whether the current workspace's role may do `action` (the roles table). */
export const mayInCurrent = (current: WorkspaceChoice | null, action: TeamAction) =>
  current !== null && roleMay(current.role, action);
