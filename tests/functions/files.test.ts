// Hosted files through the real handlers: the upload API (functions/src/file-api.ts) and the file
// answer (file-serve.ts) behind a node:http server on 127.0.0.1, over FirestoreFileStore on the
// Firestore emulator, with real ID tokens of the Auth emulator. A test's files are made of random
// bytes, so no two tests (nor two runs on one emulator) share a file.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  deleteApp,
  getAuth,
  initializeApp,
  openFirestore,
  Timestamp,
  type App,
  type Firestore,
} from '../../functions/src/admin';
import { createFileApi } from '../../functions/src/file-api';
import { MAX_ANSWER_BYTES, rangeOf, storedFileServer } from '../../functions/src/file-serve';
import { AccountTermsReader } from '../../functions/src/terms';
import { FirestoreFileStore, type FileStore } from '../../functions/src/file-store';
import { answerOf } from '../../src/domain/api';
import { PLAN_NEEDED_MESSAGE, TRIAL_DAYS } from '../../src/domain/billing';
import type { FileFieldId } from '../../src/domain/qr/content';
import {
  CHUNK_BYTES,
  FILES_API_PATH,
  filesApi,
  HOSTING_QUOTA_BYTES,
  type UploadAnswer,
} from '../../src/domain/qr/hosting';
import { idToken, PROJECT_ID } from './servers';
import { FIRESTORE_PROJECT } from '../rules/project';
import { accountPath } from '../../src/domain/records/accounts';
import { chunksPath, filePath } from '../../src/domain/records/files';

const MB = 1024 * 1024;
let origin = '';
let db: Firestore;
let store: FirestoreFileStore;
let server: Server | undefined;
let app: App | undefined;
let data: App | undefined;

beforeAll(async () => {
  const { host, port } = inject('firestore');
  process.env.FIRESTORE_EMULATOR_HOST = `${host}:${port}`;
  const auth = inject('auth');
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `${auth.host}:${auth.port}`;
  app = initializeApp({ projectId: PROJECT_ID }, `files-${Math.random()}`);
  // Firestore on this worker's own project (tests/rules/project.ts), Auth on the emulator's one.
  data = initializeApp({ projectId: FIRESTORE_PROJECT }, `files-data-${Math.random()}`);
  db = openFirestore(data);
  store = new FirestoreFileStore(db);
  const api = createFileApi({
    db,
    auth: getAuth(app),
    store,
    terms: new AccountTermsReader(db, getAuth(app)),
  });
  const files = storedFileServer(store);
  // /api/files… to the upload API; /f/<owner>/<sha256> to a file, as a link's page would serve it.
  server = createServer((request, response) => {
    const file = /^\/f\/([^/]+)\/([0-9a-f]{64})(?:\?|$)/.exec(request.url ?? '');
    const answered = request.url?.startsWith(FILES_API_PATH)
      ? api(request, response)
      : file
        ? files.serve(file[1], file[2], request, response)
        : Promise.resolve(void response.writeHead(404).end());
    answered.catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  if (app) await deleteApp(app);
  if (data) await deleteApp(data);
  delete process.env.FIRESTORE_EMULATOR_HOST;
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
});

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());
/** The same bytes (told by their hash: a deep equality of a megabyte takes seconds). */
const expectBytes = (actual: Uint8Array, expected: Uint8Array) => {
  expect(actual.length).toBe(expected.length);
  expect(sha256Of(actual)).toBe(sha256Of(expected));
};

/** A file of `size` bytes that opens with `head` (a format's signature) and then is random. */
function fileOf(head: string | Uint8Array, size: number): Buffer {
  const bytes = randomBytes(size);
  Buffer.from(head).copy(bytes, 0);
  return bytes;
}
const pdfOf = (size: number) => fileOf('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', size);
const PNG_HEAD = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

interface Answered {
  readonly status: number;
  readonly answer: UploadAnswer;
}

async function answered(response: Response): Promise<Answered> {
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const body: unknown = await response.json();
  // Every answer is one the API's description allows, with the status it gives it: the page
  // reads answers through the same description (src/lib/api-answer.ts).
  expect(answerOf(filesApi, response.status, body)).toEqual(body);
  return { status: response.status, answer: body as UploadAnswer };
}

/** The one account here whose email address is not verified. */
const UNVERIFIED = 'fileUnverified';

const authorization = async (uid: string | null): Promise<Record<string, string>> =>
  uid ? { Authorization: `Bearer ${await idToken(uid, { verified: uid !== UNVERIFIED })}` } : {};

/** POST /api/files: starts or resumes the upload of `bytes`. */
async function begin(
  uid: string | null,
  bytes: Uint8Array,
  {
    name = 'menu.pdf',
    field = 'pdfFile' as FileFieldId,
    sha256 = sha256Of(bytes),
    size = bytes.length,
  } = {},
): Promise<Answered> {
  const response = await fetch(`${origin}${FILES_API_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(await authorization(uid)) },
    body: JSON.stringify({ sha256, size, name, field }),
  });
  return answered(response);
}

/** PUT /api/files/<sha256>?offset=<n>: one chunk. */
async function put(uid: string | null, sha256: string, offset: number, chunk: Uint8Array) {
  const response = await fetch(`${origin}${FILES_API_PATH}/${sha256}?offset=${offset}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/octet-stream', ...(await authorization(uid)) },
    // A copy on an ArrayBuffer of its own, as fetch's types want (Node's pool may share one).
    body: new Uint8Array(chunk),
  });
  return answered(response);
}

/**
 * Sends `bytes` from `from` in chunks, as the page does, up to `chunks` of them (all by default);
 * the last answer.
 */
async function send(
  uid: string,
  bytes: Uint8Array,
  { from = 0, chunks = Infinity, sha256 = sha256Of(bytes) } = {},
): Promise<Answered> {
  let last: Answered | undefined;
  let offset = from;
  for (let sent = 0; sent < chunks && offset < bytes.length; sent += 1) {
    last = await put(uid, sha256, offset, bytes.subarray(offset, offset + CHUNK_BYTES));
    if (!last.answer.ok) return last;
    offset = last.answer.received;
  }
  return last!;
}

/** Starts and sends a whole file; the last answer. */
async function upload(uid: string, bytes: Uint8Array, options: Parameters<typeof begin>[2] = {}) {
  const started = await begin(uid, bytes, options);
  expect(started).toMatchObject({ status: 200, answer: { ok: true, received: 0 } });
  return send(uid, bytes);
}

const fileUrl = (owner: string, bytes: Uint8Array, query = '') =>
  `${origin}/f/${owner}/${sha256Of(bytes)}${query}`;

const hostedBytes = async (uid: string) =>
  Number((await db.doc(accountPath(uid)).get()).get('hostedBytes') ?? 0);

describe('an upload', () => {
  it('takes a 3 MB PDF in chunks, and serves it whole and by ranges, byte for byte', async () => {
    const pdf = pdfOf(3 * 1000 * 1000 + 17);
    const sha256 = sha256Of(pdf);
    const before = await hostedBytes('fileAlice');
    expect(await begin('fileAlice', pdf)).toEqual({
      status: 200,
      answer: { ok: true, received: 0, complete: false },
    });
    // Held against the quota from the start.
    expect(await hostedBytes('fileAlice')).toBe(before + pdf.length);
    const answers: UploadAnswer[] = [];
    for (let offset = 0; offset < pdf.length; offset += CHUNK_BYTES) {
      const { status, answer } = await put(
        'fileAlice',
        sha256,
        offset,
        pdf.subarray(offset, offset + CHUNK_BYTES),
      );
      expect(status).toBe(200);
      answers.push(answer);
    }
    expect(answers).toEqual([
      { ok: true, received: CHUNK_BYTES, complete: false },
      { ok: true, received: 2 * CHUNK_BYTES, complete: false },
      { ok: true, received: 3 * CHUNK_BYTES, complete: false },
      { ok: true, received: pdf.length, complete: true },
    ]);
    expect(await store.stat('fileAlice', sha256)).toEqual({
      owner: 'fileAlice',
      sha256,
      name: 'menu.pdf',
      size: pdf.length,
      kind: 'pdf',
      type: 'application/pdf',
      received: pdf.length,
      complete: true,
    });
    const stored = (await db.doc(filePath('fileAlice', sha256)).get()).data()!;
    expect(stored.createdAt).toBeDefined();
    expect(stored.completedAt).toBeDefined();
    const chunks = await db.collection(chunksPath('fileAlice', sha256)).get();
    expect(chunks.docs.map((chunk) => chunk.id)).toEqual(['00000', '00001', '00002', '00003']);

    const whole = await fetch(fileUrl('fileAlice', pdf));
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('application/pdf');
    expect(whole.headers.get('content-length')).toBe(String(pdf.length));
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('etag')).toBe(`"${sha256}"`);
    expect(whole.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(whole.headers.get('content-disposition')).toBe(
      `inline; filename="menu.pdf"; filename*=UTF-8''menu.pdf`,
    );
    // Chromium's PDF viewer starts neither in a sandbox nor without object-src (file-serve.ts).
    const policy = whole.headers.get('content-security-policy')!;
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("object-src 'self'");
    expect(policy).not.toContain('sandbox');
    expect(sha256Of(await bytesOf(whole))).toBe(sha256);

    // A range across the first two chunks, one inside the last, and the file in three ranges.
    const across = await fetch(fileUrl('fileAlice', pdf), {
      headers: { Range: `bytes=${CHUNK_BYTES - 10}-${CHUNK_BYTES + 9}` },
    });
    expect(across.status).toBe(206);
    expect(across.headers.get('content-range')).toBe(
      `bytes ${CHUNK_BYTES - 10}-${CHUNK_BYTES + 9}/${pdf.length}`,
    );
    expectBytes(await bytesOf(across), pdf.subarray(CHUNK_BYTES - 10, CHUNK_BYTES + 10));
    const parts: Buffer[] = [];
    for (const range of ['0-999999', '1000000-1999999', '2000000-']) {
      const part = await fetch(fileUrl('fileAlice', pdf), { headers: { Range: `bytes=${range}` } });
      expect(part.status).toBe(206);
      parts.push(await bytesOf(part));
    }
    expect(sha256Of(Buffer.concat(parts))).toBe(sha256);
  });

  it('resumes where the server’s copy ends', async () => {
    const pdf = pdfOf(4 * CHUNK_BYTES + 1000);
    await begin('fileAlice', pdf);
    // The connection drops after two chunks.
    expect(await send('fileAlice', pdf, { chunks: 2 })).toMatchObject({
      answer: { ok: true, received: 2 * CHUNK_BYTES, complete: false },
    });
    const again = await begin('fileAlice', pdf);
    expect(again).toEqual({
      status: 200,
      answer: { ok: true, received: 2 * CHUNK_BYTES, complete: false },
    });
    expect(await send('fileAlice', pdf, { from: 2 * CHUNK_BYTES })).toMatchObject({
      status: 200,
      answer: { ok: true, received: pdf.length, complete: true },
    });
    const served = await fetch(fileUrl('fileAlice', pdf));
    expect(sha256Of(await bytesOf(served))).toBe(sha256Of(pdf));
  });

  it('a file held already is not sent again, nor counted twice', async () => {
    const pdf = pdfOf(CHUNK_BYTES + 5);
    await upload('fileAlice', pdf);
    const before = await hostedBytes('fileAlice');
    expect(await begin('fileAlice', pdf, { name: 'the same menu.pdf', field: 'menuFile' })).toEqual(
      {
        status: 200,
        answer: { ok: true, received: pdf.length, complete: true },
      },
    );
    expect(await hostedBytes('fileAlice')).toBe(before);
  });

  it('a chunk that does not start where the server’s copy ends: 409, with where it ends', async () => {
    const pdf = pdfOf(3 * CHUNK_BYTES);
    const sha256 = sha256Of(pdf);
    await begin('fileAlice', pdf);
    await send('fileAlice', pdf, { chunks: 1 });
    const skipped = await put('fileAlice', sha256, 2 * CHUNK_BYTES, pdf.subarray(2 * CHUNK_BYTES));
    expect(skipped.status).toBe(409);
    expect(skipped.answer).toMatchObject({ ok: false, problem: 'offset', received: CHUNK_BYTES });
    const repeated = await put('fileAlice', sha256, 0, pdf.subarray(0, CHUNK_BYTES));
    expect(repeated).toMatchObject({ status: 409, answer: { received: CHUNK_BYTES } });
    // A chunk of the wrong length, or past the end.
    const short = await put(
      'fileAlice',
      sha256,
      CHUNK_BYTES,
      pdf.subarray(CHUNK_BYTES, CHUNK_BYTES + 100),
    );
    expect(short).toMatchObject({ status: 400, answer: { problem: 'bad-request' } });
    expect((await store.stat('fileAlice', sha256))?.received).toBe(CHUNK_BYTES);
  });

  it('a .pdf whose bytes are a PNG: 415, and nothing of it is kept', async () => {
    const png = fileOf(PNG_HEAD, CHUNK_BYTES + 300);
    const before = await hostedBytes('fileAlice');
    await begin('fileAlice', png, { name: 'flyer.pdf' });
    const refused = await put('fileAlice', sha256Of(png), 0, png.subarray(0, CHUNK_BYTES));
    expect(refused).toEqual({
      status: 415,
      answer: {
        ok: false,
        problem: 'wrong-content',
        message: '"flyer.pdf" is not a PDF: its content is a PNG image. Please choose a PDF.',
      },
    });
    expect(await store.stat('fileAlice', sha256Of(png))).toBeNull();
    const chunks = await db.collection(chunksPath('fileAlice', sha256Of(png))).get();
    expect(chunks.size).toBe(0);
    expect(await hostedBytes('fileAlice')).toBe(before);
    // The same bytes as an image are welcome.
    expect(await upload('fileAlice', png, { name: 'flyer.png', field: 'imageFile' })).toMatchObject(
      {
        answer: { ok: true, complete: true },
      },
    );
    const served = await fetch(fileUrl('fileAlice', png));
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-security-policy')).toBe(
      "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
    );
    // …but not as a PDF code's file, even now that it is held.
    expect(await begin('fileAlice', png, { name: 'flyer.pdf' })).toMatchObject({
      status: 415,
      answer: { problem: 'wrong-content' },
    });
  });

  it('a web page named .mp3 is refused as an audio file', async () => {
    const page = fileOf('<!DOCTYPE html><html><script>alert(1)</script>', 2000);
    await begin('fileAlice', page, { name: 'song.mp3', field: 'audioFile' });
    expect(await put('fileAlice', sha256Of(page), 0, page)).toMatchObject({
      status: 415,
      answer: {
        message:
          '"song.mp3" is not an audio file: its content is a web page (HTML). Please choose an audio file.',
      },
    });
  });

  it('bytes whose SHA-256 is not the one given: 422, and the upload starts over', async () => {
    const pdf = pdfOf(CHUNK_BYTES + 4000);
    const claimed = sha256Of(pdfOf(CHUNK_BYTES + 4000));
    await begin('fileAlice', pdf, { sha256: claimed });
    const last = await send('fileAlice', pdf, { sha256: claimed });
    expect(last.status).toBe(422);
    expect(last.answer).toMatchObject({ ok: false, problem: 'hash-mismatch', received: 0 });
    expect(await store.stat('fileAlice', claimed)).toMatchObject({
      received: 0,
      type: null,
      complete: false,
    });
    expect((await fetch(`${origin}/f/fileAlice/${claimed}`)).status).toBe(404);
  });

  it('a file over its kind’s limit: 413, said in MB', async () => {
    const refused = await begin('fileAlice', pdfOf(100), { size: 20 * MB + 1 });
    expect(refused).toEqual({
      status: 413,
      answer: {
        ok: false,
        problem: 'too-large',
        message:
          '"menu.pdf" is just over 20 MB; the limit for a PDF is 20 MB. Please choose a smaller file.',
      },
    });
    expect(
      await begin('fileAlice', pdfOf(100), { size: 150 * MB, field: 'audioFile', name: 'x.mp3' }),
    ).toMatchObject({
      status: 413,
      answer: {
        message:
          '"x.mp3" is 150 MB; the limit for an audio file is 30 MB. Please choose a smaller file.',
      },
    });
  });

  it('is refused without a token (401) and for an unverified email address (403)', async () => {
    const pdf = pdfOf(1000);
    expect(await begin(null, pdf)).toMatchObject({
      status: 401,
      answer: { problem: 'unauthenticated' },
    });
    expect(await put(null, sha256Of(pdf), 0, pdf)).toMatchObject({ status: 401 });
    const forged = await fetch(`${origin}${FILES_API_PATH}`, {
      method: 'POST',
      headers: { Authorization: 'Bearer not-a-token' },
      body: '{}',
    });
    expect(forged.status).toBe(401);
    const unverified = await begin(UNVERIFIED, pdf);
    expect(unverified.status).toBe(403);
    expect(unverified.answer).toMatchObject({ ok: false, problem: 'unverified' });
    expect(unverified.answer.ok || unverified.answer.message).toContain(
      'Verify your email address first',
    );
    expect(await store.stat(UNVERIFIED, sha256Of(pdf))).toBeNull();
  });

  it('after the trial, a new file waits for a plan: 402 plan-needed; one held already is not refused', async () => {
    const uid = 'fileLapsed';
    const held = pdfOf(1000);
    expect((await upload(uid, held)).answer).toMatchObject({ ok: true, complete: true });
    await db.doc(accountPath(uid)).set(
      {
        terms: {
          trialStartedAt: Timestamp.fromMillis(Date.now() - (TRIAL_DAYS + 1) * 86_400_000),
        },
      },
      { merge: true },
    );
    const fresh = pdfOf(1000);
    expect(await begin(uid, fresh)).toEqual({
      status: 402,
      answer: { ok: false, problem: 'plan-needed', message: PLAN_NEEDED_MESSAGE },
    });
    expect(await store.stat(uid, sha256Of(fresh))).toBeNull();
    // A device resending a file the server holds (one its codes show) is answered as before.
    expect(await begin(uid, held)).toEqual({
      status: 200,
      answer: { ok: true, received: held.length, complete: true },
    });
  });

  it('checks what it is sent', async () => {
    const pdf = pdfOf(1000);
    const bad = async (fields: Record<string, unknown>) => {
      const response = await fetch(`${origin}${FILES_API_PATH}`, {
        method: 'POST',
        headers: await authorization('fileAlice'),
        body: JSON.stringify({
          sha256: sha256Of(pdf),
          size: 1000,
          name: 'a.pdf',
          field: 'pdfFile',
          ...fields,
        }),
      });
      return (await answered(response)).status;
    };
    expect(await bad({})).toBe(200);
    expect(await bad({ sha256: sha256Of(pdf).toUpperCase() })).toBe(400);
    expect(await bad({ size: 0 })).toBe(400);
    expect(await bad({ size: 10.5 })).toBe(400);
    expect(await bad({ size: '1000' })).toBe(400);
    expect(await bad({ name: '' })).toBe(400);
    expect(await bad({ name: 'x'.repeat(201) })).toBe(400);
    expect(await bad({ name: 'menu\n.pdf' })).toBe(400);
    expect(await bad({ field: 'logo' })).toBe(400);
    expect(await bad({ field: 'toString' })).toBe(400);
    const notJson = await fetch(`${origin}${FILES_API_PATH}`, {
      method: 'POST',
      headers: await authorization('fileAlice'),
      body: 'sha256=…',
    });
    expect(notJson.status).toBe(400);
    expect((await put('fileAlice', sha256Of(pdf), 0, new Uint8Array(0))).status).toBe(400);
    const noOffset = await fetch(`${origin}${FILES_API_PATH}/${sha256Of(pdf)}`, {
      method: 'PUT',
      headers: await authorization('fileAlice'),
      body: new Uint8Array(pdf),
    });
    expect(noOffset.status).toBe(400);
    expect((await fetch(`${origin}${FILES_API_PATH}`, { method: 'GET' })).status).toBe(405);
  });

  it('another account cannot add to Alice’s upload, see how far it is, or read her file', async () => {
    const pdf = pdfOf(2 * CHUNK_BYTES + 10);
    const sha256 = sha256Of(pdf);
    await begin('fileAlice', pdf);
    await send('fileAlice', pdf, { chunks: 1 });
    const appended = await put(
      'fileBob',
      sha256,
      CHUNK_BYTES,
      pdf.subarray(CHUNK_BYTES, 2 * CHUNK_BYTES),
    );
    expect(appended).toMatchObject({ status: 400, answer: { problem: 'bad-request' } });
    // Bob's start of the same file is his own upload, from nothing: it says nothing of Alice's.
    expect(await begin('fileBob', pdf)).toEqual({
      status: 200,
      answer: { ok: true, received: 0, complete: false },
    });
    expect((await store.stat('fileAlice', sha256))?.received).toBe(CHUNK_BYTES);
    await send('fileAlice', pdf, { from: CHUNK_BYTES });
    const alices = await fetch(fileUrl('fileAlice', pdf));
    expect(alices.status).toBe(200);
    expect(sha256Of(await bytesOf(alices))).toBe(sha256);
    expect((await fetch(fileUrl('fileBob', pdf))).status).toBe(404);
  });
});

describe('the API itself', () => {
  it('takes a body as Cloud Functions hands it over (rawBody); says so when the store fails', async () => {
    const away = () => Promise.reject(new Error('Firestore is away'));
    const failing: FileStore = {
      begin: away,
      append: away,
      stat: away,
      readChunks: () => {
        throw new Error('Firestore is away');
      },
      delete: away,
      readIn: away,
      referenced: () => undefined,
      unreferenced: () => undefined,
    };
    const api = createFileApi({
      db,
      auth: getAuth(app!),
      store: failing,
      terms: new AccountTermsReader(db, getAuth(app!)),
    });
    const pdf = pdfOf(100);
    const headers: Record<string, string> = {};
    const response = {
      statusCode: 0,
      body: '',
      setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
      end(body?: string | Buffer) {
        this.body = String(body ?? '');
      },
    };
    const errors: unknown[] = [];
    const logged = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      await api(
        {
          method: 'POST',
          url: FILES_API_PATH,
          headers: { authorization: `Bearer ${await idToken('fileAlice')}` },
          rawBody: Buffer.from(
            JSON.stringify({ sha256: sha256Of(pdf), size: 100, name: 'a.pdf', field: 'pdfFile' }),
          ),
        },
        response,
      );
    } finally {
      console.error = logged;
    }
    expect(response.statusCode).toBe(503);
    expect(JSON.parse(response.body)).toMatchObject({ ok: false, problem: 'unavailable' });
    expect(headers['cache-control']).toBe('no-store');
    expect(String(errors[0])).toContain('Firestore is away');
  });
});

describe('the quota', () => {
  it('refuses an upload past the account’s quota; deleting a file gives its bytes back', async () => {
    const uid = 'fileQuota';
    const small = pdfOf(CHUNK_BYTES + 1);
    await db.doc(accountPath(uid)).set({ hostedBytes: 0 });
    await upload(uid, small);
    expect(await hostedBytes(uid)).toBe(small.length);
    // As though the account held almost a gigabyte of files.
    await db.doc(accountPath(uid)).set({ hostedBytes: HOSTING_QUOTA_BYTES - MB });
    const big = pdfOf(2 * MB);
    const refused = await begin(uid, big);
    expect(refused.status).toBe(403);
    expect(refused.answer).toMatchObject({ ok: false, problem: 'quota' });
    expect(refused.answer.ok || refused.answer.message).toBe(
      `There is no room for "menu.pdf" (2 MB): your files may take 1 GB in all, and 1 MB is left. Delete codes with files you no longer need, or choose a smaller file.`,
    );
    expect(await store.stat(uid, sha256Of(big))).toBeNull();
    // A file that fits is taken.
    expect((await begin(uid, pdfOf(MB / 2))).status).toBe(200);
    expect(await hostedBytes(uid)).toBe(HOSTING_QUOTA_BYTES - MB / 2);

    // Deleting the small file gives its bytes back, and removes it with its chunks.
    expect(await store.delete(uid, sha256Of(small))).toBe(true);
    expect(await hostedBytes(uid)).toBe(HOSTING_QUOTA_BYTES - MB / 2 - small.length);
    expect(await store.stat(uid, sha256Of(small))).toBeNull();
    const chunks = await db.collection(chunksPath(uid, sha256Of(small))).get();
    expect(chunks.size).toBe(0);
    expect((await fetch(fileUrl(uid, small))).status).toBe(404);
    expect(await store.delete(uid, sha256Of(small))).toBe(false);
  });
});

describe('a file’s ranges', () => {
  const image = fileOf(PNG_HEAD, 2 * CHUNK_BYTES + 123);
  const size = image.length;
  const get = (headers: Record<string, string> = {}, query = '') =>
    fetch(fileUrl('fileAlice', image, query), { headers });

  beforeAll(async () => {
    await upload('fileAlice', image, { name: 'café menu (2).png', field: 'imageFile' });
  });

  it('a suffix range is the last bytes; more than the file is all of it', async () => {
    const last = await get({ Range: 'bytes=-500' });
    expect(last.status).toBe(206);
    expect(last.headers.get('content-range')).toBe(`bytes ${size - 500}-${size - 1}/${size}`);
    expect(last.headers.get('content-length')).toBe('500');
    expectBytes(await bytesOf(last), image.subarray(size - 500));
    const more = await get({ Range: `bytes=-${size + 10}` });
    expect(more.headers.get('content-range')).toBe(`bytes 0-${size - 1}/${size}`);
    expect(sha256Of(await bytesOf(more))).toBe(sha256Of(image));
  });

  it('an open range runs to the end; one past the end is cut there', async () => {
    const open = await get({ Range: `bytes=${CHUNK_BYTES}-` });
    expect(open.status).toBe(206);
    expect(open.headers.get('content-range')).toBe(`bytes ${CHUNK_BYTES}-${size - 1}/${size}`);
    expectBytes(await bytesOf(open), image.subarray(CHUNK_BYTES));
    const past = await get({ Range: `bytes=10-${size * 2}` });
    expect(past.headers.get('content-range')).toBe(`bytes 10-${size - 1}/${size}`);
    expectBytes(await bytesOf(past), image.subarray(10));
    const one = await get({ Range: 'bytes=0-0' });
    expect(one.headers.get('content-range')).toBe(`bytes 0-0/${size}`);
    expectBytes(await bytesOf(one), image.subarray(0, 1));
  });

  it('a range that starts past the end: 416 with the size', async () => {
    for (const range of [`bytes=${size}-`, `bytes=${size + 5}-${size + 10}`, 'bytes=-0']) {
      const response = await get({ Range: range });
      expect(response.status, range).toBe(416);
      expect(response.headers.get('content-range')).toBe(`bytes */${size}`);
    }
  });

  it('a Range not understood is ignored: the whole file', async () => {
    for (const range of ['bytes=5-1', 'bytes=0-1,5-6', 'items=0-5', 'bytes=x-']) {
      const response = await get({ Range: range });
      expect(response.status, range).toBe(200);
      expect(response.headers.get('content-length')).toBe(String(size));
      expect(sha256Of(await bytesOf(response))).toBe(sha256Of(image));
    }
    // If-Range of another version asks for the whole file too.
    const stale = await get({ Range: 'bytes=0-9', 'If-Range': '"0000"' });
    expect(stale.status).toBe(200);
    expect((await bytesOf(stale)).length).toBe(size);
    const same = await get({ Range: 'bytes=0-9', 'If-Range': `"${sha256Of(image)}"` });
    expect(same.status).toBe(206);
    expectBytes(await bytesOf(same), image.subarray(0, 10));
  });

  it('a browser’s copy is still good: 304 for its ETag', async () => {
    const etag = `"${sha256Of(image)}"`;
    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const response = await get({ 'If-None-Match': tag });
      expect(response.status, tag).toBe(304);
      expect(response.headers.get('etag')).toBe(etag);
      expect(await response.text()).toBe('');
    }
    expect((await get({ 'If-None-Match': '"other"' })).status).toBe(200);
  });

  it('HEAD says all but the bytes; ?download=1 makes it an attachment, with its name', async () => {
    const head = await fetch(fileUrl('fileAlice', image), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(size));
    expect(head.headers.get('content-type')).toBe('image/png');
    expect(head.headers.get('content-disposition')).toBe(
      `inline; filename="caf_ menu (2).png"; filename*=UTF-8''caf%C3%A9%20menu%20%282%29.png`,
    );
    const download = await get({}, '?download=1');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect((await bytesOf(download)).length).toBe(size);
    expect((await fetch(fileUrl('fileAlice', image), { method: 'DELETE' })).status).toBe(405);
  });

  it('no answer is longer than MAX_ANSWER_BYTES', () => {
    const big = 200 * MB;
    expect(rangeOf(undefined, big)).toEqual({ status: 206, start: 0, end: MAX_ANSWER_BYTES - 1 });
    expect(rangeOf('bytes=0-', big)).toEqual({ status: 206, start: 0, end: MAX_ANSWER_BYTES - 1 });
    expect(rangeOf(`bytes=${big - 10}-`, big)).toEqual({
      status: 206,
      start: big - 10,
      end: big - 1,
    });
    expect(rangeOf('bytes=-100000000', big)).toEqual({
      status: 206,
      start: big - 100000000,
      end: big - 100000000 + MAX_ANSWER_BYTES - 1,
    });
    expect(rangeOf(undefined, MAX_ANSWER_BYTES)).toEqual({
      status: 200,
      start: 0,
      end: MAX_ANSWER_BYTES - 1,
    });
  });
});

describe('speed on loopback', () => {
  it('uploads 10 MB and reads it back', { timeout: 120_000 }, async () => {
    const video = fileOf(
      Uint8Array.from([
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
      ]),
      10 * MB,
    );
    const started = performance.now();
    expect(
      await upload('fileAlice', video, { name: 'clip.mp4', field: 'videoFile' }),
    ).toMatchObject({
      answer: { ok: true, complete: true },
    });
    const uploaded = performance.now();
    // As a player reads it: one range after the other (an answer is at most MAX_ANSWER_BYTES).
    const parts: Buffer[] = [];
    for (let offset = 0; offset < video.length; offset += MAX_ANSWER_BYTES) {
      const served = await fetch(fileUrl('fileAlice', video), {
        headers: { Range: `bytes=${offset}-` },
      });
      expect(served.status).toBe(206);
      expect(served.headers.get('content-type')).toBe('video/mp4');
      parts.push(await bytesOf(served));
    }
    expect(sha256Of(Buffer.concat(parts))).toBe(sha256Of(video));
    const read = performance.now();
    console.log(
      `10 MB on loopback, Firestore emulator: upload ${Math.round(uploaded - started)} ms ` +
        `(${Math.ceil(video.length / CHUNK_BYTES)} chunks), read back ${Math.round(read - uploaded)} ms`,
    );
  });
});
