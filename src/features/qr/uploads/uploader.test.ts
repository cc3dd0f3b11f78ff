// @vitest-environment jsdom
// The uploader against an in-memory server that keeps what it takes and decides as the real one
// does (the protocol's own planBegin and planAppend): the network and the hashing are fakes, the
// timers too (the waits between tries).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileFields } from '../../../domain/qr/content';
import {
  CHUNK_BYTES,
  type UploadAnswer,
  type FinalUploadProblem,
  type UploadStart,
} from '../../../domain/qr/hosting';
import {
  planAppend,
  planBegin,
  planCheck,
  planVerdict,
  type Then,
  type UploadRecord,
} from '../../../domain/qr/upload-protocol';
import type { ChunkOf, UploadRequests } from './upload-requests';
import { UploadError, type UploadState } from './upload-state';
import { Uploader, type UploaderOptions } from './uploader';

/** The workspace the page works in (lib/workspace), as the tests choose it. */
const chosen = vi.hoisted(() => ({ id: null as string | null }));
vi.mock('../../../lib/workspace/workspace', () => ({
  chosenWorkspaceId: (uid: string) => chosen.id ?? uid,
  useChosenWorkspaceId: () => chosen.id,
}));

const DROPPED: UploadAnswer = { ok: false, problem: 'unavailable', message: 'Connection lost.' };

/** What a PUT answers instead of the server's usual, or 'hang' until it is aborted. */
type PutOverride = UploadAnswer | 'hang' | undefined;

/**
 * Stands in for SHA-256, cheaply: the first bytes (each test file's format signature and name)
 * and the size. The same bytes give the same hash, as they would; the server checks it as the
 * real one checks SHA-256.
 */
async function fakeDigest(bytes: Blob): Promise<string> {
  const head = new Uint8Array(await bytes.slice(0, 64).arrayBuffer());
  let fnv = 0x811c9dc5;
  for (const byte of head) fnv = Math.imul(fnv ^ byte, 0x01000193) >>> 0;
  const hex = (value: number) => value.toString(16).padStart(8, '0');
  return `${hex(fnv)}${hex(bytes.size)}`.padEnd(64, '0');
}

/** Where the fake keeps a file: per workspace, as the server does ('' for the caller's own). */
const heldAt = (workspace: string | undefined, sha256: string) => `${workspace ?? ''}/${sha256}`;

class FakeServer {
  /** The uploads it holds, by workspace and hash: the protocol's record of each, and its chunks. */
  readonly files = new Map<string, { record: UploadRecord; chunks: Blob[] }>();
  /** Bytes held against the account's quota. */
  used = 0;
  readonly starts: UploadStart[] = [];
  /** The offset of every PUT, in order. */
  readonly puts: number[] = [];
  /** The workspace every PUT named, in order. */
  readonly putWorkspaces: (string | undefined)[] = [];
  readonly signals: AbortSignal[] = [];
  /** Answers the POST instead of the server, while it gives something. */
  onStart: (start: UploadStart) => UploadAnswer | undefined = () => undefined;
  /** Called with each PUT's offset and its index among all PUTs. */
  onPut: (offset: number, index: number) => PutOverride | Promise<PutOverride> = () => undefined;

  readonly requests: UploadRequests = {
    start: async (start, signal) => {
      this.starts.push(start);
      if (signal) this.signals.push(signal);
      return this.onStart(start) ?? this.begin(start);
    },
    send: async (chunk, bytes, onProgress, signal) => {
      const { offset } = chunk;
      this.puts.push(offset);
      this.putWorkspaces.push(chunk.workspace);
      if (signal) this.signals.push(signal);
      const override = await this.onPut(offset, this.puts.length - 1);
      if (override === 'hang') {
        return new Promise<UploadAnswer>((resolve) =>
          signal?.addEventListener('abort', () =>
            resolve({ ok: false, problem: 'unavailable', message: 'Stopped.' }),
          ),
        );
      }
      return override ?? this.append(chunk, bytes, onProgress);
    },
  };

  async begin({ sha256, size, name, field, workspace }: UploadStart): Promise<UploadAnswer> {
    const at = heldAt(workspace, sha256);
    const held = this.files.get(at);
    const { write, then } = planBegin(
      held?.record ?? null,
      { name, size, kind: fileFields[field].kindId },
      this.used,
    );
    if (held && write?.does === 'set-kind') held.record = { ...held.record, kind: write.kind };
    if (write?.does === 'create') {
      const record = { name, size, kind: fileFields[field].kindId, type: null, received: 0 };
      this.files.set(at, { record: { ...record, complete: false }, chunks: [] });
      this.used += write.reserve;
    }
    return this.then(at, sha256, then);
  }

  async append(
    { sha256, offset, workspace }: ChunkOf,
    bytes: Blob,
    onProgress?: (sentBytes: number) => void,
  ): Promise<UploadAnswer> {
    const at = heldAt(workspace, sha256);
    const held = this.files.get(at);
    const data = new Uint8Array(await bytes.arrayBuffer());
    const { write, then } = planAppend(held?.record ?? null, offset, data);
    if (held && write?.does === 'add') {
      onProgress?.(Math.floor(bytes.size / 2));
      onProgress?.(bytes.size);
      held.chunks[write.index] = bytes;
      held.record = { ...held.record, type: write.type, received: write.received };
    }
    if (write?.does === 'drop') {
      this.files.delete(at);
      this.used -= write.release;
    }
    return this.then(at, sha256, then);
  }

  /** Holds `file` whole already, as if uploaded before (nothing of it is counted as asked). */
  async hold(sha256: string, file: File, field: UploadStart['field'], workspace?: string) {
    await this.begin({ sha256, size: file.size, name: file.name, field, workspace });
    for (let from = 0; from < file.size; from += CHUNK_BYTES) {
      const bytes = file.slice(from, Math.min(from + CHUNK_BYTES, file.size));
      await this.append({ sha256, offset: from, workspace }, bytes);
    }
  }

  private async then(at: string, sha256: string, then: Then): Promise<UploadAnswer> {
    if (then !== 'check') return then;
    const held = this.files.get(at);
    const check = planCheck(held?.record ?? null);
    if ('then' in check) return check.then;
    const chunks = held?.chunks ?? [];
    const digest = await fakeDigest(new Blob(chunks));
    const { write, then: verdict } = planVerdict(check.hash, sha256, digest);
    const record = check.hash;
    this.files.set(at, {
      chunks,
      record:
        write.does === 'complete'
          ? { ...record, complete: true }
          : { ...record, received: 0, type: null },
    });
    return verdict;
  }
}

/** The first bytes of a file of each format the tests upload: what the server sniffs. */
const signatures: Record<string, number[]> = {
  pdf: [...'%PDF-1.7'].map((c) => c.charCodeAt(0)),
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  // An ID3 tag with nothing in it: an MP3.
  mp3: [0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0],
  // An 'ftyp' box of brand isom: an MP4.
  mp4: [0, 0, 0, 16, ...[...'ftypisom'].map((c) => c.charCodeAt(0)), 0, 0, 0, 0],
};

/**
 * A file of `chunks` chunks and a bit (the last chunk shorter, as in life): its format's
 * signature, then its name, then zeros.
 */
function fileOf(name: string, chunks: number) {
  const bytes = new Uint8Array(Math.floor(chunks * CHUNK_BYTES) + 100);
  bytes.set(signatures[name.split('.').pop() ?? ''] ?? []);
  bytes.set(new TextEncoder().encode(name), 16);
  return new File([bytes], name, { type: 'application/pdf' });
}

type Hash = NonNullable<UploaderOptions['hash']>;

/** Stands in for hashing (fakeDigest). */
const fakeHash: Hash = async (file, onProgress) => {
  onProgress?.(file.size, file.size);
  return fakeDigest(file);
};

let server: FakeServer;
let goOnline: () => void;

function makeUploader(options: { hash?: Hash } = {}) {
  return new Uploader({
    requests: server.requests,
    hash: options.hash ?? fakeHash,
    onOnline: (listener) => {
      goOnline = listener;
      return () => undefined;
    },
  });
}

/** Lets every pending answer and continuation run (no time passes). */
const settle = () => vi.advanceTimersByTimeAsync(0);

/** Every state the uploader publishes for the file's hash, in order. */
function record(uploader: Uploader) {
  const seen: UploadState[] = [];
  uploader.subscribe(() => {
    for (const state of uploader.getSnapshot().values()) {
      if (seen.at(-1) !== state) seen.push(state);
    }
  });
  return seen;
}

const C = CHUNK_BYTES;

beforeEach(() => {
  vi.useFakeTimers();
  server = new FakeServer();
  chosen.id = null;
});
afterEach(() => vi.useRealTimers());

describe('Uploader', () => {
  it('hashes, starts, sends every chunk in order and ends done with the hosted file', async () => {
    const uploader = makeUploader();
    const seen = record(uploader);
    const file = fileOf('menu.pdf', 3);
    const hosted = await uploader.upload(file, 'menuFile');
    const sha256 = await uploader.hashOf(file);
    expect(hosted).toEqual({ sha256, name: 'menu.pdf', size: file.size, type: 'application/pdf' });
    expect(server.starts).toEqual([
      { sha256, size: file.size, name: 'menu.pdf', field: 'menuFile' },
    ]);
    expect(server.puts).toEqual([0, C, 2 * C, 3 * C]);
    expect(uploader.stateOf(file)).toEqual({
      status: 'done',
      sha256,
      name: 'menu.pdf',
      total: file.size,
      sent: file.size,
      file: hosted,
    });
    // Progress only grows, chunk by chunk and within each chunk.
    const sent = seen.map((state) => ('sent' in state ? state.sent : 0));
    expect(sent).toEqual([...sent].sort((a, b) => a - b));
    expect(sent).toContain(Math.floor(C / 2));
    expect(seen.every((state) => state.total === file.size)).toBe(true);
  });

  it('shows the hashing with its progress, keyed by the File until the hash is known', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const uploader = makeUploader({
      hash: async (file, onProgress) => {
        onProgress?.(1000, file.size);
        await gate;
        return fakeHash(file);
      },
    });
    const file = fileOf('video.mp4', 1);
    const upload = uploader.upload(file, 'videoFile');
    expect(uploader.stateOf(file)).toEqual({
      status: 'hashing',
      name: 'video.mp4',
      total: file.size,
      hashed: 1000,
    });
    expect(uploader.knownHash(file)).toBeUndefined();
    release();
    await upload;
    expect(uploader.knownHash(file)).toBe(await fakeHash(file));
    expect(uploader.stateOf(file)?.status).toBe('done');
  });

  it('a file that cannot be read fails with a message saying to choose it again', async () => {
    const uploader = makeUploader({
      hash: async () => {
        throw new DOMException('The file changed.', 'NotReadableError');
      },
    });
    const file = fileOf('scan.pdf', 1);
    await expect(uploader.upload(file, 'pdfFile')).rejects.toMatchObject({
      problem: 'unreadable',
    });
    expect(uploader.stateOf(file)).toMatchObject({
      status: 'failed',
      message: '“scan.pdf” could not be read. Please choose the file again.',
    });
  });

  it('goes on from the chunk the connection dropped when the browser is back online', async () => {
    server.onPut = (_offset, index) => (index === 2 ? DROPPED : undefined);
    const uploader = makeUploader();
    const file = fileOf('menu.pdf', 4);
    const upload = uploader.upload(file, 'menuFile');
    await settle();
    const sha256 = await uploader.hashOf(file);
    expect(uploader.stateOf(sha256)).toEqual({
      status: 'waiting',
      sha256,
      name: 'menu.pdf',
      total: file.size,
      sent: 2 * C,
      message: 'Connection lost.',
    });
    expect(server.puts).toEqual([0, C, 2 * C]);

    goOnline();
    await upload;
    // A new start asked where to go on; only the dropped chunk went twice.
    expect(server.starts).toHaveLength(2);
    expect(server.puts).toEqual([0, C, 2 * C, 2 * C, 3 * C, 4 * C]);
    expect(uploader.stateOf(sha256)?.status).toBe('done');
  });

  it('listens to the window’s own online event by default', async () => {
    let dropped = false;
    server.onPut = (offset) => {
      if (offset === C && !dropped) {
        dropped = true;
        return DROPPED;
      }
      return undefined;
    };
    const uploader = new Uploader({ requests: server.requests, hash: fakeHash });
    const file = fileOf('photo.png', 2);
    const upload = uploader.upload(file, 'imageFile');
    await settle();
    expect(uploader.stateOf(file)?.status).toBe('waiting');
    window.dispatchEvent(new Event('online'));
    await upload;
    expect(server.puts).toEqual([0, C, C, 2 * C]);
  });

  it('tries again by itself after 2 s, doubling the wait up to a minute, from the server’s copy', async () => {
    let down = true;
    server.onStart = () => (down ? DROPPED : undefined);
    const uploader = makeUploader();
    const file = fileOf('song.mp3', 1);
    const upload = uploader.upload(file, 'audioFile');
    await settle();
    expect(server.starts).toHaveLength(1);
    const waits = [2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000];
    for (const [index, wait] of waits.entries()) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(server.starts).toHaveLength(index + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(server.starts).toHaveLength(index + 2);
    }
    down = false;
    await vi.advanceTimersByTimeAsync(60_000);
    await upload;
    expect(server.puts).toEqual([0, C]);
  });

  it('asked again while it waits (a Try again, the save), tries at once', async () => {
    let down = true;
    server.onStart = () => (down ? DROPPED : undefined);
    const uploader = makeUploader();
    const file = fileOf('song.mp3', 1);
    const first = uploader.upload(file, 'audioFile');
    await settle();
    expect(uploader.stateOf(file)?.status).toBe('waiting');
    down = false;
    const second = uploader.upload(file, 'audioFile');
    await settle();
    expect(server.starts).toHaveLength(2);
    await expect(Promise.all([first, second])).resolves.toHaveLength(2);
  });

  it('should a request throw after all, waits and tries again rather than stalling', async () => {
    let throws = true;
    const requests: UploadRequests = {
      start: async (start, signal) => {
        if (throws) throw new Error('Broken fake.');
        return server.requests.start(start, signal);
      },
      send: server.requests.send,
    };
    const uploader = new Uploader({ requests, hash: fakeHash, onOnline: () => () => undefined });
    const file = fileOf('menu.pdf', 1);
    const upload = uploader.upload(file, 'menuFile');
    await settle();
    expect(uploader.stateOf(file)?.status).toBe('waiting');
    throws = false;
    await vi.advanceTimersByTimeAsync(2_000);
    await upload;
    expect(server.puts).toEqual([0, C]);
  });

  it('after an offset answer goes on from where the server says its copy ends', async () => {
    const uploader = makeUploader();
    const file = fileOf('menu.pdf', 3);
    const sha256 = await uploader.hashOf(file);
    // Another tab sent the second chunk meanwhile: the server answers 'offset', at 2 * C.
    server.onPut = async (_offset, index) => {
      if (index === 1) await server.append({ sha256, offset: C }, file.slice(C, 2 * C));
      return undefined;
    };
    await uploader.upload(file, 'menuFile');
    expect(server.puts).toEqual([0, C, 2 * C, 3 * C]);
    expect(server.starts).toHaveLength(1);
  });

  it('resumes at once when the server already holds all of it', async () => {
    const uploader = makeUploader();
    const file = fileOf('menu.pdf', 2);
    const sha256 = await uploader.hashOf(file);
    await server.hold(sha256, file, 'menuFile');
    await uploader.upload(file, 'menuFile');
    expect(server.puts).toEqual([]);
    expect(uploader.stateOf(file)?.status).toBe('done');
  });

  it.each<[FinalUploadProblem, 'start' | 'put']>([
    ['not-allowed', 'start'],
    ['not-allowed', 'put'],
    ['quota', 'start'],
    ['plan-needed', 'start'],
    ['too-large', 'start'],
    ['unverified', 'start'],
    ['wrong-content', 'put'],
    ['hash-mismatch', 'put'],
  ])('stops on a refusal (%s at %s) with the server’s message as it is', async (problem, at) => {
    const message = `Refused: ${problem}.`;
    const refusal: UploadAnswer = { ok: false, problem, message };
    if (at === 'start') server.onStart = () => refusal;
    else server.onPut = (_offset, index) => (index === 1 ? refusal : undefined);
    const uploader = makeUploader();
    const file = fileOf('menu.pdf', 2);
    const upload = uploader.upload(file, 'menuFile');
    await expect(upload).rejects.toEqual(new UploadError(message, problem));
    expect(uploader.stateOf(file)).toMatchObject({ status: 'failed', problem, message });
    // No try of its own: a refusal waits for the person.
    const puts = server.puts.length;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(server.puts).toHaveLength(puts);
  });

  it('tries again when asked after a refusal, and resolves the new callers', async () => {
    server.onPut = (_offset, index) =>
      index === 1 ? { ok: false, problem: 'bad-request', message: 'Odd.' } : undefined;
    const uploader = makeUploader();
    const file = fileOf('menu.pdf', 2);
    await expect(uploader.upload(file, 'menuFile')).rejects.toBeInstanceOf(UploadError);
    server.onPut = () => undefined;
    await uploader.upload(file, 'menuFile');
    expect(server.puts).toEqual([0, C, C, 2 * C]);
  });

  it('cancel aborts the request in flight; a later upload goes on from what the server kept', async () => {
    server.onPut = (_offset, index) => (index === 1 ? 'hang' : undefined);
    const uploader = makeUploader();
    const file = fileOf('video.mp4', 3);
    const upload = uploader.upload(file, 'videoFile');
    await settle();
    const sha256 = await uploader.hashOf(file);
    expect(server.puts).toEqual([0, C]);
    const inFlight = server.signals.at(-1);
    expect(inFlight?.aborted).toBe(false);

    uploader.cancel(sha256);
    expect(inFlight?.aborted).toBe(true);
    await expect(upload).rejects.toMatchObject({ problem: 'canceled' });
    expect(uploader.stateOf(sha256)).toMatchObject({ status: 'canceled', sent: C });
    // Stopped for good: no try of its own, not even when the browser is back online.
    goOnline();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(server.puts).toEqual([0, C]);

    await uploader.upload(file, 'videoFile');
    expect(server.puts).toEqual([0, C, C, 2 * C, 3 * C]);
  });

  it('cancel while hashing stops the hashing', async () => {
    let hashSignal: AbortSignal | undefined;
    const uploader = makeUploader({
      hash: (_file, _onProgress, signal) => {
        hashSignal = signal;
        return new Promise<string>((_resolve, reject) =>
          signal?.addEventListener('abort', () => reject(signal.reason)),
        );
      },
    });
    const file = fileOf('video.mp4', 1);
    const upload = uploader.upload(file, 'videoFile');
    uploader.cancel(file);
    expect(hashSignal?.aborted).toBe(true);
    await expect(upload).rejects.toMatchObject({ problem: 'canceled' });
    expect(uploader.stateOf(file)).toMatchObject({ status: 'canceled' });
    expect(server.starts).toEqual([]);
  });

  it('two callers of the same file share one upload', async () => {
    const uploader = makeUploader();
    const file = fileOf('menu.pdf', 2);
    const sameBytes = fileOf('menu.pdf', 2);
    uploader.ensure(file, 'menuFile');
    const [first, second, third] = await Promise.all([
      uploader.upload(file, 'menuFile'),
      uploader.upload(file, 'menuFile'),
      uploader.upload(sameBytes, 'pdfFile'),
    ]);
    expect(first).toEqual(second);
    expect(third.sha256).toBe(first.sha256);
    expect(server.starts).toHaveLength(1);
    expect(server.puts).toEqual([0, C, 2 * C]);
    expect(uploader.getSnapshot().size).toBe(1);
  });

  it('a new account stops and forgets the uploads of the previous one', async () => {
    server.onPut = (_offset, index) => (index === 0 ? 'hang' : undefined);
    const uploader = makeUploader();
    uploader.forAccount('u1');
    const file = fileOf('menu.pdf', 1);
    const upload = uploader.upload(file, 'menuFile');
    await settle();
    uploader.forAccount('u2');
    await expect(upload).rejects.toMatchObject({ problem: 'canceled' });
    expect(server.signals.at(-1)?.aborted).toBe(true);
    expect(uploader.getSnapshot().size).toBe(0);
    expect(uploader.stateOf(file)).toBeUndefined();
  });
});

describe('Uploader, for a workspace', () => {
  it('uploads to the current workspace by default: the start and every chunk name it', async () => {
    chosen.id = 'team-1';
    const uploader = makeUploader();
    uploader.forAccount('me');
    const file = fileOf('menu.pdf', 2);
    await uploader.upload(file, 'menuFile');
    expect(server.starts.map((start) => start.workspace)).toEqual(['team-1']);
    expect(server.putWorkspaces).toEqual(['team-1', 'team-1', 'team-1']);
    expect([...server.files.keys()]).toEqual([`team-1/${await uploader.hashOf(file)}`]);
  });

  it('with no workspace chosen yet, uploads to the account it works for', async () => {
    const uploader = makeUploader();
    uploader.forAccount('me');
    await uploader.upload(fileOf('menu.pdf', 1), 'menuFile');
    expect(server.starts.map((start) => start.workspace)).toEqual(['me']);
    expect(server.putWorkspaces).toEqual(['me', 'me']);
  });

  it('the same file for two workspaces is two uploads: done for one is not done for the other', async () => {
    chosen.id = 'me';
    const uploader = makeUploader();
    uploader.forAccount('me');
    const file = fileOf('menu.pdf', 1);
    const sha256 = await uploader.hashOf(file);
    await uploader.upload(file, 'menuFile', 'me');
    server.onStart = ({ workspace }) =>
      workspace === 'team-1'
        ? { ok: false, problem: 'not-allowed', message: 'Your role does not allow it.' }
        : undefined;
    await expect(uploader.upload(file, 'menuFile', 'team-1')).rejects.toMatchObject({
      problem: 'not-allowed',
    });
    expect(server.starts.map((start) => start.workspace)).toEqual(['me', 'team-1']);
    // The page shows the current workspace's: done here, refused in the team.
    expect(uploader.stateOf(file)?.status).toBe('done');
    expect(uploader.getSnapshot().size).toBe(1);
    chosen.id = 'team-1';
    expect(uploader.stateOf(sha256)).toMatchObject({
      status: 'failed',
      problem: 'not-allowed',
      message: 'Your role does not allow it.',
    });
    server.onStart = () => undefined;
    await uploader.upload(file, 'menuFile');
    expect([...server.files.keys()].sort()).toEqual([`me/${sha256}`, `team-1/${sha256}`]);
    expect(server.putWorkspaces).toEqual(['me', 'me', 'team-1', 'team-1']);
  });

  it('keeps the workspace it started with when the page switches to another meanwhile', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.onPut = async (_offset, index) => {
      if (index === 1) await gate;
      return undefined;
    };
    chosen.id = 'team-1';
    const uploader = makeUploader();
    uploader.forAccount('me');
    const file = fileOf('menu.pdf', 2);
    const upload = uploader.upload(file, 'menuFile');
    await settle();
    chosen.id = 'me';
    // Shown in the workspace it is for, not in the one the page works in now.
    expect(uploader.stateOf(file)).toBeUndefined();
    // Cancel in this workspace has nothing of it to stop.
    uploader.cancel(file);
    release();
    await upload;
    expect(server.putWorkspaces).toEqual(['team-1', 'team-1', 'team-1']);
    chosen.id = 'team-1';
    expect(uploader.stateOf(file)?.status).toBe('done');
  });
});
