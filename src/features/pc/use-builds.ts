// The signed-in customer's custom PC builds, live from Firestore (builds where owner is them, which
// the rules let them read), newest first. Firestore keeps them on the device once read, so the
// builds and their steps show offline once the dashboard has been opened.
import { useEffect, useState } from 'react';
import type { BuildSummary } from '../../domain/pc-builds';
import { BUILDS, readBuild } from '../../domain/records/builds';

export type BuildsView =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly builds: readonly BuildSummary[] }
  | { readonly status: 'failed'; readonly message: string };

export const BUILDS_FAILED =
  'Your builds could not be loaded. Check your connection, then reload the page.';

export function useBuilds(uid: string): BuildsView {
  const [shown, setShown] = useState<{ uid: string; view: BuildsView } | null>(null);
  useEffect(() => {
    let live = true;
    let stop: (() => void) | undefined;
    const setView = (view: BuildsView) => {
      if (live) setShown({ uid, view });
    };
    const fail = (error: unknown) => {
      console.error(error);
      setView({ status: 'failed', message: BUILDS_FAILED });
    };
    void import('../../lib/firestore/firestore-core')
      .then(async ({ openFirestore, collection, onSnapshot, query, where }) => {
        const db = await openFirestore();
        if (!live) return;
        stop = onSnapshot(
          query(collection(db, BUILDS), where('owner', '==', uid)),
          (snapshot) =>
            setView({
              status: 'ready',
              builds: snapshot.docs
                .flatMap((doc) => readBuild(doc.id, doc.data()) ?? [])
                .sort((a, b) => b.createdAt - a.createdAt),
            }),
          fail,
        );
      })
      .catch(fail);
    return () => {
      live = false;
      stop?.();
    };
  }, [uid]);
  return shown?.uid === uid ? shown.view : { status: 'loading' };
}
