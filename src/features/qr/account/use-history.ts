// The history of a workspace's printed codes as its page shows it, live from Firestore:
// users/{workspace}/history, newest first, the latest `count` entries (the page asks for more with
// "Show older changes"). Only the roles that may 'history.read' may listen; a refused listener (a
// member removed or demoted meanwhile) shows as a failure, not as an empty history.
import { useEffect, useState } from 'react';
import { historyPath, readHistoryEntry, type HistoryEntry } from '../../../domain/records/history';

/** How many entries the page loads at first, and how many more each "Show older changes" adds. */
export const HISTORY_PAGE_SIZE = 500;

export type HistoryView =
  | { readonly status: 'loading' }
  | {
      readonly status: 'ready';
      /** Newest first. */
      readonly entries: readonly HistoryEntry[];
      /** There may be older entries than these (the listing was cut at its count). */
      readonly more: boolean;
    }
  | { readonly status: 'failed'; readonly message: string };

export const HISTORY_FAILED =
  'The history could not be loaded. Check your connection, then reload the page.';

export function useHistory(workspace: string, count: number): HistoryView {
  // Keyed by what it shows: after a switch of workspace, the last one's history is never shown.
  const key = `${workspace}/${count}`;
  const [shown, setShown] = useState<{ key: string; view: HistoryView } | null>(null);
  useEffect(() => {
    let live = true;
    let stop: (() => void) | undefined;
    const setView = (view: HistoryView) => {
      if (live) setShown({ key, view });
    };
    const fail = (error: unknown) => {
      console.error(error);
      setView({ status: 'failed', message: HISTORY_FAILED });
    };
    void import('../../../lib/firestore/firestore-core')
      .then(async ({ openFirestore, collection, limit, onSnapshot, orderBy, query }) => {
        const db = await openFirestore();
        if (!live) return;
        stop = onSnapshot(
          query(collection(db, historyPath(workspace)), orderBy('at', 'desc'), limit(count)),
          (snapshot) =>
            setView({
              status: 'ready',
              entries: snapshot.docs.flatMap((doc) => readHistoryEntry(doc.id, doc.data()) ?? []),
              more: snapshot.size >= count,
            }),
          fail,
        );
      })
      .catch(fail);
    return () => {
      live = false;
      stop?.();
    };
  }, [key, workspace, count]);
  // The previous count's entries stay shown while more load ("Show older" does not blank the page).
  if (shown?.key === key) return shown.view;
  if (shown?.key.startsWith(`${workspace}/`) && shown.view.status === 'ready') return shown.view;
  return { status: 'loading' };
}
