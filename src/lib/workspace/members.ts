// The members of the workspace a page shows, live, and how a page names a person by their account
// id: My QR Codes says who made each code and who changed it last, and the Users page lists them.
// Members read their workspace's list (firestore.rules); a refused listener (a member removed
// meanwhile) lists nobody rather than failing the page that only names people.
import { useEffect, useState } from 'react';
import type { Member } from '../../domain/records/members';
import type { Unsubscribe } from '../firestore/firestore-core';
import type { WorkspaceChoice } from './workspace';

/** The members of `workspace`, live; null until listed (or when they cannot be). */
export function useMembers(workspace: string | null): readonly Member[] | null {
  const [shown, setShown] = useState<{ workspace: string; members: Member[] } | null>(null);
  useEffect(() => {
    if (!workspace) return;
    let live = true;
    let stop: Unsubscribe | undefined;
    // Firestore is fetched here, never with the page: the account pages load without it.
    void Promise.all([import('../firestore/firestore-core'), import('./member-listeners')])
      .then(async ([{ openFirestore }, { watchMembers }]) => {
        const db = await openFirestore();
        if (!live) return;
        stop = watchMembers(
          db,
          workspace,
          (members) => setShown({ workspace, members }),
          () => undefined,
        );
      })
      .catch(() => undefined);
    return () => {
      live = false;
      stop?.();
    };
  }, [workspace]);
  return shown && shown.workspace === workspace ? shown.members : null;
}

/**
 * How a page names the person with account id `uid` in `workspace`: "you", a member's address, the
 * account's own person by the workspace's name, or "a former member" for someone who has left or
 * deleted their account, the account's own person included once the workspace outlives it (its
 * name is then its owner's: records/members.ts holderDeleted). A code that names nobody (`null`:
 * made before the workspace had members) is the account's own.
 */
export function personIn(
  uid: string | null,
  {
    me,
    workspace,
    members,
  }: {
    readonly me: string;
    readonly workspace: WorkspaceChoice;
    readonly members: readonly Member[];
  },
): string {
  const who = uid ?? workspace.id;
  if (who === me) return 'you';
  if (who === workspace.id) {
    return workspace.member?.holderDeleted ? 'a former member' : workspace.name;
  }
  return members.find((member) => member.uid === who)?.email ?? 'a former member';
}
