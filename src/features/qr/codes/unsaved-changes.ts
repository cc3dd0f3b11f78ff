// Changes to saved codes kept on this device until the server has them (domain/qr/unsaved-change.ts
// says why): each write of the store is kept before it is sent, forgotten once the server confirms
// it, and kept as refused when the server says no, to be listed on My QR Codes. A change sent by an
// earlier visit of the page (closed or reloaded before the server answered) has lost its answer:
// settleLeftovers asks the server what it holds once the device's writes have all been answered.
//
// Kept in IndexedDB per person, like the wizard's drafts: what someone typed stays on the device
// they typed it on until they dismiss it.
import { useEffect, useSyncExternalStore } from 'react';
import {
  readUnsavedChange,
  heldByServer,
  type UnsavedChange,
} from '../../../domain/qr/unsaved-change';
import { codePath } from '../../../domain/records/codes';
import { uniqueId } from '../../../lib/compat';
import { localStore } from '../../../lib/local-store';
import type { Firestore } from '../../../lib/firestore/firestore-core';

const store = localStore('kcw-unsaved-changes', 'changes');

/** This page's own id: a waiting change of another page has lost its answer. */
const PAGE = uniqueId();

/** The refused changes of each person, as last read or written here. */
let shown: readonly UnsavedChange[] = [];
const listeners = new Set<() => void>();

function publish(changes: readonly UnsavedChange[]) {
  shown = changes;
  listeners.forEach((listener) => listener());
}

/** Every kept change this version can read (storage that fails gives none: nothing to show). */
async function all(): Promise<UnsavedChange[]> {
  try {
    return (await store.entries())
      .flatMap(([, value]) => readUnsavedChange(value) ?? [])
      .sort((a, b) => b.at - a.at);
  } catch (error) {
    console.error(error);
    return [];
  }
}

async function refresh() {
  publish((await all()).filter((change) => change.state === 'refused'));
}

/** What is being kept: the change, as the store describes it (the rest is this module's). */
export type KeptWrite = Omit<UnsavedChange, 'id' | 'at' | 'state' | 'page'>;

/**
 * Keeps `change` until `written` (its write) settles: forgotten when the server has it, kept as
 * refused when it does not. The record is stored before either happens, so a fast answer finds it.
 */
export function keepUntilSaved(change: KeptWrite, written: Promise<void>): void {
  const kept: UnsavedChange = {
    ...change,
    id: uniqueId(),
    at: Date.now(),
    state: 'waiting',
    page: PAGE,
  };
  const stored = store.set(kept.id, kept).then(
    () => true,
    (error: unknown) => {
      // Nowhere to keep it: the write goes on, as it did before changes were kept.
      console.error(error);
      return false;
    },
  );
  written.then(
    () => void stored.then((ok) => (ok ? store.del(kept.id) : undefined)).catch(() => undefined),
    () =>
      void stored
        .then((ok) => (ok ? store.set(kept.id, { ...kept, state: 'refused' }) : undefined))
        .then(refresh)
        .catch((error: unknown) => console.error(error)),
  );
}

/** Forgets a refused change (the person has copied it, or does not want it). */
export async function dismissChange(id: string): Promise<void> {
  try {
    await store.del(id);
  } finally {
    await refresh();
  }
}

/**
 * Settles the changes `uid` sent from an earlier visit of the page, whose answers were lost: once
 * the device's writes have all been answered (`answered`: Firestore's waitForPendingWrites), each
 * is looked up on the server: forgotten if the server holds it, refused if not (or if the code can
 * no longer be read: the person has left its workspace).
 */
export async function settleLeftovers(
  db: Firestore,
  uid: string,
  answered: Promise<void>,
): Promise<void> {
  const leftovers = (await all()).filter(
    (change) => change.uid === uid && change.state === 'waiting' && change.page !== PAGE,
  );
  if (leftovers.length === 0) return;
  await answered;
  const { doc, getDocFromServer } = await import('../../../lib/firestore/firestore-core');
  for (const change of leftovers) {
    let held: boolean;
    try {
      const snapshot = await getDocFromServer(doc(db, codePath(change.workspace, change.code)));
      held = heldByServer(change, snapshot.exists() ? snapshot.data() : undefined);
    } catch (error) {
      // Offline again: left for the next visit. Refused: the code is no longer theirs to read.
      if ((error as { code?: string }).code !== 'permission-denied') continue;
      held = false;
    }
    await (held ? store.del(change.id) : store.set(change.id, { ...change, state: 'refused' }));
  }
  await refresh();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => shown;

/** The changes of `uid` the server refused, newest first, live. */
export function useRefusedChanges(uid: string | null): readonly UnsavedChange[] {
  const changes = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(() => {
    if (uid) void refresh();
  }, [uid]);
  return uid ? changes.filter((change) => change.uid === uid) : [];
}
