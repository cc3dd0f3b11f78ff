// The only module of the app that imports Cloud Firestore (about 150 KB gzip with its persistent
// cache). Load it, or a module that imports it, by dynamic import only, from the screens that keep
// saved codes: never from marketing pages, login or the contact page.
//
// It re-exports the few Firestore functions the app uses, so the stores beside the features
// import Firestore from here and take the database as a parameter (the rules tests pass the
// emulator's). Importing this module opens nothing; openFirestore() does, once.
import {
  connectFirestoreEmulator,
  initializeFirestore,
  memoryLocalCache,
  persistentLocalCache,
  persistentMultipleTabManager,
  type Firestore,
} from 'firebase/firestore';
import { firestoreEmulatorHost } from '../auth/firebase-config';

export {
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  getDocFromCache,
  getDoc,
  getDocsFromServer,
  increment,
  onSnapshot,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  writeBatch,
} from 'firebase/firestore';
export type {
  CollectionReference,
  DocumentSnapshot,
  Firestore,
  FirestoreError,
  QuerySnapshot,
  WriteBatch,
  Unsubscribe,
} from 'firebase/firestore';

let opened: Promise<Firestore> | undefined;

/**
 * A write's promise that may be left unawaited (offline-first: it settles only when the server
 * confirms): a refusal is then no unhandled rejection. Whoever wants the outcome awaits it.
 */
export function settled(write: Promise<void>): Promise<void> {
  write.catch(() => undefined);
  return write;
}

/**
 * The app's Firestore, on the same Firebase app as the signed-in user (its requests carry the
 * user's token), with the persistent multi-tab cache: writes show at once and wait offline, and
 * the cached codes come back after an offline reload. Where IndexedDB cannot be used (site data
 * blocked) it runs on a memory cache: saving still works while the page is open.
 */
export function openFirestore(): Promise<Firestore> {
  opened ??= Promise.all([import('../auth/auth-core'), indexedDbWorks()]).then(
    ([{ app }, persistent]) => {
      const db = initializeFirestore(app, {
        localCache: persistent
          ? persistentLocalCache({ tabManager: persistentMultipleTabManager() })
          : memoryLocalCache(),
      });
      if (firestoreEmulatorHost) {
        const colon = firestoreEmulatorHost.lastIndexOf(':');
        connectFirestoreEmulator(
          db,
          firestoreEmulatorHost.slice(0, colon),
          Number(firestoreEmulatorHost.slice(colon + 1)),
        );
      }
      return db;
    },
    (error: unknown) => {
      // The auth code could not be downloaded (offline before it was cached): try again later.
      opened = undefined;
      throw error;
    },
  );
  return opened;
}

const PROBE_TIMEOUT_MS = 3000;

/**
 * Whether this page may open an IndexedDB database. Firestore falls back to memory by itself for
 * some failures, but not for a SecurityError thrown when site data is blocked: then every call
 * would fail. A probe that neither opens nor fails within PROBE_TIMEOUT_MS counts as a failure.
 */
function indexedDbWorks(): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
    const answer = (works: boolean) => {
      clearTimeout(timer);
      resolve(works);
    };
    try {
      const request = indexedDB.open('kcw-storage-probe');
      request.onsuccess = () => {
        request.result.close();
        answer(true);
      };
      request.onerror = () => answer(false);
    } catch {
      answer(false);
    }
  });
}
