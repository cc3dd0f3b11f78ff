// The decisions of the upload protocol (its requests and answers: filesApi in hosting.ts), made
// here once for both ends and for the tests' fake server, as planSync is for short links. Nothing
// here reads, writes or sends anything: the server's store (functions/src/file-store.ts) reads an
// upload, asks planBegin, planAppend or planVerdict, and writes what they say in its transaction;
// the page's uploader (features/qr/uploads/uploader.ts) sends a request and asks nextStep what to
// do with the answer.
//
// The server's side, per request:
//   start (POST)  planBegin: refused, held whole already, go on from `received`, or new
//   chunk (PUT)   planAppend: is it at the end of what is held, of the right length, of content
//                 the kind takes; does it finish the file
//   last byte in  planCheck, then planVerdict: the whole file's SHA-256 makes it complete, or
//                 empties it to be sent again
// The page's side, per answer: nextStep says send the chunk from n, ask where to go on (a new
// start), done, wait and try again (retryWait: 2 s doubling to a minute), or stop on a final
// problem until the person acts.
import { isFinal } from '../api';
import { acceptsType, sniffType, wrongContentMessage } from './file-signatures';
import { fileKinds, formatBytes, type FileKindId } from './files';
import {
  CHUNK_BYTES,
  FILES_API_PATH,
  HOSTING_QUOTA_BYTES,
  filesApi,
  type FinalUploadProblem,
  type UploadAnswer,
} from './hosting';

/** An upload as the server holds it: what its decisions read. */
export interface UploadRecord {
  /** The name it was first uploaded with. */
  readonly name: string;
  readonly size: number;
  readonly kind: FileKindId;
  /** The media type found in its first bytes (file-signatures.ts); null before they are in. */
  readonly type: string | null;
  /** Bytes held, from the start: the next chunk starts here. */
  readonly received: number;
  /** Every byte is in and the whole file's SHA-256 is the one it is known by. */
  readonly complete: boolean;
}

/** What a start names of the file (the rest of it the store writes down as it is). */
export interface BeginRequest {
  readonly name: string;
  readonly size: number;
  /** The kind the upload's field takes (fileFields in content.ts). */
  readonly kind: FileKindId;
}

/**
 * What the server does after a request's writes: answer, or 'check' (every byte is in and its
 * hash was never checked: planCheck, the file read back, then planVerdict answer).
 */
export type Then = UploadAnswer | 'check';

/** A decision: what to write (null: nothing), then what to answer. */
export interface Plan<W> {
  readonly write: W | null;
  readonly then: Then;
}

export type BeginWrite =
  /** A new upload from nothing (its name, size and kind as started), `reserve` more bytes held. */
  | { readonly does: 'create'; readonly reserve: number }
  /** The same bytes started for a field of another kind: the upload is of that kind now. */
  | { readonly does: 'set-kind'; readonly kind: FileKindId };

export type AppendWrite =
  /** Not what the kind takes: nothing of it is kept, and `release` bytes go back to the quota. */
  | { readonly does: 'drop'; readonly release: number }
  /** The chunk is the `index`th (CHUNK_BYTES each); the upload holds `received` bytes of `type`. */
  | {
      readonly does: 'add';
      readonly index: number;
      readonly type: string;
      readonly received: number;
    };

export type VerdictWrite =
  | { readonly does: 'complete' }
  /** The bytes were not the file named: the upload holds nothing now (its quota stays held). */
  | { readonly does: 'restart' };

// The answers, in the words the person uploading reads.

const ok = (received: number, complete: boolean): UploadAnswer => ({
  ok: true,
  received,
  complete,
});

const badRequest = (message: string): UploadAnswer => ({
  ok: false,
  problem: 'bad-request',
  message,
});

/** 'too-large' for a file over its kind's limit, as checkFile() in files.ts words it. */
export function sizeProblem(kind: FileKindId, name: string, size: number): UploadAnswer | null {
  const { maxBytes, noun } = fileKinds[kind];
  if (size <= maxBytes) return null;
  const limit = formatBytes(maxBytes);
  const shown = formatBytes(size);
  // 20 MB and a few bytes still reads "20 MB": say "just over" rather than seem to agree.
  const said = parseFloat(shown) <= parseFloat(limit) ? `just over ${limit}` : shown;
  return {
    ok: false,
    problem: 'too-large',
    message: `"${name}" is ${said}; the limit for ${noun} is ${limit}. Please choose a smaller file.`,
  };
}

/** The quota in words: '1 GB' (formatBytes says MB at most). */
const QUOTA_SAID =
  HOSTING_QUOTA_BYTES % 1024 ** 3 === 0
    ? `${HOSTING_QUOTA_BYTES / 1024 ** 3} GB`
    : formatBytes(HOSTING_QUOTA_BYTES);

/** 'quota' when `extra` more bytes would take the account past HOSTING_QUOTA_BYTES. */
export function quotaProblem(name: string, used: number, extra: number): UploadAnswer | null {
  if (used + extra <= HOSTING_QUOTA_BYTES) return null;
  const left = formatBytes(Math.max(0, HOSTING_QUOTA_BYTES - used));
  return {
    ok: false,
    problem: 'quota',
    message:
      `There is no room for "${name}" (${formatBytes(extra)}): your files may take ` +
      `${QUOTA_SAID} in all, and ${left} is left. ` +
      'Delete codes with files you no longer need, or choose a smaller file.',
  };
}

/** Why a chunk of `length` bytes at the end of what `file` holds cannot be added, or null. */
export function chunkProblem(file: UploadRecord, length: number): UploadAnswer | null {
  const rest = file.size - file.received;
  const expected = Math.min(CHUNK_BYTES, rest);
  if (length === expected) return null;
  return badRequest(
    length > rest
      ? `That is ${length} bytes, more than the ${rest} left of "${file.name}".`
      : `The chunk at ${file.received} of "${file.name}" is ${expected} bytes, not ${length}.`,
  );
}

const offsetAnswer = (file: UploadRecord): UploadAnswer => ({
  ok: false,
  problem: 'offset',
  message: `The server holds the first ${file.received} bytes of "${file.name}": go on from there.`,
  received: file.received,
});

const NO_UPLOAD = badRequest(
  `There is no upload of this file: start it first (POST ${FILES_API_PATH}).`,
);

const wrongContent = (name: string, kind: FileKindId, type: string | null): UploadAnswer => ({
  ok: false,
  problem: 'wrong-content',
  message: wrongContentMessage(name, kind, type),
});

const hashMismatch = (name: string): UploadAnswer => ({
  ok: false,
  problem: 'hash-mismatch',
  message: `"${name}" did not arrive as it was sent (its SHA-256 is not the one given): send it again from the start.`,
  received: 0,
});

/** Every byte is in, but its check did not finish (the server was stopped): it is due now. */
const allIn = (file: UploadRecord) => !file.complete && file.received === file.size;

/** A decision that writes nothing. */
const unchanged = (then: Then): Plan<never> => ({ write: null, then });

// The server's side.

/**
 * What a start finds, with `held` the upload of that file the owner has (or null) and `used` the
 * bytes the owner's files hold against the quota. A file held whole answers complete at once (the
 * same file chosen again is not sent again); one partly held goes on from where it ends; one
 * begun with another size (which its hash would have refused) starts again from nothing, the
 * quota holding the difference. Refused: 'too-large' past the kind's limit, 'wrong-content' when
 * the bytes already in are not what the kind takes, 'quota' past the account's.
 */
export function planBegin(
  held: UploadRecord | null,
  start: BeginRequest,
  used: number,
): Plan<BeginWrite> {
  // A file held already is what its hash says; its size is the one it was checked with.
  const tooLarge = sizeProblem(start.kind, start.name, held?.complete ? held.size : start.size);
  if (tooLarge) return unchanged(tooLarge);
  if (held?.type && !acceptsType(start.kind, held.type)) {
    return unchanged(wrongContent(start.name, start.kind, held.type));
  }
  if (held?.complete) return unchanged(ok(held.size, true));
  if (held && held.size === start.size) {
    const then = allIn(held) ? 'check' : ok(held.received, false);
    const write = held.kind === start.kind ? null : { does: 'set-kind' as const, kind: start.kind };
    return { write, then };
  }
  const extra = start.size - (held?.size ?? 0);
  const overQuota = extra > 0 ? quotaProblem(start.name, used, extra) : null;
  if (overQuota) return unchanged(overQuota);
  return { write: { does: 'create', reserve: extra }, then: ok(0, false) };
}

/**
 * What the chunk `bytes` that starts at `offset` does to `held` (null: no upload of that file).
 * It must start where the held bytes end ('offset', with where they end, otherwise), be
 * CHUNK_BYTES long unless it is the last, and not go past the size. The first chunk says what the
 * file is (the whole chunk: see sniffType on ID3 tags): not what the kind takes, the upload is
 * dropped. The last one sends the file to its check.
 */
export function planAppend(
  held: UploadRecord | null,
  offset: number,
  bytes: Uint8Array,
): Plan<AppendWrite> {
  if (!held) return unchanged(NO_UPLOAD);
  if (held.complete) return unchanged(ok(held.size, true));
  if (allIn(held)) return unchanged('check');
  if (offset !== held.received) return unchanged(offsetAnswer(held));
  const wrongLength = chunkProblem(held, bytes.length);
  if (wrongLength) return unchanged(wrongLength);
  const type = offset === 0 ? sniffType(bytes) : held.type;
  if (!type || !acceptsType(held.kind, type)) {
    return {
      write: { does: 'drop', release: held.size },
      then: wrongContent(held.name, held.kind, type),
    };
  }
  const received = offset + bytes.length;
  return {
    write: { does: 'add', index: offset / CHUNK_BYTES, type, received },
    then: received === held.size ? 'check' : ok(received, false),
  };
}

/**
 * Before a check reads the file back: `hash` it, or the answer with nothing to check (no upload,
 * complete already, or not every byte in: another request got there first).
 */
export function planCheck<R extends UploadRecord>(
  held: R | null,
): { readonly hash: R } | { readonly then: UploadAnswer } {
  if (!held) return { then: NO_UPLOAD };
  if (!allIn(held)) return { then: ok(held.received, held.complete) };
  return { hash: held };
}

/**
 * Once the whole file `held` has been read back: `digest` (null: a chunk was missing) is the
 * SHA-256 it is known by, `sha256`, or it is not the file named and is sent again from the start.
 */
export function planVerdict(
  held: UploadRecord,
  sha256: string,
  digest: string | null,
): { readonly write: VerdictWrite; readonly then: UploadAnswer } {
  if (digest === sha256) return { write: { does: 'complete' }, then: ok(held.size, true) };
  return { write: { does: 'restart' }, then: hashMismatch(held.name) };
}

// The page's side.

/** The first wait before an upload tries again by itself, doubled at each try up to the last. */
export const FIRST_RETRY_MS = 2_000;
/** A minute: the longest wait, so a connection back after a long cut is found soon enough. */
export const MAX_RETRY_MS = 60_000;

/** The wait before the next try, after `previous` (0: none yet). */
export const retryWait = (previous: number) =>
  Math.min(MAX_RETRY_MS, previous ? previous * 2 : FIRST_RETRY_MS);

/**
 * Answers in a row that move nothing forward (an 'offset' naming where the page already was)
 * before the page stops asking at once and waits as for a lost connection: a server and a page
 * that disagree must not spin.
 */
export const MAX_STALLS = 3;

export const STALLED_MESSAGE =
  'The server did not take the next part of the file: the upload will go on in a moment.';

/** Where the page's upload of one file stands, between two answers. */
export interface UploadCursor {
  /** The file's size. */
  readonly size: number;
  /** Bytes the server said it holds, last time it said. */
  readonly received: number;
  /** Where the last chunk sent started; -1 before the first. */
  readonly from: number;
  /** Answers in a row that moved nothing forward. */
  readonly stalls: number;
  /** The answer to come is to a chunk (not to a start). */
  readonly chunk: boolean;
}

/** An upload of `size` bytes about to ask the server where to go on (a start). */
export const cursorAt = (size: number, received: number): UploadCursor => ({
  size,
  received,
  from: -1,
  stalls: 0,
  chunk: false,
});

export type ClientStep =
  /** Send bytes `from` to `to` (exclusive): a chunk. */
  | { readonly does: 'send'; readonly from: number; readonly to: number }
  /** Every byte is there and the server has not said it is complete: ask it again (a start). */
  | { readonly does: 'ask' }
  | { readonly does: 'done' }
  /** The server busy, the connection gone: the same request may do later (retryWait). */
  | { readonly does: 'wait'; readonly message: string }
  /** Refused until the person acts: said in the server's words. */
  | { readonly does: 'stop'; readonly problem: FinalUploadProblem; readonly message: string };

/**
 * What the page does with `answer`, and where its upload stands then. `connected`: a chunk was
 * taken, so the connection works and a later cut starts its waits short again.
 */
export function nextStep(
  cursor: UploadCursor,
  answer: UploadAnswer,
): { readonly step: ClientStep; readonly cursor: UploadCursor; readonly connected: boolean } {
  const connected = answer.ok && cursor.chunk;
  const stay = (step: ClientStep) => ({ step, cursor, connected });
  let received: number;
  if (answer.ok) {
    received = Math.min(answer.received, cursor.size);
    if (answer.complete)
      return { step: { does: 'done' }, cursor: { ...cursor, received }, connected };
  } else if (answer.problem === 'offset' && answer.received !== undefined) {
    received = Math.min(answer.received, cursor.size);
  } else if (isFinal(filesApi, answer.problem)) {
    return stay({ does: 'stop', problem: answer.problem, message: answer.message });
  } else {
    // The server busy, the connection gone, or an 'offset' that does not say where the server's
    // copy ends (a new start answers that): the same request may do later.
    return stay({ does: 'wait', message: answer.message });
  }
  const stalls = received > cursor.from ? 0 : cursor.stalls + 1;
  const moved = { ...cursor, received, stalls };
  if (stalls >= MAX_STALLS) {
    return { step: { does: 'wait', message: STALLED_MESSAGE }, cursor: moved, connected };
  }
  if (received >= cursor.size) {
    return { step: { does: 'ask' }, cursor: { ...moved, from: received, chunk: false }, connected };
  }
  const to = Math.min(received + CHUNK_BYTES, cursor.size);
  return {
    step: { does: 'send', from: received, to },
    cursor: { ...moved, from: received, chunk: true },
    connected,
  };
}
