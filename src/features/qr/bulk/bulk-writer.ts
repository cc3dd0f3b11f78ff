// Sends a confirmed batch to the server (POST /api/bulk) a chunk at a time, and keeps it on the
// device (IndexedDB) until every row has its answer: a connection cut halfway, a closed tab or a
// reload goes on from the rows already answered when the page is open and online again. A chunk
// whose answer was lost is sent again; the server writes each row's code by an id worked out from
// the row and leaves a code that already holds what its row sets, so nothing is written twice.
import type { RequestOf } from '../../../domain/api';
import {
  BULK_API_PATH,
  BULK_CHUNK_ROWS,
  bulkApi,
  type BulkAnswer,
  type BulkRowResult,
} from '../../../domain/bulk/bulk-api';
import { isFinal } from '../../../domain/api';
import type { SavedDesign } from '../../../domain/qr/saved-code';
import { localStore } from '../../../lib/local-store';
import { doubling, onOnline, RetryTimer } from '../../../lib/retry';
import { callForAnswer, type NoAnswerWords } from '../../../lib/site-api';

/** A batch as the page keeps it until every row is answered. */
export interface BulkJob {
  readonly batch: string;
  readonly uid: string;
  readonly workspace: string;
  readonly workspaceName: string;
  readonly type: string;
  readonly dynamic: boolean;
  readonly design: SavedDesign;
  readonly logo: string | null;
  /** The rows of the sheet in the batch (its good ones), by their place in it. */
  readonly rows: readonly {
    readonly row: number;
    readonly line: number;
    readonly values: Readonly<Record<string, string>>;
  }[];
  /** The number of rows of the sheet: each row's place is below it. */
  readonly total: number;
  /** The server's answer for each row answered so far, by its place. */
  readonly results: Readonly<Record<number, BulkRowResult>>;
  /** Why the batch stopped for the person to act (a final refusal), or null while it goes on. */
  readonly stopped: string | null;
}

export const answeredCount = (job: BulkJob) => Object.keys(job.results).length;

export const isFinished = (job: BulkJob) => answeredCount(job) >= job.rows.length;

const jobs = localStore('kcw-bulk', 'jobs');
const keyOf = (uid: string, workspace: string) => `${uid}:${workspace}`;

/** The batch this person left unfinished in `workspace`, if any (checked as it is read). */
export async function unfinishedJob(uid: string, workspace: string): Promise<BulkJob | null> {
  const stored = (await jobs.get(keyOf(uid, workspace)).catch(() => undefined)) as
    BulkJob | undefined;
  const readable =
    stored && typeof stored.batch === 'string' && Array.isArray(stored.rows) && stored.results;
  return readable && !isFinished(stored) ? stored : null;
}

export const keepJob = (job: BulkJob) => jobs.set(keyOf(job.uid, job.workspace), job);

export const forgetJob = (job: Pick<BulkJob, 'uid' | 'workspace'>) =>
  jobs.del(keyOf(job.uid, job.workspace)).catch(() => undefined);

const NO_ANSWER: NoAnswerWords = {
  offline: 'You are offline: the rest of the codes are written as soon as you are back online.',
  signedOut: 'Sign in again to make the rest of the codes.',
  notAnAnswer: (status) => `The server did not answer as expected (HTTP ${status}); trying again.`,
};

type WriteRequest = RequestOf<typeof bulkApi, 'write'>;

const requestOf = (job: BulkJob, rows: BulkJob['rows']): WriteRequest => ({
  ...(job.workspace !== job.uid ? { workspace: job.workspace } : {}),
  batch: job.batch,
  total: job.total,
  type: job.type,
  dynamic: job.dynamic,
  design: job.design as unknown as Record<string, unknown>,
  logo: job.logo,
  rows: rows.map(({ row, values }) => ({ row, values: { ...values } })),
});

/** Waits between tries after the server's trouble: 2 s, doubling to half a minute. */
const SERVER_BACKOFF = doubling(2_000, 30_000);

export interface Writing {
  /** Stops sending (the page closed); the job stays on the device. */
  stop(): void;
}

/**
 * Sends the job's unanswered rows, chunk by chunk, keeping the job after each answer, and tells
 * `onChange` of each step (with the words of a wait: offline, or the server's trouble). Ends when
 * every row is answered, or a final refusal stops it (its words in `stopped`).
 */
export function writeJob(
  start: BulkJob,
  onChange: (job: BulkJob, waiting: string | null) => void,
  send: (body: WriteRequest) => Promise<BulkAnswer> = (body) =>
    callForAnswer(bulkApi, BULK_API_PATH, body, NO_ANSWER),
): Writing {
  let job = start;
  let live = true;
  const retry = new RetryTimer(SERVER_BACKOFF);
  const stopOnline = onOnline(() => retry.now());

  const next = async (): Promise<void> => {
    if (!live) return;
    const rows = job.rows.filter(({ row }) => !(row in job.results)).slice(0, BULK_CHUNK_ROWS);
    if (rows.length === 0) {
      finish();
      return;
    }
    const answer = await send(requestOf(job, rows));
    if (!live) return;
    if (answer.ok) {
      const results = { ...job.results };
      for (const result of answer.rows) results[result.row] = result;
      job = { ...job, results };
      retry.succeeded();
      await keepJob(job).catch(() => undefined);
      onChange(job, null);
      void next();
      return;
    }
    if (isFinal(bulkApi, answer.problem)) {
      job = { ...job, stopped: answer.message };
      await keepJob(job).catch(() => undefined);
      onChange(job, null);
      finish();
      return;
    }
    // Offline or the server's trouble: the same chunk again later (at once when back online).
    onChange(job, answer.message);
    retry.later(() => void next());
  };
  const finish = () => {
    stopOnline();
    retry.cancel();
  };

  onChange(job, null);
  void next();
  return {
    stop: () => {
      live = false;
      finish();
    },
  };
}
