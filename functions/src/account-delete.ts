// Deleting an account (DELETE /api/account, account-api.ts), in the order that lets a call cut short
// be made again and finish the job: every step deletes what is still there, and the Firebase Auth
// user goes last, so until then its owner can sign in and ask again.
//
// The account is a workspace, and its person may be a member of others. What becomes of each is
// decided by the domain (src/domain/account-deletion.ts), in one transaction over the member
// documents it read, which also makes the changes to the people: so a member leaving or joining at
// the same moment cannot leave a workspace with members and no owner.
//
//   0. The plan. Refused ('last-owner', nothing changed) while the person is the last owner of a
//      workspace others work in. Otherwise, in the transaction: their member documents in other
//      workspaces are deleted (with any ownership offered to them), and their choice of emails in
//      each workspace that stays (records/notices.ts); a workspace that stays with
//      its other owners gets, on every member document, that its account is gone and the address
//      it goes by now (the person's own address, which named it, goes with them), and its terms
//      are stored (the trial's start is read from Auth until then: the workspace outlives the
//      Auth user); a workspace that goes loses its pending invites, so nobody joins it meanwhile.
//   Each workspace that goes with the account (its own when nobody else works in it; a team whose
//   own account was deleted before and whose last person this is):
//   1. Its short links are retired at once: scans get "no longer active" and are no longer counted
//      (a redirect instance may still use its copy of a link for FRESH_MS, and writes a tally it
//      holds about a second later: hence the wait before step 4).
//   2. Its saved codes and the history of its printed codes (under users/{workspace}).
//   3. Its hosted files, through the file store (their chunks, and their bytes from the quota):
//      those the files collection lists as its, and those its codes and links name, in case a
//      chunk outlived its file.
//   4. Each link's figures (counts, visitors) and password documents; then the link becomes a
//      tombstone: no owner, no code, no destination, only `deletedAt`, so /q/<id> keeps answering
//      410 "no longer active" and the id can never be minted again (link-sync.ts reads a minted id
//      first). Counts written since, found by their `owner`, go too.
//   5. accounts/{workspace} (usage, trial and plan), mail/{workspace} and its invites.
//   6. Orders: an unpaid or cancelled one is deleted; a paid one is an invoice, which the company
//      must keep for five years (South Africa's Tax Administration Act): it keeps what an invoice
//      shows (number, date, plan, amount, the name it is made out to) and loses its owner and the
//      email address.
//   Its members last (a team's last person among them): a call cut short still finds the team
//   through the person's member document, and finishes it.
//   For its own workspace that stays: its orders lose the person's email address (an invoice
//   keeps the name it is made out to); everything else is the workspace's and stays.
//   6b. The person's custom PC builds (a build is a person's, not a workspace's): one whose order
//      was paid is the company's record of what it sold and built, kept as its invoice is, without
//      its owner, the customer's name and address, or the thread; any other is deleted.
//   7. The Auth user.
//
// Every batch of writes holds at most BATCH_WRITES (Firestore takes 500).
import type { DeletionTally } from '../../src/domain/account-api';
import {
  answerableTeams,
  planDeletion,
  type Blocking,
  type Colleague,
  type DeletionPlan,
} from '../../src/domain/account-deletion';
import { hostedFilesFrom } from '../../src/domain/qr/hosting';
import { filesOf } from '../../src/domain/qr/link-policy';
import { accountPath } from '../../src/domain/records/accounts';
import { CODES, codesPath, userPath } from '../../src/domain/records/codes';
import { FILES } from '../../src/domain/records/files';
import { COUNTS } from '../../src/domain/records/link-counts';
import {
  LINK_PRIVATE,
  LINKS,
  linkTombstone,
  readLink,
  retiredLink,
} from '../../src/domain/records/links';
import { INVITES, readInvite } from '../../src/domain/records/invites';
import { mailCounterPath } from '../../src/domain/records/mail';
import {
  holderGoneFields,
  MEMBERS,
  memberPath,
  membersPath,
  readMember,
  type Member,
} from '../../src/domain/records/members';
import { noticePath } from '../../src/domain/records/notices';
import { ORDERS } from '../../src/domain/records/orders';
import { BUILDS } from '../../src/domain/records/builds';
import { buildStepIds, type BuildStep } from '../../src/domain/pc-builds';
import { isPending } from '../../src/domain/team-invites';
import {
  FieldValue,
  type Auth,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
  type WriteBatch,
} from './admin';
import type { FileStore } from './file-store';
import { FRESH_MS } from './link-reader';
import { FLUSH_MS } from './scan-counter';
import { AccountTermsReader } from './terms';

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

/** What a deletion did, or what held it back (nothing was changed then). */
export type DeletionOutcome =
  | {
      readonly ok: true;
      readonly removed: DeletionTally;
      /** The account's own workspace stays with its other owners. */
      readonly workspaceKept: boolean;
    }
  | { readonly ok: false; readonly blocking: readonly Blocking[] };

/** The members of `workspace` as `transaction` reads them. */
async function membersIn(db: Firestore, transaction: Transaction, workspace: string) {
  const found = await transaction.get(db.collection(membersPath(workspace)));
  return found.docs.flatMap((doc): Member[] => {
    const member = readMember(workspace, doc.id, doc.data());
    return member ? [member] : [];
  });
}

/**
 * Step 0 (see the top): the plan, from the member documents read in one transaction, and the
 * changes to the people it makes in that transaction. Nothing is written when it is refused.
 */
function settlePeople(db: Firestore, terms: AccountTermsReader, uid: string) {
  return db.runTransaction(async (transaction): Promise<DeletionPlan> => {
    // Every read before the first write, as a transaction must.
    const ownMembers = await membersIn(db, transaction, uid);
    const memberships = (
      await transaction.get(db.collectionGroup(MEMBERS).where('uid', '==', uid))
    ).docs.flatMap((doc): Member[] => {
      const workspace = doc.ref.parent.parent?.id;
      const member = workspace ? readMember(workspace, uid, doc.data()) : null;
      return member ? [member] : [];
    });
    const teams = new Map<string, readonly Colleague[]>();
    for (const team of answerableTeams(memberships)) {
      teams.set(team.workspace, await membersIn(db, transaction, team.workspace));
    }
    const plan = planDeletion(uid, ownMembers, memberships, teams);
    if (plan.blocking.length > 0) return plan;

    const invites = [];
    for (const workspace of plan.deleted) {
      const found = await transaction.get(
        db.collection(INVITES).where('workspace', '==', workspace),
      );
      const now = Date.now();
      invites.push(
        ...found.docs.filter((doc) => {
          const invite = readInvite(doc.data());
          return invite !== null && isPending(invite, now);
        }),
      );
    }
    const ownKept = plan.own.kind === 'kept';
    const accountRef = db.doc(accountPath(uid));
    const termsToStore = ownKept
      ? (await terms.termsIn(uid, await transaction.get(accountRef))).store
      : null;

    // Their member documents, and their own choice of emails in each workspace that stays.
    for (const member of plan.leaving) {
      transaction.delete(db.doc(memberPath(member.workspace, uid)));
      transaction.delete(db.doc(noticePath(member.workspace, uid)));
    }
    if (ownKept) transaction.delete(db.doc(noticePath(uid, uid)));
    for (const { workspace, name, members } of plan.kept) {
      for (const member of members) {
        transaction.update(db.doc(memberPath(workspace, member.uid)), holderGoneFields(name));
      }
    }
    if (termsToStore) transaction.set(accountRef, termsToStore, { merge: true });
    for (const invite of invites) transaction.delete(invite.ref);
    return plan;
  });
}

const noneRemoved: DeletionTally = {
  codes: 0,
  links: 0,
  files: 0,
  figures: 0,
  orders: 0,
  invoicesKept: 0,
  memberships: 0,
};

const sum = (a: DeletionTally, b: DeletionTally): DeletionTally => ({
  codes: a.codes + b.codes,
  links: a.links + b.links,
  files: a.files + b.files,
  figures: a.figures + b.figures,
  orders: a.orders + b.orders,
  invoicesKept: a.invoicesKept + b.invoicesKept,
  memberships: a.memberships + b.memberships,
});

/** Deletes the account `uid`, and the workspaces that go with it (see the top). */
export async function deleteAccount(
  deps: DeleteAccountDeps,
  uid: string,
): Promise<DeletionOutcome> {
  const { db, auth } = deps;
  const plan = await settlePeople(db, new AccountTermsReader(db, auth), uid);
  if (plan.blocking.length > 0) return { ok: false, blocking: plan.blocking };

  let removed = { ...noneRemoved, memberships: plan.leaving.length };
  for (const workspace of plan.deleted) {
    removed = sum(removed, await deleteWorkspace(deps, workspace));
  }

  const workspaceKept = plan.own.kind === 'kept';
  if (workspaceKept) {
    const email = (await auth.getUser(uid).catch(() => null))?.email;
    if (email) await forgetOrderEmail(db, uid, email);
  }

  await forgetBuilds(db, uid);

  // 7. The account itself.
  await auth.deleteUser(uid).catch((error: unknown) => {
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
  });
  return { ok: true, removed, workspaceKept };
}

/** Step 6b (see the top): the person's builds, paid ones kept without them, the rest deleted. */
async function forgetBuilds(db: Firestore, uid: string) {
  const builds = (await db.collection(BUILDS).where('owner', '==', uid).get()).docs;
  const paidFrom = buildStepIds.indexOf('paid');
  await inBatches(db, builds, (batch, build) => {
    if (buildStepIds.indexOf(build.get('step') as BuildStep) >= paidFrom) {
      batch.update(build.ref, {
        owner: null,
        customer: FieldValue.delete(),
        messages: [],
        awaitingReply: false,
        accountDeletedAt: FieldValue.serverTimestamp(),
      });
    } else {
      batch.delete(build.ref);
    }
  });
}

/**
 * The orders of a workspace that stays keep the name they are made out to but lose the deleted
 * account's address: the workspace's billing goes on with its other owners.
 */
async function forgetOrderEmail(db: Firestore, workspace: string, email: string) {
  const orders = (await db.collection(ORDERS).where('owner', '==', workspace).get()).docs.filter(
    (order) => order.get('customer.email') === email,
  );
  await inBatches(db, orders, (batch, order) =>
    batch.update(order.ref, { 'customer.email': FieldValue.delete() }),
  );
}

/** Steps 1 to 6 and its members (see the top) for `workspace`; what went, and what was kept. */
async function deleteWorkspace(
  { db, files: store, settleMs = LINK_SETTLE_MS }: DeleteAccountDeps,
  workspace: string,
): Promise<DeletionTally> {
  const linksOf = () => db.collection(LINKS).where('owner', '==', workspace).get();

  // 1. Retire the live links.
  const owned = (await linksOf()).docs;
  const live = owned.filter((link) => readLink(link.id, link.data())?.deleted === false);
  await inBatches(db, live, (batch, link) =>
    batch.update(link.ref, retiredLink(FieldValue.serverTimestamp())),
  );
  const retiredAt = Date.now();

  // 2. The saved codes, noting the hosted files they name, and the history. The members wait
  // for the end.
  const user = db.doc(userPath(workspace));
  const hashes = new Set<string>();
  for (const code of (await db.collection(codesPath(workspace)).get()).docs) {
    for (const file of Object.values(hostedFilesFrom(code.get('hosted')))) hashes.add(file.sha256);
  }
  let codes = 0;
  for (const collection of await user.listCollections()) {
    if (collection.id === MEMBERS) continue;
    const deleted = await deleteFound(db, collection);
    if (collection.id === CODES) codes += deleted;
  }

  // 3. The hosted files.
  for (const link of owned) {
    for (const sha256 of filesOf(readLink(link.id, link.data())?.destination ?? null)) {
      hashes.add(sha256);
    }
  }
  const stored = await db.collection(FILES).where('owner', '==', workspace).select('sha256').get();
  for (const file of stored.docs) hashes.add(String(file.get('sha256')));
  let files = 0;
  for (const sha256 of hashes) if (await store.delete(workspace, sha256)) files += 1;

  // 4. The links' figures and passwords, then the links as tombstones.
  if (live.length > 0) await wait(settleMs - (Date.now() - retiredAt));
  // Read again: a link the page asked for while this ran is the workspace's too.
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
    db.collectionGroup(COUNTS).where('owner', '==', workspace).where('day', '>=', ''),
  );

  // 5. The workspace's own documents, and its invites (the pending ones went in step 0).
  await deleteWithCollections(db, db.doc(accountPath(workspace)));
  await deleteWithCollections(db, db.doc(mailCounterPath(workspace)));
  await deleteFound(db, db.collection(INVITES).where('workspace', '==', workspace));

  // 6. Orders: invoices kept, detached from the account; the rest deleted.
  const orders = (await db.collection(ORDERS).where('owner', '==', workspace).get()).docs;
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

  // Last, its members (a team's last person), and users/{workspace} itself (the codes' count).
  await deleteWithCollections(db, user);

  return {
    codes,
    links: links.length,
    files,
    figures,
    orders: orders.length - invoices.length,
    invoicesKept: invoices.length,
    memberships: 0,
  };
}

/** A paid order has an invoice number: the company must keep it. */
const isInvoice = (order: DocumentSnapshot) =>
  order.get('state') === 'paid' || order.get('invoiceNumber') != null;
