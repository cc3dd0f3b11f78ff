// The short links' redirect (functions/src/redirect.ts) over real HTTP, against the Cloud
// Firestore emulator: each request goes through a node:http server to the function's handler,
// which reads and counts with the Admin SDK as it does deployed. (The Hosting rewrite of /q/** to
// it is held by the end-to-end tests, through the Hosting and Functions emulators.)
import { describe, expect, it } from 'vitest';
import { sumCounts } from '../../src/domain/qr/scan-counts';
import { scanDay } from '../../src/domain/qr/scan-time';
import { FieldValue } from '../../functions/src/admin';
import { shortLinkId } from '../../functions/src/redirect';
import { REPEAT_MS } from '../../functions/src/scan-counter';
import { countsOf, PHONE, scan, serverLink, useFunctions } from './servers';
import { linkCountsPath } from '../../src/domain/records/link-counts';
import { SALTS, linkVisitorsPath } from '../../src/domain/records/visitors';
import { linkPath } from '../../src/domain/records/links';

const under = useFunctions();
const site = 'https://kemptoncodeworks.co.za';

/** A link as the server keeps it. */
const link = (fields: Record<string, unknown> = {}) => serverLink(under, fields);

const today = () => scanDay(new Date());

/** A page of the site's look with a way to report the link, and no redirect. */
async function expectPage(response: Response, status: number, heading: string, id?: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('location')).toBeNull();
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
  const page = await response.text();
  expect(page).toContain(`<h1>${heading}</h1>`);
  expect(page).toContain('<link rel="stylesheet" href="/short-link.css">');
  if (id) expect(page).toContain(`<a href="/ContactPage?report=${id}">Report this link</a>`);
  return page;
}

describe('a link in use', () => {
  it('redirects to its target, uncached, and counts the scan of the printed code', async () => {
    const id = await link();
    const response = await scan(under.origin, `/q/${id}?qr=1`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${site}/flyer`);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await countsOf(under, id, today())).toMatchObject({
      scans: 1,
      unique: 1,
      qr: 1,
      clicks: 0,
      bots: 0,
      heads: 0,
      devices: { phone: 1 },
      os: { android: 1 },
    });
  });

  it('tells a scan of the code from a click on the copied link', async () => {
    const id = await link();
    // Three people (one person's repeats within half a minute count once: below).
    await scan(under.origin, `/q/${id}?qr=1`, { from: '196.25.1.1' });
    await scan(under.origin, `/q/${id}`, { from: '196.25.1.2' });
    await scan(under.origin, `/q/${id}?utm_source=mail`, { from: '196.25.1.3' });
    expect(await countsOf(under, id)).toMatchObject({ scans: 3, qr: 1, clicks: 2 });
  });

  it('counts 40 scans at once as 40, and distinct visitors once each a day', async () => {
    const id = await link();
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        scan(under.origin, `/q/${id}?qr=1`, { from: `196.25.1.${index}` }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(40).fill(302));
    expect(await countsOf(under, id)).toMatchObject({ scans: 40, unique: 40 });
    // Ten of the same phones again later in the day: more scans, no new visitors.
    const later = Date.now() + REPEAT_MS + 1_000;
    under.clock = () => new Date(later);
    try {
      await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          scan(under.origin, `/q/${id}?qr=1`, { from: `196.25.1.${index}` }),
        ),
      );
    } finally {
      under.clock = () => new Date();
    }
    expect(await countsOf(under, id)).toMatchObject({ scans: 50, unique: 40 });
  });

  it('stores no address or user agent, only classes and salted hashes', async () => {
    const id = await link();
    await scan(under.origin, `/q/${id}`, { from: '196.25.1.77' });
    await under.counter.drain();
    const stored = JSON.stringify([
      ...(await under.db.collection(linkCountsPath(id)).get()).docs.map((d) => d.data()),
      ...(await under.db.collection(linkVisitorsPath(id)).get()).docs.map((d) => ({
        id: d.id,
        ...d.data(),
      })),
    ]);
    expect(stored).not.toContain('196.25.1.77');
    expect(stored).not.toContain('Pixel 7');
    const visitors = await under.db.collection(linkVisitorsPath(id)).get();
    expect(visitors.docs.map((d) => d.id)).toEqual([
      expect.stringMatching(new RegExp(`^${today()}_[0-9a-f]{32}$`)),
    ]);
  });

  it('files a scan by South African time: 00:30 in Kempton Park is that day, at hour 00', async () => {
    const id = await link();
    under.clock = () => new Date('2026-11-24T00:30:00+02:00');
    try {
      await scan(under.origin, `/q/${id}`);
    } finally {
      under.clock = () => new Date();
    }
    expect(await countsOf(under, id, '2026-11-24')).toMatchObject({
      scans: 1,
      hours: { '00': 1 },
    });
    expect(await countsOf(under, id, '2026-11-23')).toMatchObject({ scans: 0 });
  });

  it('leads to the new target once it is changed', async () => {
    const id = await link();
    await under.db.doc(linkPath(id)).update({ target: `${site}/poster` });
    expect((await scan(under.origin, `/q/${id}`)).headers.get('location')).toBe(`${site}/poster`);
  });

  it('is found at the function’s own address too (/<id>, without /q/)', async () => {
    const id = await link();
    expect((await scan(under.origin, `/${id}`)).headers.get('location')).toBe(`${site}/flyer`);
  });
});

describe('one client scanning again and again', () => {
  /** A phone's user agent, a little different each time (a script can claim any). */
  const phone = (index: number) => PHONE.replace('Pixel 7', `Pixel ${index}`);

  it('100 scans from one address, each with another user agent and forged entries, count once and leave the scan limit', async () => {
    const id = await link({
      schedule: { from: null, until: null, maxScans: 5, inactive: null },
    });
    // Through Hosting: what the script wrote, Hosting's entry (its address), the front end's.
    for (let start = 0; start < 100; start += 20) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, offset) => {
          const index = start + offset;
          return scan(under.origin, `/q/${id}?qr=1`, {
            userAgent: phone(index),
            from: `10.${index}.0.1, 172.16.0.${index}, 196.25.6.6, 35.191.3.3`,
          });
        }),
      );
      expect(answers.map((answer) => answer.headers.get('location'))).toEqual(
        Array(20).fill(`${site}/flyer`),
      );
    }
    const counted = await countsOf(under, id);
    expect(counted.scans).toBeLessThanOrEqual(2);
    expect(counted.unique).toBeLessThanOrEqual(2);
    expect(under.counter.stats.repeats).toBeGreaterThanOrEqual(98);
    // Its limit of 5 is not used up: the next people still get the target.
    for (let person = 0; person < 3; person += 1) {
      const next = await scan(under.origin, `/q/${id}?qr=1`, { from: `41.13.6.${person}` });
      expect(next.headers.get('location')).toBe(`${site}/flyer`);
    }
  });

  it('called at the function’s own address (1 hop), forged entries are ignored alike', async () => {
    const id = await link();
    process.env.FORWARDED_HOPS = '1';
    try {
      for (let index = 0; index < 30; index += 1) {
        await scan(under.origin, `/q/${id}`, {
          userAgent: phone(index),
          from: `10.1.1.${index}, 196.25.6.7`,
        });
      }
    } finally {
      delete process.env.FORWARDED_HOPS;
    }
    expect(await countsOf(under, id)).toMatchObject({ scans: 1, unique: 1 });
  });

  it('counts again after half a minute, and another link or a retarget is a scan of its own', async () => {
    const id = await link();
    const other = await link();
    const start = Date.now();
    try {
      under.clock = () => new Date(start);
      await scan(under.origin, `/q/${id}`, { from: '196.25.6.8' });
      await scan(under.origin, `/q/${other}`, { from: '196.25.6.8' });
      under.clock = () => new Date(start + REPEAT_MS - 1_000);
      await scan(under.origin, `/q/${id}`, { from: '196.25.6.8' });
      await under.db.doc(linkPath(id)).update({ target: `${site}/poster` });
      await scan(under.origin, `/q/${id}`, { from: '196.25.6.8' });
      under.clock = () => new Date(start + REPEAT_MS + 1_000);
      await scan(under.origin, `/q/${other}`, { from: '196.25.6.8' });
    } finally {
      under.clock = () => new Date();
    }
    expect(await countsOf(under, id)).toMatchObject({ scans: 2 });
    expect(await countsOf(under, other)).toMatchObject({ scans: 2 });
  });

  it('repeated HEADs and link previews are counted once too', async () => {
    const id = await link();
    for (let index = 0; index < 5; index += 1) {
      await scan(under.origin, `/q/${id}`, { method: 'HEAD', from: '196.25.6.9' });
      await scan(under.origin, `/q/${id}`, {
        userAgent: 'WhatsApp/2.23.20.0 A',
        from: '196.25.6.9',
      });
    }
    expect(await countsOf(under, id)).toMatchObject({ scans: 0, heads: 1, bots: 1 });
  });

  it('nothing a scan writes holds an address, forged or real, or a user agent', async () => {
    const id = await link();
    await scan(under.origin, `/q/${id}?qr=1`, { from: '10.66.0.1, 196.25.6.10, 35.191.3.4' });
    await scan(under.origin, `/q/${id}`, { userAgent: 'Twitterbot/1.0', from: '196.25.6.11' });
    await under.counter.drain();
    const written: unknown[] = [];
    for (const collection of await under.db.doc(linkPath(id)).listCollections()) {
      for (const document of (await collection.get()).docs) {
        written.push({ path: document.ref.path, ...document.data() });
      }
    }
    for (const document of (await under.db.collection(SALTS).get()).docs) {
      written.push({ path: document.ref.path, ...document.data() });
    }
    const stored = JSON.stringify(written);
    expect(written.length).toBeGreaterThan(2);
    for (const secret of ['10.66', '196.25', '35.191', 'Pixel', 'Android', 'Twitterbot']) {
      expect(stored).not.toContain(secret);
    }
  });
});

describe('requests that are not scans', () => {
  it('a HEAD is answered alike and counted apart; other methods get 405', async () => {
    const id = await link();
    const head = await scan(under.origin, `/q/${id}`, { method: 'HEAD' });
    expect(head.status).toBe(302);
    expect(head.headers.get('location')).toBe(`${site}/flyer`);
    const post = await scan(under.origin, `/q/${id}`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(await countsOf(under, id)).toMatchObject({ scans: 0, heads: 1 });
  });

  it.each([
    'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    'WhatsApp/2.23.20.0 A',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'Twitterbot/1.0',
    'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
    'TelegramBot (like TwitterBot)',
    'curl/8.5.0',
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    '',
  ])('a link preview or crawler (%j) is sent on, and counted as filtered', async (userAgent) => {
    const id = await link();
    const response = await scan(under.origin, `/q/${id}`, { userAgent });
    expect(response.status).toBe(302);
    expect(await countsOf(under, id)).toMatchObject({ scans: 0, unique: 0, bots: 1 });
  });
});

describe('a link that does not redirect', () => {
  it('an unknown id: 404, and nothing is written for it', async () => {
    await expectPage(
      await scan(under.origin, '/q/Nobody12345'),
      404,
      'This code leads nowhere',
      'Nobody12345',
    );
    expect((await under.db.doc(linkPath('Nobody12345')).get()).exists).toBe(false);
    expect((await under.db.collection(linkCountsPath('Nobody12345')).get()).size).toBe(0);
  });

  it.each([
    ['too short an id', '/q/abc'],
    ['a character no id has', '/q/abcdefgh.ijk'],
    ['a path below the link', '/q/abcdefghijk/more'],
    ['a broken escape', '/q/%E0%A4%A'],
    ['the bare prefix', '/q/'],
  ])('%s: 404 without a lookup', async (_, path) => {
    await expectPage(await scan(under.origin, path), 404, 'This code leads nowhere');
  });

  it('a deleted code’s link: 410 “no longer active”, not counted', async () => {
    const id = await link({ deletedAt: FieldValue.serverTimestamp() });
    await expectPage(
      await scan(under.origin, `/q/${id}`),
      410,
      'This code is no longer active',
      id,
    );
    expect(await countsOf(under, id)).toMatchObject({ scans: 0 });
  });

  it('a link the company switched off: a warning, never the target', async () => {
    const id = await link({
      disabled: { reason: 'phishing report', at: FieldValue.serverTimestamp() },
    });
    const page = await expectPage(
      await scan(under.origin, `/q/${id}?qr=1`),
      403,
      'This link has been switched off',
      id,
    );
    expect(page).not.toContain('/flyer');
    expect(await countsOf(under, id)).toMatchObject({ scans: 0 });
  });

  it.each([
    ['on the blocklist', 'https://testsafebrowsing.appspot.com/s/phishing.html'],
    ['not http(s)', 'javascript:alert(1)'],
    ['with user info', 'https://user:pw@bank.example@evil.example/'],
    ['a private address', 'http://192.168.1.1/'],
    ['a control character', 'https://example.com/\u0007'],
    ['a no-break space inside', 'https://exa\u00a0mple.com/'],
  ])(
    'a target stored before the rule or the blocklist (%s) is stopped at redirect time',
    async (_, target) => {
      const id = await link({ target });
      const page = await expectPage(
        await scan(under.origin, `/q/${id}`),
        403,
        'This link was stopped',
        id,
      );
      expect(page).not.toContain(target);
      expect(await countsOf(under, id)).toMatchObject({ scans: 0 });
    },
  );

  it('a link pointing at another short link of the site is stopped: no chains, no loops', async () => {
    const host = new URL(under.origin).host;
    const first = await link();
    const second = await link({ target: `http://${host}/q/${first}` });
    const third = await link({ target: `http://${host}/q/${second}` });
    await expectPage(await scan(under.origin, `/q/${third}`), 403, 'This link was stopped');
    await expectPage(await scan(under.origin, `/q/${second}`), 403, 'This link was stopped');
    const all = sumCounts(
      await Promise.all([first, second, third].map(async (id) => countsOf(under, id))),
    );
    expect(all.scans).toBe(0);
  });
});

describe('shortLinkId', () => {
  it('reads ids the server mints and those of older links, nothing else', () => {
    expect(shortLinkId('/q/AbCdEfGhJk?qr=1')).toBe('AbCdEfGhJk');
    expect(shortLinkId('/q/a-b_c0123456789abcd')).toBe('a-b_c0123456789abcd');
    expect(shortLinkId('/q/abc')).toBeNull();
    expect(shortLinkId(`/q/${'a'.repeat(65)}`)).toBeNull();
    expect(shortLinkId(undefined)).toBeNull();
  });
});
