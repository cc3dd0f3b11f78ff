// A short link's scan figures, dynamic/{id}/counts/{day}_{n}: a day's figures (or those of all
// time, day ALL_DAYS) in shards, since one document takes about one write a second
// (qr/scan-counts.ts says why and how they add up). Written by the redirect's scan counter
// (functions/src/scan-counter.ts) alone; read by the owner, one link's or all of theirs at once
// through the collection group (firestore.indexes.json: owner, day), by the company's switch
// (link-admin.mjs show) and by the account's deletion.
import { countsDocId, foldPlaces, sumCounts, type ScanCounts } from '../qr/scan-counts';
import { linkPath } from './links';

/** The shards' collection under each link, and the collection group of all links' shards. */
export const COUNTS = 'counts';

export const linkCountsPath = (linkId: string) => `${linkPath(linkId)}/${COUNTS}`;

export const countShardPath = (linkId: string, day: string, shard: number) =>
  `${linkCountsPath(linkId)}/${countsDocId(day, shard)}`;

/** One shard as stored, read defensively. */
export interface CountShard {
  /** The link it counts; null when the shard does not name it. */
  readonly link: string | null;
  /** Its day ('YYYY-MM-DD', South African) or ALL_DAYS. */
  readonly day: string;
  readonly counts: ScanCounts;
}

/** A shard as its document `data` holds it; null without a day. */
export function readCountShard(data: unknown): CountShard | null {
  if (typeof data !== 'object' || data === null) return null;
  const { link, day } = data as { link?: unknown; day?: unknown };
  if (typeof day !== 'string') return null;
  return { link: typeof link === 'string' ? link : null, day, counts: sumCounts([data]) };
}

/**
 * Shards' figures summed by day: what a link's figures are, each day's (and all time's) places
 * folded (foldPlaces), so no reader shows a country with fewer than PLACE_MIN scans in a day.
 */
export function countsByDay(shards: Iterable<CountShard>): Map<string, ScanCounts> {
  const days = new Map<string, ScanCounts[]>();
  for (const shard of shards) days.set(shard.day, [...(days.get(shard.day) ?? []), shard.counts]);
  return new Map([...days].map(([day, parts]) => [day, foldPlaces(sumCounts(parts))] as const));
}

/**
 * The fields that say whose figures a shard holds, beside the counter's increments: the owner
 * (which the rules and the collection group's index read) and the link, and the shard's day.
 */
export const countShardKeys = (owner: string, linkId: string, day: string) => ({
  owner,
  link: linkId,
  day,
});
