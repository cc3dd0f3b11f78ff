// The history of a workspace's printed codes, users/{workspace}/history/{id}: one entry for every
// change of where a dynamic code's short link leads, its password (set or removed, never the
// password itself), its dates and scans (the schedule), or its state (retired, restored). A
// printed code cannot be reprinted, so this is the business's safety net: who changed a menu's
// link, when, and what it led to before. The links function appends each entry in the same
// transaction that changes the link (functions/src/link-sync.ts), so there is no change without
// its entry and no entry without its change; no client writes or edits it (firestore.rules), and
// the members whose role may 'history.read' (src/domain/team.ts) read it.
import { millisOf } from '../stored-time';
import { describeDestination, sameDestination, stableJson, type Destination } from '../qr/landing';
import { userPath } from './codes';

export const HISTORY = 'history';

export const historyPath = (workspace: string) => `${userPath(workspace)}/${HISTORY}`;

export const historyEntryPath = (workspace: string, id: string) =>
  `${historyPath(workspace)}/${id}`;

/** What one change did to a printed code's link; an entry names one or more. */
export const historyChanges = {
  created: 'Short link made',
  target: 'Now leads somewhere else',
  schedule: 'Dates or scan limit changed',
  locked: 'Asks for a password',
  unlocked: 'No longer asks for a password',
  'password-set': 'Password set',
  'password-removed': 'Password removed',
  retired: 'Retired (answers "no longer active")',
  restored: 'Restored',
} as const;

export type HistoryChange = keyof typeof historyChanges;

const isChange = (value: unknown): value is HistoryChange =>
  typeof value === 'string' && Object.hasOwn(historyChanges, value);

/** One entry as every reader of the history goes by it. */
export interface HistoryEntry {
  readonly id: string;
  /** The saved code (users/{workspace}/codes/{code}). */
  readonly code: string;
  /** Its short link (dynamic/{link}). */
  readonly link: string;
  /** Who made the change: the account that asked the links function for it... */
  readonly by: string;
  /** ...and their email address then (null when their account had none). */
  readonly byEmail: string | null;
  /** Milliseconds since the epoch. */
  readonly at: number;
  readonly changes: readonly HistoryChange[];
  /** Where it led before, in words (describeDestination), and with which dates; null: nowhere. */
  readonly from: string | null;
  /** Where it leads after; null: nowhere (a link made for the first time has no `from`). */
  readonly to: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The entry `id` as its document `data` holds it; null when it is not one this reads. */
export function readHistoryEntry(id: string, data: unknown): HistoryEntry | null {
  if (typeof data !== 'object' || data === null) return null;
  const fields = data as Record<string, unknown>;
  const at = millisOf(fields.at);
  if (typeof fields.code !== 'string' || typeof fields.link !== 'string') return null;
  if (typeof fields.by !== 'string' || at === null) return null;
  const changes = Array.isArray(fields.changes) ? fields.changes.filter(isChange) : [];
  if (changes.length === 0) return null;
  return {
    id,
    code: fields.code,
    link: fields.link,
    by: fields.by,
    byEmail: text(fields.byEmail),
    at,
    changes,
    from: text(fields.from),
    to: text(fields.to),
  };
}

/** A destination as the history says it: its words, with its dates (null: none). */
export const historyTarget = (destination: Destination | null | undefined): string | null =>
  destination ? describeDestination(destination) : null;

/**
 * What the server appends for a change; `Time` is its store's time. `from` and `to` are the
 * link's destinations before and after (the same for a change of password or state).
 */
export const historyFields = <Time>(
  change: {
    readonly code: string;
    readonly link: string;
    readonly by: { readonly uid: string; readonly email: string | null };
    readonly changes: readonly HistoryChange[];
    readonly from: Destination | null;
    readonly to: Destination | null;
  },
  at: Time,
) => ({
  code: change.code,
  link: change.link,
  by: change.by.uid,
  byEmail: change.by.email,
  at,
  changes: [...change.changes],
  from: historyTarget(change.from),
  to: historyTarget(change.to),
});

/** The changes between a link's destination and lock before and after an update. */
export function changesBetween(
  before: {
    readonly destination: Destination;
    readonly locked: boolean;
    readonly deleted: boolean;
  },
  after: { readonly destination: Destination; readonly locked: boolean },
): HistoryChange[] {
  const changes: HistoryChange[] = [];
  if (before.deleted) changes.push('restored');
  const { schedule: scheduleBefore, ...whereBefore } = before.destination;
  const { schedule: scheduleAfter, ...whereAfter } = after.destination;
  if (!sameDestination(whereBefore as Destination, whereAfter as Destination)) {
    changes.push('target');
  }
  if (stableJson(scheduleBefore ?? null) !== stableJson(scheduleAfter ?? null)) {
    changes.push('schedule');
  }
  if (before.locked !== after.locked) changes.push(after.locked ? 'locked' : 'unlocked');
  return changes;
}
