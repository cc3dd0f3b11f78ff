// Counting scans without ever making a scan wait or fail. The redirect answers first; a scan is
// only added to a tally in the instance's memory (no I/O, microseconds). The tallies are written
// about once a second (FLUSH_MS) as increments:
//
// - one write per link and day per flush, whatever the number of scans in it, to one of
//   COUNT_SHARDS documents of that day picked at random, so that a link scanned by many instances
//   at once spreads its writes (Firestore sustains about one write a second per document; ten
//   shards and one write a second per instance keep a viral code far below that);
// - a visitor document per distinct visitor of the day (visitors.ts), the only write that grows
//   with the audience; distinct documents do not contend with each other.
//
// A failed flush keeps its tallies and is tried again later (1 s, doubling to 30 s), so a scan made
// while Firestore is unreachable is counted when it is back. A write that never settles is waited
// for rather than repeated, so nothing is counted twice. Only when an instance holds more than
// MAX_TALLIES link-days at once are further scans dropped, counted in `stats.lost` and logged:
// reported, never silent. When Cloud Functions shuts an instance down it sends SIGTERM first, and
// index.ts then flushes what is left.
//
// One client's repeated requests of one link within REPEAT_MS count once (a scan, a bot's fetch
// or a HEAD alike), whatever user agent each claims: a script cannot use up a code's scan limit
// or swell its figures by asking again and again. The client is the address the platform vouches
// for (client-address.ts), an IPv6 one by its /64. This memory is the instance's own: a client
// whose requests reach several instances counts once per instance and window (the `qr` function
// runs at most 20), which bounds a script to 40 counts a minute at the very worst.
//
// Cloud Functions (2nd gen) may throttle an instance's CPU once it has answered a request, so a
// flush that falls due is started while a request is being handled (flushIfDue), not only from the
// timer; under steady traffic every flush runs inside some request's time.
import { createHash } from 'node:crypto';
import {
  ALL_DAYS,
  COUNT_SHARDS,
  hourKey,
  mapKeys,
  UNKNOWN_PLACE,
  type DeviceClass,
  type OsFamily,
} from '../../src/domain/qr/scan-counts';
import { scanDay, scanHour } from '../../src/domain/qr/scan-time';
import { countShardKeys, countShardPath } from '../../src/domain/records/link-counts';
import { visitorFields, visitorPath } from '../../src/domain/records/visitors';
import { FieldValue, type Firestore, type WriteBatch } from './admin';
import type { RequestFacts } from './classify';
import { DailySalts, expiryOf, visitorHash } from './visitors';

export const FLUSH_MS = 1_000;
export const MAX_RETRY_MS = 30_000;
export const MAX_TALLIES = 100_000;
/** Distinct visitors remembered per link and day in an instance, to skip writes already made. */
export const MAX_SEEN_VISITORS = 10_000;
/** Firestore takes at most 500 writes in a batch; each tally makes two (its day, all time). */
const BATCH_TALLIES = 200;
/** Visitor documents created at once. */
const VISITOR_WRITES = 50;
/**
 * How long one client's repeated requests of one link count once. Half a minute: a person who
 * scans again because the page was slow, or to show a friend, is one visit; one who comes back
 * later counts again. Not longer, because a mobile network's carrier-grade NAT puts many phones
 * behind one address: two people behind it who scan the same code within the window count once.
 */
export const REPEAT_MS = 30_000;
/** Client-and-link pairs remembered at once per instance (the oldest forgotten first). */
export const MAX_RECENT = 50_000;

/** The owner and id of a link, as the counts documents name them. */
export interface CountedLink {
  readonly id: string;
  readonly owner: string;
  /**
   * Where it leads (the link's stored destination): a request after it leads somewhere new is
   * a visit of its own, not a repeat of the last one.
   */
  readonly destination?: object;
}

interface Tally {
  readonly link: CountedLink;
  readonly day: string;
  scans: number;
  qr: number;
  clicks: number;
  bots: number;
  heads: number;
  unique: number;
  devices: Partial<Record<DeviceClass, number>>;
  os: Partial<Record<OsFamily, number>>;
  hours: Record<string, number>;
  /** By country code (UNKNOWN_PLACE where none is known): the address itself is never kept. */
  countries: Record<string, number>;
  /** Visitor keys not yet resolved to "new today" or "seen". */
  visitors: Set<string>;
}

export interface CounterStats {
  /** Scans (and filtered requests) added to a tally. */
  recorded: number;
  /** Of them, written to Firestore. */
  written: number;
  /** Dropped: more link-days pending than MAX_TALLIES. */
  lost: number;
  /** Not counted: the same client's request of the same link within REPEAT_MS. */
  repeats: number;
  flushes: number;
  failedFlushes: number;
}

export interface CounterOptions {
  readonly flushMs?: number;
  readonly random?: () => number;
  readonly now?: () => number;
  /** Where a failure is reported (console.error in a function: Cloud Logging). */
  readonly log?: (message: string, detail: Record<string, unknown>) => void;
}

const add = <K extends string>(map: Partial<Record<K, number>>, key: K, by = 1) => {
  map[key] = (map[key] ?? 0) + by;
};

export class ScanCounter {
  private tallies = new Map<string, Tally>();
  private readonly seen = new Map<string, Set<string>>();
  private readonly salts: DailySalts;
  private flushing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private lastFlush = 0;
  private retryMs = 0;
  readonly stats: CounterStats = {
    recorded: 0,
    written: 0,
    lost: 0,
    repeats: 0,
    flushes: 0,
    failedFlushes: 0,
  };
  /** When each client's request of each link was last counted (ms), oldest first. */
  private readonly recent = new Map<string, number>();
  private readonly destinations = new WeakMap<object, string>();
  private readonly flushMs: number;
  private readonly random: () => number;
  private readonly now: () => number;
  private readonly log: NonNullable<CounterOptions['log']>;

  constructor(
    private readonly db: Firestore,
    options: CounterOptions = {},
  ) {
    this.salts = new DailySalts(db);
    this.flushMs = options.flushMs ?? FLUSH_MS;
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.log =
      options.log ??
      ((message, detail) =>
        console.error(JSON.stringify({ severity: 'ERROR', message, ...detail })));
  }

  /** A scan by a person, sent on to the link's target at `at`. */
  scan(link: CountedLink, at: Date, facts: RequestFacts) {
    if (this.repeated(link, at, 'scan', facts.clientKey)) return;
    const tally = this.tally(link, at);
    if (!tally) return;
    tally.scans += 1;
    if (facts.source === 'qr') tally.qr += 1;
    else tally.clicks += 1;
    add(tally.devices, facts.device);
    add(tally.os, facts.os);
    add(tally.hours, hourKey(scanHour(at)));
    add(tally.countries, facts.country ?? UNKNOWN_PLACE);
    if (tally.visitors.size < MAX_SEEN_VISITORS) tally.visitors.add(facts.visitorKey);
  }

  /** A request answered but not counted as a scan: a bot's, or a HEAD (`clientKey`: classify.ts). */
  filtered(link: CountedLink, at: Date, kind: 'bots' | 'heads', clientKey: string) {
    if (this.repeated(link, at, kind, clientKey)) return;
    const tally = this.tally(link, at);
    if (tally) tally[kind] += 1;
  }

  /**
   * Whether the client's request of the link (of this kind, to where it leads now) was counted
   * within REPEAT_MS before `at`; when not, it is remembered as counted now.
   */
  private repeated(link: CountedLink, at: Date, kind: string, clientKey: string): boolean {
    const key = `${link.id}|${kind}|${this.leadsTo(link)}|${clientKey.slice(0, 32)}`;
    const time = at.getTime();
    const last = this.recent.get(key);
    if (last !== undefined && time >= last && time - last < REPEAT_MS) {
      this.stats.repeats += 1;
      return true;
    }
    this.recent.delete(key); // set again last: a Map keeps the order of insertion
    this.recent.set(key, time);
    if (this.recent.size > MAX_RECENT) this.recent.delete(this.recent.keys().next().value!);
    return false;
  }

  /** A short fingerprint of where the link leads, worked out once per copy of the link read. */
  private leadsTo({ destination }: CountedLink): string {
    if (!destination) return '';
    let fingerprint = this.destinations.get(destination);
    if (fingerprint === undefined) {
      fingerprint = createHash('sha256')
        .update(JSON.stringify(destination))
        .digest('base64url')
        .slice(0, 12);
      this.destinations.set(destination, fingerprint);
    }
    return fingerprint;
  }

  /** Scans and filtered requests recorded and not yet written. */
  get pending(): number {
    return this.stats.recorded - this.stats.written - this.stats.lost;
  }

  /** Starts a flush when one is due and none runs: call it while handling a request. */
  flushIfDue() {
    if (this.tallies.size > 0 && !this.flushing && this.now() - this.lastFlush >= this.flushMs) {
      void this.flush();
    }
  }

  /**
   * Writes what is tallied now; resolves when that attempt has settled (a failure keeps the
   * tallies for the next one). While one runs, callers share it.
   */
  flush(): Promise<void> {
    if (!this.flushing) {
      this.flushing = this.flushOnce().finally(() => {
        this.flushing = null;
        this.schedule();
      });
    }
    return this.flushing;
  }

  /** Flushes until nothing is pending or `deadlineMs` has passed (shutdown, tests). */
  async drain(deadlineMs = 8_000): Promise<void> {
    const end = this.now() + deadlineMs;
    this.cancelTimer();
    while ((this.tallies.size > 0 || this.flushing) && this.now() < end) {
      await this.flush();
      if (this.tallies.size > 0 && this.retryMs > 0) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(this.retryMs, 1000)));
      }
    }
    this.cancelTimer();
  }

  private tally(link: CountedLink, at: Date): Tally | null {
    const day = scanDay(at);
    const key = `${link.id}|${day}`;
    let tally = this.tallies.get(key);
    if (!tally) {
      if (this.tallies.size >= MAX_TALLIES) {
        this.stats.recorded += 1;
        this.stats.lost += 1;
        this.log('scan lost: too many link-days waiting to be written', {
          link: link.id,
          lost: this.stats.lost,
        });
        return null;
      }
      tally = {
        link,
        day,
        scans: 0,
        qr: 0,
        clicks: 0,
        bots: 0,
        heads: 0,
        unique: 0,
        devices: {},
        os: {},
        hours: {},
        countries: {},
        visitors: new Set(),
      };
      this.tallies.set(key, tally);
    }
    this.stats.recorded += 1;
    this.schedule();
    return tally;
  }

  private schedule() {
    if (this.timer || this.flushing || this.tallies.size === 0) return;
    const wait = this.retryMs || Math.max(0, this.flushMs - (this.now() - this.lastFlush));
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, wait);
    this.timer.unref();
  }

  private cancelTimer() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async flushOnce(): Promise<void> {
    this.cancelTimer();
    this.lastFlush = this.now();
    if (this.tallies.size === 0) return;
    const taken = [...this.tallies.values()];
    this.tallies = new Map();
    this.stats.flushes += 1;
    const left = new Set(taken);
    try {
      await this.resolveVisitors(taken);
      for (let start = 0; start < taken.length; start += BATCH_TALLIES) {
        const chunk = taken.slice(start, start + BATCH_TALLIES);
        const batch = this.db.batch();
        for (const tally of chunk) this.write(batch, tally);
        await batch.commit();
        for (const tally of chunk) {
          left.delete(tally);
          this.stats.written += tally.scans + tally.bots + tally.heads;
        }
      }
      this.retryMs = 0;
    } catch (error) {
      this.stats.failedFlushes += 1;
      this.retryMs = Math.min(MAX_RETRY_MS, Math.max(this.flushMs, this.retryMs * 2));
      for (const tally of left) this.restore(tally);
      this.log('scan counts not written yet; trying again', {
        error: String(error),
        pending: this.pending,
        retryMs: this.retryMs,
      });
    }
  }

  /** Turns each tally's visitor keys into its count of visitors new today. */
  private async resolveVisitors(tallies: readonly Tally[]) {
    const jobs: (() => Promise<void>)[] = [];
    for (const tally of tallies) {
      if (tally.visitors.size === 0) continue;
      const salt = await this.salts.get(tally.day);
      const seenKey = `${tally.link.id}|${tally.day}`;
      let seen = this.seen.get(seenKey);
      if (!seen) {
        seen = new Set();
        this.seen.set(seenKey, seen);
      }
      const seenHere = seen;
      for (const visitorKey of tally.visitors) {
        const hash = visitorHash(salt, visitorKey);
        if (seenHere.has(hash)) {
          tally.visitors.delete(visitorKey);
          continue;
        }
        jobs.push(async () => {
          const ref = this.db.doc(visitorPath(tally.link.id, tally.day, hash));
          try {
            await ref.create(visitorFields(tally.day, expiryOf(tally.day)));
            tally.unique += 1;
          } catch (error) {
            if ((error as { code?: number }).code !== 6) throw error; // 6: ALREADY_EXISTS
          }
          tally.visitors.delete(visitorKey);
          if (seenHere.size < MAX_SEEN_VISITORS) seenHere.add(hash);
        });
      }
    }
    this.forgetOldDays();
    for (let start = 0; start < jobs.length; start += VISITOR_WRITES) {
      await Promise.all(jobs.slice(start, start + VISITOR_WRITES).map((job) => job()));
    }
  }

  private forgetOldDays() {
    const today = scanDay(new Date(this.now()));
    for (const key of this.seen.keys()) {
      if (key.slice(key.lastIndexOf('|') + 1) < today) this.seen.delete(key);
    }
  }

  /** The tally's increments, to its day's figures and to the link's figures of all time. */
  private write(batch: WriteBatch, tally: Tally) {
    const shard = Math.floor(this.random() * COUNT_SHARDS);
    const increments: Record<string, unknown> = {};
    for (const field of ['scans', 'unique', 'qr', 'clicks', 'bots', 'heads'] as const) {
      increments[field] = FieldValue.increment(tally[field]);
    }
    // A merge of an empty map would replace the stored one: only maps with counts are sent.
    for (const field of mapKeys) {
      const entries = Object.entries(tally[field] as Record<string, number>);
      if (entries.length > 0) {
        increments[field] = Object.fromEntries(
          entries.map(([key, value]) => [key, FieldValue.increment(value)]),
        );
      }
    }
    for (const day of [tally.day, ALL_DAYS]) {
      batch.set(
        this.db.doc(countShardPath(tally.link.id, day, shard)),
        { ...countShardKeys(tally.link.owner, tally.link.id, day), ...increments },
        { merge: true },
      );
    }
  }

  /** Puts a tally that was not written back, adding it to any made since. */
  private restore(tally: Tally) {
    const key = `${tally.link.id}|${tally.day}`;
    const now = this.tallies.get(key);
    if (!now) {
      this.tallies.set(key, tally);
      return;
    }
    for (const field of ['scans', 'qr', 'clicks', 'bots', 'heads', 'unique'] as const) {
      now[field] += tally[field];
    }
    for (const field of mapKeys) {
      for (const [name, value] of Object.entries(tally[field])) {
        add(now[field] as Record<string, number>, name, value);
      }
    }
    for (const visitor of tally.visitors) now.visitors.add(visitor);
  }
}
