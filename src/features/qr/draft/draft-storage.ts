// QR drafts in IndexedDB, one per signed-in user. The draft itself is small and written often;
// each uploaded file is a record of its own, written only when that file changes, so typing in
// a field never copies a 20 MB upload again. Files are kept as bytes with their name, type and
// last-modified time and come back as `File`s (Safari has lost Blob contents kept in IndexedDB).
import { uniqueId } from '../../../lib/compat';
import { localStore, StorageError, type StorageProblem } from '../../../lib/local-store';
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
export type { StorageProblem };

/** A draft that could not be read or kept (see StorageError: full, or unavailable). */
export class DraftStorageError extends StorageError {
  constructor(problem: StorageProblem, cause: unknown) {
    super(problem, cause);
    this.name = 'DraftStorageError';
  }
}

const drafts = localStore(
  'kcw-qr-drafts',
  'drafts',
  (problem, cause) => new DraftStorageError(problem, cause),
);

const draftKey = (uid: string) => `draft:${uid}`;
const fileKeyPrefix = (uid: string) => `file:${uid}:`;

/** Files already written (and where), so an unchanged one is not written again. */
let written = new WeakMap<File, string>();

const isFileRef = (value: unknown): value is FileRef =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FileRef).fileKey === 'string' &&
  typeof (value as FileRef).name === 'string';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The draft in a stored record, unchecked (restoreDraft and fileKeys check what they read). */
const draftOf = (record: unknown): unknown => (isObject(record) ? record.draft : undefined);

const isStoredFile = (value: unknown): value is StoredFile =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as StoredFile).name === 'string' &&
  typeof (value as StoredFile).type === 'string' &&
  typeof (value as StoredFile).lastModified === 'number' &&
  (value as StoredFile).bytes instanceof ArrayBuffer;

/** The user's draft with its files, or null when there is none. */
export async function loadDraft(uid: string): Promise<QrDraft | null> {
  const draft = restoreDraft(draftOf(await drafts.get(draftKey(uid))), isFileRef);
  if (!draft) return null;
  const refs: FileRef[] = [];
  await mapDraftFiles(draft, (ref) => refs.push(ref));
  const stored = await drafts.getMany(refs.map((ref) => ref.fileKey));
  const files = new Map(
    refs.map((ref, index) => [ref.fileKey, isStoredFile(stored[index]) ? stored[index] : null]),
  );
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
  const previous = draftOf(await drafts.get(draftKey(uid)));
  // One transaction: the record never points at bytes that are not there.
  await drafts.setMany([...newFiles, [draftKey(uid), record]]);
  for (const [file, key] of newlyWritten) written.set(file, key);
  const kept = new Set(fileKeys(refs));
  const gone = previous ? fileKeys(previous).filter((key) => !kept.has(key)) : [];
  if (gone.length > 0) await drafts.delMany(gone);
}

/** Removes the user's draft and its files. */
export async function deleteDraft(uid: string): Promise<void> {
  const previous = draftOf(await drafts.get(draftKey(uid)));
  await drafts.del(draftKey(uid));
  if (previous) await drafts.delMany(fileKeys(previous));
  written = new WeakMap(); // what it recorded may point at bytes just deleted
}

/** The keys of the files a stored draft points at (whatever else it holds, or lacks). */
function fileKeys(draft: unknown): string[] {
  const { content, design } = isObject(draft) ? draft : {};
  const files = isObject(content) && isObject(content.files) ? Object.values(content.files) : [];
  return [...files, isObject(design) ? design.logo : undefined]
    .filter(isFileRef)
    .map((ref) => ref.fileKey);
}
