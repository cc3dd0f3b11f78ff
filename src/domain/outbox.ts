// The enquiry outbox as pure state: an enquiry is kept until every form endpoint has it. Each
// send to an endpoint ends one of four ways, and what happens next follows from them alone, so
// the page, the service worker and the tests all agree on it.

/** How one POST to one endpoint ended. */
export type PostOutcome =
  | 'ok' // 2xx: this endpoint has it
  | 'network' // no answer at all: offline, DNS, connection refused
  | 'server' // 5xx, 429 or 408: the service is having trouble, later may work
  | 'rejected'; // any other answer (4xx): sending it again as it is will not help

export interface OutboxEntry {
  readonly id: string;
  readonly createdAt: number;
  /** The form fields, in order, exactly as they are posted. */
  readonly fields: readonly (readonly [string, string])[];
  /** Endpoints that do not have it yet (an endpoint that answered OK is never sent it again). */
  readonly pending: readonly string[];
  /** 'failed': an endpoint refused it; it waits for the person to edit or discard it. */
  readonly status: 'queued' | 'failed';
  readonly attempts: number;
}

export function newEntry(
  fields: readonly (readonly [string, string])[],
  endpoints: readonly string[],
  id: string,
  now: number,
): OutboxEntry {
  return { id, createdAt: now, fields, pending: [...endpoints], status: 'queued', attempts: 0 };
}

export function outcomeOfStatus(status: number): PostOutcome {
  if (status >= 200 && status < 300) return 'ok';
  if (status >= 500 || status === 429 || status === 408) return 'server';
  return 'rejected';
}

/**
 * The entry after one round of sends (`results` maps endpoint to outcome), and what the round
 * amounts to: 'sent' (nothing pending, drop the entry), 'rejected' (an endpoint refused it),
 * 'retry' (a later round may succeed: no answer, or the service was in trouble).
 * A round stops at the first endpoint that does not answer OK, so later ones may be missing.
 */
export function afterRound(
  entry: OutboxEntry,
  results: ReadonlyMap<string, PostOutcome>,
): { entry: OutboxEntry; result: 'sent' | 'rejected' | 'retry'; offline: boolean } {
  const pending = entry.pending.filter((endpoint) => results.get(endpoint) !== 'ok');
  const outcomes = [...results.values()];
  const next = { ...entry, pending, attempts: entry.attempts + 1 };
  const offline = outcomes.includes('network');
  if (pending.length === 0) return { entry: next, result: 'sent', offline };
  if (outcomes.includes('rejected')) {
    return { entry: { ...next, status: 'failed' }, result: 'rejected', offline };
  }
  return { entry: next, result: 'retry', offline };
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
