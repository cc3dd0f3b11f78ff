// The signed-in customer's custom PC builds, live from Firestore (builds where owner is them, which
// the rules let them read), newest first, with the orders of those whose quote they accepted
// (their orders, which the rules let them read too). Firestore keeps both on the device once read,
// so the builds, their steps, thread and payment details show offline once the dashboard has been
// opened.
import { useEffect, useState } from 'react';
import type { BuildOrder } from '../../domain/billing';
import type { BuildSummary } from '../../domain/pc-builds';
import { BUILDS, readBuild } from '../../domain/records/builds';
import { ORDERS, readOrder } from '../../domain/records/orders';

export type BuildsView =
  | { readonly status: 'loading' }
  | {
      readonly status: 'ready';
      readonly builds: readonly BuildSummary[];
      /** The builds' orders, by the order's id. */
      readonly orders: ReadonlyMap<string, BuildOrder>;
    }
  | { readonly status: 'failed'; readonly message: string };

export const BUILDS_FAILED =
  'Your builds could not be loaded. Check your connection, then reload the page.';

export function useBuilds(uid: string): BuildsView {
  const [shown, setShown] = useState<{ uid: string; view: BuildsView } | null>(null);
  useEffect(() => {
    let live = true;
    const stops: (() => void)[] = [];
    let builds: readonly BuildSummary[] | null = null;
    let orders: ReadonlyMap<string, BuildOrder> = new Map();
    const setView = (view: BuildsView) => {
      if (live) setShown({ uid, view });
    };
    const show = () => {
      if (builds) setView({ status: 'ready', builds, orders });
    };
    const fail = (error: unknown) => {
      console.error(error);
      setView({ status: 'failed', message: BUILDS_FAILED });
    };
    void import('../../lib/firestore/firestore-core')
      .then(async ({ openFirestore, collection, onSnapshot, query, where }) => {
        const db = await openFirestore();
        if (!live) return;
        stops.push(
          onSnapshot(
            query(collection(db, BUILDS), where('owner', '==', uid)),
            (snapshot) => {
              builds = snapshot.docs
                .flatMap((doc) => readBuild(doc.id, doc.data()) ?? [])
                .sort((a, b) => b.createdAt - a.createdAt);
              show();
            },
            fail,
          ),
          onSnapshot(
            query(collection(db, ORDERS), where('owner', '==', uid)),
            (snapshot) => {
              orders = new Map(
                snapshot.docs.flatMap((doc) => {
                  const order = readOrder(doc.id, doc.data());
                  return order?.kind === 'build' ? [[order.id, order] as const] : [];
                }),
              );
              show();
            },
            fail,
          ),
        );
      })
      .catch(fail);
    return () => {
      live = false;
      for (const stop of stops) stop();
    };
  }, [uid]);
  return shown?.uid === uid ? shown.view : { status: 'loading' };
}
