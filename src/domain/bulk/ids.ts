// The id of each code a sheet makes, worked out from the row rather than minted, so that sending a
// row twice writes the same document: a batch cut off halfway goes on without duplicates, and a
// sheet uploaded again with the person's own `id` column updates the codes it made the first time.
// Both the page (to say what will be created and what updated) and the server (which writes them)
// work it out here.
import { sha256 } from '@noble/hashes/sha2.js';
import { base64url, randomBase64url } from '../base64url';

/** A hash of `text` as 20 URL-safe characters (120 bits): a Firestore document id. */
const idOf = (text: string) => base64url(sha256(new TextEncoder().encode(text)).slice(0, 15));

/**
 * The code of the person's own key: the same key makes the same code in a workspace, whichever
 * sheet or batch it comes in. Compared as written, spaces at its ends aside ("Table-1" and
 * "table-1" are two keys, as they are two cells).
 */
export const keyedCodeId = (key: string) => idOf(`key:${key.trim()}`);

/** The code of row `row` (0 for the first data row) of a batch without keys. */
export const batchRowCodeId = (batch: string, row: number) => idOf(`batch:${batch}:${row}`);

/** The code a row writes: by its key when it has one, else by its place in the batch. */
export const bulkCodeId = (batch: string, row: number, key: string | null) =>
  key ? keyedCodeId(key) : batchRowCodeId(batch, row);

/** A new batch's id: random, 20 URL-safe characters, like the codes' own. */
export const newBatchId = (fill: (bytes: Uint8Array<ArrayBuffer>) => void) =>
  randomBase64url(15, fill);

export const BATCH_ID = /^[A-Za-z0-9_-]{20}$/;
