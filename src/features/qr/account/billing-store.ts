// The account's terms (trial, plan) and its orders as the server keeps them (accounts/{uid},
// orders/*: firestore.rules lets the owner read them, nobody write them), read live. It imports
// Firestore: load it by dynamic import only (use-billing.ts).
import { orderFrom, termsOf, type AccountTerms, type Order } from '../../../domain/billing';
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
    doc(db, 'accounts', uid),
    (snapshot) => onChange(termsOf(snapshot.get('terms'), signedUpAt)),
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
    query(collection(db, 'orders'), where('owner', '==', uid)),
    (snapshot) =>
      onChange(
        snapshot.docs
          .flatMap((document) => {
            const order = orderFrom(document.id, document.data());
            return order ? [order] : [];
          })
          .sort((a, b) => b.createdAt - a.createdAt),
      ),
    onError,
  );
}
