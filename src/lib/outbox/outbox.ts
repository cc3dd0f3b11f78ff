// The enquiry outbox in IndexedDB (idb-keyval): every enquiry is stored before it is sent and
// removed only once every form endpoint has answered OK, so closing the tab or losing the
// connection mid-send loses nothing. Used by the page and by the service worker (Background
// Sync), which take a Web Lock around each send so the two never post the same entry at once.
// What happens after each answer is decided in src/domain/outbox.ts.
import { createStore, del, set, values } from 'idb-keyval';
import {
  afterRound,
  newEntry,
  outcomeOfStatus,
  type OutboxEntry,
  type PostOutcome,
} from '../../domain/outbox';

const store = createStore('kcw-enquiry-outbox', 'enquiries');
const LOCK = 'kcw-enquiry-outbox';
const CHANNEL = 'kcw-enquiry-outbox';
/** The Background Sync tag the service worker flushes the outbox on. */
export const OUTBOX_SYNC_TAG = 'enquiry-outbox';

export type { OutboxEntry };

export async function listOutbox(): Promise<OutboxEntry[]> {
  const entries = await values<OutboxEntry>(store);
  return entries.sort((a, b) => a.createdAt - b.createdAt);
}

/** What changed: an entry was stored, delivered ('sent') or taken out by the person. */
export type OutboxChange =
  { kind: 'stored'; id: string } | { kind: 'sent'; id: string } | { kind: 'withdrawn'; id: string };

// Changes are announced to this context's listeners and, through a BroadcastChannel, to other
// tabs and the service worker (a channel does not hear its own messages).
const listeners = new Set<(change: OutboxChange) => void>();
let channel: BroadcastChannel | undefined;
function announce(change: OutboxChange) {
  listeners.forEach((listener) => listener(change));
  channel ??= new BroadcastChannel(CHANNEL);
  channel.postMessage(change);
}

/** Calls `listener` whenever the outbox changes, in this tab or elsewhere. */
export function onOutboxChange(listener: (change: OutboxChange) => void): () => void {
  listeners.add(listener);
  const remote = new BroadcastChannel(CHANNEL);
  remote.onmessage = (event: MessageEvent<OutboxChange>) => listener(event.data);
  return () => {
    listeners.delete(listener);
    remote.close();
  };
}

let lastStamp = 0;

/** Stores a new enquiry (fields as posted) for the given endpoints, and returns it. */
export async function storeEnquiry(
  fields: OutboxEntry['fields'],
  endpoints: readonly string[],
): Promise<OutboxEntry> {
  // Strictly increasing within this page, so entries stored in the same millisecond keep order.
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  const entry = newEntry(fields, endpoints, crypto.randomUUID(), lastStamp);
  await putEntry(entry);
  return entry;
}

export async function putEntry(entry: OutboxEntry) {
  await set(entry.id, entry, store);
  announce({ kind: 'stored', id: entry.id });
}

/** Takes an entry out: delivered, or withdrawn by the person (edited or discarded). */
export async function removeEntry(id: string, kind: 'sent' | 'withdrawn' = 'withdrawn') {
  await del(id, store);
  announce({ kind, id });
}

/** Runs `task` while holding the outbox lock (where the browser has Web Locks). */
function withLock<T>(task: () => Promise<T>): Promise<T> {
  // `navigator` exists in pages and workers alike; locks in every current browser.
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  return locks ? locks.request(LOCK, task) : task();
}

async function post(endpoint: string, fields: OutboxEntry['fields']): Promise<PostOutcome> {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      body,
      headers: { Accept: 'application/json' },
    });
    return outcomeOfStatus(response.status);
  } catch {
    return 'network';
  }
}

/**
 * One round of sends of one stored entry: pending endpoints in order, stopping at the first that
 * does not answer OK, so a failure never leaves a later endpoint with a copy the next try repeats.
 */
async function sendRound(entry: OutboxEntry) {
  const results = new Map<string, PostOutcome>();
  for (const endpoint of entry.pending) {
    const outcome = await post(endpoint, entry.fields);
    results.set(endpoint, outcome);
    if (outcome !== 'ok') break;
  }
  const next = afterRound(entry, results);
  if (next.result === 'sent') await removeEntry(entry.id, 'sent');
  else await putEntry(next.entry);
  return next;
}

/** Sends one entry now (it must already be stored), under the lock. */
export function sendEntry(entry: OutboxEntry) {
  return withLock(() => sendRound(entry));
}

/**
 * Sends every queued entry (not the failed ones, which wait for the person). Stops at the first
 * that finds no connection. Resolves to true when nothing queued is left.
 */
export function flushOutbox(): Promise<boolean> {
  return withLock(async () => {
    for (const entry of await listOutbox()) {
      if (entry.status !== 'queued') continue;
      const { result, offline } = await sendRound(entry);
      if (result === 'retry' && offline) return false;
    }
    return (await listOutbox()).every((entry) => entry.status !== 'queued');
  });
}
