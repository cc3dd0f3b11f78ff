// What deleting the account would do to the workspaces its person works in, as the deletion panel
// says it before anyone confirms: live from the member documents the server decides on (its own
// workspace's members, its memberships by the collection-group query on `uid`, and the members of
// each team it answers for), through the same decision (src/domain/account-deletion.ts). A team
// joining or an owner accepting meanwhile changes what the panel says at once.
import { useEffect, useState } from 'react';
import { answerableTeams, planDeletion, type DeletionPlan } from '../../../domain/account-deletion';
import type { Member } from '../../../domain/records/members';

export type PlanView =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly plan: DeletionPlan }
  /** Not readable now (offline, refused): the server decides when the person confirms. */
  | { readonly status: 'failed' };

export function useDeletionPlan(uid: string): PlanView {
  const [view, setView] = useState<{ uid: string; view: PlanView } | null>(null);
  useEffect(() => {
    let live = true;
    const stops: (() => void)[] = [];
    /** The listeners of the teams' members, by workspace. */
    const teamStops = new Map<string, () => void>();
    let own: Member[] | null = null;
    let memberships: Member[] | null = null;
    const teams = new Map<string, Member[] | null>();
    const show = (next: PlanView) => {
      if (live) setView({ uid, view: next });
    };
    const fail = () => show({ status: 'failed' });
    const decide = () => {
      if (!own || !memberships || [...teams.values()].some((team) => team === null)) return;
      const listed = new Map([...teams].map(([id, members]) => [id, members ?? []]));
      show({ status: 'ready', plan: planDeletion(uid, own, memberships, listed) });
    };
    void Promise.all([
      import('../../../lib/firestore/firestore-core'),
      import('../../../lib/workspace/member-listeners'),
    ])
      .then(async ([{ openFirestore }, { watchMembers, watchMemberships }]) => {
        const db = await openFirestore();
        if (!live) return;
        const membersOf = (workspace: string, then: (members: Member[]) => void) =>
          watchMembers(db, workspace, then, fail);
        /** Follows the members of each team the person answers for, and of no other. */
        const followTeams = () => {
          const wanted = new Set(answerableTeams(memberships ?? []).map((team) => team.workspace));
          for (const [workspace, stop] of teamStops) {
            if (!wanted.has(workspace)) {
              stop();
              teamStops.delete(workspace);
              teams.delete(workspace);
            }
          }
          for (const workspace of wanted) {
            if (teamStops.has(workspace)) continue;
            teams.set(workspace, null);
            teamStops.set(
              workspace,
              membersOf(workspace, (members) => {
                teams.set(workspace, members);
                decide();
              }),
            );
          }
        };
        stops.push(
          membersOf(uid, (members) => {
            own = members;
            decide();
          }),
        );
        stops.push(
          watchMemberships(
            db,
            uid,
            (listed) => {
              memberships = listed;
              followTeams();
              decide();
            },
            fail,
          ),
        );
      })
      .catch(fail);
    return () => {
      live = false;
      stops.forEach((stop) => stop());
      teamStops.forEach((stop) => stop());
    };
  }, [uid]);
  return view && view.uid === uid ? view.view : { status: 'loading' };
}
