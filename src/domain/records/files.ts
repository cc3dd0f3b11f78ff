// Hosted files, files/{owner}_{sha256}, each in chunks of CHUNK_BYTES under it,
// files/{owner}_{sha256}/chunks/{index, 5 digits}: written by the files function alone
// (functions/src/file-store.ts, which describes their fields), read by the `hosted` function that
// serves them, swept by file-sweep.ts and deleted with the account. No client reads or writes them
// (firestore.rules).
export const FILES = 'files';
export const CHUNKS = 'chunks';

/** A file's document id: its owner's, then its hash (two owners of one file keep a copy each). */
export const fileId = (owner: string, sha256: string) => `${owner}_${sha256}`;

export const filePath = (owner: string, sha256: string) => `${FILES}/${fileId(owner, sha256)}`;

/** A file's chunks (their ids: file-store.ts chunkId, five digits so that they list in order). */
export const chunksPath = (owner: string, sha256: string) => `${filePath(owner, sha256)}/${CHUNKS}`;
