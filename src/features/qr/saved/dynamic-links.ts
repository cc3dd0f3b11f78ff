// The short links of dynamic codes: dynamic/{id} in Cloud Firestore (see firestore.rules), one per
// dynamic code, with the target its owner can change after printing and the scans the redirect
// function counts (functions/; no client writes a count). Offline-first like saved-codes.ts: each
// write shows at once and returns at once; its promise settles when the server confirms.
import {
  collection,
  deleteDoc,
  doc,
  onSnapshot,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  settled,
  type Firestore,
  type FirestoreError,
  type Unsubscribe,
} from '../../../lib/firestore/firestore-core';

/** What the owner sees of a short link. */
export interface DynamicLink {
  readonly id: string;
  readonly target: string;
  /** Scans counted so far. */
  readonly scans: number;
  /** Scans per day, 'YYYY-MM-DD' (UTC) to a count. */
  readonly days: Readonly<Record<string, number>>;
}

const linkRef = (db: Firestore, id: string) => doc(db, 'dynamic', id);

/** Creates the short link `id` (newDynamicId()) of a new dynamic code, leading to `target`. */
export function createDynamicLink(
  db: Firestore,
  uid: string,
  id: string,
  target: string,
): Promise<void> {
  const stamp = serverTimestamp();
  return settled(
    setDoc(linkRef(db, id), {
      owner: uid,
      target,
      scans: 0,
      days: {},
      createdAt: stamp,
      updatedAt: stamp,
    }),
  );
}

/** Points the short link `id` at a new target; printed codes follow. */
export function retarget(db: Firestore, id: string, target: string): Promise<void> {
  return settled(updateDoc(linkRef(db, id), { target, updatedAt: serverTimestamp() }));
}

/** Removes a short link: scanning it then says the code is no longer active. */
export function deleteDynamicLink(db: Firestore, id: string): Promise<void> {
  return settled(deleteDoc(linkRef(db, id)));
}

/** The user's short links, live, keyed by id. */
export function watchDynamicLinks(
  db: Firestore,
  uid: string,
  onChange: (links: ReadonlyMap<string, DynamicLink>) => void,
  onError: (error: FirestoreError) => void,
): Unsubscribe {
  return onSnapshot(
    query(collection(db, 'dynamic'), where('owner', '==', uid)),
    (snapshot) => {
      const links = new Map<string, DynamicLink>();
      for (const document of snapshot.docs) {
        const data = document.data();
        links.set(document.id, {
          id: document.id,
          target: typeof data.target === 'string' ? data.target : '',
          scans: typeof data.scans === 'number' ? data.scans : 0,
          days: isCounts(data.days) ? data.days : {},
        });
      }
      onChange(links);
    },
    onError,
  );
}

const isCounts = (value: unknown): value is Record<string, number> =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).every((count) => typeof count === 'number');
