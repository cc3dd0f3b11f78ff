// QR drafts in IndexedDB, one per signed-in user. The draft itself is small and written often;
// each uploaded file is a record of its own, written only when that file changes, so typing in
// a field never copies a 20 MB upload again. Files are kept as bytes with their name, type and
// last-modified time and come back as `File`s (Safari has lost Blob contents kept in IndexedDB).
import { createStore, del, delMany, get, getMany, setMany, type UseStore } from 'idb-keyval';
import { uniqueId } from '../../../lib/compat';
import { mapDraftFiles, restoreDraft, type QrDraft } from '../../../domain/qr/draft';

interface StoredFile {
  readonly name: string;
  readonly type: string;
  readonly lastModified: number;
  readonly bytes: ArrayBuffer;
}

/** What the draft record holds in place of a file: where its bytes are. */
interface FileRef {
  readonly fileKey: string;
  readonly name: string;
  readonly type: string;
  readonly size: number;
  readonly lastModified: number;
}

interface DraftRecord {
  readonly draft: QrDraft<FileRef>;
  readonly savedAt: number;
}

/** Why a draft could not be kept on the device. */
export type StorageProblem = 'unavailable' | 'full';

export class DraftStorageError extends Error {
  constructor(
    readonly problem: StorageProblem,
    cause: unknown,
  ) {
    super(problem === 'full' ? 'Storage is full.' : 'Storage is unavailable.', { cause });
    this.name = 'DraftStorageError';
  }
}

let store: UseStore | undefined;
function drafts(): UseStore {
  store ??= createStore('kcw-qr-drafts', 'drafts');
  return store;
}

const draftKey = (uid: string) => `draft:${uid}`;
const fileKeyPrefix = (uid: string) => `file:${uid}:`;

/** Files already written (and where), so an unchanged one is not written again. */
let written = new WeakMap<File, string>();

const isFileRef = (value: unknown): value is FileRef =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FileRef).fileKey === 'string' &&
  typeof (value as FileRef).name === 'string';

/** The user's draft with its files, or null when there is none. */
export async function loadDraft(uid: string): Promise<QrDraft | null> {
  const record = await guard(() => get<DraftRecord>(draftKey(uid), drafts()));
  const draft = restoreDraft(record?.draft, isFileRef);
  if (!draft) return null;
  const refs: FileRef[] = [];
  await mapDraftFiles(draft, (ref) => refs.push(ref));
  const stored = await guard(() =>
    getMany<StoredFile | undefined>(
      refs.map((ref) => ref.fileKey),
      drafts(),
    ),
  );
  const files = new Map(refs.map((ref, index) => [ref.fileKey, stored[index]]));
  const withFiles = await mapDraftFiles(draft, (ref) => {
    const bytes = files.get(ref.fileKey);
    if (!bytes) return null;
    const file = new File([bytes.bytes], bytes.name, {
      type: bytes.type,
      lastModified: bytes.lastModified,
    });
    written.set(file, ref.fileKey);
    return file;
  });
  return dropMissing(withFiles);
}

/** A file whose bytes are gone (storage cleared in part) is simply not there any more. */
function dropMissing(draft: QrDraft<File | null>): QrDraft {
  const files = Object.fromEntries(
    Object.entries(draft.content.files).filter(([, file]) => file !== null),
  );
  return {
    ...draft,
    content: { ...draft.content, files },
    design: { ...draft.design, logo: draft.design.logo ?? null },
  };
}

/** Writes the draft, and the bytes of any file not written yet; removes files it no longer has. */
export async function saveDraft(uid: string, draft: QrDraft): Promise<void> {
  const newFiles: [string, StoredFile][] = [];
  const newlyWritten: [File, string][] = [];
  const refs = await mapDraftFiles(draft, async (file): Promise<FileRef> => {
    // Bytes stored for another user are not this user's to point at.
    let fileKey = written.get(file)?.startsWith(fileKeyPrefix(uid)) ? written.get(file) : undefined;
    if (!fileKey) {
      fileKey = `${fileKeyPrefix(uid)}${uniqueId()}`;
      newlyWritten.push([file, fileKey]);
      newFiles.push([
        fileKey,
        {
          name: file.name,
          type: file.type,
          lastModified: file.lastModified,
          bytes: await file.arrayBuffer(),
        },
      ]);
    }
    return {
      fileKey,
      name: file.name,
      type: file.type,
      size: file.size,
      lastModified: file.lastModified,
    };
  });
  const record: DraftRecord = { draft: refs, savedAt: Date.now() };
  const previous = await guard(() => get<DraftRecord>(draftKey(uid), drafts()));
  // One transaction: the record never points at bytes that are not there.
  await guard(() => setMany([...newFiles, [draftKey(uid), record]], drafts()));
  for (const [file, key] of newlyWritten) written.set(file, key);
  const kept = new Set(fileKeys(refs));
  const gone = previous ? fileKeys(previous.draft).filter((key) => !kept.has(key)) : [];
  if (gone.length > 0) await guard(() => delMany(gone, drafts()));
}

/** Removes the user's draft and its files. */
export async function deleteDraft(uid: string): Promise<void> {
  const previous = await guard(() => get<DraftRecord>(draftKey(uid), drafts()));
  await guard(() => del(draftKey(uid), drafts()));
  if (previous) await guard(() => delMany(fileKeys(previous.draft), drafts()));
  written = new WeakMap(); // what it recorded may point at bytes just deleted
}

function fileKeys(draft: QrDraft<FileRef>): string[] {
  const refs = [...Object.values(draft.content.files), draft.design.logo];
  return refs.filter(isFileRef).map((ref) => ref.fileKey);
}

/** Runs a storage call; a failure becomes a DraftStorageError saying whether storage is full. */
async function guard<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const full =
      error instanceof DOMException &&
      (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED');
    if (!full) store = undefined; // a blocked open may work on a later try
    throw new DraftStorageError(full ? 'full' : 'unavailable', error);
  }
}
