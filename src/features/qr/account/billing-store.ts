// A workspace's terms (trial, plan) and its orders as the server keeps them (accounts/{workspace},
// orders/* whose owner it is: firestore.rules lets its members read the terms, its owners and
// billing members the orders, nobody write them), read live. It imports Firestore: load it by
// dynamic import only (use-billing.ts).
import type { AccountTerms, Order } from '../../../domain/billing';
import type { AccountUsage } from '../../../domain/qr/link-policy';
import { accountPath, readAccount } from '../../../domain/records/accounts';
import { ORDERS, readOrder } from '../../../domain/records/orders';
import {
  collection,
  doc,
  onSnapshot,
  query,
  where,
  type Firestore,
  type FirestoreError,
  type Unsubscribe,
} from '../../../lib/firestore/firestore-core';

/**
 * The workspace's terms, live, and its short links' usage of their limits (the same document);
 * `signedUpAt` starts the trial until the server has stored it.
 */
export function watchTerms(
  db: Firestore,
  workspace: string,
  signedUpAt: number,
  onChange: (terms: AccountTerms, usage: (today: string) => AccountUsage) => void,
  onError: (error: FirestoreError) => void,
): Unsubscribe {
  return onSnapshot(
    doc(db, accountPath(workspace)),
    (snapshot) => {
      const account = readAccount(snapshot.data());
      onChange(account.terms(signedUpAt), account.usage);
    },
    onError,
  );
}

/** The workspace's orders, newest first, live. */
export function watchOrders(
  db: Firestore,
  workspace: string,
  onChange: (orders: readonly Order[]) => void,
  onError: (error: FirestoreError) => void,
): Unsubscribe {
  return onSnapshot(
    query(collection(db, ORDERS), where('owner', '==', workspace)),
    (snapshot) =>
      onChange(
        snapshot.docs
          .flatMap((document) => {
            const order = readOrder(document.id, document.data());
            return order ? [order] : [];
          })
          .sort((a, b) => b.createdAt - a.createdAt),
      ),
    onError,
  );
}
