// The SHA-256 a hosted file is known by (src/domain/qr/hosting.ts), worked out in the page before
// anything is sent. Web Crypto's digest takes the whole file at once, which for a 200 MB video
// means 200 MB in a phone's memory; an incremental hash reads it a slice at a time instead.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { pause } from '../../../lib/pause';

/** Bytes read from the file at once: few reads, little memory. */
export const HASH_SLICE_BYTES = 4 * 1024 * 1024;

/**
 * Bytes hashed between two pauses. The hash runs on the page's thread (about 50 MB/s on a slow
 * machine): a pause every megabyte lets the page draw and answer taps while a video is hashed.
 */
const STEP_BYTES = 1024 * 1024;

/**
 * The SHA-256 of `file`'s bytes, in lowercase hex. `onProgress` hears how many bytes are hashed
 * so far (and the total); an aborted `signal` rejects with its reason (an AbortError).
 */
export async function sha256OfFile(
  file: Blob,
  onProgress?: (hashedBytes: number, totalBytes: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  const hash = sha256.create();
  const total = file.size;
  for (let offset = 0; offset < total; offset += HASH_SLICE_BYTES) {
    signal?.throwIfAborted();
    const slice = new Uint8Array(await file.slice(offset, offset + HASH_SLICE_BYTES).arrayBuffer());
    for (let step = 0; step < slice.length; step += STEP_BYTES) {
      if (offset + step > 0) await pause();
      signal?.throwIfAborted();
      const end = Math.min(step + STEP_BYTES, slice.length);
      hash.update(slice.subarray(step, end));
      onProgress?.(offset + end, total);
    }
  }
  signal?.throwIfAborted();
  return bytesToHex(hash.digest());
}
