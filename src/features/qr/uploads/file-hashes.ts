// The SHA-256 of each File the page uploads, worked out once per File object (two fields, or the
// form and then the save, ask for the same one), with what the page shows meanwhile: its hashing
// and its progress, or why it stopped, until the hash is known and the upload takes over.
import { UploadError, type UploadState } from './upload-state';

/** Hashes `file`, saying how far it got; an aborted `signal` rejects with an AbortError. */
export type HashFile = (
  file: Blob,
  onProgress?: (hashedBytes: number, totalBytes: number) => void,
  signal?: AbortSignal,
) => Promise<string>;

interface Hashing {
  readonly promise: Promise<string>;
  readonly controller: AbortController;
  sha256?: string;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export class FileHashes {
  private readonly hashes = new WeakMap<File, Hashing>();
  /** What is known of a File before its hash is: being hashed, or why that stopped. */
  private readonly states = new WeakMap<File, UploadState>();

  constructor(
    private readonly hash: HashFile,
    /** Called whenever a File's state changes. */
    private readonly changed: () => void,
  ) {}

  /**
   * The SHA-256 of `file` (in state 'hashing' meanwhile). Rejects with an UploadError when the
   * file cannot be read or the hashing is canceled.
   */
  of(file: File): Promise<string> {
    const known = this.hashes.get(file);
    if (known) return known.promise;
    const controller = new AbortController();
    const name = file.name;
    const total = file.size;
    this.set(file, { status: 'hashing', name, total, hashed: 0 });
    const promise = this.hash(
      file,
      (hashed) => {
        if (!controller.signal.aborted) this.set(file, { status: 'hashing', name, total, hashed });
      },
      controller.signal,
    ).then(
      (sha256) => {
        hashing.sha256 = sha256;
        this.states.delete(file);
        this.changed();
        return sha256;
      },
      (error: unknown) => {
        this.hashes.delete(file);
        if (controller.signal.aborted || isAbort(error)) {
          throw new UploadError('The upload was canceled.', 'canceled');
        }
        const message = `“${name}” could not be read. Please choose the file again.`;
        this.set(file, { status: 'failed', name, total, sent: 0, problem: 'unreadable', message });
        throw new UploadError(message, 'unreadable');
      },
    );
    promise.catch(() => undefined);
    const hashing: Hashing = { promise, controller };
    this.hashes.set(file, hashing);
    return promise;
  }

  /** The hash of `file` if it is already known; undefined while it is worked out. */
  known(file: File): string | undefined {
    return this.hashes.get(file)?.sha256;
  }

  /** The state of `file` while it has no hash: being hashed, or why that stopped. */
  stateOf(file: File): UploadState | undefined {
    return this.states.get(file);
  }

  /**
   * Stops the hashing of `file` (it is 'canceled' then). Gives its hash when it is known already:
   * then it is its upload that is to stop.
   */
  cancel(file: File): string | undefined {
    const hashing = this.hashes.get(file);
    if (hashing?.sha256) return hashing.sha256;
    if (!hashing) return undefined;
    hashing.controller.abort();
    this.hashes.delete(file);
    this.set(file, { status: 'canceled', name: file.name, total: file.size, sent: 0 });
    return undefined;
  }

  private set(file: File, state: UploadState) {
    this.states.set(file, state);
    this.changed();
  }
}
