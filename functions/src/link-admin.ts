// The company's switch for short links: a link as the company looks at it (where it leads, its
// state, its recent figures) and switching it off or on again, each switch kept in the audit log
// with its reason. Served to staff by the desk (desk-api.ts) and built beside the functions into
// lib/link-admin.js for scripts/admin/link-admin.mjs, so the desk and the script switch a link
// the same way.
import type { DeskLink } from '../../src/domain/desk-api';
import { describeDestination } from '../../src/domain/qr/landing';
import { ALL_DAYS } from '../../src/domain/qr/scan-counts';
import { daysUpTo } from '../../src/domain/qr/scan-time';
import { countsByDay, linkCountsPath, readCountShard } from '../../src/domain/records/link-counts';
import { linkPath, readLink, switchedLink, type LinkRecord } from '../../src/domain/records/links';
import type { Actor } from '../../src/domain/records/staff';
import { millisOf } from '../../src/domain/stored-time';
import { FieldValue, type Firestore } from './admin';
import { writeAudit } from './staff';

/** Who switched a stored link off, when and why; null while it is on. */
function switchedOffOf(data: Record<string, unknown>): DeskLink['switchedOff'] {
  const disabled = data.disabled;
  if (disabled == null || disabled === false) return null;
  const fields = (typeof disabled === 'object' ? disabled : {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return { by: text(fields.by), at: millisOf(fields.at), reason: text(fields.reason) };
}

/**
 * The link `id` as the company looks at it, with its figures of the last `days` days (today's, on
 * South African time, included) and of all time; null when there is no such link.
 */
export async function linkOverview(
  db: Firestore,
  id: string,
  {
    days: dayCount,
    now = new Date(),
    ownerEmail = async () => null,
  }: {
    days: number;
    now?: Date;
    /** The owner's address, where it can be looked up. */
    ownerEmail?: (owner: string) => Promise<string | null>;
  },
): Promise<{ overview: DeskLink; link: LinkRecord | null } | null> {
  const snapshot = await db.doc(linkPath(id)).get();
  if (!snapshot.exists) return null;
  const data = snapshot.data()!;
  const link = readLink(id, data);
  const days = daysUpTo(now, dayCount);
  // ALL_DAYS sorts after every date, so the figures of all time come with the days'.
  const shards = await db.collection(linkCountsPath(id)).where('day', '>=', days[0]).get();
  const byDay = countsByDay(
    shards.docs.flatMap((document) => {
      const shard = readCountShard(document.data());
      return shard ? [shard] : [];
    }),
  );
  const owner = typeof data.owner === 'string' ? data.owner : '';
  const switchedOff = switchedOffOf(data);
  return {
    link,
    overview: {
      id,
      owner,
      ownerEmail: owner ? await ownerEmail(owner) : null,
      code: typeof data.code === 'string' ? data.code : null,
      createdAt: millisOf(data.createdAt),
      destination: link?.destination ? describeDestination(link.destination) : null,
      state: switchedOff ? 'switched-off' : link?.deleted ? 'retired' : 'active',
      switchedOff,
      days: days.map((day) => ({
        day,
        scans: byDay.get(day)?.scans ?? 0,
        unique: byDay.get(day)?.unique ?? 0,
      })),
      allScans: byDay.get(ALL_DAYS)?.scans ?? 0,
    },
  };
}

/** What a switch did: null when there is no such link. */
export interface Switched {
  /** It was switched off before. */
  readonly wasOff: boolean;
  /** Something changed (switching on a link that is on changes nothing, and logs nothing). */
  readonly changed: boolean;
  readonly owner: string | null;
}

/**
 * Switches the link `id` off (`on` false: its scans get the warning page, 403, without its
 * target) or on again, by `actor` for `reason`, with its audit entry in the same transaction. A
 * link switched off again keeps the newer reason. Switched on, a link its owner retired stays
 * retired.
 */
export async function switchLink(
  db: Firestore,
  id: string,
  {
    on,
    reason,
    actor,
    now = new Date(),
  }: { on: boolean; reason: string; actor: Actor; now?: Date },
): Promise<Switched | null> {
  const ref = db.doc(linkPath(id));
  return db.runTransaction(async (transaction): Promise<Switched | null> => {
    const snapshot = await transaction.get(ref);
    if (!snapshot.exists) return null;
    const data = snapshot.data()!;
    const wasOff = switchedOffOf(data) !== null;
    const owner = typeof data.owner === 'string' ? data.owner : null;
    if (on && !wasOff) return { wasOff, changed: false, owner };
    const stamp = FieldValue.serverTimestamp();
    transaction.update(
      ref,
      switchedLink(on ? null : { reason, at: stamp, by: actor.byEmail ?? actor.by }, stamp),
    );
    writeAudit(
      db,
      transaction,
      actor,
      { action: on ? 'link.enabled' : 'link.disabled', target: id, reason },
      now,
    );
    return { wasOff, changed: true, owner };
  });
}
