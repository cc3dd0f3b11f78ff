// The enquiry outbox in IndexedDB (idb-keyval): every enquiry is stored before it is sent and
// removed only once every form endpoint has answered OK, so closing the tab or losing the
// connection mid-send loses nothing. Used by the page and by the service worker (Background
// Sync). Every send happens under one Web Lock and reads the entry again inside it, so the page,
// other tabs and the service worker never post the same entry twice, and an endpoint that has an
// entry is never sent it again. What happens after each answer is decided in src/domain/outbox.ts.
import { createStore, del, entries, get, set } from 'idb-keyval';
import { timeoutSignal, uniqueId } from '../compat';
import {
  afterRound,
  newEntry,
  outcomeOfStatus,
  readEntry,
  readOutbox as readStored,
  type OutboxEntry,
  type PostOutcome,
  type SendResult,
  type UnreadableEntry,
} from '../../domain/outbox';

const store = createStore('kcw-enquiry-outbox', 'enquiries');
const LOCK = 'kcw-enquiry-outbox';
const CHANNEL = 'kcw-enquiry-outbox';
/** How long one POST may take before it counts as "no answer" (a flaky link can hang forever). */
const POST_TIMEOUT_MS = 20_000;
/** The Background Sync tag the service worker flushes the outbox on. */
export const OUTBOX_SYNC_TAG = 'enquiry-outbox';

export type { OutboxEntry, UnreadableEntry };

/** Every entry, oldest first, and apart those that cannot be read (never sent; shown). */
export async function readOutbox() {
  return readStored(await entries(store));
}

/** The entries that can be sent, oldest first. */
export async function listOutbox(): Promise<OutboxEntry[]> {
  return (await readOutbox()).entries;
}

/** What changed: an entry was stored, delivered ('sent') or taken out by the person. */
export type OutboxChange =
  { kind: 'stored'; id: string } | { kind: 'sent'; id: string } | { kind: 'withdrawn'; id: string };

// Changes are announced to this context's listeners and, through a BroadcastChannel, to other
// tabs and the service worker (a channel does not hear its own messages). Browsers without
// BroadcastChannel (Safari before 15.4) only hear their own tab's changes.
// Each message names the context that sent it: the listeners' channels are other objects than
// the announcing one, so they hear this tab's own messages too, which its listeners already had.
const hasChannel = typeof BroadcastChannel !== 'undefined';
const listeners = new Set<(change: OutboxChange) => void>();
const here = uniqueId();
let channel: BroadcastChannel | undefined;
function announce(change: OutboxChange) {
  listeners.forEach((listener) => listener(change));
  if (!hasChannel) return;
  channel ??= new BroadcastChannel(CHANNEL);
  channel.postMessage({ ...change, from: here });
}

/** Calls `listener` once whenever the outbox changes, in this tab or elsewhere. */
export function onOutboxChange(listener: (change: OutboxChange) => void): () => void {
  listeners.add(listener);
  const remote = hasChannel ? new BroadcastChannel(CHANNEL) : undefined;
  if (remote)
    remote.onmessage = ({ data }: MessageEvent<OutboxChange & { from?: string }>) => {
      if (data.from !== here) listener({ kind: data.kind, id: data.id } as OutboxChange);
    };
  return () => {
    listeners.delete(listener);
    remote?.close();
  };
}

let lastStamp = 0;

/** The form field that carries each enquiry's id, so a receiver can recognise a repeat. */
export const ENQUIRY_ID_FIELD = 'enquiryId';

/** The fields as posted: the form's, then the enquiry's id. */
const withId = (fields: OutboxEntry['fields'], id: string): OutboxEntry['fields'] => [
  ...fields.filter(([name]) => name !== ENQUIRY_ID_FIELD),
  [ENQUIRY_ID_FIELD, id],
];

/**
 * Stores a new enquiry (fields as posted, with its id) for the given endpoints, and returns it.
 * An enquiry edited and sent again keeps its id (`id`): it is the same enquiry to the receiver.
 */
export async function storeEnquiry(
  fields: OutboxEntry['fields'],
  endpoints: readonly string[],
  id: string = uniqueId(),
): Promise<OutboxEntry> {
  // Strictly increasing within this page, so entries stored in the same millisecond keep order.
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  const entry = newEntry(withId(fields, id), endpoints, id, lastStamp);
  await putEntry(entry);
  return entry;
}

async function putEntry(entry: OutboxEntry) {
  await set(entry.id, entry, store);
  announce({ kind: 'stored', id: entry.id });
}

/**
 * Takes an entry out for the person (edited, discarded, or emailed instead). Under the lock: a
 * round sending it at that moment would otherwise write it back when it ends, and it would be
 * sent after all. The round in flight finishes first; nothing is posted after this resolves.
 */
export function removeEntry(id: string): Promise<void> {
  return withLock(() => dropEntry(id, 'withdrawn'));
}

/** Takes an entry out; only under the lock (or where nothing else may be sending it). */
async function dropEntry(id: string, kind: 'sent' | 'withdrawn') {
  await del(id, store);
  announce({ kind, id });
}

let unlockedTurn: Promise<unknown> = Promise.resolve();

/**
 * Runs `task` while holding the outbox lock. Without Web Locks (Safari before 15.4) this
 * context's tasks still take turns, though another context's (the service worker's) may not.
 * Never called from inside a task: the lock is not re-entrant.
 */
function withLock<T>(task: () => Promise<T>): Promise<T> {
  // `navigator` exists in pages and workers alike; locks in every current browser.
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  if (locks) return locks.request(LOCK, task);
  const run = unlockedTurn.then(task);
  unlockedTurn = run.catch(() => undefined);
  return run;
}

/** How one POST ended; for a refusal, the service's reason when its answer gives one. */
interface Posted {
  readonly outcome: PostOutcome;
  readonly reason?: string;
}

async function post(endpoint: string, fields: OutboxEntry['fields']): Promise<Posted> {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      body,
      headers: { Accept: 'application/json' },
      signal: timeoutSignal(POST_TIMEOUT_MS),
    });
  } catch {
    return { outcome: 'network' };
  }
  // A 2xx is delivered whatever its body says (or whether it can be read at all).
  const outcome = outcomeOfStatus(response.status);
  if (outcome !== 'rejected') return { outcome };
  const reason = refusalReason(await response.json().catch(() => null));
  return reason ? { outcome, reason } : { outcome };
}

/**
 * The reason in a form service's refusal (Formspree-style JSON): its field errors ("email should
 * be an email"), else its error text; undefined when it gives none.
 */
export function refusalReason(answer: unknown): string | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  const { errors, error } = answer as { errors?: unknown; error?: unknown };
  if (Array.isArray(errors)) {
    const said = errors
      .map((item: { field?: unknown; message?: unknown }) =>
        typeof item?.message === 'string'
          ? [typeof item.field === 'string' ? item.field : '', item.message].join(' ').trim()
          : '',
      )
      .filter(Boolean);
    if (said.length > 0) return said.join('; ');
  }
  return typeof error === 'string' && error.trim() ? error.trim() : undefined;
}

/**
 * One round of sends of an entry: its pending endpoints in order, stopping at the first that does
 * not answer OK, so a failure never leaves a later endpoint with a copy the next try repeats.
 * Stores nothing: the caller decides, still under the lock.
 */
async function sendRound(entry: OutboxEntry, stored = true) {
  const results = new Map<string, PostOutcome>();
  let reason: string | undefined;
  for (const endpoint of entry.pending) {
    const posted = await post(endpoint, entry.fields);
    results.set(endpoint, posted.outcome);
    reason ??= posted.reason;
    if (posted.outcome !== 'ok') break;
    // Each endpoint's OK is saved at once: a tab closed mid-round never sends it a second copy.
    const left = entry.pending.filter((pending) => results.get(pending) !== 'ok');
    if (stored && left.length > 0) await set(entry.id, { ...entry, pending: left }, store);
  }
  return { ...afterRound(entry, results), reason };
}

/** Keeps what a round left: gone when sent, otherwise the entry as it now stands. */
async function keep(round: Round) {
  if (round.result === 'sent') await dropEntry(round.entry.id, 'sent');
  else await putEntry(round.entry);
}

type Round = Awaited<ReturnType<typeof sendRound>>;

/**
 * How a send ended, for the person who pressed Send (see SendResult); a refusal carries the
 * service's reason where it gave one.
 */
export type Sent =
  | { readonly result: Exclude<SendResult, 'refused'> }
  | { readonly result: 'refused'; readonly reason: string | null };

const sentOf = (round: Round): Sent =>
  round.result === 'refused'
    ? { result: 'refused', reason: round.reason ?? null }
    : { result: round.result };

/**
 * Sends a just-stored entry, deciding what to keep under the same lock: a refused one nobody has
 * is dropped (the form still holds it), anything else not sent is kept.
 */
export function sendNew(id: string): Promise<Sent> {
  return withLock(() => sendStored(id));
}

/**
 * Stores a new enquiry and sends it, in one turn of the lock: a delivery round asked for
 * meanwhile (`stored` asks for one, in case the tab closes mid-send; Background Sync fires at
 * once when online) waits until this first send has ended, so the person who pressed Send hears
 * how it went, a refusal's reason included. Resolves to null, sending nothing, where the
 * enquiry cannot be stored (IndexedDB blocked or full).
 */
export function storeAndSend(
  fields: OutboxEntry['fields'],
  endpoints: readonly string[],
  { id, stored }: { id?: string; stored: (entry: OutboxEntry) => Promise<void> },
): Promise<Sent | null> {
  return withLock(async () => {
    let entry: OutboxEntry;
    try {
      entry = await storeEnquiry(fields, endpoints, id);
    } catch {
      return null;
    }
    await stored(entry);
    return sendStored(entry.id);
  });
}

/** The first send of a stored entry; only under the lock. */
async function sendStored(id: string): Promise<Sent> {
  const stored: unknown = await get(id, store);
  // Delivered meanwhile by a flush that had the lock first.
  if (stored === undefined) return { result: 'sent' };
  const read = readEntry(id, stored);
  // Already marked failed (or, never seen, unreadable): either way it waits for the person.
  if (!('entry' in read) || read.entry.status !== 'queued') return { result: 'failed' };
  const round = await sendRound(read.entry);
  if (round.result === 'refused') await dropEntry(id, 'withdrawn');
  else await keep(round);
  return sentOf(round);
}

/** Posts an enquiry with no outbox, where IndexedDB cannot be used (storage blocked or full). */
export async function sendUnstored(
  fields: OutboxEntry['fields'],
  endpoints: readonly string[],
): Promise<Sent> {
  const id = uniqueId();
  return sentOf(await sendRound(newEntry(withId(fields, id), endpoints, id, Date.now()), false));
}

/**
 * Sends every queued entry (not the failed ones, which wait for the person), reading them under
 * the lock, each on its own: one that cannot be sent or kept does not stop the ones behind it.
 * Stops at the first that finds no connection. Resolves to true when nothing queued is left;
 * `whenEmpty` then runs still under the lock (the page clears its "waiting" flag there), unless
 * an unreadable entry is left, which the person is shown while the flag is set.
 */
export function flushOutbox(whenEmpty?: () => void): Promise<boolean> {
  return withLock(async () => {
    let troubled = false;
    for (const entry of await listOutbox()) {
      if (entry.status !== 'queued') continue;
      try {
        const round = await sendRound(entry);
        await keep(round);
        if (round.offline) return false;
      } catch {
        // Storage failed under this entry: it stays as it was, and the next flush tries it again.
        troubled = true;
      }
    }
    const left = await readOutbox();
    const empty = !troubled && left.entries.every((entry) => entry.status !== 'queued');
    if (empty && left.unreadable.length === 0) whenEmpty?.();
    return empty;
  });
}
