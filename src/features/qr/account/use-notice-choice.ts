// One's own choice of emails in a workspace (users/{workspace}/notices/{uid}, records/notices.ts),
// live from Firestore, and its change. The rules let only the person themselves read and write it,
// and only while their role may 'history.read'; the links function reads it after a change of a
// printed code's destination, the weekly summary's function each Monday.
import { useCallback, useEffect, useState } from 'react';
import {
  NO_NOTICES,
  noticeFields,
  noticePath,
  readNotice,
  type NoticeChoice,
  type NoticeKind,
} from '../../../domain/records/notices';

export type NoticeView =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly choice: NoticeChoice }
  | { readonly status: 'failed' };

/** Stores one email's choice; resolves once the server has it, rejects when it refused it. */
export type ChooseNotice = (kind: NoticeKind, on: boolean) => Promise<void>;

const core = () => import('../../../lib/firestore/firestore-core');

export function useNoticeChoice(workspace: string, uid: string): [NoticeView, ChooseNotice] {
  const path = noticePath(workspace, uid);
  const [shown, setShown] = useState<{ path: string; view: NoticeView } | null>(null);
  useEffect(() => {
    let live = true;
    let stop: (() => void) | undefined;
    const setView = (view: NoticeView) => {
      if (live) setShown({ path, view });
    };
    const fail = (error: unknown) => {
      console.error(error);
      setView({ status: 'failed' });
    };
    void core()
      .then(async ({ openFirestore, doc, onSnapshot }) => {
        const db = await openFirestore();
        if (!live) return;
        stop = onSnapshot(
          doc(db, path),
          (snapshot) =>
            setView({
              status: 'ready',
              choice: snapshot.exists() ? readNotice(snapshot.data()) : NO_NOTICES,
            }),
          fail,
        );
      })
      .catch(fail);
    return () => {
      live = false;
      stop?.();
    };
  }, [path]);

  const view: NoticeView = shown?.path === path ? shown.view : { status: 'loading' };
  const current = view.status === 'ready' ? view.choice : NO_NOTICES;
  const choose = useCallback<ChooseNotice>(
    async (kind, on) => {
      const { openFirestore, doc, serverTimestamp, setDoc } = await core();
      const wishes = { destination: current.destination, weekly: current.weekly, [kind]: on };
      await setDoc(doc(await openFirestore(), path), noticeFields(wishes, serverTimestamp()));
    },
    [path, current.destination, current.weekly],
  );
  return [view, choose];
}
