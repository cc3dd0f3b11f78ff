// What My QR Codes says after Duplicate, Delete and Undo, and those actions themselves. Focus goes
// to what the list says (the row acted on may be gone), and a deleted code's files leave this
// device once Undo is no longer offered.
import { useEffect, useRef, useState } from 'react';
import { draftFromSaved, duplicateFields, type SavedCode } from '../../../domain/qr/saved-code';
import { codeFiles, forgetCodeFiles, keepCodeFiles } from '../links/code-files';
import type { SavedCodesStore } from './use-saved-codes';

/** What the list says after an action, above the codes. */
export type Notice =
  | { readonly kind: 'deleted'; readonly code: SavedCode }
  | { readonly kind: 'said'; readonly message: string };

export function useListActions(store: SavedCodesStore | null) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  // A deleted code's files leave this device once Undo is no longer offered (unless it was used).
  const uid = store?.uid;
  const restored = useRef(new Set<string>());
  useEffect(() => {
    if (notice?.kind !== 'deleted' || !uid) return;
    const { id } = notice.code;
    const undone = restored.current;
    return () => {
      if (!undone.has(id)) void forgetCodeFiles(uid, id);
    };
  }, [notice, uid]);

  const say = (next: Notice) => {
    setNotice(next);
    // The row acted on may be gone (Delete): focus goes to what the list now says.
    requestAnimationFrame(() => noticeRef.current?.focus());
  };

  const duplicate = (code: SavedCode) => {
    if (!store) return;
    const fields = duplicateFields(code);
    const id = store.add(fields);
    void codeFiles(store.uid, code.id).then((files) =>
      Object.keys(files).length > 0
        ? keepCodeFiles(store.uid, id, draftFromSaved(code, 'content', files))
        : undefined,
    );
    say({ kind: 'said', message: `Duplicated as “${fields.name}”.` });
  };

  const remove = (code: SavedCode) => {
    if (!store) return;
    // Its printed copies then say the code is no longer active; Undo brings the link back.
    store.remove(code);
    say({ kind: 'deleted', code });
  };

  const undo = (code: SavedCode) => {
    if (!store) return;
    restored.current.add(code.id);
    store.restore(code);
    say({
      kind: 'said',
      message: code.dynamic
        ? `“${code.name}” is back in My QR Codes, and its short link works again${navigator.onLine ? '' : ' once you are back online'}.`
        : `“${code.name}” is back in My QR Codes.`,
    });
  };

  return { notice, noticeRef, duplicate, remove, undo };
}
