// The saved codes of 'My QR Codes': a workspace's codes in Cloud Firestore
// (users/{workspace}/codes/{id}, see firestore.rules), offline-first. The workspace is an account:
// its own person's, or a team's that the writer is a member of. Every write names its writer
// (`by`: createdBy on a new code, updatedBy on every write), as the rules require of a member, so
// each code says who made it and who changed it last. Every write shows at once in watchCodes, from Firestore's
// local cache, and returns at once; its promise settles only when the server confirms, which may
// be much later (offline) or never (the tab closes first; the cache sends it on the next visit).
// So the UI never awaits one: it may `.catch()` it to report a refusal, or ignore it (a refused
// write is also rolled back in the listing). The database is a parameter: the page passes
// openFirestore()'s, the tests the emulator's.
import {
  collection,
  doc,
  getDoc,
  getDocFromCache,
  increment,
  onSnapshot,
  serverTimestamp,
  updateDoc,
  settled,
  writeBatch,
  type Firestore,
  type WriteBatch,
  type FirestoreError,
  type QuerySnapshot,
  type Unsubscribe,
} from '../../../lib/firestore/firestore-core';
import {
  checkFields,
  fieldsOf,
  type SavedCode,
  type SavedCodeFields,
} from '../../../domain/qr/saved-code';
import {
  codeCountFields,
  codePath,
  codesPath,
  readCode,
  readCodeCount,
  userPath,
} from '../../../domain/records/codes';

export interface CodesState {
  /** Codes with a write of this device that the server has not confirmed yet. */
  readonly pendingIds: ReadonlySet<string>;
  /** The listing comes from the device's cache (offline, or the server has not answered yet). */
  readonly fromCache: boolean;
}

/** Who made a code and who changed it last: the writer's account id. */
const madeBy = (by: string) => ({ createdBy: by, updatedBy: by });

const codesOf = (db: Firestore, workspace: string) => collection(db, codesPath(workspace));
const codeRef = (db: Firestore, workspace: string, id: string) => doc(db, codePath(workspace, id));
/** users/{workspace}: the count of the user's saved codes, which the rules hold to SAVED_CODES_MAX. */
const counterRef = (db: Firestore, workspace: string) => doc(db, userPath(workspace));

/**
 * `write` of the code `id`, in one batch with the count of codes moved by `by`, naming the code:
 * the rules take a new or deleted code only with its count (offline too: the batch waits whole).
 */
function counted(
  db: Firestore,
  workspace: string,
  id: string,
  by: 1 | -1,
  write: (batch: WriteBatch) => void,
): Promise<void> {
  const batch = writeBatch(db);
  write(batch);
  batch.set(counterRef(db, workspace), codeCountFields(increment(by), id), { merge: true });
  return settled(batch.commit());
}

/**
 * How many codes the account keeps, as far as this device knows (the server's count when online,
 * the cached one offline; 0 before the first save).
 */
export async function codeCount(db: Firestore, workspace: string): Promise<number> {
  try {
    const ref = counterRef(db, workspace);
    return readCodeCount(
      (navigator.onLine ? await getDoc(ref) : await getDocFromCache(ref)).data(),
    );
  } catch {
    return 0;
  }
}

/**
 * Lists the user's codes and calls `onChange` with every change, pending writes included:
 * codes waiting for the server first (their updatedAt is null), then the latest updated first.
 * Documents the app cannot read (an unknown type) are left out. `onError` gets a failure of the
 * listener (permission-denied: another user's codes, or signed out), after which it has stopped.
 * Returns the function that stops listening.
 */
export function watchCodes(
  db: Firestore,
  workspace: string,
  onChange: (codes: SavedCode[], state: CodesState) => void,
  onError: (error: FirestoreError) => void,
): Unsubscribe {
  return onSnapshot(
    codesOf(db, workspace),
    { includeMetadataChanges: true },
    (snapshot) => onChange(...listing(snapshot)),
    onError,
  );
}

function listing(snapshot: QuerySnapshot): [SavedCode[], CodesState] {
  const pendingIds = new Set<string>();
  const rows: { code: SavedCode; order: number }[] = [];
  for (const document of snapshot.docs) {
    const code = readCode(document.id, document.data());
    if (!code) continue;
    if (document.metadata.hasPendingWrites) pendingIds.add(document.id);
    // Pending codes first (their time is the server's, yet to come), among them the latest.
    const estimate = document.get('updatedAt', { serverTimestamps: 'estimate' }) as unknown;
    const time = (estimate as { toMillis?: () => number } | null)?.toMillis?.() ?? 0;
    rows.push({ code, order: (code.updatedAt === null ? 1e15 : 0) + time });
  }
  rows.sort((a, b) => b.order - a.order || a.code.id.localeCompare(b.code.id));
  return [rows.map((row) => row.code), { pendingIds, fromCache: snapshot.metadata.fromCache }];
}

/**
 * Saves a new code. Returns its id at once (it is made on the device) and `written`, which
 * settles when the server has stored it. Throws a SavedCodeError, writing nothing, when the fields
 * break a limit of the rules.
 */
export function saveNewCode(
  db: Firestore,
  workspace: string,
  by: string,
  fields: SavedCodeFields,
): { id: string; written: Promise<void> } {
  checkFields(fields);
  const ref = doc(codesOf(db, workspace));
  const stamp = serverTimestamp();
  return {
    id: ref.id,
    written: counted(db, workspace, ref.id, 1, (batch) =>
      batch.set(ref, { ...fields, ...madeBy(by), createdAt: stamp, updatedAt: stamp }),
    ),
  };
}

/**
 * Changes some or all fields of a code (Edit, rename); updatedAt becomes the server's time,
 * createdAt stays. Throws a SavedCodeError, writing nothing, when a field breaks a limit.
 */
export function updateCode(
  db: Firestore,
  workspace: string,
  by: string,
  id: string,
  fields: Partial<SavedCodeFields>,
): Promise<void> {
  checkFields(fields);
  return settled(
    updateDoc(codeRef(db, workspace, id), {
      ...fields,
      updatedBy: by,
      updatedAt: serverTimestamp(),
    }),
  );
}

/**
 * Settles once the device's copy of the code holds every write asked of it so far (IndexedDB, or
 * memory where site data is blocked): a reload after that still has it, and sends it on. The
 * write's own promise waits for the server, and a reload before the local copy is stored loses
 * the code while the page has said "Saved". Firestore runs a device's writes and reads in order,
 * so a read of the cached code comes after the write is stored.
 */
export function keptOnDevice(db: Firestore, workspace: string, id: string): Promise<void> {
  return getDocFromCache(codeRef(db, workspace, id)).then(
    () => undefined,
    // Not in the cache (a delete): nothing to wait for.
    () => undefined,
  );
}

/** Deletes a code; keep the SavedCode to offer Undo (restoreCode). */
export function deleteCode(db: Firestore, workspace: string, id: string): Promise<void> {
  return counted(db, workspace, id, -1, (batch) => batch.delete(codeRef(db, workspace, id)));
}

/**
 * Undo of a delete: the code again, with the same id and fields. The rules let only the server
 * set createdAt on a create, and a member name only themselves as a new code's maker, so the
 * restored code counts as made (and changed) now, by whoever restored it.
 */
export function restoreCode(
  db: Firestore,
  workspace: string,
  by: string,
  saved: SavedCode,
): Promise<void> {
  const stamp = serverTimestamp();
  return counted(db, workspace, saved.id, 1, (batch) =>
    batch.set(codeRef(db, workspace, saved.id), {
      ...fieldsOf(saved),
      ...madeBy(by),
      createdAt: stamp,
      updatedAt: stamp,
    }),
  );
}
