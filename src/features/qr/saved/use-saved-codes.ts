// The signed-in user's saved codes, live: Firestore (its own chunk, loaded here only) opened
// once, then a listener that also reports which codes still wait for the server.
import { useEffect, useState } from 'react';
import type { SavedCode } from '../../../domain/qr/saved-code';
import { useAuth } from '../../../lib/auth/session';

export type SavedCodesView =
  | { readonly status: 'loading' }
  | {
      readonly status: 'ready';
      readonly codes: readonly SavedCode[];
      readonly pendingIds: ReadonlySet<string>;
      /** Shown from the device's copy: offline, or the server has not answered yet. */
      readonly fromCache: boolean;
    }
  | { readonly status: 'failed'; readonly message: string };

export const SAVED_CODES_FAILED =
  'Your saved codes could not be loaded. Check your connection, then reload the page.';

export function useSavedCodes(): SavedCodesView {
  const { user } = useAuth();
  const uid = user?.uid ?? null;
  const [view, setView] = useState<SavedCodesView>({ status: 'loading' });

  useEffect(() => {
    if (!uid) return;
    let stop: (() => void) | undefined;
    let live = true;
    const fail = (error: unknown) => {
      console.error(error);
      if (live) setView({ status: 'failed', message: SAVED_CODES_FAILED });
    };
    Promise.all([import('../../../lib/firestore/firestore-core'), import('./saved-codes')])
      .then(async ([{ openFirestore }, { watchCodes }]) => {
        const db = await openFirestore();
        if (!live) return;
        stop = watchCodes(
          db,
          uid,
          (codes, state) => {
            if (live) setView({ status: 'ready', codes, ...state });
          },
          fail,
        );
      })
      .catch(fail);
    return () => {
      live = false;
      stop?.();
    };
  }, [uid]);

  return view;
}
