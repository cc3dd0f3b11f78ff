// Reading a short link for the redirect, with a short memory in the function's instance: a code
// on a poster is scanned many times a second, and each scan should not wait on a database read;
// and when Firestore is briefly unreachable, a link read recently keeps redirecting from memory
// instead of failing the scan.
//
// - A link read less than FRESH_MS ago is used as it is: a retarget, a delete or a switch-off
//   reaches an instance within that time.
// - Otherwise it is read again, at most once at a time per link (concurrent scans share the read),
//   giving up after READ_TIMEOUT_MS when a stale copy can answer instead, or after
//   FIRST_READ_TIMEOUT_MS when none can (a new instance's first read also sets up its Firestore
//   client: better a slow answer than none).
// - A failed or timed-out read falls back to what was read within STALE_MS; only a link this
//   instance has not read in that time answers "try again in a moment".
// - After a failed read, for UNREACHABLE_MS, stale copies answer at once (a read goes on in the
//   background to notice Firestore's return), so an outage does not make every scan wait.
import type { Destination } from '../../src/domain/qr/landing';
import { ALL_DAYS } from '../../src/domain/qr/scan-counts';
import { linkCountsPath } from '../../src/domain/records/link-counts';
import {
  linkPath,
  readLink,
  type LinkRecord as LinkDocument,
} from '../../src/domain/records/links';
import type { Firestore } from './admin';

export const FRESH_MS = 5_000;
/** A missing link is remembered for less: a link made a moment ago should work at once. */
export const MISSING_MS = 1_000;
export const STALE_MS = 24 * 60 * 60 * 1000;
export const READ_TIMEOUT_MS = 1_500;
export const FIRST_READ_TIMEOUT_MS = 10_000;
export const UNREACHABLE_MS = 5_000;
/** Links remembered at most per instance (the least recently read go first). */
export const CACHE_SIZE = 10_000;

/** What the redirect needs of a link: the stored link, which leads somewhere, and its scans. */
export interface LinkRecord extends Omit<
  LinkDocument,
  'code' | 'destination' | 'watched' | 'health'
> {
  readonly destination: Destination;
  /**
   * Its scans of all time as stored, read with the link when it has a scan limit (schedule.ts);
   * 0 otherwise. The scans an instance has tallied but not yet written come on top: the limit
   * holds to within a few seconds' scans.
   */
  readonly scans: number;
}

/** Firestore could not be read and the link was not read recently: the scan cannot be answered. */
export class LinkUnavailable extends Error {
  constructor(id: string, cause: unknown) {
    super(`Short link ${id} could not be read: ${String(cause)}`, { cause });
    this.name = 'LinkUnavailable';
  }
}

/** A link document as the redirect reads it; null when it lacks an owner or a destination. */
export function linkRecord(id: string, data: unknown): LinkRecord | null {
  const link = readLink(id, data);
  if (!link?.destination) return null;
  const { owner, destination, deleted, disabled, locked, passwordSet, passwordVersion } = link;
  return {
    id,
    owner,
    destination,
    deleted,
    disabled,
    locked,
    passwordSet,
    passwordVersion,
    scans: 0,
  };
}

interface Entry {
  readonly link: LinkRecord | null;
  readonly readAt: number;
}

export interface ReaderStats {
  /** Scans answered from memory because Firestore could not be read. */
  servedStale: number;
  /** Reads that failed or timed out. */
  failedReads: number;
}

export interface ReaderOptions {
  readonly freshMs: number;
  /** How long to wait for a read when a stale copy could answer instead. */
  readonly timeoutMs: number;
  /** How long to wait for a read when nothing else can answer. */
  readonly firstTimeoutMs?: number;
}

export class LinkReader {
  private readonly entries = new Map<string, Entry>();
  private readonly reading = new Map<string, Promise<LinkRecord | null>>();
  /** Until when stale copies answer without waiting, after a failed read. */
  private unreachableUntil = 0;
  readonly stats: ReaderStats = { servedStale: 0, failedReads: 0 };

  constructor(
    private readonly db: Firestore,
    private readonly now: () => number = Date.now,
    private readonly options: ReaderOptions = { freshMs: FRESH_MS, timeoutMs: READ_TIMEOUT_MS },
  ) {}

  /** The link `id`, or null when there is none. Throws LinkUnavailable (see the top). */
  async read(id: string): Promise<LinkRecord | null> {
    const entry = this.entries.get(id);
    const age = entry ? this.now() - entry.readAt : Infinity;
    const freshFor = entry?.link
      ? this.options.freshMs
      : Math.min(MISSING_MS, this.options.freshMs);
    if (entry && age < freshFor) return entry.link;
    const stale = entry && age < STALE_MS ? entry : null;
    if (stale && this.now() < this.unreachableUntil) {
      this.readShared(id, this.options.timeoutMs).catch(() => undefined);
      this.stats.servedStale += 1;
      return stale.link;
    }
    try {
      const timeout = stale
        ? this.options.timeoutMs
        : (this.options.firstTimeoutMs ?? FIRST_READ_TIMEOUT_MS);
      return await this.readShared(id, timeout);
    } catch (error) {
      this.stats.failedReads += 1;
      this.unreachableUntil = this.now() + UNREACHABLE_MS;
      if (stale) {
        this.stats.servedStale += 1;
        return stale.link;
      }
      throw new LinkUnavailable(id, error);
    }
  }

  /** The link read from Firestore, sharing a read in progress; waits at most `timeoutMs`. */
  private async readShared(id: string, timeoutMs: number): Promise<LinkRecord | null> {
    let pending = this.reading.get(id);
    if (!pending) {
      pending = this.db
        .doc(linkPath(id))
        .get()
        .then(async (snapshot) => {
          let link = linkRecord(id, snapshot.data());
          if (link?.destination.schedule?.maxScans != null) {
            link = { ...link, scans: await this.scansOf(id) };
          }
          this.remember(id, link);
          this.unreachableUntil = 0;
          return link;
        })
        .finally(() => this.reading.delete(id));
      pending.catch(() => undefined);
      this.reading.set(id, pending);
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([pending, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The link's scans of all time, summed over its shards (scan-counts.ts). */
  private async scansOf(id: string): Promise<number> {
    const shards = await this.db.collection(linkCountsPath(id)).where('day', '==', ALL_DAYS).get();
    return shards.docs.reduce((sum, shard) => {
      const scans: unknown = shard.get('scans');
      return sum + (typeof scans === 'number' ? scans : 0);
    }, 0);
  }

  private remember(id: string, link: LinkRecord | null) {
    this.entries.delete(id); // set again last: a Map keeps the order of insertion
    this.entries.set(id, { link, readAt: this.now() });
    if (this.entries.size > CACHE_SIZE) {
      this.entries.delete(this.entries.keys().next().value!);
    }
  }
}
