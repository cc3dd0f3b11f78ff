// @vitest-environment jsdom
// The uploader against an in-memory server that keeps what it takes, as the real one does: the
// network and the hashing are fakes, the timers too (the waits between tries).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_BYTES,
  type UploadAnswer,
  type FinalUploadProblem,
  type UploadStart,
} from '../../../domain/qr/hosting';
import type { UploadRequests } from './upload-requests';
import { Uploader, UploadError, type UploaderOptions, type UploadState } from './uploader';

const DROPPED: UploadAnswer = { ok: false, problem: 'unavailable', message: 'Connection lost.' };

/** What a PUT answers instead of the server's usual, or 'hang' until it is aborted. */
type PutOverride = UploadAnswer | 'hang' | undefined;

class FakeServer {
  readonly held = new Map<string, number>();
  readonly sizes = new Map<string, number>();
  readonly starts: UploadStart[] = [];
  /** The offset of every PUT, in order. */
  readonly puts: number[] = [];
  readonly signals: AbortSignal[] = [];
  /** Answers the POST instead of the server, while it gives something. */
  onStart: (start: UploadStart) => UploadAnswer | undefined = () => undefined;
  /** Called with each PUT's offset and its index among all PUTs. */
  onPut: (offset: number, index: number) => PutOverride = () => undefined;

  readonly requests: UploadRequests = {
    start: async (start, signal) => {
      this.starts.push(start);
      if (signal) this.signals.push(signal);
      const override = this.onStart(start);
      if (override) return override;
      this.sizes.set(start.sha256, start.size);
      const received = this.held.get(start.sha256) ?? 0;
      return { ok: true, received, complete: received === start.size };
    },
    send: async (sha256, offset, bytes, onProgress, signal) => {
      this.puts.push(offset);
      if (signal) this.signals.push(signal);
      const override = this.onPut(offset, this.puts.length - 1);
      if (override === 'hang') {
        return new Promise<UploadAnswer>((resolve) =>
          signal?.addEventListener('abort', () =>
            resolve({ ok: false, problem: 'unavailable', message: 'Stopped.' }),
          ),
        );
      }
      if (override) return override;
      const received = this.held.get(sha256) ?? 0;
      if (offset !== received) {
        return { ok: false, problem: 'offset', message: 'Not there.', received };
      }
      onProgress?.(Math.floor(bytes.size / 2));
      onProgress?.(bytes.size);
      const now = received + bytes.size;
      this.held.set(sha256, now);
      return { ok: true, received: now, complete: now === this.sizes.get(sha256) };
    },
  };
}

/** A file of `chunks` chunks and a bit (the last chunk shorter, as in life). */
const fileOf = (name: string, chunks: number) =>
  new File([new Uint8Array(Math.floor(chunks * CHUNK_BYTES) + 100)], name, {
    type: 'application/pdf',
  });

type Hash = NonNullable<UploaderOptions['hash']>;

/** Stands in for hashing: the same name gives the same hash, as the same bytes would. */
const fakeHash: Hash = async (file, onProgress) => {
  onProgress?.(file.size, file.size);
  const hex = Array.from((file as File).name, (c) => c.charCodeAt(0).toString(16)).join('');
  return hex.padEnd(64, '0').slice(0, 64);
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
    // Another tab sent the second chunk meanwhile.
    server.onPut = (_offset, index) => {
      if (index === 1) {
        server.held.set(sha256, 2 * C);
        return { ok: false, problem: 'offset', message: 'Not there.', received: 2 * C };
      }
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
    server.held.set(sha256, file.size);
    await uploader.upload(file, 'menuFile');
    expect(server.puts).toEqual([]);
    expect(uploader.stateOf(file)?.status).toBe('done');
  });

  it.each<[FinalUploadProblem, 'start' | 'put']>([
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
