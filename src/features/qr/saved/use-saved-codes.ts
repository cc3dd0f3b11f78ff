// The signed-in user's saved codes, live: Firestore (its own chunk, loaded here only) opened
// once, then a listener that also reports which codes still wait for the server; and the store's
// writes bound to this user's database, once it is open.
import { useEffect, useState } from 'react';
import type { SavedCode, SavedCodeFields } from '../../../domain/qr/saved-code';
import type { DynamicLink } from './dynamic-links';
import { LOGGED_IN_FLAG, useAuth } from '../../../lib/auth/session';
import { safeSessionStorage } from '../../../lib/safe-storage';

export type SavedCodesView =
  | { readonly status: 'loading' }
  | {
      readonly status: 'ready';
      readonly codes: readonly SavedCode[];
      readonly pendingIds: ReadonlySet<string>;
      /** Shown from the device's copy: offline, or the server has not answered yet. */
      readonly fromCache: boolean;
      /** The short links of the dynamic codes, by id, with their scans. */
      readonly links: ReadonlyMap<string, DynamicLink>;
    }
  | { readonly status: 'failed'; readonly message: string };

/**
 * The writes of saved-codes.ts for this user. Each shows in the listing at once and returns at
 * once (offline too); none is awaited. Throws a SavedCodeError, writing nothing, on bad fields.
 */
export interface SavedCodesStore {
  readonly uid: string;
  /** Saves a new code; returns its id. */
  add(fields: SavedCodeFields): string;
  update(id: string, fields: Partial<SavedCodeFields>): void;
  remove(id: string): void;
  restore(code: SavedCode): void;
  /** Creates the short link `id` of a dynamic code, leading to `target`. */
  link(id: string, target: string): void;
  /** Points the short link `id` at `target`. */
  retarget(id: string, target: string): void;
  /** Removes the short link `id`: scanning it then says the code is no longer active. */
  unlink(id: string): void;
}

/** The User Timing measure from opening the list to its first listing (`npm run bench`). */
export const LISTED_MEASURE = 'saved-codes-listed';

export const SAVED_CODES_FAILED =
  'Your saved codes could not be loaded. Check your connection, then reload the page.';

/** Firestore and the saved codes' store, fetched together (also ahead of time, to save offline). */
export const loadStore = () =>
  Promise.all([
    import('../../../lib/firestore/firestore-core'),
    import('./saved-codes'),
    import('./dynamic-links'),
  ]);

/**
 * Fetches Firestore and opens the database now when this tab has signed in (the session's
 * IsLoggedIn flag), so that a list opened on a reload does not wait for them after sign-in is
 * restored: they load beside it. A visitor who is not signed in fetches nothing.
 */
export function prefetchStore() {
  if (safeSessionStorage.get(LOGGED_IN_FLAG) !== 'true') return;
  void loadStore()
    .then(([{ openFirestore }]) => openFirestore())
    .catch(() => undefined);
}

/** The store bound to the user's database; its writes' refusals are reported to the console. */
export async function openStore(uid: string): Promise<SavedCodesStore> {
  const [{ openFirestore }, codes, links] = await loadStore();
  const db = await openFirestore();
  const report = (write: Promise<void>) => {
    write.catch((error: unknown) => console.error(error));
  };
  return {
    uid,
    add: (fields) => {
      const { id, written } = codes.saveNewCode(db, uid, fields);
      report(written);
      return id;
    },
    update: (id, fields) => report(codes.updateCode(db, uid, id, fields)),
    remove: (id) => report(codes.deleteCode(db, uid, id)),
    restore: (code) => report(codes.restoreCode(db, uid, code)),
    link: (id, target) => report(links.createDynamicLink(db, uid, id, target)),
    retarget: (id, target) => report(links.retarget(db, id, target)),
    unlink: (id) => report(links.deleteDynamicLink(db, id)),
  };
}

export function useSavedCodes(): { view: SavedCodesView; store: SavedCodesStore | null } {
  const { user } = useAuth();
  const uid = user?.uid ?? null;
  const [view, setView] = useState<SavedCodesView>({ status: 'loading' });
  const [store, setStore] = useState<SavedCodesStore | null>(null);

  useEffect(() => {
    if (!uid) return;
    let stop: (() => void) | undefined;
    let live = true;
    let measured = false;
    const started = performance.now();
    const fail = (error: unknown) => {
      console.error(error);
      if (live) setView({ status: 'failed', message: SAVED_CODES_FAILED });
    };
    Promise.all([loadStore(), openStore(uid)])
      .then(async ([[{ openFirestore }, { watchCodes }, { watchDynamicLinks }], opened]) => {
        const db = await openFirestore();
        if (!live) return;
        setStore(opened);
        let links: ReadonlyMap<string, DynamicLink> = new Map();
        let listed: Omit<Extract<SavedCodesView, { status: 'ready' }>, 'links'> | null = null;
        const show = () => {
          if (live && listed) setView({ ...listed, links });
        };
        const stopCodes = watchCodes(
          db,
          uid,
          (codes, state) => {
            if (!live) return;
            listed = { status: 'ready', codes, ...state };
            show();
            if (!measured) {
              measured = true;
              performance.measure(LISTED_MEASURE, {
                start: started,
                detail: { codes: codes.length, fromCache: state.fromCache },
              });
            }
          },
          fail,
        );
        // Scan counts are extra: without them (an error) the codes are still listed.
        const stopLinks = watchDynamicLinks(
          db,
          uid,
          (next) => {
            links = next;
            show();
          },
          (error) => console.error(error),
        );
        stop = () => {
          stopCodes();
          stopLinks();
        };
      })
      .catch(fail);
    return () => {
      live = false;
      stop?.();
    };
  }, [uid]);

  return { view, store: store?.uid === uid ? store : null };
}
