// The account's terms (trial, plan) and its orders as the server keeps them (accounts/{uid},
// orders/*: firestore.rules lets the owner read them, nobody write them), read live. It imports
// Firestore: load it by dynamic import only (use-billing.ts).
import type { AccountTerms, Order } from '../../../domain/billing';
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

/** The account's terms, live; `signedUpAt` starts the trial until the server has stored it. */
export function watchTerms(
  db: Firestore,
  uid: string,
  signedUpAt: number,
  onChange: (terms: AccountTerms) => void,
  onError: (error: FirestoreError) => void,
): Unsubscribe {
  return onSnapshot(
    doc(db, accountPath(uid)),
    (snapshot) => onChange(readAccount(snapshot.data()).terms(signedUpAt)),
    onError,
  );
}

/** The account's orders, newest first, live. */
export function watchOrders(
  db: Firestore,
  uid: string,
  onChange: (orders: readonly Order[]) => void,
  onError: (error: FirestoreError) => void,
): Unsubscribe {
  return onSnapshot(
    query(collection(db, ORDERS), where('owner', '==', uid)),
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
