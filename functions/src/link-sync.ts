// Making a saved code's short link match the code, on the server, in one Firestore transaction
// with the account's limits (the decision itself is planSync() in the app's domain code, shared).
//
// The server alone writes dynamic/{id}: ids are minted here, at random (short-link.ts), and a
// link is never deleted, only retired (`deletedAt`): its id can then never be made again, by
// anyone, and the printed codes that hold it answer "no longer active". Only the owner's own code
// can bring it back (Undo of a delete), since a link is found by its owner and code.
import { blocklistOf } from './blocklist';
import { codeDestination } from '../../src/domain/qr/dynamic';
import type { Destination } from '../../src/domain/qr/landing';
import {
  FILE_MISSING_MESSAGE,
  filesOf,
  linkLimitsOf,
  planSync,
  type CodeWish,
  type LinkView,
  type StoredLink,
  type SyncAnswer,
} from '../../src/domain/qr/link-policy';
import {
  PASSWORD_CHANGES_PER_HOUR,
  passwordProblem,
  TOO_MANY_PASSWORD_CHANGES,
} from '../../src/domain/qr/access';
import { scanDay } from '../../src/domain/qr/scan-time';
import { mintLinkId } from '../../src/domain/qr/short-link';
import {
  accountPath,
  passwordChangesPath,
  readAccount,
  readHourCount,
} from '../../src/domain/records/accounts';
import { codePath, readCode } from '../../src/domain/records/codes';
import {
  changesBetween,
  historyFields,
  historyPath,
  type HistoryChange,
} from '../../src/domain/records/history';
import {
  LINKS,
  linkPath,
  newLink,
  pointedLink,
  readLink,
  retiredLink,
} from '../../src/domain/records/links';
import { randomFillSync } from 'node:crypto';
import { FieldValue, Timestamp, type Firestore, type Transaction } from './admin';
import type { Caller } from './caller';
import type { FileInUse, FileStore } from './file-store';
import { hashPassword, PASSWORD_COST, passwordRef, type HashCost } from './passwords';
import type { AccountTermsReader } from './terms';
import { standingOf, isActive } from '../../src/domain/billing';
import { actingIn, refusalToChange } from './workspace';

const viewOf = (link: StoredLink, passwordSet: boolean): LinkView => ({
  id: link.id,
  destination: link.destination,
  deleted: link.deleted,
  disabled: link.disabled,
  locked: link.locked,
  passwordSet,
});

/** A link found by its owner and code (linkOfCode), as planSync weighs it, and its password. */
function storedLink(id: string, data: unknown): StoredLink & { readonly passwordSet: boolean } {
  const link = readLink(id, data);
  if (!link) throw new Error(`Short link ${id} has no owner: it was found by its owner.`);
  const { owner, code, destination, locked, deleted, disabled, passwordSet } = link;
  return {
    id,
    owner,
    code: code ?? '',
    // A link stored without a destination leads nowhere until its code is saved again.
    destination: destination ?? { kind: 'redirect', target: '' },
    locked,
    deleted,
    disabled,
    passwordSet,
  };
}

/** The link of the owner's code `codeId` (one at most: a link belongs to one code). */
const linkOfCode = (db: Firestore, owner: string, codeId: string) =>
  db.collection(LINKS).where('owner', '==', owner).where('code', '==', codeId).limit(1);

/** A change of a printed code's link, as its history entry holds it. */
export interface LinkChange {
  readonly code: string;
  readonly link: string;
  readonly changes: readonly HistoryChange[];
  readonly from: Destination | null;
  readonly to: Destination | null;
}

/**
 * Appends the change to the workspace's history in `transaction`: who asked (the caller), what
 * changed, and where the link led before and after (src/domain/records/history.ts). Returns the
 * change when it appended one (null when nothing changed).
 */
function appendHistory(
  db: Firestore,
  transaction: Transaction,
  workspace: string,
  caller: Caller,
  change: LinkChange,
): LinkChange | null {
  if (change.changes.length === 0) return null;
  transaction.create(
    db.collection(historyPath(workspace)).doc(),
    historyFields(
      { ...change, by: { uid: caller.uid, email: caller.email } },
      FieldValue.serverTimestamp(),
    ),
  );
  return change;
}

/** Finds a fresh id: minted at random, and read first, so it is certainly new. */
async function freshLinkId(db: Firestore, transaction: Transaction): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const id = mintLinkId((bytes) => randomFillSync(bytes));
    if (!(await transaction.get(db.doc(linkPath(id)))).exists) return id;
  }
  throw new Error('Five minted link ids in a row were taken: the random source is broken.');
}

/**
 * Makes the link of `codeId` (a code of `workspace`, by default the caller's own account) match
 * the code: makes it, points it at the code's target, retires it when the code is gone or no
 * longer dynamic, or restores it, and appends each change to the workspace's history. The caller
 * needs 'codes.write' there (an editor kept to their own codes: on theirs), read in the same
 * transaction. `site` is where the site answers (the link list and app types lead to its viewer
 * page; its short links are never a target). `afterCommit` is given the change once the
 * transaction has committed it (the owners' notices of a new destination), and is awaited before
 * the answer: it must not throw.
 */
export async function syncLink(
  db: Firestore,
  caller: Caller,
  codeId: string,
  site: { readonly origin: string; readonly hosts: readonly string[] },
  now: Date,
  files: FileStore,
  /** The account's trial or plan: new links and new targets wait for one (billing.ts). */
  termsReader: AccountTermsReader,
  workspace: string = caller.uid,
  afterCommit?: (change: LinkChange) => Promise<void>,
): Promise<SyncAnswer> {
  const codeRef = db.doc(codePath(workspace, codeId));
  const accountRef = db.doc(accountPath(workspace));
  const linksOfCode = linkOfCode(db, workspace, codeId);
  // What the attempt that committed appended (a transaction may run its function more than once).
  const appended: { change: LinkChange | null } = { change: null };

  const answer = await db.runTransaction(async (transaction): Promise<SyncAnswer> => {
    appended.change = null;
    const [codeSnapshot, linkSnapshot, accountSnapshot, acting] = await Promise.all([
      transaction.get(codeRef),
      transaction.get(linksOfCode),
      transaction.get(accountRef),
      actingIn(db, caller, workspace, transaction),
    ]);
    const linkDocument = linkSnapshot.docs[0];
    const link = linkDocument ? storedLink(linkDocument.id, linkDocument.data()) : null;
    const notAllowed = refusalToChange(acting, codeSnapshot.data());
    if (notAllowed) {
      // A stranger is told nothing of the workspace's links.
      return {
        ok: false,
        problem: 'not-allowed',
        message: notAllowed,
        link: acting && link && viewOf(link, link.passwordSet),
      };
    }
    const code = codeSnapshot.exists ? readCode(codeId, codeSnapshot.data()) : null;
    let passwordSet = link?.passwordSet === true;
    let destination = code?.dynamic ? codeDestination(code, site.origin, site.hosts) : null;
    // The files the link shows now and may show next, read in this transaction: a file it stops
    // showing is marked unreferenced, one it shows loses any mark (file-store.ts, "Letting go").
    const heldFiles = await files.readIn(transaction, workspace, [
      ...(link ? filesOf(link.destination) : []),
      ...(destination?.ok ? filesOf(destination.destination) : []),
    ]);
    if (destination?.ok && filesOf(destination.destination).length > 0) {
      // A file's page is made only once the server holds the whole file, and shows it as the
      // type its bytes are (not as the browser named it).
      const held = heldFile(heldFiles, destination.destination);
      if (!held) {
        return {
          ok: false,
          problem: 'file-missing',
          message: FILE_MISSING_MESSAGE,
          link: link && viewOf(link, passwordSet),
        } satisfies SyncAnswer;
      }
      destination = { ...destination, destination: held };
    }
    const wish: CodeWish | null = code
      ? destination
        ? { dynamic: true, destination, locked: code.passwordProtected }
        : { dynamic: false }
      : null;
    const before = readAccount(accountSnapshot.data()).usage(scanDay(now));
    const { terms, store: termsToStore } = await termsReader.termsIn(workspace, accountSnapshot);
    const standing = standingOf(terms, now.getTime());
    const { plan, usage } = planSync({
      code: wish,
      link,
      usage: before,
      verified: caller.verified,
      active: isActive(standing),
      blocklist: blocklistOf(),
      limits: linkLimitsOf(standing),
    });

    // The files this change lets go of, and those other live links of the owner still show (read
    // now: a transaction's reads come before its writes).
    const shows = plan.kind === 'create' || plan.kind === 'update' ? filesOf(plan.destination) : [];
    const dropped =
      plan.kind === 'update' || plan.kind === 'retire'
        ? filesOf(link!.destination).filter((sha) => !shows.includes(sha))
        : [];
    const shownElsewhere =
      dropped.length > 0 ? await filesShown(db, transaction, workspace, link!.id) : new Set();

    const stamp = FieldValue.serverTimestamp();
    let result: StoredLink | null = link;
    switch (plan.kind) {
      case 'refuse':
        return {
          ok: false,
          problem: plan.problem,
          message: plan.message,
          link: link && viewOf(link, passwordSet),
        };
      case 'keep':
        return { ok: true, link: link && viewOf(link, passwordSet) };
      case 'create': {
        const id = await freshLinkId(db, transaction);
        transaction.create(
          db.doc(linkPath(id)),
          newLink(
            {
              owner: workspace,
              code: codeId,
              destination: plan.destination,
              locked: plan.locked,
            },
            stamp,
          ),
        );
        result = {
          id,
          owner: workspace,
          code: codeId,
          destination: plan.destination,
          locked: plan.locked,
          deleted: false,
          disabled: false,
        };
        appended.change = appendHistory(db, transaction, workspace, caller, {
          code: codeId,
          link: id,
          changes: plan.locked ? ['created', 'locked'] : ['created'],
          from: null,
          to: plan.destination,
        });
        break;
      }
      case 'update': {
        // A code no longer protected forgets its password: protecting it again asks for one.
        const unlocks = !plan.locked && passwordSet;
        if (unlocks) {
          transaction.delete(passwordRef(db, link!.id));
          passwordSet = false;
        }
        transaction.update(db.doc(linkPath(link!.id)), {
          ...pointedLink(plan.destination, plan.locked, stamp),
          ...(unlocks ? { passwordSet: false } : {}),
        });
        result = { ...link!, destination: plan.destination, locked: plan.locked, deleted: false };
        const changes = changesBetween(link!, plan);
        if (unlocks) changes.push('password-removed');
        appended.change = appendHistory(db, transaction, workspace, caller, {
          code: codeId,
          link: link!.id,
          changes,
          from: link!.deleted ? null : link!.destination,
          to: plan.destination,
        });
        break;
      }
      case 'retire':
        transaction.update(db.doc(linkPath(link!.id)), retiredLink(stamp));
        result = { ...link!, deleted: true };
        appended.change = appendHistory(db, transaction, workspace, caller, {
          code: codeId,
          link: link!.id,
          changes: ['retired'],
          from: link!.destination,
          to: null,
        });
        break;
    }
    for (const sha of shows) {
      const held = heldFiles.get(sha);
      if (held) files.referenced(transaction, held);
    }
    for (const sha of dropped) {
      const held = heldFiles.get(sha);
      if (held && !shownElsewhere.has(sha)) files.unreferenced(transaction, held);
    }
    // Merged: the account also holds the hosted files' bytes (file-store.ts), not ours to reset.
    transaction.set(accountRef, { ...usage, ...termsToStore }, { merge: true });
    return { ok: true, link: result && viewOf(result, passwordSet) } satisfies SyncAnswer;
  });
  if (answer.ok && appended.change && afterCommit) await afterCommit(appended.change);
  return answer;
}

/**
 * The file page of `destination` as `held` (the store's files, read in the transaction) has its
 * file (its type from its bytes), or null while the store does not hold all of it.
 */
function heldFile(
  held: ReadonlyMap<string, FileInUse>,
  destination: Destination,
): Destination | null {
  if (destination.kind !== 'page' || destination.page.kind !== 'file') return destination;
  const { page } = destination;
  const stored = held.get(page.file.sha256)?.file;
  if (!stored?.complete || !stored.type) return null;
  return { kind: 'page', page: { ...page, file: { ...page.file, type: stored.type } } };
}

/**
 * The files the owner's live links show, read in `transaction` (all but the link `except`): what
 * may not be let go of. The sweep (file-sweep.ts) asks it too.
 */
export async function filesShown(
  db: Firestore,
  transaction: Transaction,
  owner: string,
  except?: string,
): Promise<ReadonlySet<string>> {
  const live = await transaction.get(
    db.collection(LINKS).where('owner', '==', owner).where('deletedAt', '==', null),
  );
  return new Set(
    live.docs
      .filter((document) => document.id !== except)
      .flatMap((document) => filesOf(readLink(document.id, document.data())?.destination ?? null)),
  );
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Counts one more of something costly (a password's slow hash, a fetch of a site) against an
 * account's hourly allowance `perHour`, kept at `path`, in one transaction before the work runs;
 * false when the allowance is used up. A window starts with its first use and lasts an hour.
 */
export async function withinHourlyAllowance(
  db: Firestore,
  path: string,
  perHour: number,
  now: number,
): Promise<boolean> {
  const ref = db.doc(path);
  return db.runTransaction(async (transaction) => {
    const { count, since } = readHourCount((await transaction.get(ref)).data());
    if (since === null || now - since >= HOUR_MS) {
      transaction.set(ref, { count: 1, since: Timestamp.fromMillis(now) });
      return true;
    }
    if (count >= perHour) return false;
    transaction.update(ref, { count: FieldValue.increment(1) });
    return true;
  });
}

/** Counts a password about to be hashed against the account's hourly allowance. */
const passwordChangeAllowed = (db: Firestore, uid: string, now: number) =>
  withinHourlyAllowance(db, passwordChangesPath(uid), PASSWORD_CHANGES_PER_HOUR, now);

/**
 * Sets (or, with null, removes) the password of the link of `codeId`, a code of `workspace` (by
 * default the caller's own account): kept only as a hash the clients cannot read, with a new
 * version that asks every browser let in by the old one again (passwords.ts). The caller needs
 * 'codes.write' there (an editor kept to their own codes: on theirs), checked before the slow hash
 * and again in the transaction that writes it, with its entry in the workspace's history. The
 * link must exist; the code decides whether the link asks for it (its `passwordProtected`,
 * mirrored as the link's `locked` by syncLink). Setting one runs the slow hash, so a workspace
 * sets at most PASSWORD_CHANGES_PER_HOUR an hour.
 */
export async function setLinkPassword(
  db: Firestore,
  caller: Caller,
  codeId: string,
  password: string | null,
  now: Date = new Date(),
  cost: HashCost = PASSWORD_COST,
  workspace: string = caller.uid,
): Promise<SyncAnswer> {
  const codeRef = db.doc(codePath(workspace, codeId));
  const mayChange = async (transaction?: Transaction) => {
    const [acting, code] = await Promise.all([
      actingIn(db, caller, workspace, transaction),
      transaction ? transaction.get(codeRef) : codeRef.get(),
    ]);
    return refusalToChange(acting, code.data());
  };
  const notAllowed = await mayChange();
  if (notAllowed) return { ok: false, problem: 'not-allowed', message: notAllowed };
  const found = await linkOfCode(db, workspace, codeId).get();
  const document = found.docs[0];
  if (!document || readLink(document.id, document.data())?.deleted !== false) {
    return {
      ok: false,
      problem: 'bad-request',
      message: 'This code has no short link yet: its password is set once the link is made.',
    };
  }
  const problem = password === null ? null : passwordProblem(password);
  if (problem) return { ok: false, problem: 'bad-request', message: problem };
  if (password !== null && !(await passwordChangeAllowed(db, workspace, now.getTime()))) {
    // A limit of the account's changes, as the daily one of targets is (429).
    return { ok: false, problem: 'too-many-changes', message: TOO_MANY_PASSWORD_CHANGES };
  }
  const hash = password === null ? null : await hashPassword(password, cost);
  const link = document.ref;
  const refused = await db.runTransaction(async (transaction) => {
    // Read again as it is written: a member removed or demoted during the hash is refused.
    const [stillRefused, current] = await Promise.all([
      mayChange(transaction),
      transaction.get(link),
    ]);
    if (stillRefused) return stillRefused;
    const destination = readLink(link.id, current.data())?.destination ?? null;
    appendHistory(db, transaction, workspace, caller, {
      code: codeId,
      link: link.id,
      changes: [hash ? 'password-set' : 'password-removed'],
      from: destination,
      to: destination,
    });
    if (hash)
      transaction.set(passwordRef(db, link.id), { ...hash, setAt: FieldValue.serverTimestamp() });
    else transaction.delete(passwordRef(db, link.id));
    transaction.update(link, {
      passwordSet: hash !== null,
      // The redirect reads it with the link: an unlock of another version no longer opens it.
      passwordVersion: hash?.version ?? FieldValue.delete(),
      updatedAt: FieldValue.serverTimestamp(),
    });
    return null;
  });
  if (refused) return { ok: false, problem: 'not-allowed', message: refused };
  return { ok: true, link: viewOf(storedLink(link.id, document.data()), hash !== null) };
}
