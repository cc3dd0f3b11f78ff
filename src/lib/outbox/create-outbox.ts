// An outbox: things to deliver kept in IndexedDB (local-store.ts) until they are delivered, so
// closing the tab or losing the connection mid-send loses nothing. The enquiries (outbox.ts) and
// the emailed codes (src/features/qr/mail/mail-outbox.ts) are two of them: each says what an entry
// holds beside the common fields and how it is read back (`read`), and how one entry is posted to
// one endpoint (`post`, whose outcome says what is final: 'rejected'). What happens after each
// answer is decided once, in src/domain/outbox.ts; everything else is here.
//
// Every send happens under one Web Lock per outbox and reads the entry again inside it, so the
// page, other tabs and the service worker never post the same entry twice, and an endpoint that
// has an entry is never sent it again. Changes are announced to this context's listeners and,
// through a BroadcastChannel, to other tabs and the service worker. Nothing here needs a window:
// the service worker runs the enquiries' outbox by Background Sync. The page's delivery loop
// (retries, the connection coming back) is delivery-loop.ts.
import { uniqueId } from '../compat';
import { localStore } from '../local-store';
import {
  afterRound,
  readOutbox,
  type EntryReader,
  type OutboxEntry,
  type PostOutcome,
  type SendResult,
  type UnreadableEntry,
} from '../../domain/outbox';

/** How one POST ended, and what its answer said that the outbox keeps or shows (`detail`). */
export interface Posted<D> {
  readonly outcome: PostOutcome;
  readonly detail?: D;
}

export interface OutboxKind<E extends OutboxEntry, D> {
  /** The IndexedDB database, also the name of the lock and of the channel. */
  readonly name: string;
  /** The store in that database. */
  readonly storeName: string;
  /** A stored value as an entry, or set aside (never sent; an outbox may show it). */
  readonly read: EntryReader<E>;
  /** Posts `entry` to `endpoint`; never throws (no answer is 'network'). */
  readonly post: (entry: E, endpoint: string) => Promise<Posted<D>>;
  /** The entry as kept after a round that did not deliver it, with its first answer's detail. */
  readonly kept?: (entry: E, detail: D | undefined) => E;
}

/** What changed: an entry was stored, delivered ('sent') or taken out by the person. */
export type OutboxChange =
  { kind: 'stored'; id: string } | { kind: 'sent'; id: string } | { kind: 'withdrawn'; id: string };

/** How a round of sends of one entry ended, with the first answer's detail. */
export interface Round<E, D> {
  readonly entry: E;
  readonly result: SendResult;
  /** No connection at all: later entries will not fare better. */
  readonly offline: boolean;
  readonly detail?: D;
}

/** How the first send of a stored entry ended (see sendStored). */
export interface FirstSend<D> {
  readonly result: SendResult;
  readonly detail?: D;
}

export interface Outbox<E extends OutboxEntry, D> {
  /** Every entry, oldest first, and apart those that cannot be read. */
  read(): Promise<{ entries: E[]; unreadable: UnreadableEntry[] }>;
  /** The entries that can be sent, oldest first. */
  list(): Promise<E[]>;
  /** Calls `listener` once whenever the outbox changes, in this context or another. */
  onChange(listener: (change: OutboxChange) => void): () => void;
  /** Stores `entry` (rejects with a StorageError where IndexedDB cannot be used). */
  put(entry: E): Promise<void>;
  /** Takes an entry out for the person, after any round sending it ends: nothing is posted after. */
  remove(id: string): Promise<void>;
  /** Sends a just-stored entry under the lock; a refused one nobody has is taken out. */
  sendNew(id: string): Promise<FirstSend<D>>;
  /**
   * Stores `entry` and sends it in one turn of the lock, after `stored` (a delivery round asked
   * for meanwhile waits for this first send). Null, sending nothing, where it cannot be stored.
   */
  storeAndSend(entry: E, stored: (entry: E) => Promise<void>): Promise<FirstSend<D> | null>;
  /** Sends an entry that is not stored (IndexedDB blocked or full): nothing is kept. */
  sendUnstored(entry: E): Promise<Round<E, D>>;
  /**
   * Sends every queued entry (not the failed ones, which wait for the person), each on its own;
   * stops at the first that finds no connection. True when nothing queued is left; `whenEmpty`
   * then runs still under the lock, unless an unreadable entry is left.
   */
  flush(whenEmpty?: () => void): Promise<boolean>;
}

export function createOutbox<E extends OutboxEntry, D>(kind: OutboxKind<E, D>): Outbox<E, D> {
  const store = localStore(kind.name, kind.storeName);

  // Each message names the context that sent it: the listeners' channels are other objects than
  // the announcing one, so they hear this context's own messages too, which its listeners already
  // had. Browsers without BroadcastChannel (Safari before 15.4) hear only their own changes.
  const hasChannel = typeof BroadcastChannel !== 'undefined';
  const listeners = new Set<(change: OutboxChange) => void>();
  const here = uniqueId();
  let channel: BroadcastChannel | undefined;
  function announce(change: OutboxChange) {
    listeners.forEach((listener) => listener(change));
    if (!hasChannel) return;
    channel ??= new BroadcastChannel(kind.name);
    channel.postMessage({ ...change, from: here });
  }

  function onChange(listener: (change: OutboxChange) => void): () => void {
    listeners.add(listener);
    const remote = hasChannel ? new BroadcastChannel(kind.name) : undefined;
    if (remote)
      remote.onmessage = ({ data }: MessageEvent<OutboxChange & { from?: string }>) => {
        if (data.from !== here) listener({ kind: data.kind, id: data.id } as OutboxChange);
      };
    return () => {
      listeners.delete(listener);
      remote?.close();
    };
  }

  let unlockedTurn: Promise<unknown> = Promise.resolve();
  /**
   * Runs `task` while holding the outbox's lock. Without Web Locks (Safari before 15.4) this
   * context's tasks still take turns, though another context's may not. Never called from inside
   * a task: the lock is not re-entrant.
   */
  function withLock<T>(task: () => Promise<T>): Promise<T> {
    // `navigator` exists in pages and workers alike; locks in every current browser.
    const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
    if (locks) return locks.request(kind.name, task);
    const run = unlockedTurn.then(task);
    unlockedTurn = run.catch(() => undefined);
    return run;
  }

  const read = async () => readOutbox(await store.entries(), kind.read);

  async function put(entry: E) {
    await store.set(entry.id, entry);
    announce({ kind: 'stored', id: entry.id });
  }

  /** Takes an entry out; only under the lock (or where nothing else may be sending it). */
  async function drop(id: string, change: 'sent' | 'withdrawn') {
    await store.del(id);
    announce({ kind: change, id });
  }

  /**
   * One round of sends of an entry: its pending endpoints in order, stopping at the first that
   * does not answer OK, so a failure never leaves a later endpoint with a copy the next try
   * repeats. Stores nothing but each OK: the caller decides the rest, still under the lock.
   */
  async function sendRound(entry: E, stored = true): Promise<Round<E, D>> {
    const results = new Map<string, PostOutcome>();
    let detail: D | undefined;
    for (const endpoint of entry.pending) {
      const posted = await kind.post(entry, endpoint);
      results.set(endpoint, posted.outcome);
      detail ??= posted.detail;
      if (posted.outcome !== 'ok') break;
      // Each endpoint's OK is saved at once: a tab closed mid-round never sends it a second copy.
      const left = entry.pending.filter((pending) => results.get(pending) !== 'ok');
      if (stored && left.length > 0) await store.set(entry.id, { ...entry, pending: left });
    }
    const after = afterRound(entry, results);
    const next: E = { ...entry, ...after.entry };
    return {
      ...after,
      entry: after.result === 'sent' || !kind.kept ? next : kind.kept(next, detail),
      detail,
    };
  }

  /** Keeps what a round left: gone when sent, otherwise the entry as it now stands. */
  async function keep(round: Round<E, D>) {
    if (round.result === 'sent') await drop(round.entry.id, 'sent');
    else await put(round.entry);
  }

  /** The first send of a stored entry; only under the lock. */
  async function sendStored(id: string): Promise<FirstSend<D>> {
    const stored = await store.get(id);
    // Delivered meanwhile by a flush that had the lock first.
    if (stored === undefined) return { result: 'sent' };
    const found = kind.read(id, stored);
    // Already marked failed (or, never seen, unreadable): either way it waits for the person.
    if (!('entry' in found) || found.entry.status !== 'queued') return { result: 'failed' };
    const round = await sendRound(found.entry);
    if (round.result === 'refused') await drop(id, 'withdrawn');
    else await keep(round);
    return { result: round.result, detail: round.detail };
  }

  return {
    read,
    list: async () => (await read()).entries,
    onChange,
    put,
    remove: (id) => withLock(() => drop(id, 'withdrawn')),
    sendNew: (id) => withLock(() => sendStored(id)),
    storeAndSend: (entry, stored) =>
      withLock(async () => {
        try {
          await put(entry);
        } catch {
          return null;
        }
        await stored(entry);
        return sendStored(entry.id);
      }),
    sendUnstored: (entry) => sendRound(entry, false),
    flush: (whenEmpty) =>
      withLock(async () => {
        let troubled = false;
        for (const entry of (await read()).entries) {
          if (entry.status !== 'queued') continue;
          try {
            const round = await sendRound(entry);
            await keep(round);
            if (round.offline) return false;
          } catch {
            // Storage failed under this entry: it stays as it was, and the next flush tries it.
            troubled = true;
          }
        }
        const left = await read();
        const empty = !troubled && left.entries.every((entry) => entry.status !== 'queued');
        if (empty && left.unreadable.length === 0) whenEmpty?.();
        return empty;
      }),
  };
}
