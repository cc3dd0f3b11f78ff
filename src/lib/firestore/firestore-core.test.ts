// Signing out deletes the device's copy of the account's documents. The page's database knows
// whether it keeps one; a probe of IndexedDB that runs out of time at sign-out (a busy phone) must
// not leave the copy behind.
import { afterEach, describe, expect, it, vi } from 'vitest';

const firestore = vi.hoisted(() => ({ cleared: [] as unknown[], terminated: [] as unknown[] }));
vi.mock('firebase/firestore', () => ({
  initializeFirestore: (_app: unknown, settings: { localCache: string }) => ({
    cache: settings.localCache,
  }),
  persistentLocalCache: () => 'persistent',
  persistentMultipleTabManager: () => 'tabs',
  memoryLocalCache: () => 'memory',
  connectFirestoreEmulator: () => undefined,
  terminate: async (db: unknown) => void firestore.terminated.push(db),
  clearIndexedDbPersistence: async (db: unknown) => void firestore.cleared.push(db),
  waitForPendingWrites: async () => undefined,
}));
vi.mock('../auth/auth-core', () => ({ app: {}, watchUser: () => undefined }));
vi.mock('../auth/firebase-config', () => ({ firestoreEmulatorHost: null }));

/** IndexedDB whose probe opens at once (`answers`), or never answers (a busy device). */
function probe(answers: boolean) {
  vi.stubGlobal('indexedDB', {
    open: () => {
      const request = {
        result: { close: () => undefined },
        onsuccess: null as null | (() => void),
        onerror: null as null | (() => void),
      };
      if (answers) queueMicrotask(() => request.onsuccess?.());
      return request;
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.resetModules();
  firestore.cleared.length = 0;
  firestore.terminated.length = 0;
});

describe('forgetAccountData', () => {
  it('deletes the copy of a database opened on the device, even when the probe runs out of time', async () => {
    const core = await import('./firestore-core');
    probe(true);
    const db = await core.openFirestore();
    expect(db).toEqual({ cache: 'persistent' });

    vi.useFakeTimers();
    probe(false);
    const forgotten = core.forgetAccountData();
    await vi.advanceTimersByTimeAsync(3_000);
    await forgotten;
    expect(firestore.terminated).toEqual([db]);
    expect(firestore.cleared).toEqual([db]);
  });

  it('clears nothing for a database kept in memory (site data blocked)', async () => {
    const core = await import('./firestore-core');
    vi.useFakeTimers();
    probe(false);
    const opening = core.openFirestore();
    await vi.advanceTimersByTimeAsync(3_000);
    const db = await opening;
    expect(db).toEqual({ cache: 'memory' });

    const forgotten = core.forgetAccountData();
    await vi.advanceTimersByTimeAsync(3_000);
    await forgotten;
    expect(firestore.terminated).toEqual([db]);
    expect(firestore.cleared).toEqual([]);
  });
});
