// Files of the signed-in account kept on this device to show offline: the photos of a custom PC
// build's timeline (src/features/pc/build-photo.tsx), each under its SHA-256, since its bytes
// never change. They are the account's, like the device's copy of its Firestore data, and are
// forgotten with it when the account signs out or gives way to another (firestore-core.ts).
import { localStore } from './local-store';

const DATABASE = 'kcw-account-files';

export const accountFiles = localStore(DATABASE, 'files');

/** Deletes the kept files; never throws (blocked storage keeps nothing to delete). */
export function forgetAccountFiles(): Promise<void> {
  return new Promise((resolve) => {
    try {
      const request = indexedDB.deleteDatabase(DATABASE);
      request.onsuccess = request.onerror = request.onblocked = () => resolve();
    } catch {
      resolve();
    }
  });
}
