// The bulk ZIP, built one file at a time with fflate's streaming Zip: each file is compressed as it
// comes and only the ZIP's own bytes are kept, never a second copy of every file. Runs in the
// ZIP worker (zip-worker.ts); plain enough to test without one.
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { storedInZip } from '../../../domain/bulk/zip-files';

export interface ZipBuilder {
  /** Adds one whole file; a path used already (letter case aside) is refused. */
  add(path: string, bytes: Uint8Array): void;
  /** The finished ZIP, in pieces to make one Blob of. */
  end(): Uint8Array<ArrayBuffer>[];
}

export function zipBuilder(): ZipBuilder {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const paths = new Set<string>();
  let failure: Error | null = null;
  // ZipDeflate and ZipPassThrough work synchronously: each push has written its bytes on return.
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else chunks.push(chunk);
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
      return chunks;
    },
  };
}
