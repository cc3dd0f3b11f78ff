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
import { destinationOf, type LinkView } from '../../../domain/qr/link-policy';
import { sumCounts, type ScanCounts } from '../../../domain/qr/scan-counts';

/** What the owner sees of a short link: the code it belongs to, and its state. */
export interface DynamicLink extends LinkView {
  /** The saved code (users/{uid}/codes/{code}) it belongs to. */
  readonly code: string;
}

/** The user's short links, live, keyed by the id of the code each belongs to. */
export function watchDynamicLinks(
  db: Firestore,
  uid: string,
  onChange: (links: ReadonlyMap<string, DynamicLink>) => void,
  onError: (error: FirestoreError) => void,
): Unsubscribe {
  return onSnapshot(
    query(collection(db, 'dynamic'), where('owner', '==', uid)),
    (snapshot) => {
      const links = new Map<string, DynamicLink>();
      for (const document of snapshot.docs) {
        const data = document.data();
        const destination = destinationOf(data);
        if (typeof data.code !== 'string' || !destination) continue;
        const link: DynamicLink = {
          id: document.id,
          code: data.code,
          destination,
          deleted: data.deletedAt != null,
          disabled: data.disabled != null && data.disabled !== false,
          locked: data.locked === true,
          passwordSet: data.passwordSet === true,
        };
        // A code has one link; should an older retired one linger, the live one wins.
        const known = links.get(link.code);
        if (!known || (known.deleted && !link.deleted)) links.set(link.code, link);
      }
      onChange(links);
    },
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
    query(collectionGroup(db, 'counts'), where('owner', '==', uid), where('day', '>=', fromDay)),
    (snapshot) => {
      const shards = new Map<string, Map<string, unknown[]>>();
      for (const document of snapshot.docs) {
        const data = document.data();
        if (typeof data.link !== 'string' || typeof data.day !== 'string') continue;
        const days = shards.get(data.link) ?? new Map<string, unknown[]>();
        shards.set(data.link, days);
        days.set(data.day, [...(days.get(data.day) ?? []), data]);
      }
      const counts = new Map<string, LinkDays>();
      for (const [link, days] of shards) {
        counts.set(
          link,
          new Map([...days].map(([day, parts]) => [day, sumCounts(parts)] as const)),
        );
      }
      onChange(counts);
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
    query(collection(db, 'dynamic', linkId, 'counts'), where('owner', '==', uid)),
  );
  const shards = new Map<string, unknown[]>();
  for (const document of snapshot.docs) {
    const data = document.data();
    if (typeof data.day !== 'string') continue;
    shards.set(data.day, [...(shards.get(data.day) ?? []), data]);
  }
  return new Map([...shards].map(([day, parts]) => [day, sumCounts(parts)] as const));
}
