// Deletes hosted files no live link has shown for UNREFERENCED_GRACE_MS: the scheduled function
// `fileSweep` runs it once a day (index.ts), and the tests call it with a time of their own.
//
// A link's transaction marks a file it stops showing (file-store.ts, "Letting go"), rather than
// delete it there and then: deleting after the transaction, as this code once did, could remove
// a file that another code's link had just started to show (data loss). Each file here is deleted
// in a transaction of its own that reads the file's mark and the owner's live links again, so a
// link that shows it meanwhile keeps it (and clears its mark).
import type { Firestore } from './admin';
import type { FirestoreFileStore } from './file-store';
import { filesShown } from './link-sync';

/**
 * How long a file no live link shows is kept: a day. Long past a race between two links (a
 * second), and long enough for Undo of a delete, a mistaken edit put back, or a code restored on
 * another device to find the file still there, not to be uploaded again. The file's bytes go back
 * to the account's quota at once, so the wait costs the owner nothing; what it bounds is how much
 * storage bytes freed from the quota can keep for a while.
 */
export const UNREFERENCED_GRACE_MS = 24 * 60 * 60 * 1000;

/** Files looked at per query: a sweep goes on page by page until none is due or time runs out. */
const PAGE = 200;

export interface SweepOptions {
  /** The time it is (the tests give one a day or more ahead). */
  readonly now?: Date;
  readonly graceMs?: number;
  /** Stops starting new files after this long (a scheduled run has a time-out). */
  readonly budgetMs?: number;
}

export interface SweepTally {
  readonly deleted: number;
  /** Marked, but a live link shows it: the mark went. */
  readonly kept: number;
}

export async function sweepUnreferencedFiles(
  db: Firestore,
  store: FirestoreFileStore,
  { now = new Date(), graceMs = UNREFERENCED_GRACE_MS, budgetMs = 8 * 60_000 }: SweepOptions = {},
): Promise<SweepTally> {
  const started = Date.now();
  const cutoff = new Date(now.getTime() - graceMs);
  let deleted = 0;
  let kept = 0;
  for (;;) {
    const due = await store.unreferencedBefore(cutoff, PAGE);
    let changed = 0;
    for (const { owner, sha256 } of due) {
      if (Date.now() - started > budgetMs) return { deleted, kept };
      const outcome = await store.sweep(owner, sha256, cutoff, (transaction) =>
        filesShown(db, transaction, owner),
      );
      if (outcome === 'deleted') deleted += 1;
      if (outcome === 'kept') kept += 1;
      if (outcome !== 'skipped') changed += 1;
    }
    // A page that changed nothing would come back the same.
    if (due.length < PAGE || changed === 0) return { deleted, kept };
  }
}
