// The wizard's state while the user works: one draft per signed-in user, held in memory across
// the four screens and saved to IndexedDB at most 300 ms behind each change, on `pagehide` and
// before the app reloads itself for an update. The tab that opened the draft last owns it; an
// earlier tab is told, and stops saving, so two tabs never overwrite each other silently.
import { useEffect, useSyncExternalStore } from 'react';
import { draftHasFiles, emptyDraft, type QrDraft } from '../../../domain/qr/draft';
import { useAuth } from '../../../lib/auth/session';
import { onBeforeReload } from '../../../lib/before-reload';
import {
  deleteDraft,
  DraftStorageError,
  loadDraft,
  saveDraft,
  type StorageProblem,
} from './draft-storage';

const SAVE_DELAY_MS = 300;

interface Snapshot {
  readonly uid: string | null;
  readonly ready: boolean;
  readonly draft: QrDraft;
  /** Why the draft lives in this page only, if it does. */
  readonly storageProblem: StorageProblem | null;
  /** Another tab opened this draft later and now owns it. */
  readonly takenOver: boolean;
  /** Whether the latest change is on the device yet. */
  readonly saved: boolean;
}

let snapshot: Snapshot = {
  uid: null,
  ready: false,
  draft: emptyDraft,
  storageProblem: null,
  takenOver: false,
  saved: true,
};
const listeners = new Set<() => void>();
let saveTimer: ReturnType<typeof setTimeout> | undefined;
let dirty = false;
/** Storage calls run one after another, in the order they were asked for. */
let queue: Promise<unknown> = Promise.resolve();
let persistAsked = false;

const tabId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
const channel =
  typeof BroadcastChannel === 'function' ? new BroadcastChannel('kcw-qr-draft') : null;

type ChannelMessage = { kind: 'claim'; uid: string; tabId: string };

channel?.addEventListener('message', (event: MessageEvent<ChannelMessage>) => {
  const message = event.data;
  if (message.kind !== 'claim' || message.uid !== snapshot.uid || message.tabId === tabId) return;
  flush();
  publish({ takenOver: true });
});

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => flush());
  onBeforeReload(() => flush());
}

function publish(change: Partial<Snapshot>) {
  snapshot = { ...snapshot, ...change };
  listeners.forEach((listener) => listener());
}

function enqueue<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

function reportStorage(error: unknown) {
  publish({ storageProblem: error instanceof DraftStorageError ? error.problem : 'unavailable' });
}

/** Loads the user's draft (once per user) and claims it for this tab. */
function open(uid: string) {
  if (snapshot.uid === uid) return;
  flush();
  publish({
    uid,
    ready: false,
    draft: emptyDraft,
    storageProblem: null,
    takenOver: false,
    saved: true,
  });
  void reload(uid);
}

/** The User Timing measure of each restore (`npm run bench` reads it). */
const RESTORE_MEASURE = 'qr-draft-restore';

async function reload(uid: string) {
  const started = performance.now();
  const loaded = await enqueue(() => loadDraft(uid)).catch((error: unknown) => {
    reportStorage(error);
    return null;
  });
  if (snapshot.uid !== uid) return; // someone else signed in meanwhile
  publish({ ready: true, draft: loaded ?? emptyDraft, takenOver: false });
  performance.measure(RESTORE_MEASURE, { start: started });
  channel?.postMessage({ kind: 'claim', uid, tabId } satisfies ChannelMessage);
}

/** Writes a pending change now. */
function flush() {
  clearTimeout(saveTimer);
  saveTimer = undefined;
  const { uid, draft, ready, takenOver } = snapshot;
  if (!dirty || !uid || !ready || takenOver) return;
  dirty = false;
  void enqueue(() => saveDraft(uid, draft)).then(
    () => {
      if (snapshot.uid !== uid) return;
      publish({ storageProblem: null, saved: !dirty });
      if (draftHasFiles(draft)) askToPersist();
    },
    (error: unknown) => {
      if (snapshot.uid === uid) reportStorage(error);
    },
  );
}

/** Once a draft holds a file, ask the browser not to evict it under storage pressure. */
function askToPersist() {
  if (persistAsked) return;
  persistAsked = true;
  void navigator.storage?.persist?.().catch(() => false);
}

function update(recipe: (draft: QrDraft) => QrDraft) {
  if (!snapshot.ready) return;
  const next = recipe(snapshot.draft);
  if (next === snapshot.draft) return;
  dirty = true;
  publish({ draft: next, saved: false });
  saveTimer ??= setTimeout(flush, SAVE_DELAY_MS);
}

/** Puts another draft in place of this one (Edit of a saved code), saved at once. */
function replace(next: QrDraft) {
  if (!snapshot.ready) return;
  dirty = true;
  publish({ draft: next, saved: false });
  flush();
}

function startOver() {
  const { uid } = snapshot;
  clearTimeout(saveTimer);
  saveTimer = undefined;
  dirty = false;
  publish({ draft: emptyDraft, saved: false });
  if (uid && !snapshot.takenOver) {
    void enqueue(() => deleteDraft(uid)).then(() => publish({ saved: !dirty }), reportStorage);
  }
}

/** This tab takes the draft back from the tab that took it over, with that tab's changes. */
function takeBack() {
  const { uid } = snapshot;
  if (!uid) return;
  publish({ ready: false });
  void reload(uid);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const getSnapshot = () => snapshot;

/** The signed-in user's wizard: the draft once it is loaded, and what can be done with it. */
export function useWizard() {
  const { user } = useAuth();
  const uid = user?.uid ?? null;
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  useEffect(() => {
    if (uid) open(uid);
  }, [uid]);
  // Until this user's draft is here, nothing of another user's shows.
  const mine = current.uid === uid && uid !== null;
  return {
    ready: mine && current.ready,
    draft: mine ? current.draft : emptyDraft,
    storageProblem: mine ? current.storageProblem : null,
    takenOver: mine && current.takenOver,
    saved: !mine || current.saved,
    update,
    replace,
    startOver,
    takeBack,
  };
}

export type Wizard = ReturnType<typeof useWizard>;
