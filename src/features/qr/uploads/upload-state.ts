// What the page shows of an upload (upload-progress.tsx), from the moment its file is hashed to
// its end, and why an upload gave up.
import type { FinalUploadProblem, HostedFile } from '../../../domain/qr/hosting';

interface Progress {
  /** The name the file was chosen with. */
  readonly name: string;
  /** The file's size in bytes. */
  readonly total: number;
}

interface Sending extends Progress {
  readonly sha256: string;
  /** Bytes sent: those the server holds, and those of the chunk on its way. */
  readonly sent: number;
}

export type UploadState =
  /** Working out the file's hash before anything is sent. */
  | (Progress & { readonly status: 'hashing'; readonly hashed: number })
  | (Sending & { readonly status: 'uploading' })
  /** Stopped by the connection or the server being unavailable: goes on by itself. */
  | (Sending & { readonly status: 'waiting'; readonly message: string })
  | (Progress & {
      readonly status: 'failed';
      /** Absent when the file could not even be read to be hashed. */
      readonly sha256?: string;
      readonly sent: number;
      readonly problem: FinalUploadProblem | 'unreadable';
      /** Said as is: the server's words, written for the person uploading. */
      readonly message: string;
    })
  | (Progress & { readonly status: 'canceled'; readonly sha256?: string; readonly sent: number })
  | (Sending & { readonly status: 'done'; readonly file: HostedFile });

/** Why `upload` gave up: a refusal, a file that cannot be read, or a cancel. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly problem: FinalUploadProblem | 'unreadable' | 'canceled',
  ) {
    super(message);
    this.name = 'UploadError';
  }
}
