// The signed-in user's saved codes, live: Firestore (its own chunk, loaded here only) opened
// once, then listeners for the codes (which also report those still waiting for the server), their
// short links and the links' scan figures (useCodesListing, which the scan figures read too); and
// the store's writes bound to this user's database, once it is open (useSavedCodes, for My QR
// Codes). The server is asked for a dynamic code's link after each write of the code has reached
// Firestore (links/link-syncer.ts). Neither hook starts any background work: that starts at
// sign-in (links/account-work.ts), and My QR Codes hands its listings to the links itself
// (links/reconcile-links.ts).
import { useEffect, useState } from 'react';
import type { SavedCode, SavedCodeFields } from '../../../domain/qr/saved-code';
import { daysUpTo } from '../../../domain/qr/scan-time';
import type { DynamicLink, LinkDays } from '../links/dynamic-links';
import { linkSignature, type LinkedCode } from '../links/link-state';
import { linkSyncer } from '../links/link-syncer';
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
      /** The short links of the dynamic codes, by the id of their code. */
      readonly links: ReadonlyMap<string, DynamicLink>;
      /** The links' listener has answered (until then `links` is empty for want of knowing). */
      readonly linksListed: boolean;
      /** The links' scan figures since COUNTED_DAYS ago and of all time, by link id. */
      readonly counts: ReadonlyMap<string, LinkDays>;
    }
  | { readonly status: 'failed'; readonly message: string };

/**
 * The writes of saved-codes.ts for this user. Each shows in the listing at once and returns at
 * once (offline too); none is awaited. Throws a SavedCodeError, writing nothing, on bad fields.
 * A write of a code that is or was dynamic then asks the server for its link.
 */
export interface SavedCodesStore {
  readonly uid: string;
  /** Saves a new code; returns its id. */
  add(fields: SavedCodeFields): string;
  /** Changes a code (Edit); its link follows (`wasDynamic`: the code had one). */
  update(id: string, fields: SavedCodeFields, wasDynamic: boolean): void;
  remove(code: SavedCode): void;
  restore(code: SavedCode): void;
  /** Settles once this device's copy holds the code's writes so far (saved-codes.ts). */
  kept(id: string): Promise<void>;
  /** How many codes the account keeps, as far as this device knows. */
  count(): Promise<number>;
}

/** How many days of scan figures the listings keep (the analysis shows the last 30). */
export const COUNTED_DAYS = 90;

/** The User Timing measure from opening the list to its first listing (`npm run bench`). */
export const LISTED_MEASURE = 'saved-codes-listed';

export const SAVED_CODES_FAILED =
  'Your saved codes could not be loaded. Check your connection, then reload the page.';

/** Firestore and the saved codes' store, fetched together (also ahead of time, to save offline). */
export const loadStore = () =>
  Promise.all([
    import('../../../lib/firestore/firestore-core'),
    import('./saved-codes'),
    import('../links/dynamic-links'),
  ]);

export const origin = () => window.location.origin;

/** Asks the server for the code's link once `written` is stored, if the code is or was dynamic. */
function linkAfter(
  id: string,
  written: Promise<void>,
  code: LinkedCode | null,
  wasDynamic = false,
) {
  if (code?.dynamic || wasDynamic) {
    linkSyncer.after(id, written, code ? linkSignature(code, origin()) : 'gone');
  }
}

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

/**
 * The store bound to the user's database; its writes' refusals are reported to the console. It
 * only opens the store: the account's background work started at sign-in (account-work.ts).
 */
export async function openStore(uid: string): Promise<SavedCodesStore> {
  const [{ openFirestore }, codes] = await loadStore();
  const db = await openFirestore();
  const report = (write: Promise<void>) => {
    write.catch((error: unknown) => console.error(error));
    return write;
  };
  return {
    uid,
    add: (fields) => {
      const { id, written } = codes.saveNewCode(db, uid, fields);
      linkAfter(id, report(written), fields);
      return id;
    },
    update: (id, fields, wasDynamic) => {
      linkAfter(id, report(codes.updateCode(db, uid, id, fields)), fields, wasDynamic);
    },
    remove: (code) => {
      linkAfter(code.id, report(codes.deleteCode(db, uid, code.id)), null, code.dynamic);
    },
    restore: (code) => linkAfter(code.id, report(codes.restoreCode(db, uid, code)), code),
    kept: (id) => codes.keptOnDevice(db, uid, id),
    count: () => codes.codeCount(db, uid),
  };
}

/** My QR Codes' listing and its store. */
export function useSavedCodes(): { view: SavedCodesView; store: SavedCodesStore | null } {
  const { user } = useAuth();
  const uid = user?.uid ?? null;
  const view = useCodesListing();
  const [store, setStore] = useState<SavedCodesStore | null>(null);

  useEffect(() => {
    if (!uid) return;
    let live = true;
    // A failure to open shows as the listing's (the same modules and database).
    openStore(uid)
      .then((opened) => {
        if (live) setStore(opened);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [uid]);

  return { view, store: store?.uid === uid ? store : null };
}

/** The signed-in user's codes, their links and the links' figures, live; it writes nothing. */
export function useCodesListing(): SavedCodesView {
  const { user } = useAuth();
  const uid = user?.uid ?? null;
  const [view, setView] = useState<SavedCodesView>({ status: 'loading' });

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
    loadStore()
      .then(async ([{ openFirestore }, { watchCodes }, { watchDynamicLinks, watchScanCounts }]) => {
        const db = await openFirestore();
        if (!live) return;
        let links: ReadonlyMap<string, DynamicLink> | null = null;
        let counts: ReadonlyMap<string, LinkDays> = new Map();
        let listed: Omit<
          Extract<SavedCodesView, { status: 'ready' }>,
          'links' | 'linksListed' | 'counts'
        > | null = null;
        const show = () => {
          if (!live || !listed) return;
          setView({ ...listed, links: links ?? new Map(), linksListed: links !== null, counts });
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
        // Links and scan counts are extra: without them (an error) the codes are still listed.
        const stopLinks = watchDynamicLinks(
          db,
          uid,
          (next) => {
            links = next;
            show();
          },
          (error) => console.error(error),
        );
        const [firstDay] = daysUpTo(new Date(), COUNTED_DAYS);
        const stopCounts = watchScanCounts(
          db,
          uid,
          firstDay,
          (next) => {
            counts = next;
            show();
          },
          (error) => console.error(error),
        );
        stop = () => {
          stopCodes();
          stopLinks();
          stopCounts();
        };
      })
      .catch(fail);
    return () => {
      live = false;
      stop?.();
    };
  }, [uid]);

  return view;
}
