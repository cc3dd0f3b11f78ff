// The bulk ZIP, built one file at a time with fflate's streaming Zip: each file is compressed as it
// comes and only the ZIP's own bytes are kept, in Blobs, never a second copy of every file. Runs in the
// ZIP worker (zip-worker.ts); plain enough to test without one.
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { storedInZip } from '../../../domain/bulk/zip-files';

export interface ZipBuilder {
  /** Adds one whole file; a path used already (letter case aside) is refused. */
  add(path: string, bytes: Uint8Array): void;
  /** The finished ZIP. */
  end(): Blob;
}

/**
 * The ZIP's bytes are gathered into a Blob every this many: a browser may keep a large Blob on
 * disk, where a batch's hundreds of megabytes of PNGs would otherwise sit in the worker's memory.
 */
const PART_BYTES = 8 * 1024 * 1024;

export function zipBuilder(): ZipBuilder {
  const parts: Blob[] = [];
  let chunks: Uint8Array<ArrayBuffer>[] = [];
  let pending = 0;
  const flush = () => {
    if (chunks.length > 0) parts.push(new Blob(chunks));
    chunks = [];
    pending = 0;
  };
  const paths = new Set<string>();
  let failure: Error | null = null;
  // ZipDeflate and ZipPassThrough work synchronously: each push has written its bytes on return.
  const zip = new Zip((error, chunk) => {
    if (error) {
      failure = error;
      return;
    }
    chunks.push(chunk);
    pending += chunk.length;
    if (pending >= PART_BYTES) flush();
  });
  const check = () => {
    if (failure) throw failure;
  };
  return {
    add(path, bytes) {
      const key = path.toLowerCase();
      if (paths.has(key)) throw new Error(`Two files in the ZIP would be named ${path}.`);
      paths.add(key);
      const entry = storedInZip(path) ? new ZipPassThrough(path) : new ZipDeflate(path);
      zip.add(entry);
      entry.push(bytes, true);
      check();
    },
    end() {
      zip.end();
      check();
      flush();
      return new Blob(parts, { type: 'application/zip' });
    },
  };
}
