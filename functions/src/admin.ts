// The Admin SDK as the functions use it, from functions/' own node_modules (left out of the
// bundle, installed by Cloud Functions from functions/package.json). The tests make their
// Firestore here too, so their FieldValues and the functions' come from one copy of the SDK.
export { deleteApp, initializeApp, type App } from 'firebase-admin/app';
export { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import type { App } from 'firebase-admin/app';

export {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
  type WriteBatch,
} from 'firebase-admin/firestore';

/**
 * The app's Firestore. Its universe domain is given (googleapis.com, the only one Firestore has):
 * otherwise the client asks Google's metadata server for it before its first call, which outside
 * Google's cloud (the emulators, the tests) dials an address no test may reach.
 */
export function openFirestore(app?: App): Firestore {
  const db = app ? getFirestore(app) : getFirestore();
  db.settings({ universeDomain: 'googleapis.com' });
  return db;
}
