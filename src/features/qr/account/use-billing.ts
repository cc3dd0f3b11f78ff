// The signed-in account's terms and orders, live, for the dashboard's trial line and the billing
// page. Firestore (its own chunk) is loaded here only, by dynamic import.
import { useEffect, useState } from 'react';
import { standingOf, type AccountTerms, type Order, type Standing } from '../../../domain/billing';
import { useAuth } from '../../../lib/auth/session';

export type BillingView =
  | { readonly status: 'loading' }
  | {
      readonly status: 'ready';
      readonly terms: AccountTerms;
      readonly standing: Standing;
      /** Newest first; only when asked for. */
      readonly orders: readonly Order[];
    }
  | { readonly status: 'failed'; readonly message: string };

export const BILLING_FAILED =
  'Your plan and orders could not be loaded. Check your connection, then reload the page.';

export function useBilling({ withOrders = false } = {}): BillingView {
  const { user } = useAuth();
  const uid = user?.uid ?? null;
  const signedUpAt = user?.createdAt ?? null;
  // With the time they were read: the standing is worked out then, not at each render.
  const [terms, setTerms] = useState<{ terms: AccountTerms; at: number } | null>(null);
  const [orders, setOrders] = useState<readonly Order[] | null>(withOrders ? null : []);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!uid) return;
    let live = true;
    const stops: (() => void)[] = [];
    const fail = (error: unknown) => {
      console.error(error);
      if (live) setFailed(true);
    };
    Promise.all([import('../../../lib/firestore/firestore-core'), import('./billing-store')])
      .then(async ([{ openFirestore }, store]) => {
        const db = await openFirestore();
        if (!live) return;
        // Before the server first stores the trial's start, it is the account's creation.
        const created = signedUpAt ?? Date.now();
        stops.push(
          store.watchTerms(
            db,
            uid,
            created,
            (next) => live && setTerms({ terms: next, at: Date.now() }),
            fail,
          ),
        );
        if (withOrders) {
          stops.push(store.watchOrders(db, uid, (next) => live && setOrders(next), fail));
        }
      })
      .catch(fail);
    return () => {
      live = false;
      stops.forEach((stop) => stop());
    };
  }, [uid, signedUpAt, withOrders]);

  if (failed) return { status: 'failed', message: BILLING_FAILED };
  if (!terms || !orders) return { status: 'loading' };
  return {
    status: 'ready',
    terms: terms.terms,
    standing: standingOf(terms.terms, terms.at),
    orders,
  };
}
