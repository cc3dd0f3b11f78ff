// Passwords of dynamic codes, on the server only (see src/domain/qr/access.ts for what they do):
// kept as scrypt hashes in dynamic/{id}/private/password, a document no client can read; the
// browsers a right password let in carry a signed cookie, bound to that password's version;
// wrong passwords are counted per client, per peer and per code (keyed hashes of the addresses:
// no address is stored), each before it is checked.
//
// The cookie is `__session`, the one cookie Firebase Hosting passes on to functions, scoped to
// /q/: `<payload>.<mac>`, the payload the unlocked links with until when and which version of
// their password let them in, the mac an HMAC-SHA256 under a random key kept in system/unlock
// (made by whichever instance needs it first).
import { createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import {
  attemptAllowed,
  PASSWORD_ATTEMPTS,
  UNLOCK_HOURS,
  type AttemptCounts,
} from '../../src/domain/qr/access';
import { linkAttemptsPath, linkPasswordPath } from '../../src/domain/records/links';
import { readUnlockKey, UNLOCK_KEY_PATH, unlockKeyFields } from '../../src/domain/records/system';
import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
} from './admin';
import { networkOf, type ClientAddresses } from './client-address';

/** scrypt's cost: 2^15 iterations of 8 blocks, about 32 MB and 50-100 ms a hash. */
const SCRYPT = { N: 32_768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEY_LENGTH = 32;

/** scrypt's cost parameters, as a stored hash carries them. */
export interface HashCost {
  readonly n: number;
  readonly r: number;
  readonly p: number;
}

/**
 * The cost every password is hashed at, deployed. A test that checks dozens of guesses may set
 * its passwords cheaper (createLinkApi's passwordCost); a stored hash carries its own cost.
 */
export const PASSWORD_COST: HashCost = { n: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p };

export interface StoredPassword {
  readonly hash: string;
  readonly salt: string;
  readonly n: number;
  readonly r: number;
  readonly p: number;
  /**
   * Random, new with each password, also kept on the link (`passwordVersion`): an unlock
   * holds the version it was given for, so a new password asks every browser again. Passwords
   * set before versions have none ('').
   */
  readonly version?: string;
}

const derive = (password: string, salt: Buffer, { n, r, p }: { n: number; r: number; p: number }) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, { N: n, r, p, maxmem: SCRYPT.maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

export async function hashPassword(
  password: string,
  cost: HashCost = PASSWORD_COST,
): Promise<StoredPassword & { readonly version: string }> {
  const salt = randomBytes(16);
  const params = { n: cost.n, r: cost.r, p: cost.p };
  const key = await derive(password, salt, params);
  return {
    hash: key.toString('base64'),
    salt: salt.toString('base64'),
    ...params,
    version: randomBytes(6).toString('base64url'),
  };
}

export async function passwordMatches(stored: StoredPassword, attempt: string): Promise<boolean> {
  const expected = Buffer.from(stored.hash, 'base64');
  const key = await derive(attempt, Buffer.from(stored.salt, 'base64'), stored);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

export const passwordRef = (db: Firestore, id: string) => db.doc(linkPasswordPath(id));

const COOKIE = '__session';
const UNLOCK_MS = UNLOCK_HOURS * 60 * 60 * 1000;

/** The key that signs unlock cookies and hides client addresses, shared by all instances. */
export class UnlockKey {
  private key: Promise<Buffer> | null = null;

  constructor(private readonly db: Firestore) {}

  get(): Promise<Buffer> {
    this.key ??= this.db
      .runTransaction(async (transaction) => {
        const ref = this.db.doc(UNLOCK_KEY_PATH);
        const stored = readUnlockKey((await transaction.get(ref)).data());
        if (stored !== null) return Buffer.from(stored, 'base64');
        const made = randomBytes(32);
        transaction.create(ref, unlockKeyFields(made.toString('base64')));
        return made;
      })
      .catch((error: unknown) => {
        this.key = null;
        throw error;
      });
    return this.key;
  }
}

const mac = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(payload).digest('base64url');

/** A link a browser may open: until when (ms), and for which version of its password. */
export interface Unlock {
  readonly until: number;
  readonly version: string;
}

/** The links a request's cookie unlocks; forged or expired ones left out. */
export function unlockedLinks(cookieHeader: string | undefined, key: Buffer, now: number) {
  const links = new Map<string, Unlock>();
  const value = cookieHeader
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  const [payload, signature] = value?.split('.') ?? [];
  if (!payload || !signature) return links;
  const expected = Buffer.from(mac(key, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return links;
  try {
    const unlocked = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    if (unlocked && typeof unlocked === 'object') {
      for (const [id, entry] of Object.entries(unlocked)) {
        // [until, version]; a cookie given before versions holds the time alone.
        const [until, version] = Array.isArray(entry) ? (entry as unknown[]) : [entry, ''];
        if (typeof until === 'number' && until > now && typeof version === 'string') {
          links.set(id, { until, version });
        }
      }
    }
  } catch {
    // not ours: nothing unlocked
  }
  return links;
}

/**
 * The Set-Cookie value that adds `id`, unlocked by its password of `version`, to the links a
 * browser may open until UNLOCK_HOURS on.
 */
export function unlockCookie(
  unlocked: ReadonlyMap<string, Unlock>,
  id: string,
  version: string,
  key: Buffer,
  now: number,
  secure: boolean,
): string {
  // The newest 20 links at most: a cookie has room for about 4 KB.
  const entries = [
    ...[...unlocked.entries()].filter(([other]) => other !== id),
    [id, { until: now + UNLOCK_MS, version }] as const,
  ]
    .sort((a, b) => b[1].until - a[1].until)
    .slice(0, 20)
    .map(([link, { until, version: its }]) => [link, [until, its]] as const);
  const payload = Buffer.from(JSON.stringify(Object.fromEntries(entries))).toString('base64url');
  return [
    `${COOKIE}=${payload}.${mac(key, payload)}`,
    'Path=/q/',
    `Max-Age=${UNLOCK_HOURS * 60 * 60}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** A client's key for counting its attempts: a keyed hash of its address, never the address. */
export const clientKey = (key: Buffer, address: string) =>
  createHmac('sha256', key).update(`client:${address}`).digest('hex').slice(0, 24);

/** Who is guessing, as counted: keyed hashes of the client's network and of the peer's. */
export interface Guesser {
  readonly client: string;
  /** null: the peer is the client itself (no proxy wrote an entry), counted once. */
  readonly peer: string | null;
}

/** The keys a guess is counted under, from the addresses the server trusts (client-address.ts). */
export function guesserOf(key: Buffer, { client, peer }: ClientAddresses): Guesser {
  const [clientNetwork, peerNetwork] = [networkOf(client), networkOf(peer)];
  return {
    client: clientKey(key, clientNetwork),
    peer:
      peerNetwork === clientNetwork
        ? null
        : createHmac('sha256', key).update(`peer:${peerNetwork}`).digest('hex').slice(0, 24),
  };
}

const windowMs = PASSWORD_ATTEMPTS.windowMinutes * 60 * 1000;

/** When the count's window started, if it is the current one (else it starts again). */
const windowOf = (snapshot: DocumentSnapshot, now: number): number | null => {
  const since = snapshot.get('since') as Timestamp | undefined;
  return since !== undefined && now - since.toMillis() < windowMs ? since.toMillis() : null;
};

const countIn = (snapshot: DocumentSnapshot, now: number) =>
  windowOf(snapshot, now) === null ? 0 : Number(snapshot.get('count') ?? 0);

/** A guess counted before it is checked: the counts it went into, by the window of each. */
export interface Reservation {
  readonly counted: readonly { readonly ref: DocumentReference; readonly since: number }[];
}

/**
 * Wrong passwords of a code, in the current window (PASSWORD_ATTEMPTS): of each client, each
 * peer, and of everyone, in dynamic/{id}/private/attempts*. A guess is counted before the slow
 * hash checks it, in one transaction with the check of the counts, so however many guesses
 * arrive at once (on however many instances), no more are checked than the limits allow; a
 * right one is taken back off.
 */
export class Attempts {
  /** The last reservation of each peer in this instance: the next waits for it. */
  private readonly turns = new Map<string, Promise<unknown>>();

  constructor(private readonly db: Firestore) {}

  private refs(id: string, { client, peer }: Guesser) {
    return {
      code: this.db.doc(linkAttemptsPath(id, null)),
      client: this.db.doc(linkAttemptsPath(id, client)),
      peer: peer === null ? null : this.db.doc(linkAttemptsPath(id, `peer-${peer}`)),
    };
  }

  /**
   * Runs `work` after the guesser's earlier work in this instance has settled. One peer's guesses
   * (and so one client's) take turns here rather than in Firestore, where a burst of transactions
   * on the same counts would make each other wait and fail; the transaction still holds the counts
   * across instances.
   */
  private inTurn<T>({ client, peer }: Guesser, work: () => Promise<T>): Promise<T> {
    const key = peer ?? client;
    const mine = (this.turns.get(key) ?? Promise.resolve()).then(work, work);
    const settled = mine.catch(() => undefined);
    this.turns.set(key, settled);
    void settled.then(() => {
      if (this.turns.get(key) === settled) this.turns.delete(key);
    });
    return mine;
  }

  /**
   * Counts a guess at the password of `id`, or refuses it (null) when the counts are used up.
   * The code's own count is read outside the transaction while its window runs: every guess at
   * the code would otherwise wait on the one document, a visitor's behind a script's. It decides
   * only whether the code is being guessed at, which guesses already in flight at that moment
   * (a few) do not change; it is still counted exactly, as an increment.
   */
  reserve(id: string, guesser: Guesser, now: number): Promise<Reservation | null> {
    return this.inTurn(guesser, () => this.reserveNow(id, guesser, now));
  }

  private async reserveNow(id: string, guesser: Guesser, now: number): Promise<Reservation | null> {
    const refs = this.refs(id, guesser);
    const seen = await refs.code.get();
    try {
      return await this.db.runTransaction(async (transaction) => {
        // A window starting (or none yet) is read in the transaction, so it starts only once.
        const code = windowOf(seen, now) === null ? await transaction.get(refs.code) : seen;
        const [client, peer] = await Promise.all([
          transaction.get(refs.client),
          refs.peer ? transaction.get(refs.peer) : null,
        ]);
        const counts: AttemptCounts = {
          client: countIn(client, now),
          peer: peer ? countIn(peer, now) : 0,
          code: countIn(code, now),
        };
        if (!attemptAllowed(counts)) return null;
        const counted: { ref: DocumentReference; since: number }[] = [];
        const count = (ref: DocumentReference, snapshot: DocumentSnapshot) => {
          const since = windowOf(snapshot, now);
          if (since === null) {
            transaction.set(ref, { count: 1, since: Timestamp.fromMillis(now) });
          } else {
            transaction.update(ref, { count: FieldValue.increment(1) });
          }
          counted.push({ ref, since: since ?? now });
        };
        count(refs.client, client);
        if (refs.peer && peer) count(refs.peer, peer);
        count(refs.code, code);
        return { counted };
      });
    } catch (error) {
      // The transaction lost to others on the same counts too often (a burst of guesses across
      // instances): refused like one over the limit, never checked uncounted.
      if ((error as { code?: number }).code === ABORTED) return null;
      throw error;
    }
  }

  /** Takes a right password's guess back off the counts it went into (best effort). */
  release(guesser: Guesser, { counted }: Reservation, now: number): Promise<void> {
    return this.inTurn(guesser, () =>
      this.db.runTransaction(async (transaction) => {
        const snapshots = await Promise.all(counted.map(({ ref }) => transaction.get(ref)));
        counted.forEach(({ ref, since }, index) => {
          const snapshot = snapshots[index];
          if (windowOf(snapshot, now) === since && Number(snapshot.get('count') ?? 0) > 0) {
            transaction.update(ref, { count: FieldValue.increment(-1) });
          }
        });
      }),
    );
  }
}

/** gRPC's ABORTED: a transaction that kept losing to concurrent ones. */
const ABORTED = 10;

/** What the redirect needs to guard a locked link: the key, the attempts, the stored hashes. */
export class PasswordGate {
  readonly key: UnlockKey;
  readonly attempts: Attempts;

  constructor(private readonly db: Firestore) {
    this.key = new UnlockKey(db);
    this.attempts = new Attempts(db);
  }

  /**
   * The version of link `id`'s password when `attempt` is that password; null when it is not
   * (or the link has none).
   */
  async versionOpenedBy(id: string, attempt: string): Promise<string | null> {
    const stored = (await passwordRef(this.db, id).get()).data() as StoredPassword | undefined;
    if (!stored || !(await passwordMatches(stored, attempt))) return null;
    return stored.version ?? '';
  }
}
