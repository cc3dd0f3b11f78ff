// The short links of the user's dynamic codes, as the server keeps them (dynamic/{id}, see
// firestore.rules): read here, never written. The server makes, points and retires them when
// asked (link-sync.ts, POST /api/links), and the redirect function counts their scans into
// dynamic/{id}/counts, which are read here too, all of the user's links at once.
import {
  collection,
  collectionGroup,
  getDocsFromServer,
  onSnapshot,
  query,
  where,
  type Firestore,
  type FirestoreError,
  type Unsubscribe,
} from '../../../lib/firestore/firestore-core';
import type { ScanCounts } from '../../../domain/qr/scan-counts';
import {
  COUNTS,
  countsByDay,
  linkCountsPath,
  readCountShard,
  type CountShard,
} from '../../../domain/records/link-counts';
import { LINKS, linksByCode, type CodeLink } from '../../../domain/records/links';

/** What the owner sees of a short link: the code it belongs to, and its state. */
export type DynamicLink = CodeLink;

/** The user's short links, live, keyed by the id of the code each belongs to. */
export function watchDynamicLinks(
  db: Firestore,
  uid: string,
  onChange: (links: ReadonlyMap<string, DynamicLink>) => void,
  onError: (error: FirestoreError) => void,
): Unsubscribe {
  return onSnapshot(
    query(collection(db, LINKS), where('owner', '==', uid)),
    (snapshot) => onChange(linksByCode(snapshot.docs)),
    onError,
  );
}

/** A link's figures, by day ('YYYY-MM-DD', South African days), summed over the day's shards. */
export type LinkDays = ReadonlyMap<string, ScanCounts>;

/**
 * The scan figures of all the user's links from `fromDay` on, live: link id to its days.
 * Needs the collection-group index of firestore.indexes.json (owner, day).
 */
export function watchScanCounts(
  db: Firestore,
  uid: string,
  fromDay: string,
  onChange: (counts: ReadonlyMap<string, LinkDays>) => void,
  onError: (error: FirestoreError) => void,
): Unsubscribe {
  return onSnapshot(
    query(collectionGroup(db, COUNTS), where('owner', '==', uid), where('day', '>=', fromDay)),
    (snapshot) => {
      const shards = new Map<string, CountShard[]>();
      for (const document of snapshot.docs) {
        const shard = readCountShard(document.data());
        if (!shard?.link) continue;
        shards.set(shard.link, [...(shards.get(shard.link) ?? []), shard]);
      }
      onChange(new Map([...shards].map(([link, parts]) => [link, countsByDay(parts)] as const)));
    },
    onError,
  );
}

/**
 * All of one link's figures, read once (for a download of its daily figures): every day it was
 * counted, and ALL_DAYS, each summed over its shards. The rules let the owner list them only with
 * `where owner == <uid>`. From the server only: the device holds the last few months at most, and
 * a file of part of the figures would pass for all of them; offline it fails ('unavailable').
 */
export async function readLinkCounts(
  db: Firestore,
  uid: string,
  linkId: string,
): Promise<LinkDays> {
  const snapshot = await getDocsFromServer(
    query(collection(db, linkCountsPath(linkId)), where('owner', '==', uid)),
  );
  return countsByDay(snapshot.docs.flatMap((document) => readCountShard(document.data()) ?? []));
}
