import { describe, expect, it } from 'vitest';
import { HASH_SLICE_BYTES, sha256OfFile } from './file-hash';

/** Bytes that differ from slice to slice, so a slice hashed twice or skipped changes the hash. */
function bytes(size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) out[i] = (i * 31 + (i >> 12)) & 0xff;
  return out;
}

/**
 * The digest of Node's own crypto (its Web Crypto face, which the page's TypeScript types know;
 * node:crypto's are not in the app's tsconfig), taking the bytes whole.
 */
async function nodeSha256(data: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

describe('sha256OfFile', () => {
  it.each([
    ['empty', 0],
    ['one byte', 1],
    ['a few bytes', 3],
    ['one megabyte exactly', 1024 * 1024],
    ['one slice exactly', HASH_SLICE_BYTES],
    ['several slices and a bit', 2 * HASH_SLICE_BYTES + 1024 * 1024 + 17],
  ])('matches node:crypto for %s (%i bytes)', async (_name, size) => {
    const data = bytes(size);
    await expect(sha256OfFile(new Blob([data]))).resolves.toBe(await nodeSha256(data));
  });

  it('gives the well-known hash of "abc"', async () => {
    await expect(sha256OfFile(new Blob(['abc']))).resolves.toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('reports progress that only grows and ends at the size', async () => {
    const size = HASH_SLICE_BYTES + 5000;
    const seen: number[] = [];
    await sha256OfFile(new Blob([bytes(size)]), (hashed, total) => {
      expect(total).toBe(size);
      seen.push(hashed);
    });
    expect(seen.length).toBeGreaterThan(1);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe(size);
  });

  it('stops when its signal is aborted', async () => {
    const controller = new AbortController();
    const hashing = sha256OfFile(
      new Blob([bytes(3 * 1024 * 1024)]),
      () => controller.abort(),
      controller.signal,
    );
    await expect(hashing).rejects.toMatchObject({ name: 'AbortError' });
  });
});
