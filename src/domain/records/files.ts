// Hosted files, files/{owner}_{sha256}, each in chunks of CHUNK_BYTES under it,
// files/{owner}_{sha256}/chunks/{index, 5 digits}: written by the files function alone
// (functions/src/file-store.ts, which describes their fields), read by the `hosted` function that
// serves them, swept by file-sweep.ts and deleted with the account. No client reads or writes them
// (firestore.rules).
import { fileKinds, type FileKindId } from '../qr/files';
import type { UploadRecord } from '../qr/upload-protocol';

export const FILES = 'files';
export const CHUNKS = 'chunks';

/** A file's document id: its owner's, then its hash (two owners of one file keep a copy each). */
export const fileId = (owner: string, sha256: string) => `${owner}_${sha256}`;

export const filePath = (owner: string, sha256: string) => `${FILES}/${fileId(owner, sha256)}`;

/** A file's chunks. */
export const chunksPath = (owner: string, sha256: string) => `${filePath(owner, sha256)}/${CHUNKS}`;

/** A chunk's id: its index in five digits, so that the chunks list in order. */
export const chunkId = (index: number) => String(index).padStart(5, '0');

export const chunkPath = (owner: string, sha256: string, index: number) =>
  `${chunksPath(owner, sha256)}/${chunkId(index)}`;

/** A hosted file, or an upload of one, as stored. */
export interface StoredFile extends UploadRecord {
  readonly owner: string;
  readonly sha256: string;
}

const kindIds = Object.keys(fileKinds) as FileKindId[];

/**
 * A file as its document `data` holds it, read defensively: a count that is not a positive
 * number is 0, an unknown kind a PDF's, a missing type null (not sniffed yet).
 */
export function readStoredFile(data: Record<string, unknown>): StoredFile {
  const count = (value: unknown) => (typeof value === 'number' && value > 0 ? value : 0);
  return {
    owner: String(data.owner),
    sha256: String(data.sha256),
    name: String(data.name),
    size: count(data.size),
    kind: kindIds.find((id) => id === data.kind) ?? 'pdf',
    type: typeof data.type === 'string' ? data.type : null,
    received: count(data.received),
    complete: data.complete === true,
  };
}

/**
 * What the files function stores when an upload begins: nothing received yet, its type unknown
 * until the first chunk's bytes are sniffed. `stamp` is the time of the write.
 */
export const newStoredFile = <Stamp>(
  owner: string,
  start: {
    readonly sha256: string;
    readonly name: string;
    readonly size: number;
    readonly kind: FileKindId;
  },
  stamp: Stamp,
) => ({
  owner,
  sha256: start.sha256,
  name: start.name,
  size: start.size,
  kind: start.kind,
  type: null,
  received: 0,
  complete: false,
  createdAt: stamp,
  completedAt: null,
});
