// A named IndexedDB store on this device (through idb-keyval), for what the site keeps between
// visits: the two outboxes and the QR drafts. Every read gives `unknown`: storage outlives the
// code (an older version of the site may have written it, or a disk damaged it), so each caller
// checks what it reads before trusting it. Every failure becomes a StorageError that says whether
// storage is full (the person can free room) or unavailable (site data blocked, a private mode,
// a database that would not open); after an unavailable one the database is opened again on the
// next call, as a blocked open may work later. The database is opened on first use, never at
// import, so merely loading a page where site data is blocked throws nothing. Short flags and
// form drafts in session or local storage go through safe-storage.ts instead (synchronous, and
// nothing there is worth an error).
import {
  createStore,
  del,
  delMany,
  entries,
  get,
  getMany,
  set,
  setMany,
  type UseStore,
} from 'idb-keyval';

/** Why something could not be kept on the device. */
export type StorageProblem = 'unavailable' | 'full';

export class StorageError extends Error {
  constructor(
    readonly problem: StorageProblem,
    cause: unknown,
  ) {
    super(problem === 'full' ? 'Storage is full.' : 'Storage is unavailable.', { cause });
    this.name = 'StorageError';
  }
}

/** Whether `error` is the browser's "storage is full" (Firefox names it its own way). */
export const isQuotaError = (error: unknown): boolean =>
  error instanceof DOMException &&
  (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED');

export interface LocalStore {
  /** The value under `key` (undefined: none), unchecked. */
  get(key: IDBValidKey): Promise<unknown>;
  getMany(keys: IDBValidKey[]): Promise<unknown[]>;
  /** Every key and value, unchecked. */
  entries(): Promise<[IDBValidKey, unknown][]>;
  set(key: IDBValidKey, value: unknown): Promise<void>;
  /** Writes every pair in one transaction: all of them or none. */
  setMany(pairs: [IDBValidKey, unknown][]): Promise<void>;
  del(key: IDBValidKey): Promise<void>;
  delMany(keys: IDBValidKey[]): Promise<void>;
}

/**
 * The store `storeName` of the database `database`. `failure` makes the error a failure throws
 * (a StorageError unless the caller wants its own kind).
 */
export function localStore(
  database: string,
  storeName: string,
  failure: (problem: StorageProblem, cause: unknown) => Error = (problem, cause) =>
    new StorageError(problem, cause),
): LocalStore {
  let store: UseStore | undefined;
  const guard = async <T>(call: (store: UseStore) => Promise<T>): Promise<T> => {
    try {
      store ??= createStore(database, storeName);
      return await call(store);
    } catch (error) {
      const full = isQuotaError(error);
      if (!full) store = undefined; // a blocked open may work on a later try
      throw failure(full ? 'full' : 'unavailable', error);
    }
  };
  return {
    get: (key) => guard((store) => get<unknown>(key, store)),
    getMany: (keys) => guard((store) => getMany<unknown>(keys, store)),
    entries: () => guard((store) => entries<IDBValidKey, unknown>(store)),
    set: (key, value) => guard((store) => set(key, value, store)),
    setMany: (pairs) => guard((store) => setMany(pairs, store)),
    del: (key) => guard((store) => del(key, store)),
    delMany: (keys) => guard((store) => delMany(keys, store)),
  };
}
