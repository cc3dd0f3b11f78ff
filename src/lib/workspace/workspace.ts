// The workspace this device works in: the signed-in account's own (its codes, as before teams), or
// a team it is a member of. The choice is the device's (local storage, per account), so a phone
// can stay in the café's workspace while the laptop is in one's own. The teams come from the
// account's member documents (users/{workspace}/members/{uid}, listed across workspaces by `uid`),
// live: a member removed meanwhile loses the workspace at once, and the device goes back to its
// own with a notice saying why. Firestore is loaded only when an account page asks.
import { useSyncExternalStore } from 'react';
import { readMember, MEMBERS, type Member } from '../../domain/records/members';
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

/** The current workspace among `choices`: the one chosen on this device while it is one of them. */
function currentOf(uid: string, choices: readonly WorkspaceChoice[], listed: boolean) {
  const chosen = safeLocalStorage.get(storageKey(uid));
  const team = choices.find((choice) => choice.id === chosen);
  // Until the teams are listed a team chosen before is not known yet: no workspace rather than
  // one's own for a moment (a page would show the wrong codes, then jump).
  if (chosen && chosen !== uid && !team && !listed) return null;
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

function listTeams(uid: string) {
  let stop: (() => void) | null = null;
  let live = true;
  void import('../firestore/firestore-core')
    .then(async ({ openFirestore, collectionGroup, onSnapshot, query, where }) => {
      // Signed out meanwhile: opening the database now would make a copy on the device again,
      // just after the sign-out deleted it.
      if (!live) return;
      const db = await openFirestore();
      if (!live) return;
      stop = onSnapshot(
        query(collectionGroup(db, MEMBERS), where('uid', '==', uid)),
        (snapshot) => {
          const members = snapshot.docs.flatMap((doc) => {
            const workspace = doc.ref.parent.parent?.id;
            const member = workspace ? readMember(workspace, uid, doc.data()) : null;
            return member ? [member] : [];
          });
          settleTeams(uid, choicesOf(uid, members));
        },
        // Refused or failed: one's own workspace stays, which needs no member document.
        () => settleTeams(uid, [own(uid)]),
      );
    })
    .catch(() => settleTeams(uid, [own(uid)]));
  return () => {
    live = false;
    stop?.();
  };
}

function settleTeams(uid: string, choices: readonly WorkspaceChoice[]) {
  if (state.uid !== uid) return;
  const before = state.current;
  let notice = state.notice;
  const gone = before && before.id !== uid && !choices.some((choice) => choice.id === before.id);
  if (gone) {
    safeLocalStorage.remove(storageKey(uid));
    notice = `You are no longer a member of ${before.name}: its codes are not shown on this device any more. Ask one of its owners or admins if that is a mistake.`;
  }
  publish({ uid, choices, listed: true, current: currentOf(uid, choices, true), notice });
}

function follow() {
  if (following) return;
  following = true;
  onAccountChange((uid) => {
    stopListing?.();
    stopListing = null;
    if (!uid) {
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

/** Works in `workspace` on this device from now on (one of `choices`). */
export function chooseWorkspace(workspace: string) {
  const { uid, choices } = state;
  if (!uid || !choices.some((choice) => choice.id === workspace)) return;
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
