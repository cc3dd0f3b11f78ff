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
// One uploader for the page (a module), keyed by the workspace the file is for and the file's
// hash: the same file asked for twice (two fields, or the form and then the save) is one upload,
// and its progress goes on being shown when the form is left and opened again. A file is hosted
// per workspace (the server keeps a team's files under the team's account), so the same file for
// one's own codes and for a team's is two uploads: the team's is not done because one's own is.
// Each upload's workspace is fixed when it starts (a switch of workspace meanwhile does not move
// it); the states the page shows, by the file's hash, are those of the current workspace's.
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
import { useAuth } from '../../../lib/auth/session';
import { chosenWorkspaceId, useChosenWorkspaceId } from '../../../lib/workspace/workspace';
import { sha256OfFile } from './file-hash';
import { FileHashes, type HashFile } from './file-hashes';
import { uploadRequests, type UploadRequests } from './upload-requests';
import { UploadError, type UploadState } from './upload-state';

export interface UploaderOptions {
  readonly requests?: UploadRequests;
  readonly hash?: HashFile;
  /** Calls `listener` when the browser is back online; gives what stops that. */
  readonly onOnline?: (listener: () => void) => () => void;
  /** The workspace the page works in now (lib/workspace), or null while none is known. */
  readonly workspace?: () => string | null;
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
  /** Where the uploader keeps it: its workspace and its hash (keyOf). */
  readonly key: string;
  /** The workspace the file is hosted for (absent: the caller's own account, as the API reads it). */
  readonly workspace: string | undefined;
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

/** A job's key: the same file for two workspaces is two uploads. */
const keyOf = (workspace: string | undefined, sha256: string) => `${workspace ?? ''}/${sha256}`;

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
  /** Moves on at every change of a job; the snapshot is made again when it has. */
  private version = 0;
  private view: {
    readonly version: number;
    readonly workspace: string | undefined;
    readonly states: ReadonlyMap<string, UploadState>;
  } = { version: 0, workspace: undefined, states: new Map() };
  private account: string | null = null;
  private readonly requests: UploadRequests;
  private readonly workspaceNow: () => string | null;

  constructor(options: UploaderOptions = {}) {
    this.requests = options.requests ?? uploadRequests;
    this.workspaceNow =
      options.workspace ?? (() => (this.account ? chosenWorkspaceId(this.account) : null));
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
   * The workspace the page works in now: the one chosen on this device, or (none known yet) the
   * account the uploader works for.
   */
  private current(): string | undefined {
    return this.workspaceNow() ?? this.account ?? undefined;
  }

  /**
   * Uploads `file` for the field `field` to `workspace` (absent: the current one, as it is now),
   * or joins its upload under way, or answers at once when it is done. Resolves with the file as a
   * code names it (with this File's name and type); rejects with an UploadError on a refusal or a
   * cancel. A lost connection does not end it: it waits and goes on.
   */
  async upload(file: File, field: FileFieldId, workspace?: string): Promise<HostedFile> {
    // Fixed now: a switch of workspace while the file is hashed does not move its upload.
    const into = workspace ?? this.current();
    const sha256 = await this.hashOf(file);
    const key = keyOf(into, sha256);
    let job = this.jobs.get(key);
    if (!job) {
      job = {
        key,
        workspace: into,
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
      this.jobs.set(key, job);
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
  ensure(file: File, field: FileFieldId, workspace?: string): void {
    this.upload(file, field, workspace).catch(() => undefined);
  }

  /**
   * Stops the upload of `target` (a file's hash, or a File, also while it is hashed) to
   * `workspace` (absent: the current one): its request in flight is aborted and its callers hear
   * an UploadError 'canceled'. The server keeps what it took: uploading the file again goes on
   * from there.
   */
  cancel(target: string | File, workspace = this.current()) {
    if (typeof target !== 'string') {
      const sha256 = this.hashes.cancel(target);
      if (sha256) this.cancel(sha256, workspace);
      return;
    }
    const job = this.jobs.get(keyOf(workspace, target));
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

  /** Forgets the upload of `sha256` to `workspace`, stopping it first; its callers hear a cancel. */
  forget(sha256: string, workspace = this.current()) {
    this.cancel(sha256, workspace);
    if (this.jobs.delete(keyOf(workspace, sha256))) this.publish();
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
    for (const { sha256, workspace } of [...this.jobs.values()]) this.forget(sha256, workspace);
  }

  /**
   * The state of an upload to the current workspace, by the file's hash or by the File (also
   * while it is hashed).
   */
  stateOf(target: string | File | null | undefined): UploadState | undefined {
    if (!target) return undefined;
    const states = this.getSnapshot();
    if (typeof target === 'string') return states.get(target);
    const sha256 = this.hashes.known(target);
    return (sha256 && states.get(sha256)) || this.hashes.stateOf(target);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /**
   * The uploads to the current workspace by the file's hash (files still being hashed are not in
   * it: see stateOf). The same map until a job changes or the page works in another workspace.
   */
  getSnapshot = (): ReadonlyMap<string, UploadState> => {
    const workspace = this.current();
    if (this.view.version !== this.version || this.view.workspace !== workspace) {
      const states = [...this.jobs.values()]
        .filter((job) => job.workspace === workspace)
        .map((job) => [job.sha256, job.state] as const);
      this.view = { version: this.version, workspace, states: new Map(states) };
    }
    return this.view.states;
  };

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
    const { sha256, file, field, workspace } = job;
    const start = () =>
      this.requests.start({ sha256, size: file.size, name: file.name, field, workspace }, signal);

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
    const chunk = { sha256: job.sha256, offset: from, workspace: job.workspace };
    return this.requests.send(chunk, job.file.slice(from, to), onProgress, signal);
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
    if (this.jobs.get(job.key) === job) this.publish();
  }

  private publish() {
    this.version += 1;
    this.listeners.forEach((listener) => listener());
  }
}

export const uploader = new Uploader();

/** The uploads to the current workspace by the file's hash, live. */
export function useUploads(): ReadonlyMap<string, UploadState> {
  // Heard for its changes: the uploads shown are the workspace's the page works in.
  useChosenWorkspaceId(useAuth().user?.uid ?? null);
  return useSyncExternalStore(uploader.subscribe, uploader.getSnapshot, uploader.getSnapshot);
}

/**
 * The state of one upload to the current workspace, live: by the file's hash, or by the File
 * (also while it is hashed).
 */
export function useUpload(target: string | File | null | undefined): UploadState | undefined {
  useChosenWorkspaceId(useAuth().user?.uid ?? null);
  const state = () => uploader.stateOf(target);
  return useSyncExternalStore(uploader.subscribe, state, state);
}
