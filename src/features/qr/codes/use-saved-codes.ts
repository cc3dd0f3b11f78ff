// The saved codes of the workspace the person works in (their own account's, or a team's they
// chose: src/lib/workspace/workspace.ts), live: Firestore (its own chunk, loaded here only) opened
// once, then listeners for the codes (which also report those still waiting for the server), their
// short links and the links' scan figures (useCodesListing, which the scan figures read too); and
// the store's writes bound to this user's database, once it is open (useSavedCodes, for My QR
// Codes). The server is asked for a dynamic code's link after each write of the code has reached
// Firestore (links/link-syncer.ts). Neither hook starts any background work: that starts at
// sign-in (links/account-work.ts), and My QR Codes hands its listings to the links itself
// (links/reconcile-links.ts).
import { useEffect, useMemo, useState } from 'react';
import { fieldsOf, type SavedCode, type SavedCodeFields } from '../../../domain/qr/saved-code';
import type { ChangeKind } from '../../../domain/qr/unsaved-change';
import { daysUpTo } from '../../../domain/qr/scan-time';
import type { DynamicLink, LinkDays } from '../links/dynamic-links';
import { linkSignature, type LinkedCode } from '../links/link-state';
import { linkSyncer } from '../links/link-syncer';
import { LOGGED_IN_FLAG, useAuth } from '../../../lib/auth/session';
import { safeSessionStorage } from '../../../lib/safe-storage';
import { useWorkspace } from '../../../lib/workspace/workspace';

export type SavedCodesView =
  | { readonly status: 'loading' }
  | {
      readonly status: 'ready';
      /** The workspace these are the codes of. */
      readonly workspace: string;
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
 * The writes of saved-codes.ts in one workspace, by the signed-in person. Each shows in the
 * listing at once and returns at once (offline too); none is awaited. Throws a SavedCodeError,
 * writing nothing, on bad fields. A write of a code that is or was dynamic then asks the server
 * for its link.
 */
export interface SavedCodesStore {
  /** The signed-in person, who writes (and whose device keeps the codes' files). */
  readonly uid: string;
  /** The workspace whose codes these are. */
  readonly workspace: string;
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
    import('./unsaved-changes'),
  ]);

export const origin = () => window.location.origin;

/** Asks the server for the code's link once `written` is stored, if the code is or was dynamic. */
function linkAfter(
  workspace: string,
  id: string,
  written: Promise<void>,
  code: LinkedCode | null,
  wasDynamic = false,
) {
  if (code?.dynamic || wasDynamic) {
    linkSyncer.after(id, written, code ? linkSignature(code, origin()) : 'gone', workspace);
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
 * The store of `workspace`'s codes, written by `uid`, bound to the database; its writes' refusals
 * are reported to the console. It only opens the store: the account's background work started at
 * sign-in (account-work.ts).
 */
export async function openStore(
  { id: workspace, name: workspaceName }: { readonly id: string; readonly name: string },
  uid: string,
): Promise<SavedCodesStore> {
  const [{ openFirestore }, codes, , { keepUntilSaved }] = await loadStore();
  const db = await openFirestore();
  /**
   * Each write is kept on the device until the server has it (unsaved-changes.ts): refused (the
   * person's role changed while it waited), it is listed rather than lost. Then its link follows.
   */
  const sent = (
    change: { kind: ChangeKind; code: string; name: string; fields: SavedCodeFields | null },
    written: Promise<void>,
    linked: LinkedCode | null,
    wasDynamic?: boolean,
  ) => {
    written.catch((error: unknown) => console.error(error));
    keepUntilSaved({ ...change, uid, workspace, workspaceName }, written);
    linkAfter(workspace, change.code, written, linked, wasDynamic);
  };
  return {
    uid,
    workspace,
    add: (fields) => {
      const { id, written } = codes.saveNewCode(db, workspace, uid, fields);
      sent({ kind: 'new', code: id, name: fields.name, fields }, written, fields);
      return id;
    },
    update: (id, fields, wasDynamic) => {
      const written = codes.updateCode(db, workspace, uid, id, fields);
      sent({ kind: 'change', code: id, name: fields.name, fields }, written, fields, wasDynamic);
    },
    remove: (code) => {
      const written = codes.deleteCode(db, workspace, code.id);
      const change = { kind: 'delete' as const, code: code.id, name: code.name, fields: null };
      sent(change, written, null, code.dynamic);
    },
    restore: (code) => {
      const written = codes.restoreCode(db, workspace, uid, code);
      const fields = fieldsOf(code);
      sent({ kind: 'restore', code: code.id, name: code.name, fields }, written, code);
    },
    kept: (id) => codes.keptOnDevice(db, workspace, id),
    count: () => codes.codeCount(db, workspace),
  };
}

/** The signed-in person and the workspace they work in (its id and name), once both are known. */
function useCodesPlace(): { uid: string; workspace: string; name: string } | null {
  const { user } = useAuth();
  const { current } = useWorkspace();
  const uid = user?.uid ?? null;
  const workspace = current?.id ?? null;
  const name = current?.name ?? '';
  return useMemo(
    () => (uid && workspace ? { uid, workspace, name } : null),
    [uid, workspace, name],
  );
}

/** My QR Codes' listing and its store, of the current workspace. */
export function useSavedCodes(): { view: SavedCodesView; store: SavedCodesStore | null } {
  const place = useCodesPlace();
  const view = useCodesListing();
  const [store, setStore] = useState<SavedCodesStore | null>(null);

  useEffect(() => {
    if (!place) return;
    let live = true;
    // A failure to open shows as the listing's (the same modules and database).
    openStore({ id: place.workspace, name: place.name }, place.uid)
      .then((opened) => {
        if (live) setStore(opened);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [place]);

  const current = store && place && store.uid === place.uid && store.workspace === place.workspace;
  return { view, store: current ? store : null };
}

/**
 * The current workspace's codes, their links and the links' figures, live; it writes nothing.
 * Keyed by the workspace: after a switch, the last one's codes are never shown as this one's.
 */
export function useCodesListing(): SavedCodesView {
  const workspace = useCodesPlace()?.workspace ?? null;
  const [shown, setShown] = useState<{ workspace: string; view: SavedCodesView } | null>(null);

  useEffect(() => {
    if (!workspace) return;
    const setView = (view: SavedCodesView) => setShown({ workspace, view });
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
          workspace,
          (codes, state) => {
            if (!live) return;
            listed = { status: 'ready', workspace, codes, ...state };
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
          workspace,
          (next) => {
            links = next;
            show();
          },
          (error) => console.error(error),
        );
        const [firstDay] = daysUpTo(new Date(), COUNTED_DAYS);
        const stopCounts = watchScanCounts(
          db,
          workspace,
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
  }, [workspace]);

  return shown && shown.workspace === workspace ? shown.view : { status: 'loading' };
}
