// The enquiry outbox, one outbox of create-outbox.ts: every enquiry is stored in IndexedDB before
// it is sent and removed only once every form endpoint has answered OK, so closing the tab or
// losing the connection mid-send loses nothing. Used by the page and by the service worker
// (Background Sync). Each enquiry is posted as a form to each of its endpoints in turn; what an
// answer means is the status's (outcomeOfStatus), and a refusal carries the form service's words.
import { timeoutSignal, uniqueId } from '../compat';
import {
  ENQUIRY_ID_FIELD,
  newEntry,
  outcomeOfStatus,
  readEntry,
  type OutboxEntry,
  type SendResult,
  type UnreadableEntry,
} from '../../domain/outbox';
import { createOutbox, type FirstSend, type OutboxChange, type Posted } from './create-outbox';

/** How long one POST may take before it counts as "no answer" (a flaky link can hang forever). */
const POST_TIMEOUT_MS = 20_000;
/** The Background Sync tag the service worker flushes the outbox on. */
export const OUTBOX_SYNC_TAG = 'enquiry-outbox';

export type { OutboxChange, OutboxEntry, UnreadableEntry };

/** Posts the enquiry as a form; for a refusal, the service's reason when its answer gives one. */
async function post(entry: OutboxEntry, endpoint: string): Promise<Posted<string>> {
  const body = new FormData();
  for (const [name, value] of entry.fields) body.append(name, value);
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
  return reason ? { outcome, detail: reason } : { outcome };
}

const outbox = createOutbox<OutboxEntry, string>({
  name: 'kcw-enquiry-outbox',
  storeName: 'enquiries',
  read: readEntry,
  post,
});

/** Every entry, oldest first, and apart those that cannot be read (never sent; shown). */
export const readOutbox = () => outbox.read();

/** The entries that can be sent, oldest first. */
export const listOutbox = () => outbox.list();

/** Calls `listener` once whenever the outbox changes, in this tab or elsewhere. */
export const onOutboxChange = (listener: (change: OutboxChange) => void) =>
  outbox.onChange(listener);

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

let lastStamp = 0;

export { ENQUIRY_ID_FIELD };

/** A new enquiry (fields as posted, then its id) for the given endpoints. */
function enquiry(
  fields: OutboxEntry['fields'],
  endpoints: readonly string[],
  id: string,
): OutboxEntry {
  // Strictly increasing within this page, so entries stored in the same millisecond keep order.
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  const posted: OutboxEntry['fields'] = [
    ...fields.filter(([name]) => name !== ENQUIRY_ID_FIELD),
    [ENQUIRY_ID_FIELD, id],
  ];
  return newEntry(posted, endpoints, id, lastStamp);
}

/**
 * Stores a new enquiry (fields as posted, with its id) for the given endpoints, and returns it.
 * An enquiry edited and sent again keeps its id (`id`): it is the same enquiry to the receiver.
 */
export async function storeEnquiry(
  fields: OutboxEntry['fields'],
  endpoints: readonly string[],
  id: string = uniqueId(),
): Promise<OutboxEntry> {
  const entry = enquiry(fields, endpoints, id);
  await outbox.put(entry);
  return entry;
}

/**
 * Takes an entry out for the person (edited, discarded, or emailed instead). Under the lock: a
 * round sending it at that moment would otherwise write it back when it ends, and it would be
 * sent after all. The round in flight finishes first; nothing is posted after this resolves.
 */
export const removeEntry = (id: string): Promise<void> => outbox.remove(id);

/**
 * How a send ended, for the person who pressed Send (see SendResult); a refusal carries the
 * service's reason where it gave one.
 */
export type Sent =
  | { readonly result: Exclude<SendResult, 'refused'> }
  | { readonly result: 'refused'; readonly reason: string | null };

const sentOf = (send: FirstSend<string>): Sent =>
  send.result === 'refused'
    ? { result: 'refused', reason: send.detail ?? null }
    : { result: send.result };

/**
 * Sends a just-stored entry, deciding what to keep under the same lock: a refused one nobody has
 * is dropped (the form still holds it), anything else not sent is kept.
 */
export const sendNew = async (id: string): Promise<Sent> => sentOf(await outbox.sendNew(id));

/**
 * Stores a new enquiry and sends it, in one turn of the lock: a delivery round asked for
 * meanwhile (`stored` asks for one, in case the tab closes mid-send; Background Sync fires at
 * once when online) waits until this first send has ended, so the person who pressed Send hears
 * how it went, a refusal's reason included. Resolves to null, sending nothing, where the
 * enquiry cannot be stored (IndexedDB blocked or full).
 */
export async function storeAndSend(
  fields: OutboxEntry['fields'],
  endpoints: readonly string[],
  { id, stored }: { id?: string; stored: (entry: OutboxEntry) => Promise<void> },
): Promise<Sent | null> {
  const sent = await outbox.storeAndSend(enquiry(fields, endpoints, id ?? uniqueId()), stored);
  return sent && sentOf(sent);
}

/** Posts an enquiry with no outbox, where IndexedDB cannot be used (storage blocked or full). */
export async function sendUnstored(
  fields: OutboxEntry['fields'],
  endpoints: readonly string[],
): Promise<Sent> {
  return sentOf(await outbox.sendUnstored(enquiry(fields, endpoints, uniqueId())));
}

/**
 * Sends every queued entry (not the failed ones, which wait for the person), reading them under
 * the lock, each on its own: one that cannot be sent or kept does not stop the ones behind it.
 * Stops at the first that finds no connection. Resolves to true when nothing queued is left;
 * `whenEmpty` then runs still under the lock (the page clears its "waiting" flag there), unless
 * an unreadable entry is left, which the person is shown while the flag is set.
 */
export const flushOutbox = (whenEmpty?: () => void): Promise<boolean> => outbox.flush(whenEmpty);
