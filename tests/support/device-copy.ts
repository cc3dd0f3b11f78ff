// What the device keeps of an account in Firestore's persistent cache (IndexedDB), as a test looks
// for it: signing out, or leaving a team, must leave nothing of the codes there.
import type { Page } from '@playwright/test';

/**
 * What Firestore keeps in this page's IndexedDB that mentions `needle`: the name of each of its
 * databases and object stores with a record holding it (read as they are, past Firestore).
 */
export function firestoreRecordsWith(page: Page, needle: string): Promise<string[]> {
  return page.evaluate(async (needle) => {
    const found: string[] = [];
    const names = (await indexedDB.databases()).map((database) => database.name ?? '');
    for (const name of names.filter((name) => name.startsWith('firestore'))) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const records = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(store, 'readonly').objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        if (records.some((record) => JSON.stringify(record).includes(needle))) {
          found.push(`${name} ${store}`);
        }
      }
      db.close();
    }
    return found;
  }, needle);
}
