// The enquiry outbox as pure state: an enquiry is kept until every form endpoint has it. Each
// send to an endpoint ends one of four ways, and what happens next follows from them alone, so
// the page, the service worker and the tests all agree on it.
import * as v from 'valibot';

/** How one POST to one endpoint ended. */
export type PostOutcome =
  | 'ok' // 2xx: this endpoint has it
  | 'network' // no answer at all: offline, DNS, connection refused
  | 'server' // 5xx, 429 or 408: the service is having trouble, later may work
  | 'rejected'; // any other answer (4xx): sending it again as it is will not help

/** The form fields, in order, exactly as they are posted. */
const fieldsSchema = v.pipe(
  v.array(v.pipe(v.tuple([v.string(), v.string()]), v.readonly())),
  v.readonly(),
);
export type OutboxFields = v.InferOutput<typeof fieldsSchema>;
const createdAtSchema = v.pipe(v.number(), v.finite());

/**
 * An entry as kept in IndexedDB. What is read back is checked against it: storage outlives the
 * code (an older version of the site may have written it, or a disk damaged it), and an entry that
 * does not match is set aside (readEntry) rather than stop the others.
 */
const entrySchema = v.pipe(
  v.object({
    id: v.string(),
    createdAt: createdAtSchema,
    fields: fieldsSchema,
    /** Endpoints that do not have it yet (an endpoint that answered OK is never sent it again). */
    pending: v.pipe(v.array(v.string()), v.readonly()),
    /** 'failed': an endpoint refused it; it waits for the person to edit or discard it. */
    status: v.picklist(['queued', 'failed']),
    attempts: v.pipe(v.number(), v.integer(), v.minValue(0)),
  }),
  v.readonly(),
);
export type OutboxEntry = v.InferOutput<typeof entrySchema>;

/**
 * An entry that cannot be read as one (see entrySchema): it is never sent, and is shown to the
 * person with what can still be read of it, to email it or remove it.
 */
export interface UnreadableEntry {
  /** Its key in the store, which takes it out. */
  readonly id: string;
  /** When it was saved, where that can still be read. */
  readonly createdAt: number | null;
  /** Its text, where that can still be read. */
  readonly fields: OutboxFields | null;
}

/** A stored value as an entry, or, when it is not one (or not under its own id), set aside. */
export function readEntry(
  key: string,
  value: unknown,
): { entry: OutboxEntry } | { unreadable: UnreadableEntry } {
  const read = v.safeParse(entrySchema, value);
  if (read.success && read.output.id === key) return { entry: read.output };
  const { createdAt, fields }: { createdAt?: unknown; fields?: unknown } =
    typeof value === 'object' && value !== null ? value : {};
  const when = v.safeParse(createdAtSchema, createdAt);
  const text = v.safeParse(fieldsSchema, fields);
  return {
    unreadable: {
      id: key,
      createdAt: when.success ? when.output : null,
      fields: text.success ? text.output : null,
    },
  };
}

/** Reads one stored value as an entry, or sets it aside (readEntry for an enquiry). */
export type EntryReader<E extends OutboxEntry = OutboxEntry> = (
  key: string,
  value: unknown,
) => { entry: E } | { unreadable: UnreadableEntry };

/**
 * Everything stored (key and value), as entries and unreadable ones, each oldest first. `readOne`
 * reads one value (readEntry: an enquiry; an outbox that keeps more in each entry checks it too).
 */
export function readOutbox<E extends OutboxEntry = OutboxEntry>(
  stored: readonly (readonly [unknown, unknown])[],
  readOne: EntryReader<E> = readEntry as EntryReader<E>,
): {
  entries: E[];
  unreadable: UnreadableEntry[];
} {
  const entries: E[] = [];
  const unreadable: UnreadableEntry[] = [];
  for (const [key, value] of stored) {
    const read = readOne(String(key), value);
    if ('entry' in read) entries.push(read.entry);
    else unreadable.push(read.unreadable);
  }
  const oldestFirst = (a: { createdAt: number | null }, b: { createdAt: number | null }) =>
    (a.createdAt ?? 0) - (b.createdAt ?? 0);
  return { entries: entries.sort(oldestFirst), unreadable: unreadable.sort(oldestFirst) };
}

export function newEntry(
  fields: OutboxFields,
  endpoints: readonly string[],
  id: string,
  now: number,
): OutboxEntry {
  return { id, createdAt: now, fields, pending: [...endpoints], status: 'queued', attempts: 0 };
}

/** The form field that carries each enquiry's id, so a receiver can recognise a repeat. */
export const ENQUIRY_ID_FIELD = 'enquiryId';

export function outcomeOfStatus(status: number): PostOutcome {
  if (status >= 200 && status < 300) return 'ok';
  if (status >= 500 || status === 429 || status === 408) return 'server';
  return 'rejected';
}

/**
 * What a send amounts to: one vocabulary from the outbox to the words on the page (the form words
 * each result once). Every result but 'sent' and 'refused' keeps the entry where there is an
 * outbox; a flush keeps a refused one too, for the person.
 */
export type SendResult =
  | 'sent' // every endpoint has it
  | 'queued' // no connection, or an endpoint has it and another did not answer: tried again
  | 'trouble' // the service failed or did not answer in time, nobody has it yet: tried again
  | 'failed' // refused after an endpoint got it: it waits for the person to edit or discard it
  | 'refused'; // refused before anyone had it: sending it again as it is will not help

/**
 * The entry after one round of sends (`results` maps endpoint to outcome), what the round amounts
 * to, and whether it found no connection at all (`offline`: later entries will not fare better).
 * A round stops at the first endpoint that does not answer OK, so later ones may be missing.
 */
export function afterRound(
  entry: OutboxEntry,
  results: ReadonlyMap<string, PostOutcome>,
): { entry: OutboxEntry; result: SendResult; offline: boolean } {
  const pending = entry.pending.filter((endpoint) => results.get(endpoint) !== 'ok');
  const outcomes = [...results.values()];
  const next = { ...entry, pending, attempts: entry.attempts + 1 };
  const offline = outcomes.includes('network');
  const nobodyHasIt = pending.length === entry.pending.length;
  if (pending.length === 0) return { entry: next, result: 'sent', offline };
  if (outcomes.includes('rejected')) {
    const result = nobodyHasIt ? 'refused' : 'failed';
    return { entry: { ...next, status: 'failed' }, result, offline };
  }
  return { entry: next, result: nobodyHasIt && !offline ? 'trouble' : 'queued', offline };
}

/** A field's value by name, for showing an entry ('' when it has none). */
export const entryField = (entry: OutboxEntry, name: string) =>
  entry.fields.find(([key]) => key === name)?.[1] ?? '';

/**
 * When an enquiry counts as stuck: still queued after this many tries, the first this long ago.
 * The site then says so on every page and offers to email it instead (it stays queued).
 */
export const STUCK_AFTER = { attempts: 5, ms: 60 * 60_000 } as const;

export const isStuck = (entry: OutboxEntry, now: number): boolean =>
  entry.status === 'queued' &&
  entry.attempts >= STUCK_AFTER.attempts &&
  now - entry.createdAt >= STUCK_AFTER.ms;
