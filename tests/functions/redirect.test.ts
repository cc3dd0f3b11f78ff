// The short links' redirect (functions/redirect.js) over real HTTP, against the Cloud Firestore
// emulator: each request goes through a node:http server to the function's handler, which reads
// and counts with the Admin SDK as it does deployed. (The Hosting rewrite of /q/** to it is held
// by the end-to-end tests, through the Hosting and Functions emulators.)
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DYNAMIC_ID, isTarget as appIsTarget, newDynamicId } from '../../src/domain/qr/dynamic';
import { createDynamicLink, deleteDynamicLink } from '../../src/features/qr/saved/dynamic-links';
import { deleteApp, getFirestore, initializeApp } from '../../functions/admin.js';
import { answerScan, isTarget, scanDay, shortLinkId } from '../../functions/redirect.js';
import { useEmulator } from '../rules/emulator';

const { as } = useEmulator();
const site = 'https://kemptoncodeworks.co.za';

let server: Server;
let origin = '';
let db: ReturnType<typeof getFirestore>;
let app: ReturnType<typeof initializeApp>;
/** The time the handler is told a scan happens at (a real clock unless a test sets it). */
let clock: () => Date = () => new Date();

beforeAll(async () => {
  const { host, port } = inject('firestore');
  // The Admin SDK finds the emulator by this variable; unset again after, since the test files
  // share their worker processes.
  process.env.FIRESTORE_EMULATOR_HOST = `${host}:${port}`;
  app = initializeApp({ projectId: 'demo-kcw-rules' }, 'redirect-tests');
  db = getFirestore(app);
  server = createServer((request, response) => {
    answerScan(db, request, response, clock()).catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await deleteApp(app);
  delete process.env.FIRESTORE_EMULATOR_HOST;
});

/** Opens a short link as a phone's browser would, without following the redirect. */
const scan = (path: string, method = 'GET') =>
  fetch(`${origin}${path}`, { method, redirect: 'manual' });

/** A link of Alice's, made through the app's own store (and so through the rules). */
async function aliceLink(target = `${site}/flyer`) {
  const id = newDynamicId();
  await createDynamicLink(as('alice'), 'alice', id, target);
  return id;
}

const counts = async (id: string) => {
  const snapshot = await db.collection('dynamic').doc(id).get();
  return { exists: snapshot.exists, scans: snapshot.get('scans'), days: snapshot.get('days') };
};

describe('a known short link', () => {
  it('redirects to its target, uncached, and counts each scan once, under its UTC day', async () => {
    const id = await aliceLink();
    const response = await scan(`/q/${id}`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${site}/flyer`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await counts(id)).toEqual({
      exists: true,
      scans: 1,
      days: { [scanDay(new Date())]: 1 },
    });

    await scan(`/q/${id}`);
    expect((await counts(id)).scans).toBe(2);
  });

  it('counts 20 scans at once as 20', async () => {
    const id = await aliceLink();
    const responses = await Promise.all(Array.from({ length: 20 }, () => scan(`/q/${id}`)));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(302));
    expect((await counts(id)).scans).toBe(20);
  });

  it('files a scan under the UTC date: 00:30 in Kempton Park is the day before', async () => {
    const id = await aliceLink();
    clock = () => new Date('2026-11-24T00:30:00+02:00');
    try {
      await scan(`/q/${id}`);
    } finally {
      clock = () => new Date();
    }
    expect((await counts(id)).days).toEqual({ '2026-11-23': 1 });
  });

  it('leads to the new target once its owner changes it', async () => {
    const id = await aliceLink();
    await db
      .collection('dynamic')
      .doc(id)
      .update({ target: `${site}/poster` });
    const response = await scan(`/q/${id}`);
    expect(response.headers.get('location')).toBe(`${site}/poster`);
  });

  it('answers a HEAD without counting it, and refuses other methods', async () => {
    const id = await aliceLink();
    const head = await scan(`/q/${id}`, 'HEAD');
    expect(head.status).toBe(302);
    expect(head.headers.get('location')).toBe(`${site}/flyer`);
    const post = await scan(`/q/${id}`, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect((await counts(id)).scans).toBe(0);
  });

  it('is found at the function’s own address too (/<id>, without /q/)', async () => {
    const id = await aliceLink();
    expect((await scan(`/${id}`)).headers.get('location')).toBe(`${site}/flyer`);
  });
});

describe('a link that leads nowhere', () => {
  /** The 404 page of the site's look, and no redirect. */
  async function expectNowhere(response: Response) {
    expect(response.status).toBe(404);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = await response.text();
    expect(page).toContain('<h1>This code leads nowhere</h1>');
    expect(page).toContain('<link rel="stylesheet" href="/short-link.css">');
  }

  it('an unknown id gets a page saying so, and no document is made for it', async () => {
    const id = newDynamicId();
    await expectNowhere(await scan(`/q/${id}`));
    expect((await counts(id)).exists).toBe(false);
  });

  it('a deleted code’s link gets the same page, and is not brought back by counting', async () => {
    const id = await aliceLink();
    await deleteDynamicLink(as('alice'), id);
    await expectNowhere(await scan(`/q/${id}`));
    expect((await counts(id)).exists).toBe(false);
  });

  it.each([
    ['too short an id', '/q/abc'],
    ['a character no id has', '/q/abcdefgh.ijk'],
    ['a path below the link', '/q/abcdefghijk/more'],
    ['a broken escape', '/q/%E0%A4%A'],
    ['the bare prefix', '/q/'],
  ])('%s gets the page without a lookup', async (_, path) => {
    await expectNowhere(await scan(path));
  });

  it('a target that is not http(s) is never redirected to, nor counted', async () => {
    // The rules refuse such a target from any client (tests/rules); only the Admin SDK can write it.
    const id = newDynamicId();
    await db
      .collection('dynamic')
      .doc(id)
      .set({ owner: 'alice', target: 'javascript:alert(1)', scans: 0, days: {} });
    await expectNowhere(await scan(`/q/${id}`));
    expect((await counts(id)).scans).toBe(0);
  });
});

describe('the function’s copy of the app’s rules', () => {
  // functions/ is deployed on its own and cannot import src/: its rules are copies, held equal here.
  const targets = [
    'https://kemptoncodeworks.co.za/a',
    'http://example.test',
    'HTTPS://EXAMPLE.TEST/x',
    'javascript:alert(1)',
    'https://has space.test',
    'ftp://example.test',
    '',
    `https://example.test/${'a'.repeat(2000)}`,
  ];
  it('accepts the same targets as the app', () => {
    expect(targets.map(isTarget)).toEqual(targets.map(appIsTarget));
  });

  it('reads the same ids as the app makes and firestore.rules accepts', () => {
    const ids = [newDynamicId(), 'abcdefgh', 'abc', 'a'.repeat(64), 'a'.repeat(65), 'abc.defgh'];
    expect(ids.map((id) => shortLinkId(`/q/${id}`) !== null)).toEqual(
      ids.map((id) => DYNAMIC_ID.test(id)),
    );
  });
});
