// The only module of the app that imports Cloud Firestore (about 150 KB gzip with its persistent
// cache). Load it, or a module that imports it, by dynamic import only, from the screens that keep
// saved codes: never from marketing pages, login or the contact page.
//
// It re-exports the few Firestore functions the app uses, so the stores beside the features
// import Firestore from here and take the database as a parameter (the rules tests pass the
// emulator's). Importing this module opens nothing; openFirestore() does, once per account.
//
// The persistent cache is the device's copy of the signed-in account's documents and of its
// writes not yet sent. On a shared device it must not outlive the account's session: when the
// account signs out (here or in another tab, by the person or because the session ended) the
// database is closed and its IndexedDB copy deleted (forgetAccountData), and the next sign-in
// opens a fresh one. The wizard's drafts are not Firestore's: they stay on the device, per user.
import type { FirebaseApp } from 'firebase/app';
import {
  clearIndexedDbPersistence,
  connectFirestoreEmulator,
  initializeFirestore,
  memoryLocalCache,
  persistentLocalCache,
  persistentMultipleTabManager,
  terminate,
  waitForPendingWrites,
  type Firestore,
} from 'firebase/firestore';
import type * as AuthCore from '../auth/auth-core';
import { firestoreEmulatorHost } from '../auth/firebase-config';
import { forgetAccountFiles } from '../account-files';

export {
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  getDocFromCache,
  getDocFromServer,
  getDoc,
  getDocsFromServer,
  increment,
  limit,
  onSnapshot,
  orderBy,
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
/** The databases opened on the persistent cache: theirs is a device copy to delete at sign-out. */
const onDevice = new WeakSet<Firestore>();
/** The deletion of the device's copy under way, if any: a new database opens after it. */
let forgetting: Promise<void> = Promise.resolve();

/**
 * A write's promise that may be left unawaited (offline-first: it settles only when the server
 * confirms): a refusal is then no unhandled rejection. Whoever wants the outcome awaits it.
 */
export function settled(write: Promise<void>): Promise<void> {
  write.catch(() => undefined);
  return write;
}

/** A Firestore on the app's Firebase app, with the persistent cache or, `persistent` false, memory. */
function newFirestore(app: FirebaseApp, persistent: boolean): Firestore {
  const db = initializeFirestore(app, {
    localCache: persistent
      ? persistentLocalCache({ tabManager: persistentMultipleTabManager() })
      : memoryLocalCache(),
  });
  if (persistent) onDevice.add(db);
  if (firestoreEmulatorHost) {
    const colon = firestoreEmulatorHost.lastIndexOf(':');
    connectFirestoreEmulator(
      db,
      firestoreEmulatorHost.slice(0, colon),
      Number(firestoreEmulatorHost.slice(colon + 1)),
    );
  }
  return db;
}

/**
 * The app's Firestore, on the same Firebase app as the signed-in user (its requests carry the
 * user's token), with the persistent multi-tab cache: writes show at once and wait offline, and
 * the cached codes come back after an offline reload. Where IndexedDB cannot be used (site data
 * blocked) it runs on a memory cache: saving still works while the page is open.
 */
export function openFirestore(): Promise<Firestore> {
  opened ??= forgetting
    .then(() => Promise.all([import('../auth/auth-core'), indexedDbWorks()]))
    .then(
      ([core, persistent]) => {
        forgetOnSignOut(core);
        return newFirestore(core.app, persistent);
      },
      (error: unknown) => {
        // The auth code could not be downloaded (offline before it was cached): try again later.
        opened = undefined;
        throw error;
      },
    );
  return opened;
}

let watching = false;

/**
 * Forgets the device's copy whenever the signed-in account this page saw signs out or gives way
 * to another: in this tab, or in another (the session is shared), or because its session ended.
 */
function forgetOnSignOut(core: typeof AuthCore) {
  if (watching) return;
  watching = true;
  let signedIn: string | null = null;
  core.watchUser((user) => {
    if (signedIn !== null && user?.uid !== signedIn) void forgetAccountData();
    signedIn = user?.uid ?? null;
  });
}

/**
 * Closes this page's Firestore and deletes the device's copy of the account's data (cached
 * documents, and writes not yet sent: the sign-out page asks first when there are some), and the
 * account's files kept to show offline (account-files.ts). Nothing
 * is opened meanwhile; the next openFirestore() opens a fresh database once it is done. Another
 * tab's Firestore closes by itself when its database is deleted, and opens afresh the same way.
 */
export function forgetAccountData(): Promise<void> {
  const previous = opened;
  opened = undefined;
  const run = forgetting
    .then(async () => {
      const [core, persistent] = await Promise.all([import('../auth/auth-core'), indexedDbWorks()]);
      // Nothing of a memory cache outlives the page; with IndexedDB blocked there is nothing to do.
      const db = previous
        ? await previous.catch(() => null)
        : persistent
          ? newFirestore(core.app, true)
          : null;
      if (!db) return;
      await terminate(db);
      // The database this page opened says whether it keeps a copy, not a new probe: on a busy
      // device the probe can run out of time, and the copy would have outlived the sign-out.
      if (persistent || onDevice.has(db)) await clearIndexedDbPersistence(db);
    })
    .then(forgetAccountFiles);
  forgetting = run.catch((error: unknown) => console.error(error));
  return run;
}

/**
 * Whether the signed-in account's writes made on this device (in this page or an earlier one:
 * the cache keeps them) have all reached the server. A write waits while offline; online one is
 * confirmed within a moment, so no answer within `withinMs` means some wait.
 */
export async function writesSent(withinMs: number): Promise<boolean> {
  const db = await openFirestore();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), withinMs);
  });
  try {
    return await Promise.race([waitForPendingWrites(db).then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Settles once every write of the account made on this device before the call (in this page or an
 * earlier one) has been answered by the server, confirmed or refused; waits while offline.
 */
export const writesAnswered = (db: Firestore): Promise<void> => waitForPendingWrites(db);

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
