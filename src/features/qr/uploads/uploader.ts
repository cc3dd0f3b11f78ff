// Uploads of hosted files, resumable: a file is hashed in the page, then sent in chunks of
// CHUNK_BYTES, one after the other (the API: src/domain/qr/hosting.ts). What each answer leads to
// is the protocol's to say (nextStep in src/domain/qr/upload-protocol.ts): the server keeps every
// chunk it took, so an upload the connection cuts goes on from what the server holds (a new POST
// asks how much that is) when the browser is back online, or after a wait of 2 seconds doubling
// to a minute; never from the start unless the server says it holds nothing. A final refusal (too
// large, not what the field takes, over the quota, a plan needed: filesApi's table says which are
// final) stops it with the server's own words, until the person acts. This module runs the
// requests, the waits and the states the page shows.
//
// One uploader for the page (a module), keyed by the file's hash: the same file asked for twice
// (two fields, or the form and then the save) is one upload, and its progress goes on being
// shown when the form is left and opened again.
import { useSyncExternalStore } from 'react';
import type { FileFieldId } from '../../../domain/qr/content';
import type { FinalUploadProblem, HostedFile } from '../../../domain/qr/hosting';
import {
  cursorAt,
  nextStep,
  retryWait,
  STALLED_MESSAGE,
  type ClientStep,
} from '../../../domain/qr/upload-protocol';
import { onOnline, RetryTimer } from '../../../lib/retry';
import { sha256OfFile } from './file-hash';
import { FileHashes, type HashFile } from './file-hashes';
import { uploadRequests, type UploadRequests } from './upload-requests';
import { UploadError, type UploadState } from './upload-state';

export interface UploaderOptions {
  readonly requests?: UploadRequests;
  readonly hash?: HashFile;
  /** Calls `listener` when the browser is back online; gives what stops that. */
  readonly onOnline?: (listener: () => void) => () => void;
}

interface Deferred {
  readonly promise: Promise<HostedFile>;
  readonly resolve: (file: HostedFile) => void;
  readonly reject: (error: UploadError) => void;
}

function deferred(): Deferred {
  let resolve!: (file: HostedFile) => void;
  let reject!: (error: UploadError) => void;
  const promise = new Promise<HostedFile>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  // Whoever started an upload may not wait for it (the form starts it, the save awaits it):
  // its failure is in the state, so an unheard rejection is no error.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

interface Job {
  readonly sha256: string;
  readonly file: File;
  readonly field: FileFieldId;
  /** Bytes the server said it holds, last time it said. */
  received: number;
  state: UploadState;
  /** Settles the callers of this attempt; a new one after a failure or a cancel. */
  outcome: Deferred;
  /** Each run's number: a run that is not the latest one stops at its next step. */
  attempt: number;
  controller: AbortController | null;
  /** The next try after a wait, on the protocol's schedule (retryWait). */
  readonly retry: RetryTimer;
}

/** What every state of a job's upload says of its file. */
const about = ({ sha256, file }: Job) => ({ sha256, name: file.name, total: file.size });

const sending = (job: Job, sent: number): UploadState => ({
  status: 'uploading',
  ...about(job),
  sent,
});

export class Uploader {
  private readonly jobs = new Map<string, Job>();
  private readonly hashes: FileHashes;
  private readonly listeners = new Set<() => void>();
  private snapshot: ReadonlyMap<string, UploadState> = new Map();
  private account: string | null = null;
  private readonly requests: UploadRequests;

  constructor(options: UploaderOptions = {}) {
    this.requests = options.requests ?? uploadRequests;
    this.hashes = new FileHashes(options.hash ?? sha256OfFile, () => this.publish());
    (options.onOnline ?? onOnline)(() => this.resumeWaiting());
  }

  /**
   * The SHA-256 of `file`, worked out once per File object (in state 'hashing' meanwhile).
   * Rejects with an UploadError when the file cannot be read or the hashing is canceled.
   */
  hashOf(file: File): Promise<string> {
    return this.hashes.of(file);
  }

  /** The hash of `file` if it is already known; undefined while it is worked out. */
  knownHash(file: File): string | undefined {
    return this.hashes.known(file);
  }

  /**
   * Uploads `file` for the field `field`, or joins its upload under way, or answers at once when
   * it is done. Resolves with the file as a code names it (with this File's name and type);
   * rejects with an UploadError on a refusal or a cancel. A lost connection does not end it:
   * it waits and goes on.
   */
  async upload(file: File, field: FileFieldId): Promise<HostedFile> {
    const sha256 = await this.hashOf(file);
    let job = this.jobs.get(sha256);
    if (!job) {
      job = {
        sha256,
        file,
        field,
        received: 0,
        state: { status: 'uploading', sha256, name: file.name, total: file.size, sent: 0 },
        outcome: deferred(),
        attempt: 0,
        controller: null,
        retry: new RetryTimer((waited) => retryWait(waited)),
      };
      this.jobs.set(sha256, job);
      this.launch(job);
    } else {
      this.resume(job);
    }
    await job.outcome.promise;
    return { sha256, name: file.name, size: file.size, type: file.type };
  }

  /**
   * Starts or joins the upload of `file`, as `upload` does, for a caller that does not wait for
   * it (the content form): how it ends is in its state.
   */
  ensure(file: File, field: FileFieldId): void {
    this.upload(file, field).catch(() => undefined);
  }

  /**
   * Stops the upload of `target` (a file's hash, or a File, also while it is hashed): its
   * request in flight is aborted and its callers hear an UploadError 'canceled'. The server keeps
   * what it took: uploading the file again goes on from there.
   */
  cancel(target: string | File) {
    if (typeof target !== 'string') {
      const sha256 = this.hashes.cancel(target);
      if (sha256) this.cancel(sha256);
      return;
    }
    const job = this.jobs.get(target);
    if (!job || job.state.status === 'done' || job.state.status === 'canceled') return;
    this.stop(job);
    this.setState(job, { status: 'canceled', ...about(job), sent: job.received });
    job.outcome.reject(new UploadError('The upload was canceled.', 'canceled'));
  }

  /**
   * Goes on now with an upload that waits for the connection (asked for now, by a "Try again" or
   * the save: no reason to sit out the wait), or starts again one that failed or was canceled.
   */
  private resume(job: Job) {
    const { status } = job.state;
    if (status === 'failed' || status === 'canceled') {
      job.outcome = deferred();
      this.launch(job);
    } else if (status === 'waiting') {
      this.launch(job);
    }
  }

  /** Forgets the upload of `sha256`, stopping it first; its callers hear a cancel. */
  forget(sha256: string) {
    this.cancel(sha256);
    if (this.jobs.delete(sha256)) this.publish();
  }

  /**
   * The account the uploads are for: another one (a different user signed in) stops and forgets
   * them all, so nobody's file goes on under someone else's name.
   */
  forAccount(uid: string | null) {
    if (uid === this.account) return;
    // The first account named is the one the page already worked for.
    const known = this.account !== null;
    this.account = uid;
    if (!known) return;
    for (const sha256 of [...this.jobs.keys()]) this.forget(sha256);
  }

  /** The state of an upload, by the file's hash or by the File (also while it is hashed). */
  stateOf(target: string | File | null | undefined): UploadState | undefined {
    if (!target) return undefined;
    if (typeof target === 'string') return this.snapshot.get(target);
    const sha256 = this.hashes.known(target);
    return (sha256 && this.snapshot.get(sha256)) || this.hashes.stateOf(target);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** The uploads by the file's hash (files still being hashed are not in it: see stateOf). */
  getSnapshot = (): ReadonlyMap<string, UploadState> => this.snapshot;

  /** Runs the job; should the requests ever throw (they are meant not to), it waits and retries. */
  private launch(job: Job) {
    const running = this.run(job);
    // Numbered by run before its first await.
    const attempt = job.attempt;
    running.catch(() => {
      if (job.attempt === attempt) this.waitAndRetry(job, STALLED_MESSAGE);
    });
  }

  /** One run: asks where to go on, then does what each answer says (nextStep) until it stops. */
  private async run(job: Job) {
    this.stop(job);
    const attempt = ++job.attempt;
    const controller = new AbortController();
    job.controller = controller;
    const { signal } = controller;
    const { sha256, file, field } = job;
    const start = () =>
      this.requests.start({ sha256, size: file.size, name: file.name, field }, signal);

    this.setState(job, sending(job, job.received));
    let cursor = cursorAt(file.size, job.received);
    let answer = await start();
    while (job.attempt === attempt) {
      const next = nextStep(cursor, answer);
      cursor = next.cursor;
      job.received = cursor.received;
      if (next.connected) job.retry.succeeded();
      const { step } = next;
      if (step.does === 'done') return this.finish(job);
      if (step.does === 'stop') return this.fail(job, step.problem, step.message);
      if (step.does === 'wait') return this.waitAndRetry(job, step.message);
      answer = step.does === 'ask' ? await start() : await this.send(job, step, attempt, signal);
    }
  }

  /** Sends one chunk, showing its bytes as they go. */
  private send(
    job: Job,
    { from, to }: Extract<ClientStep, { does: 'send' }>,
    attempt: number,
    signal: AbortSignal,
  ) {
    this.setState(job, sending(job, from));
    const onProgress = (sentBytes: number) => {
      const sent = from + Math.min(sentBytes, to - from);
      const shown = job.state;
      if (job.attempt === attempt && shown.status === 'uploading' && sent > shown.sent) {
        this.setState(job, sending(job, sent));
      }
    };
    return this.requests.send(job.sha256, from, job.file.slice(from, to), onProgress, signal);
  }

  private finish(job: Job) {
    this.stop(job);
    job.retry.succeeded();
    const { file, sha256 } = job;
    const hosted: HostedFile = { sha256, name: file.name, size: file.size, type: file.type };
    this.setState(job, { status: 'done', ...about(job), sent: file.size, file: hosted });
    job.outcome.resolve(hosted);
  }

  private fail(job: Job, problem: FinalUploadProblem, message: string) {
    this.stop(job);
    job.retry.succeeded();
    this.setState(job, { status: 'failed', ...about(job), sent: job.received, problem, message });
    job.outcome.reject(new UploadError(message, problem));
  }

  /** Waits the next of the doubling waits, then asks the server again. */
  private waitAndRetry(job: Job, message: string) {
    this.stop(job);
    this.setState(job, { status: 'waiting', ...about(job), sent: job.received, message });
    const attempt = job.attempt;
    job.retry.later(() => {
      if (job.attempt === attempt && job.state.status === 'waiting') this.launch(job);
    });
  }

  /** Ends whatever the job is doing: the request in flight, the wait for the next try. */
  private stop(job: Job) {
    job.attempt += 1;
    job.controller?.abort();
    job.controller = null;
    job.retry.cancel();
  }

  /** The connection is back: every upload that waits tries now (its pending try, run early). */
  private resumeWaiting() {
    for (const job of this.jobs.values()) {
      if (job.state.status === 'waiting' && !job.retry.now()) this.launch(job);
    }
  }

  private setState(job: Job, state: UploadState) {
    job.state = state;
    if (this.jobs.get(job.sha256) === job) this.publish();
  }

  private publish() {
    this.snapshot = new Map([...this.jobs].map(([sha256, job]) => [sha256, job.state] as const));
    this.listeners.forEach((listener) => listener());
  }
}

export const uploader = new Uploader();

/** The uploads by the file's hash, live. */
export const useUploads = (): ReadonlyMap<string, UploadState> =>
  useSyncExternalStore(uploader.subscribe, uploader.getSnapshot, uploader.getSnapshot);

/** The state of one upload, live: by the file's hash, or by the File (also while it is hashed). */
export function useUpload(target: string | File | null | undefined): UploadState | undefined {
  const state = () => uploader.stateOf(target);
  return useSyncExternalStore(uploader.subscribe, state, state);
}
