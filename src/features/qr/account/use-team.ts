// A workspace's people as the Users page shows them, live from Firestore: its members
// (users/{workspace}/members, readable by every member) and, for those who manage people, its
// invites (invites where workspace == it). Refused listeners (a member removed meanwhile) show as
// a failure, not as an empty team.
import { useEffect, useState } from 'react';
import { INVITES, readInvite } from '../../../domain/records/invites';
import type { Member } from '../../../domain/records/members';
import type { Invite } from '../../../domain/team-invites';

export type TeamView =
  | { readonly status: 'loading' }
  | {
      readonly status: 'ready';
      readonly members: readonly Member[];
      /** The workspace's invites, newest first (none listed for who may not manage people). */
      readonly invites: readonly (Invite & { readonly id: string })[];
    }
  | { readonly status: 'failed'; readonly message: string };

export const TEAM_FAILED =
  'The members of this workspace could not be loaded. Check your connection, then reload the page.';

export function useTeam(workspace: string | null, listInvites: boolean): TeamView {
  // Keyed by the workspace it shows: after a switch, the last one's team is never shown as this one's.
  const [shown, setShown] = useState<{ workspace: string; view: TeamView } | null>(null);
  useEffect(() => {
    if (!workspace) return;
    const setView = (view: TeamView) => setShown({ workspace, view });
    let live = true;
    const stops: (() => void)[] = [];
    let members: Member[] | null = null;
    let invites: (Invite & { id: string })[] | null = listInvites ? null : [];
    const show = () => {
      if (live && members && invites) setView({ status: 'ready', members, invites });
    };
    const fail = () => {
      if (live) setView({ status: 'failed', message: TEAM_FAILED });
    };
    void Promise.all([
      import('../../../lib/firestore/firestore-core'),
      import('../../../lib/workspace/member-listeners'),
    ])
      .then(async ([{ openFirestore, collection, onSnapshot, query, where }, { watchMembers }]) => {
        const db = await openFirestore();
        if (!live) return;
        stops.push(
          watchMembers(
            db,
            workspace,
            (listed) => {
              members = listed;
              show();
            },
            fail,
          ),
        );
        if (listInvites) {
          stops.push(
            onSnapshot(
              query(collection(db, INVITES), where('workspace', '==', workspace)),
              (snapshot) => {
                invites = snapshot.docs
                  .flatMap((doc) => {
                    const invite = readInvite(doc.data());
                    return invite ? [{ ...invite, id: doc.id }] : [];
                  })
                  .sort((a, b) => b.createdAt - a.createdAt);
                show();
              },
              fail,
            ),
          );
        }
      })
      .catch(fail);
    return () => {
      live = false;
      stops.forEach((stop) => stop());
    };
  }, [workspace, listInvites]);
  return shown && shown.workspace === workspace ? shown.view : { status: 'loading' };
}
