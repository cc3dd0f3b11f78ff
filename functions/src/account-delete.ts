// Deleting an account and everything it owns (DELETE /api/account, account-api.ts), in the order
// that lets a call cut short be made again and finish the job: every step deletes what is still
// there, and the Firebase Auth user goes last, so until then its owner can sign in and ask again.
//
//   1. Its short links are retired at once: scans get "no longer active" and are no longer counted
//      (a redirect instance may still use its copy of a link for FRESH_MS, and writes a tally it
//      holds about a second later: hence the wait before step 4).
//   2. Its saved codes (users/{uid}, every collection under it).
//   3. Its hosted files, through the file store (their chunks, and their bytes from the quota):
//      those the files collection lists as its, and those its codes and links name, in case a
//      chunk outlived its file.
//   4. Each link's figures (counts, visitors) and password documents; then the link becomes a
//      tombstone: no owner, no code, no destination, only `deletedAt`, so /q/<id> keeps answering
//      410 "no longer active" and the id can never be minted again (link-sync.ts reads a minted id
//      first). Counts written since, found by their `owner`, go too.
//   5. accounts/{uid} (usage, trial and plan) and mail/{uid}.
//   6. Orders: an unpaid or cancelled one is deleted; a paid one is an invoice, which the company
//      must keep for five years (South Africa's Tax Administration Act): it keeps what an invoice
//      shows (number, date, plan, amount, the name it is made out to) and loses its owner and the
//      email address.
//   7. The Auth user.
//
// Every batch of writes holds at most BATCH_WRITES (Firestore takes 500).
import type { DeletionTally } from '../../src/domain/account-api';
import { hostedFilesFrom } from '../../src/domain/qr/hosting';
import { filesOf } from '../../src/domain/qr/link-policy';
import { accountPath } from '../../src/domain/records/accounts';
import { codesPath, userPath } from '../../src/domain/records/codes';
import { FILES } from '../../src/domain/records/files';
import { COUNTS } from '../../src/domain/records/link-counts';
import {
  LINK_PRIVATE,
  LINKS,
  linkTombstone,
  readLink,
  retiredLink,
} from '../../src/domain/records/links';
import { mailCounterPath } from '../../src/domain/records/mail';
import { ORDERS } from '../../src/domain/records/orders';
import {
  FieldValue,
  type Auth,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type WriteBatch,
} from './admin';
import type { FileStore } from './file-store';
import { FRESH_MS } from './link-reader';
import { FLUSH_MS } from './scan-counter';

export const BATCH_WRITES = 400;

/** How long after its links are retired an account's figures stop changing (see 1. above). */
export const LINK_SETTLE_MS = FRESH_MS + FLUSH_MS + 1_000;

/** A query of the Admin SDK (its type, without importing the SDK past admin.ts). */
type Query = ReturnType<ReturnType<Firestore['collection']>['where']>;

/** Deletes every document `query` finds, BATCH_WRITES at a time; how many it deleted. */
async function deleteFound(db: Firestore, query: Query): Promise<number> {
  let deleted = 0;
  for (;;) {
    // Only the references: the documents' fields are not needed to delete them.
    const page = await query.limit(BATCH_WRITES).select().get();
    if (page.empty) return deleted;
    const batch = db.batch();
    for (const document of page.docs) batch.delete(document.ref);
    await batch.commit();
    deleted += page.size;
  }
}

/**
 * Deletes the documents of every collection under `ref` (one level: no collection of the data
 * model nests deeper, see firestore.rules), then `ref` itself; how many documents were under it.
 */
async function deleteWithCollections(db: Firestore, ref: DocumentReference): Promise<number> {
  let deleted = 0;
  for (const collection of await ref.listCollections()) {
    deleted += await deleteFound(db, collection);
  }
  await ref.delete();
  return deleted;
}

/** Runs `write` on `items` in batches of at most BATCH_WRITES writes. */
async function inBatches<T>(
  db: Firestore,
  items: readonly T[],
  write: (batch: WriteBatch, item: T) => void,
) {
  for (let first = 0; first < items.length; first += BATCH_WRITES) {
    const batch = db.batch();
    for (const item of items.slice(first, first + BATCH_WRITES)) write(batch, item);
    await batch.commit();
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

export interface DeleteAccountDeps {
  readonly db: Firestore;
  readonly auth: Auth;
  readonly files: FileStore;
  /** How long to let counting stop after the links are retired (LINK_SETTLE_MS). */
  readonly settleMs?: number;
}

/** Deletes the account `uid` and what it owns (see the top); what went, and what was kept. */
export async function deleteAccount(
  { db, auth, files: store, settleMs = LINK_SETTLE_MS }: DeleteAccountDeps,
  uid: string,
): Promise<DeletionTally> {
  const linksOf = () => db.collection(LINKS).where('owner', '==', uid).get();

  // 1. Retire the live links.
  const owned = (await linksOf()).docs;
  const live = owned.filter((link) => readLink(link.id, link.data())?.deleted === false);
  await inBatches(db, live, (batch, link) =>
    batch.update(link.ref, retiredLink(FieldValue.serverTimestamp())),
  );
  const retiredAt = Date.now();

  // 2. The saved codes, noting the hosted files they name.
  const user = db.doc(userPath(uid));
  const hashes = new Set<string>();
  for (const code of (await db.collection(codesPath(uid)).get()).docs) {
    for (const file of Object.values(hostedFilesFrom(code.get('hosted')))) hashes.add(file.sha256);
  }
  const codes = await deleteWithCollections(db, user);

  // 3. The hosted files.
  for (const link of owned) {
    for (const sha256 of filesOf(readLink(link.id, link.data())?.destination ?? null)) {
      hashes.add(sha256);
    }
  }
  const stored = await db.collection(FILES).where('owner', '==', uid).select('sha256').get();
  for (const file of stored.docs) hashes.add(String(file.get('sha256')));
  let files = 0;
  for (const sha256 of hashes) if (await store.delete(uid, sha256)) files += 1;

  // 4. The links' figures and passwords, then the links as tombstones.
  if (live.length > 0) await wait(settleMs - (Date.now() - retiredAt));
  // Read again: a link the page asked for while this ran is the account's too.
  const links = (await linksOf()).docs;
  let figures = 0;
  for (const link of links) {
    for (const collection of await link.ref.listCollections()) {
      const deleted = await deleteFound(db, collection);
      if (collection.id !== LINK_PRIVATE) figures += deleted;
    }
  }
  await inBatches(db, links, (batch, link) =>
    batch.set(link.ref, linkTombstone(link.data() ?? {}, FieldValue.serverTimestamp())),
  );
  figures += await deleteFound(
    db,
    // The analysis' collection-group index (owner, day) serves this: every day is >= ''.
    db.collectionGroup(COUNTS).where('owner', '==', uid).where('day', '>=', ''),
  );

  // 5. The account's own documents.
  await deleteWithCollections(db, db.doc(accountPath(uid)));
  await deleteWithCollections(db, db.doc(mailCounterPath(uid)));

  // 6. Orders: invoices kept, detached from the account; the rest deleted.
  const orders = (await db.collection(ORDERS).where('owner', '==', uid).get()).docs;
  const invoices = orders.filter(isInvoice);
  await inBatches(db, orders, (batch, order) => {
    if (isInvoice(order)) {
      batch.update(order.ref, {
        owner: null,
        'customer.email': FieldValue.delete(),
        accountDeletedAt: FieldValue.serverTimestamp(),
      });
    } else {
      batch.delete(order.ref);
    }
  });

  // 7. The account itself.
  await auth.deleteUser(uid).catch((error: unknown) => {
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
  });

  return {
    codes,
    links: links.length,
    files,
    figures,
    orders: orders.length - invoices.length,
    invoicesKept: invoices.length,
  };
}

/** A paid order has an invoice number: the company must keep it. */
const isInvoice = (order: DocumentSnapshot) =>
  order.get('state') === 'paid' || order.get('invoiceNumber') != null;
