// Distinct visitors without tracking anyone, as privacy-first analytics do (Plausible's daily salt):
// a visitor is the SHA-256 of a salt, the client's address and its user agent, where the salt is
// random, made for one day only (salts/{day}, which no client can read) and deleted after it. The
// stored hash cannot be turned back into an address, nor linked to the same visitor on another
// day. A link's visitors of a day are documents dynamic/{id}/visitors/{day}_{hash}: creating one
// that exists fails, so each visitor counts once however many instances see them. Their
// `expireAt` lets a Firestore TTL policy delete them two days later (docs/short-links.md).
import { createHash, randomBytes } from 'node:crypto';
import { addDays } from '../../src/domain/qr/scan-time';
import { readSalt, SALTS, saltFields, saltPath } from '../../src/domain/records/visitors';
import { Timestamp, type Firestore } from './admin';

/** How long a visitor document and a salt are kept after their day (TTL and clean-up). */
export const KEEP_DAYS = 2;

export const expiryOf = (day: string) =>
  Timestamp.fromDate(new Date(`${addDays(day, KEEP_DAYS)}T00:00:00Z`));

export class DailySalts {
  private readonly salts = new Map<string, Promise<string>>();

  constructor(private readonly db: Firestore) {}

  /** The salt of `day`, made by whichever instance asks first. */
  get(day: string): Promise<string> {
    let salt = this.salts.get(day);
    if (!salt) {
      salt = this.load(day);
      salt.catch(() => this.salts.delete(day)); // asked again on the next flush
      this.salts.set(day, salt);
      for (const old of this.salts.keys()) if (old < addDays(day, -1)) this.salts.delete(old);
    }
    return salt;
  }

  private async load(day: string): Promise<string> {
    const ref = this.db.doc(saltPath(day));
    const salt = await this.db.runTransaction(async (transaction) => {
      const stored = readSalt((await transaction.get(ref)).data());
      if (stored !== null) return stored;
      const made = randomBytes(32).toString('base64');
      transaction.create(ref, saltFields(made, expiryOf(day)));
      return made;
    });
    // Salts of days gone are deleted, so no hash of theirs can be recomputed (best effort: the
    // TTL policy on expireAt deletes any left).
    const old = await this.db
      .collection(SALTS)
      .where('expireAt', '<', Timestamp.now())
      .limit(20)
      .get()
      .catch(() => null);
    await Promise.all(old?.docs.map((document) => document.ref.delete()) ?? []).catch(
      () => undefined,
    );
    return salt;
  }
}

/** What is stored of a visitor: the salted hash, 32 hex characters (128 bits). */
export const visitorHash = (salt: string, visitorKey: string) =>
  createHash('sha256').update(salt).update(visitorKey).digest('hex').slice(0, 32);
