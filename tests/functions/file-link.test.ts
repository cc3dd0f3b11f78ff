// The `hosted` function (functions/src/file-link.ts) through real HTTP, beside the redirect: a
// download is streamed a chunk at a time and stops reading when its client goes away, one client
// is held to its limits while others are served, and scans keep their own capacity while slow
// downloads hold the files'. Files go in through the store itself (as the upload API leaves
// them), links as the server writes them.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocklistOf } from '../../functions/src/blocklist';
import { ClientLimits, downloadLimits, PEER_FACTOR } from '../../functions/src/file-limits';
import { createFileLink, type FileLinkDeps } from '../../functions/src/file-link';
import { MAX_ANSWER_BYTES } from '../../functions/src/file-serve';
import { FirestoreFileStore } from '../../functions/src/file-store';
import { PasswordGate } from '../../functions/src/passwords';
import { createRedirect } from '../../functions/src/redirect';
import { CHUNK_BYTES, hostedFilePath } from '../../src/domain/qr/hosting';
import { PHONE, serverLink, useFunctions } from './servers';

/** Counts the chunk documents read, as they are read, and the answers reading now. */
class CountingStore extends FirestoreFileStore {
  reads = 0;
  reading = 0;

  override async *readChunks(owner: string, sha256: string, start: number, end: number) {
    this.reading += 1;
    try {
      for await (const chunk of super.readChunks(owner, sha256, start, end)) {
        this.reads += 1;
        yield chunk;
      }
    } finally {
      this.reading -= 1;
    }
  }
}

type Handler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/** Runs `handler`, answering 500 with the error when it throws. */
const answer = (handler: Handler, request: IncomingMessage, response: ServerResponse) =>
  handler(request, response).catch((error: unknown) => {
    response.statusCode = 500;
    response.end(String(error));
  });

/** `server` listening on a free port of 127.0.0.1: its origin, and how to close it. */
async function listenOnLoopback(server: Server) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** `handler` behind a node:http server on 127.0.0.1, for this file's own tests. */
const serve = (handler: Handler) =>
  listenOnLoopback(createServer((request, response) => void answer(handler, request, response)));

const under = useFunctions();

/** The `hosted` function with `deps` beside the defaults, served. */
const fileFunction = (deps: Partial<FileLinkDeps> = {}) =>
  serve(
    createFileLink({
      reader: under.reader,
      blocklist: blocklistOf(),
      gate: new PasswordGate(under.db),
      store: under.files,
      ...deps,
    }),
  );

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** An MP4's first bytes, then random ones. */
function videoOf(size: number): Buffer {
  const bytes = randomBytes(size);
  Buffer.from([
    0,
    0,
    0,
    0x18,
    ...Buffer.from('ftypmp42'),
    0,
    0,
    0,
    0,
    ...Buffer.from('isommp42'),
  ]).copy(bytes);
  return bytes;
}

/** A video of `size` bytes held for Alice, and a link of hers whose page shows it. */
async function hostedVideo(size: number) {
  const bytes = videoOf(size);
  const sha256 = sha256Of(bytes);
  const files = under.files;
  const start = { sha256, size, name: 'clip.mp4', field: 'videoFile', kind: 'video' } as const;
  expect(await files.begin('alice', start)).toMatchObject({ ok: true });
  for (let offset = 0; offset < size; offset += CHUNK_BYTES) {
    const answer = await files.append(
      'alice',
      sha256,
      offset,
      bytes.subarray(offset, offset + CHUNK_BYTES),
    );
    expect(answer.ok).toBe(true);
  }
  const id = await serverLink(under, {
    target: null,
    page: {
      kind: 'file',
      field: 'videoFile',
      file: { sha256, name: 'clip.mp4', size, type: 'video/mp4' },
      title: 'Clip',
    },
  });
  return { id, sha256, bytes, path: hostedFilePath(id, sha256) };
}

/**
 * A GET of `path` from a client that sends its request and then reads nothing at all, as a slow
 * or stalled phone: the server can hand its connection only what the sockets buffer.
 */
function stalledDownload(origin: string, path: string, from: string, range = 'bytes=0-'): Socket {
  const { port } = new URL(origin);
  const socket = connect(Number(port), '127.0.0.1');
  socket.pause();
  socket.write(
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: ${PHONE}\r\n` +
      `X-Forwarded-For: ${from}\r\nRange: ${range}\r\n\r\n`,
  );
  return socket;
}

const closed = (socket: Socket) =>
  new Promise<void>((resolve) => {
    if (socket.destroyed) resolve();
    else socket.once('close', () => resolve());
    socket.destroy();
  });

/**
 * A video and an answer longer than a loopback connection buffers (a few MB), so that a download
 * a client stalls stays open on the server.
 */
const LONG_ANSWER = 24 * 1024 * 1024;
let long: Awaited<ReturnType<typeof hostedVideo>>;
beforeAll(async () => {
  long = await hostedVideo(LONG_ANSWER);
}, 60_000);

describe('a hosted file’s download', () => {
  let store: CountingStore;
  let server: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    store = new CountingStore(under.db);
    server = await fileFunction({ store, maxAnswerBytes: LONG_ANSWER });
  });
  afterAll(() => server?.close());

  it('is read a chunk at a time as the client takes it, and no more once it goes away', async () => {
    const { path } = long;
    const chunks = LONG_ANSWER / CHUNK_BYTES;
    const client = stalledDownload(server.origin, path, '10.1.0.1');
    // The server starts sending, then waits for the client, which takes nothing.
    await expect.poll(() => store.reads, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await closed(client);
    // Its answer is over, with most of the file never read, and nothing is read after.
    await expect.poll(() => store.reading, { timeout: 10_000 }).toBe(0);
    const read = store.reads;
    expect(read).toBeLessThan(chunks / 2);
    const later = await fetch(`${server.origin}${path}`, {
      headers: { 'User-Agent': PHONE, 'X-Forwarded-For': '10.1.0.2', Range: 'bytes=0-0' },
    });
    expect(later.status).toBe(206);
    expect(Buffer.from(await later.arrayBuffer()).length).toBe(1);
    expect(store.reads).toBe(read + 1);
  });

  it('serves the same bytes to a client that reads it all', async () => {
    const { path, bytes } = await hostedVideo(3 * CHUNK_BYTES + 1000);
    const response = await fetch(`${server.origin}${path}`, {
      headers: { 'User-Agent': PHONE, 'X-Forwarded-For': '10.1.0.3' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(bytes.length));
    expect(sha256Of(Buffer.from(await response.arrayBuffer()))).toBe(sha256Of(bytes));
  });
});

describe('one client’s limits', () => {
  let server: Awaited<ReturnType<typeof serve>>;
  let busy: Awaited<ReturnType<typeof serve>>;
  let busyStore: CountingStore;
  beforeAll(async () => {
    // Three chunks a minute, so that a test goes past it in two requests.
    server = await fileFunction({
      limits: downloadLimits(
        new ClientLimits({ bytesPerMinute: 3 * CHUNK_BYTES }),
        new ClientLimits({ bytesPerMinute: 6 * CHUNK_BYTES }),
      ),
    });
    // Long answers, and bytes enough for six of them at once.
    busyStore = new CountingStore(under.db);
    busy = await fileFunction({
      store: busyStore,
      maxAnswerBytes: LONG_ANSWER,
      limits: downloadLimits(new ClientLimits({ bytesPerMinute: 10 * LONG_ANSWER })),
    });
  });
  afterAll(() => Promise.all([server?.close(), busy?.close()]));

  it('a client with all its downloads open gets 429, with Retry-After; another is served', async () => {
    const get = (from: string) =>
      fetch(`${busy.origin}${long.path}`, {
        headers: { 'User-Agent': PHONE, 'X-Forwarded-For': from, Range: 'bytes=0-9' },
      });
    // Six stalled downloads from one address (the most a browser opens to a host), all being
    // answered: the seventh is refused.
    const open = Array.from({ length: 6 }, () =>
      stalledDownload(busy.origin, long.path, '10.2.0.1'),
    );
    try {
      await expect.poll(() => busyStore.reading, { timeout: 10_000 }).toBe(6);
      const seventh = await get('10.2.0.1');
      expect(seventh.status).toBe(429);
      expect(seventh.headers.get('retry-after')).toBe('5');
      expect(await seventh.text()).toContain('Too many downloads from your address at once');
      const other = await get('10.2.0.2');
      expect(other.status).toBe(206);
      expect((await other.arrayBuffer()).byteLength).toBe(10);
    } finally {
      await Promise.all(open.map(closed));
    }
    // Once they are gone, the address is served again.
    await expect.poll(() => busyStore.reading, { timeout: 10_000 }).toBe(0);
    const again = await get('10.2.0.1');
    expect(again.status).toBe(206);
    await again.arrayBuffer();
  });

  it('a client past its bytes of the minute gets 429 with when to come back; another is served', async () => {
    const { path } = await hostedVideo(4 * CHUNK_BYTES);
    const get = (from: string, range: string) =>
      fetch(`${server.origin}${path}`, {
        headers: { 'User-Agent': PHONE, 'X-Forwarded-For': from, Range: range },
      });
    // Two chunks' worth, then two more: past the three a minute this server allows.
    const first = await get('10.3.0.1', `bytes=0-${2 * CHUNK_BYTES - 1}`);
    expect(first.status).toBe(206);
    await first.arrayBuffer();
    const second = await get('10.3.0.1', `bytes=${2 * CHUNK_BYTES}-${4 * CHUNK_BYTES - 1}`);
    expect(second.status).toBe(429);
    expect(second.headers.get('cache-control')).toBe('no-store');
    // A chunk short, given back at three chunks a minute: about 20 s.
    const wait = Number(second.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(15);
    expect(wait).toBeLessThanOrEqual(21);
    expect(await second.text()).toContain('try again');
    const other = await get('10.3.0.2', `bytes=${2 * CHUNK_BYTES}-${4 * CHUNK_BYTES - 1}`);
    expect(other.status).toBe(206);
    expect((await other.arrayBuffer()).byteLength).toBe(2 * CHUNK_BYTES);
  });

  it('a caller who writes a new client address each time is held by its peer’s limit', async () => {
    const { path } = await hostedVideo(4 * CHUNK_BYTES);
    // As at the function's own address: the caller writes the left entry, Google's front end
    // appends the caller itself. The peer here may take six chunks a minute.
    const get = (forged: string) =>
      fetch(`${server.origin}${path}`, {
        headers: {
          'User-Agent': PHONE,
          'X-Forwarded-For': `${forged}, 10.6.0.1`,
          Range: `bytes=0-${2 * CHUNK_BYTES - 1}`,
        },
      });
    for (const forged of ['10.7.0.1', '10.7.0.2', '10.7.0.3']) {
      const answer = await get(forged);
      expect(answer.status, forged).toBe(206);
      await answer.arrayBuffer();
    }
    const fourth = await get('10.7.0.4');
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another caller is served.
    const other = await fetch(`${server.origin}${path}`, {
      headers: { 'User-Agent': PHONE, 'X-Forwarded-For': '10.7.0.5, 10.6.0.2', Range: 'bytes=0-9' },
    });
    expect(other.status).toBe(206);
    expect(PEER_FACTOR).toBe(10);
  });

  it('the limits hold by default: six downloads at once, 60 MiB a minute, 4 MiB an answer', () => {
    const defaults = new ClientLimits();
    for (let index = 0; index < 6; index += 1) {
      expect(defaults.take('client', MAX_ANSWER_BYTES).ok).toBe(true);
    }
    expect(defaults.take('client', 1)).toMatchObject({ ok: false, retryAfterSeconds: 5 });
    expect(defaults.take('another', MAX_ANSWER_BYTES).ok).toBe(true);
    expect(MAX_ANSWER_BYTES).toBe(4 * 1024 * 1024);
    let now = 0;
    const minute = new ClientLimits({ now: () => now });
    for (let index = 0; index < 15; index += 1) {
      const taken = minute.take('client', MAX_ANSWER_BYTES);
      if (!taken.ok) throw new Error(`answer ${index + 1} refused`);
      taken.done(MAX_ANSWER_BYTES);
    }
    expect(minute.take('client', MAX_ANSWER_BYTES)).toMatchObject({
      ok: false,
      retryAfterSeconds: 4,
    });
    now += 4_001;
    expect(minute.take('client', MAX_ANSWER_BYTES).ok).toBe(true);
  });
});

// --- scans beside downloads ----------------------------------------------------------------------

/** The requests one function's instances answer at once in this model (Cloud Run's concurrency). */
const CAPACITY = 30;

/** A firebase.json glob (`*` within a segment, `**` across) as a regular expression. */
const globPattern = (glob: string) =>
  new RegExp(
    `^${glob
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .split('**')
      .map((part) => part.replace(/\*/g, '[^/]*'))
      .join('.*')}$`,
  );

/**
 * Firebase Hosting as firebase.json's rewrites route: the first rewrite whose source matches the
 * path names the function, and each function answers at most CAPACITY requests at once (its
 * instances are its own), as Cloud Run does; past that, 503.
 */
async function hostingFront(functions: Record<string, Handler>) {
  const config = JSON.parse(
    readFileSync(new URL('../../firebase.json', import.meta.url), 'utf8'),
  ) as { hosting: { rewrites: { source: string; function?: { functionId: string } }[] } };
  const rewrites = config.hosting.rewrites
    .filter((rewrite) => rewrite.function)
    .map((rewrite) => ({ pattern: globPattern(rewrite.source), id: rewrite.function!.functionId }));
  const inFlight: Record<string, number> = {};
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const id = rewrites.find((rewrite) => rewrite.pattern.test(path))?.id;
    const handler = id ? functions[id] : undefined;
    if (!id || !handler) {
      response.writeHead(404).end();
      return;
    }
    if ((inFlight[id] ?? 0) >= CAPACITY) {
      response.writeHead(503).end(`${id} has no instance free`);
      return;
    }
    inFlight[id] = (inFlight[id] ?? 0) + 1;
    response.once('close', () => (inFlight[id] -= 1));
    void answer(handler, request, response);
  });
  return { ...(await listenOnLoopback(server)), inFlight };
}

describe('scans beside downloads', () => {
  let front: Awaited<ReturnType<typeof hostingFront>>;

  beforeAll(async () => {
    const gate = new PasswordGate(under.db);
    const functions = {
      qr: createRedirect({
        reader: under.reader,
        counter: under.counter,
        blocklist: blocklistOf(),
        gate,
      }),
      // Answers longer than a loopback connection buffers, so that a stalled one stays open.
      hosted: createFileLink({
        reader: under.reader,
        blocklist: blocklistOf(),
        gate,
        store: under.files,
        maxAnswerBytes: LONG_ANSWER,
      }),
    };
    front = await hostingFront(functions);
  });
  afterAll(() => front?.close());

  it(
    'a scan is answered while 30 slow downloads hold the files’ capacity',
    { timeout: 60_000 },
    async () => {
      const video = long;
      const poster = await serverLink(under, {
        target: 'https://kemptoncodeworks.co.za/poster',
      });
      const downloads = Array.from({ length: CAPACITY }, (_, index) =>
        stalledDownload(front.origin, video.path, `10.4.${index >> 8}.${index & 255}`),
      );
      try {
        // Every download is being answered, and waits for its client.
        await expect
          .poll(() => Object.values(front.inFlight).reduce((sum, count) => sum + count, 0), {
            timeout: 20_000,
          })
          .toBe(CAPACITY);
        const scan = await fetch(`${front.origin}/q/${poster}?qr=1`, {
          redirect: 'manual',
          headers: { 'User-Agent': PHONE, 'X-Forwarded-For': '10.5.0.1' },
        });
        expect(scan.status).toBe(302);
        expect(scan.headers.get('location')).toBe('https://kemptoncodeworks.co.za/poster');
        expect(front.inFlight.hosted).toBe(CAPACITY);
      } finally {
        await Promise.all(downloads.map(closed));
      }
    },
  );

  it('the redirect itself answers a file’s address with 404', async () => {
    const video = await hostedVideo(CHUNK_BYTES);
    const redirect = createRedirect({
      reader: under.reader,
      counter: under.counter,
      blocklist: blocklistOf(),
      gate: new PasswordGate(under.db),
    });
    const server = createServer((request, response) => void redirect(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}${video.path}`, {
        headers: { 'User-Agent': PHONE },
      });
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
