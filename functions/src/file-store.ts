// Where hosted files live (src/domain/qr/hosting.ts): behind FileStore, so the upload API and the
// file links do not care where the bytes are. FirestoreFileStore keeps them in Cloud Firestore,
// since the Cloud Storage emulator cannot run where this project is built and tested; a Cloud
// Storage store would ask the same decisions (src/domain/qr/upload-protocol.ts: what a start or a
// chunk finds, what the hash check says) and write them with its own bytes.
//
// Firestore layout, written by the functions alone (firestore.rules lets no client near it):
//   files/{owner}_{sha256}  the file: owner, sha256, name, size, kind (files.ts), type (the media
//     type sniffed from its first chunk; null before), received (bytes held, from the start),
//     complete (every byte in and the whole file's SHA-256 checked), createdAt, completedAt,
//     unreferencedAt (when the last live link that showed it stopped: see "Letting go" below).
//   files/{owner}_{sha256}/chunks/{index, 5 digits}  {data: Bytes}: CHUNK_BYTES of it (the last
//     chunk shorter), one document each, under Firestore's 1 MiB per document.
//   accounts/{uid}.hostedBytes  the sizes of all of the account's files, complete or not: reserved
//     when an upload begins (refused past HOSTING_QUOTA_BYTES), released when no live link shows
//     a file any more (or when it is deleted, if it was still held against the quota).
//
// `received` is the truth: a chunk at or past it is not part of the file (an interrupted upload
// or a deleted file may leave such chunks behind; the next upload of that file writes over them).
//
// Letting go: a link's transaction (link-sync.ts) that stops showing a file no other live link of
// the owner shows marks it `unreferencedAt` (and gives its bytes back to the quota); one that
// shows a file clears the mark (and holds its bytes again). Both read and write the file's
// document in the link's own transaction, so two links changing at once are put in order by
// Firestore. Nothing is deleted then: file-sweep.ts deletes files marked for longer than a grace
// period, each in a transaction that checks again that no live link shows it.
import { createHash } from 'node:crypto';
import type { FileKindId } from '../../src/domain/qr/files';
import { CHUNK_BYTES, type UploadAnswer, type UploadStart } from '../../src/domain/qr/hosting';
import {
  planAppend,
  planBegin,
  planCheck,
  planVerdict,
  type Then,
} from '../../src/domain/qr/upload-protocol';
import { accountPath, hostedBytesFields, readHostedBytes } from '../../src/domain/records/accounts';
import {
  CHUNKS,
  chunkPath,
  FILES,
  filePath,
  newStoredFile,
  readStoredFile,
  type StoredFile,
} from '../../src/domain/records/files';
import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type Firestore,
  type Transaction,
} from './admin';

export type { StoredFile };

/** An upload as the API starts it: the page's UploadStart, with the kind its field takes. */
export type HostingStart = UploadStart & { readonly kind: FileKindId };

/**
 * Hosted files, per owner (a Firebase uid) and SHA-256 (lowercase hex). Every answer of begin and
 * append is an UploadAnswer for the page; the arguments are checked by the caller (file-api.ts)
 * for form (a SHA-256, a whole size), and by the store for what they mean.
 */
export interface FileStore {
  /**
   * Starts or resumes an upload: `{received, complete}` says where to go on. A file the owner has
   * complete answers complete at once (the same file chosen again is not sent again). Refuses
   * 'too-large' past the kind's limit, 'quota' past the account's, 'wrong-content' when the
   * bytes already in are not what the kind takes.
   */
  begin(owner: string, start: HostingStart): Promise<UploadAnswer>;
  /**
   * Adds the chunk that starts at `offset`: it must be where the held bytes end ('offset' with
   * `received` otherwise), CHUNK_BYTES long unless it is the last, and not past the size. The
   * first chunk's bytes must be what the kind takes ('wrong-content': the upload is dropped);
   * after the last, the whole file's SHA-256 must be its name ('hash-mismatch': it starts over).
   */
  append(owner: string, sha256: string, offset: number, bytes: Uint8Array): Promise<UploadAnswer>;
  /** The file or upload, or null. */
  stat(owner: string, sha256: string): Promise<StoredFile | null>;
  /**
   * Bytes `start` to `endInclusive` of a complete file (the caller keeps them within its size and
   * an answer's length), one chunk at a time: a chunk is read only when the one before has been
   * taken, so a consumer that stops stops the reads. Throws when one is missing.
   */
  readChunks(
    owner: string,
    sha256: string,
    start: number,
    endInclusive: number,
  ): AsyncIterable<Buffer>;
  /** Removes the file (or upload) and releases its bytes from the quota; false if there was none. */
  delete(owner: string, sha256: string): Promise<boolean>;
  /**
   * The owner's files `sha256s` as `transaction` reads them (before its writes): the files held,
   * by hash, and whether each is marked unreferenced.
   */
  readIn(
    transaction: Transaction,
    owner: string,
    sha256s: readonly string[],
  ): Promise<ReadonlyMap<string, FileInUse>>;
  /** In `transaction`: a live link shows the file now. Its mark goes, and its bytes count again. */
  referenced(transaction: Transaction, held: FileInUse): void;
  /**
   * In `transaction`: no live link of its owner shows the file any more. It is marked with the
   * time, and its bytes go back to the quota; the sweep deletes it after the grace period.
   */
  unreferenced(transaction: Transaction, held: FileInUse): void;
}

/** A file as a link's transaction reads it (FileStore.readIn). */
export interface FileInUse {
  readonly file: StoredFile;
  /** Since when no live link has shown it; null while one does (or it never was shown). */
  readonly unreferencedAt: Date | null;
}

/** What the sweep did with one file (FirestoreFileStore.sweep). */
export type SweepOutcome = 'deleted' | 'kept' | 'skipped';

// Firestore.

/** Chunks read at once while a file is hashed: a few MB in memory, whatever the file's size. */
const HASH_BATCH = 4;
/** Chunks deleted per batch (Firestore takes up to 500 writes in one). */
const DELETE_BATCH = 200;

/** The document id is `{owner}_{sha256}`: a uid holds no slash, and the hash is fixed-length. */
function ownerOf(owner: string): string {
  if (!owner || owner.includes('/')) throw new Error(`Not an owner: ${JSON.stringify(owner)}`);
  return owner;
}

export class FirestoreFileStore implements FileStore {
  constructor(private readonly db: Firestore) {}

  private fileRef(owner: string, sha256: string): DocumentReference {
    return this.db.doc(filePath(ownerOf(owner), sha256));
  }

  private chunkRef(owner: string, sha256: string, index: number): DocumentReference {
    return this.db.doc(chunkPath(ownerOf(owner), sha256, index));
  }

  /** Adds `bytes` (less than 0: releases) to what the account hosts. */
  private reserve(transaction: Transaction, owner: string, bytes: number) {
    const account = this.db.doc(accountPath(owner));
    transaction.set(account, hostedBytesFields(FieldValue.increment(bytes)), { merge: true });
  }

  async begin(owner: string, start: HostingStart): Promise<UploadAnswer> {
    const fileRef = this.fileRef(owner, start.sha256);
    const accountRef = this.db.doc(accountPath(owner));
    const then = await this.db.runTransaction(async (transaction): Promise<Then> => {
      const [fileSnapshot, account] = await Promise.all([
        transaction.get(fileRef),
        transaction.get(accountRef),
      ]);
      const held = fileSnapshot.exists ? readStoredFile(fileSnapshot.data()!) : null;
      const used = readHostedBytes(account.data());
      const { write, then } = planBegin(held, start, used);
      if (write?.does === 'set-kind') transaction.update(fileRef, { kind: write.kind });
      if (write?.does === 'create') {
        transaction.set(fileRef, newStoredFile(owner, start, FieldValue.serverTimestamp()));
        this.reserve(transaction, owner, write.reserve);
      }
      return then;
    });
    return then === 'check' ? this.finish(owner, start.sha256) : then;
  }

  async append(
    owner: string,
    sha256: string,
    offset: number,
    bytes: Uint8Array,
  ): Promise<UploadAnswer> {
    const fileRef = this.fileRef(owner, sha256);
    const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const then = await this.db.runTransaction(async (transaction): Promise<Then> => {
      const snapshot = await transaction.get(fileRef);
      const held = snapshot.exists ? readStoredFile(snapshot.data()!) : null;
      const { write, then } = planAppend(held, offset, data);
      if (write?.does === 'drop') {
        transaction.delete(fileRef);
        this.reserve(transaction, owner, -write.release);
      }
      if (write?.does === 'add') {
        transaction.set(this.chunkRef(owner, sha256, write.index), { data });
        transaction.update(fileRef, { type: write.type, received: write.received });
      }
      return then;
    });
    return then === 'check' ? this.finish(owner, sha256) : then;
  }

  /**
   * Once every byte is in: reads the file back and hashes it, and planVerdict decides. The
   * decision is written only if the file did not change while it was read.
   */
  private async finish(owner: string, sha256: string): Promise<UploadAnswer> {
    const fileRef = this.fileRef(owner, sha256);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const before = await fileRef.get();
      const check = planCheck(before.exists ? readStoredFile(before.data()!) : null);
      if ('then' in check) return check.then;
      const digest = await this.hashOf(owner, sha256, check.hash.size);
      const { write, then } = planVerdict(check.hash, sha256, digest);
      const written = await this.db.runTransaction(async (transaction) => {
        const now = await transaction.get(fileRef);
        if (!now.exists || !now.updateTime?.isEqual(before.updateTime!)) return false;
        transaction.update(
          fileRef,
          write.does === 'complete'
            ? { complete: true, completedAt: FieldValue.serverTimestamp() }
            : { received: 0, type: null },
        );
        return true;
      });
      if (written) return then;
    }
    throw new Error(`${filePath(owner, sha256)} kept changing while it was checked.`);
  }

  /** The SHA-256 of the file's chunks, read a few at a time; null when one is missing. */
  private async hashOf(owner: string, sha256: string, size: number): Promise<string | null> {
    const hash = createHash('sha256');
    const count = Math.ceil(size / CHUNK_BYTES);
    let hashed = 0;
    for (let first = 0; first < count; first += HASH_BATCH) {
      const last = Math.min(count, first + HASH_BATCH);
      const refs = [];
      for (let index = first; index < last; index += 1) {
        refs.push(this.chunkRef(owner, sha256, index));
      }
      for (const chunk of await this.db.getAll(...refs)) {
        const data: unknown = chunk.get('data');
        if (!(data instanceof Uint8Array)) return null;
        hash.update(data);
        hashed += data.length;
      }
    }
    return hashed === size ? hash.digest('hex') : null;
  }

  async stat(owner: string, sha256: string): Promise<StoredFile | null> {
    const snapshot = await this.fileRef(owner, sha256).get();
    return snapshot.exists ? readStoredFile(snapshot.data()!) : null;
  }

  async *readChunks(
    owner: string,
    sha256: string,
    start: number,
    endInclusive: number,
  ): AsyncGenerator<Buffer> {
    if (!(start >= 0 && endInclusive >= start)) {
      throw new RangeError(`Not a range of bytes: ${start}-${endInclusive}`);
    }
    const first = Math.floor(start / CHUNK_BYTES);
    const last = Math.floor(endInclusive / CHUNK_BYTES);
    for (let index = first; index <= last; index += 1) {
      const chunk = await this.chunkRef(owner, sha256, index).get();
      const data: unknown = chunk.get('data');
      if (!(data instanceof Uint8Array)) throw new Error(`${chunk.ref.path} is missing.`);
      const from = index === first ? start - index * CHUNK_BYTES : 0;
      const to = index === last ? endInclusive - index * CHUNK_BYTES + 1 : CHUNK_BYTES;
      if (data.length < to) {
        throw new RangeError(`${filePath(owner, sha256)} ends before byte ${endInclusive}.`);
      }
      yield Buffer.from(data.buffer, data.byteOffset + from, to - from);
    }
  }

  async delete(owner: string, sha256: string): Promise<boolean> {
    const fileRef = this.fileRef(owner, sha256);
    // The file is gone at once, for every reader; its chunks follow.
    const existed = await this.db.runTransaction(async (transaction) => {
      const snapshot = await transaction.get(fileRef);
      if (!snapshot.exists) return false;
      transaction.delete(fileRef);
      // A file marked unreferenced gave its bytes back already.
      if (snapshot.get('unreferencedAt') == null) {
        this.reserve(transaction, owner, -readStoredFile(snapshot.data()!).size);
      }
      return true;
    });
    await this.deleteChunks(fileRef);
    return existed;
  }

  /**
   * The chunks of a file whose document is gone, in batches, each written only while the
   * document is still absent: a new upload of the same file writes its chunks over the old ones,
   * and they must not go.
   */
  private async deleteChunks(fileRef: DocumentReference) {
    const chunks = await fileRef.collection(CHUNKS).listDocuments();
    for (let first = 0; first < chunks.length; first += DELETE_BATCH) {
      const again = await this.db.runTransaction(async (transaction) => {
        if ((await transaction.get(fileRef)).exists) return true;
        for (const chunk of chunks.slice(first, first + DELETE_BATCH)) transaction.delete(chunk);
        return false;
      });
      if (again) return;
    }
  }

  async readIn(
    transaction: Transaction,
    owner: string,
    sha256s: readonly string[],
  ): Promise<ReadonlyMap<string, FileInUse>> {
    const unique = [...new Set(sha256s)];
    const held = new Map<string, FileInUse>();
    if (unique.length === 0) return held;
    const snapshots = await transaction.getAll(
      ...unique.map((sha256) => this.fileRef(owner, sha256)),
    );
    for (const snapshot of snapshots) {
      if (!snapshot.exists) continue;
      const file = readStoredFile(snapshot.data()!);
      const mark: unknown = snapshot.get('unreferencedAt');
      held.set(file.sha256, {
        file,
        unreferencedAt: mark instanceof Timestamp ? mark.toDate() : null,
      });
    }
    return held;
  }

  referenced(transaction: Transaction, { file, unreferencedAt }: FileInUse) {
    // Written even when there is no mark to clear: a sweep reading the file at the same time is
    // then put in order with this transaction, and finds it shown.
    transaction.update(this.fileRef(file.owner, file.sha256), { unreferencedAt: null });
    if (unreferencedAt) this.reserve(transaction, file.owner, file.size);
  }

  unreferenced(transaction: Transaction, { file, unreferencedAt }: FileInUse) {
    if (unreferencedAt) return;
    transaction.update(this.fileRef(file.owner, file.sha256), {
      unreferencedAt: FieldValue.serverTimestamp(),
    });
    this.reserve(transaction, file.owner, -file.size);
  }

  /** Up to `limit` files marked unreferenced at or before `cutoff`, the oldest first. */
  async unreferencedBefore(
    cutoff: Date,
    limit: number,
  ): Promise<{ readonly owner: string; readonly sha256: string }[]> {
    const found = await this.db
      .collection(FILES)
      .where('unreferencedAt', '<=', Timestamp.fromDate(cutoff))
      .orderBy('unreferencedAt')
      .limit(limit)
      .select('owner', 'sha256')
      .get();
    return found.docs.map((document) => ({
      owner: String(document.get('owner')),
      sha256: String(document.get('sha256')),
    }));
  }

  /**
   * Deletes the owner's file `sha256` if it is still marked unreferenced since `cutoff` or
   * before, and `shown` (the hashes the owner's live links show, read in the same transaction)
   * does not hold it; a file a live link shows after all loses its mark and counts again.
   */
  async sweep(
    owner: string,
    sha256: string,
    cutoff: Date,
    shown: (transaction: Transaction) => Promise<ReadonlySet<string>>,
  ): Promise<SweepOutcome> {
    const fileRef = this.fileRef(owner, sha256);
    const outcome = await this.db.runTransaction(async (transaction): Promise<SweepOutcome> => {
      const [held] = (await this.readIn(transaction, owner, [sha256])).values();
      if (!held?.unreferencedAt || held.unreferencedAt > cutoff) return 'skipped';
      if ((await shown(transaction)).has(sha256)) {
        this.referenced(transaction, held);
        return 'kept';
      }
      transaction.delete(fileRef);
      return 'deleted';
    });
    if (outcome === 'deleted') await this.deleteChunks(fileRef);
    return outcome;
  }
}
