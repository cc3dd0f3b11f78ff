// Passwords of dynamic codes, on the server only (see src/domain/qr/access.ts for what they do):
// kept as scrypt hashes in dynamic/{id}/private/password, a document no client can read; the
// browsers a right password let in carry a signed cookie; wrong passwords are counted per code and
// per client (a keyed hash of the address: no address is stored).
//
// The cookie is `__session`, the one cookie Firebase Hosting passes on to functions, scoped to
// /q/: `<payload>.<mac>`, the payload the unlocked links and until when, the mac an HMAC-SHA256
// under a random key kept in system/unlock (made by whichever instance needs it first).
import { createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { PASSWORD_ATTEMPTS, UNLOCK_HOURS } from '../../src/domain/qr/access';
import { FieldValue, Timestamp, type DocumentSnapshot, type Firestore } from './admin';

/** scrypt's cost: 2^15 iterations of 8 blocks, about 32 MB and 50-100 ms a hash. */
const SCRYPT = { N: 32_768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEY_LENGTH = 32;

export interface StoredPassword {
  readonly hash: string;
  readonly salt: string;
  readonly n: number;
  readonly r: number;
  readonly p: number;
}

const derive = (password: string, salt: Buffer, { n, r, p }: { n: number; r: number; p: number }) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, { N: n, r, p, maxmem: SCRYPT.maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

export async function hashPassword(password: string): Promise<StoredPassword> {
  const salt = randomBytes(16);
  const params = { n: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p };
  const key = await derive(password, salt, params);
  return { hash: key.toString('base64'), salt: salt.toString('base64'), ...params };
}

export async function passwordMatches(stored: StoredPassword, attempt: string): Promise<boolean> {
  const expected = Buffer.from(stored.hash, 'base64');
  const key = await derive(attempt, Buffer.from(stored.salt, 'base64'), stored);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

export const passwordRef = (db: Firestore, id: string) =>
  db.collection('dynamic').doc(id).collection('private').doc('password');

const COOKIE = '__session';
const UNLOCK_MS = UNLOCK_HOURS * 60 * 60 * 1000;

/** The key that signs unlock cookies and hides client addresses, shared by all instances. */
export class UnlockKey {
  private key: Promise<Buffer> | null = null;

  constructor(private readonly db: Firestore) {}

  get(): Promise<Buffer> {
    this.key ??= this.db
      .runTransaction(async (transaction) => {
        const ref = this.db.collection('system').doc('unlock');
        const stored = (await transaction.get(ref)).get('key') as unknown;
        if (typeof stored === 'string') return Buffer.from(stored, 'base64');
        const made = randomBytes(32);
        transaction.create(ref, { key: made.toString('base64') });
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

/** The links a request's cookie unlocks, with until when (ms); forged or expired ones left out. */
export function unlockedLinks(cookieHeader: string | undefined, key: Buffer, now: number) {
  const links = new Map<string, number>();
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
    const until = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    if (until && typeof until === 'object') {
      for (const [id, time] of Object.entries(until)) {
        if (typeof time === 'number' && time > now) links.set(id, time);
      }
    }
  } catch {
    // not ours: nothing unlocked
  }
  return links;
}

/** The Set-Cookie value that adds `id` to the links a browser may open until UNLOCK_HOURS on. */
export function unlockCookie(
  unlocked: ReadonlyMap<string, number>,
  id: string,
  key: Buffer,
  now: number,
  secure: boolean,
): string {
  // The newest 20 links at most: a cookie has room for about 4 KB.
  const entries = [...unlocked.entries(), [id, now + UNLOCK_MS] as const]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20);
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

const windowMs = PASSWORD_ATTEMPTS.windowMinutes * 60 * 1000;

/** Whether a count of attempts was started within the current window (else it starts again). */
const inWindow = (snapshot: DocumentSnapshot, now: number) => {
  const since = snapshot.get('since') as Timestamp | undefined;
  return since !== undefined && now - since.toMillis() < windowMs;
};

/** Wrong passwords of a code and of one client, in the current window. */
export class Attempts {
  constructor(private readonly db: Firestore) {}

  private refs(id: string, client: string) {
    const attempts = this.db.collection('dynamic').doc(id).collection('private');
    return { code: attempts.doc('attempts'), client: attempts.doc(`attempts-${client}`) };
  }

  /** Whether more attempts may be made now. */
  async allowed(id: string, client: string, now: number): Promise<boolean> {
    const refs = this.refs(id, client);
    const [code, mine] = await Promise.all([refs.code.get(), refs.client.get()]);
    const count = (snapshot: DocumentSnapshot) =>
      inWindow(snapshot, now) ? Number(snapshot.get('count') ?? 0) : 0;
    return count(code) < PASSWORD_ATTEMPTS.perCode && count(mine) < PASSWORD_ATTEMPTS.perClient;
  }

  /** Counts a wrong password, for the code and for the client. */
  async failed(id: string, client: string, now: number): Promise<void> {
    const { code, client: mine } = this.refs(id, client);
    await this.db.runTransaction(async (transaction) => {
      const counted = await Promise.all(
        [code, mine].map(async (ref) => ({ ref, snapshot: await transaction.get(ref) })),
      );
      for (const { ref, snapshot } of counted) {
        if (inWindow(snapshot, now)) transaction.update(ref, { count: FieldValue.increment(1) });
        else transaction.set(ref, { count: 1, since: Timestamp.fromMillis(now) });
      }
    });
  }
}

/** What the redirect needs to guard a locked link: the key, the attempts, the stored hashes. */
export class PasswordGate {
  readonly key: UnlockKey;
  readonly attempts: Attempts;

  constructor(private readonly db: Firestore) {
    this.key = new UnlockKey(db);
    this.attempts = new Attempts(db);
  }

  /** Whether `attempt` is the password of link `id` (false when it has none). */
  async matches(id: string, attempt: string): Promise<boolean> {
    const stored = (await passwordRef(this.db, id).get()).data() as StoredPassword | undefined;
    return stored ? passwordMatches(stored, attempt) : false;
  }
}
