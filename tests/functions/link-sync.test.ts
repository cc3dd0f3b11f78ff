// POST /api/links (functions/src/link-api.ts, link-sync.ts) over real HTTP against the Firestore
// emulator: the server mints, points, retires and restores short links from the saved codes, with
// the account's limits; a caller acts only on their own codes.
import { describe, expect, it } from 'vitest';
import { emptyContent } from '../../src/domain/qr/content';
import { emptyDraft, type QrDraft } from '../../src/domain/qr/draft';
import { LINK_LIMITS, type SyncAnswer } from '../../src/domain/qr/link-policy';
import { savedFields, type SavedCodeFields } from '../../src/domain/qr/saved-code';
import { scanDay } from '../../src/domain/qr/scan-time';
import { ID_ALPHABET, LINK_ID_LENGTH } from '../../src/domain/qr/short-link';
import {
  deleteCode,
  restoreCode,
  saveNewCode,
  updateCode,
} from '../../src/features/qr/codes/saved-codes';
import { Timestamp } from '../../functions/src/admin';
import { useEmulator } from '../rules/emulator';
import { idToken, scan, syncRequest, useFunctions } from './servers';
import { accountPath } from '../../src/domain/records/accounts';
import { LINKS, linkPath } from '../../src/domain/records/links';
import { codePath, codesPath } from '../../src/domain/records/codes';

const { asVerified } = useEmulator();
const under = useFunctions();

const webDraft = (url: string, dynamic = true): QrDraft => ({
  ...emptyDraft,
  step: 'demo',
  type: 'web',
  content: { ...emptyContent, text: { ...emptyContent.text, websiteUrl: url } },
  dynamic,
});

const fieldsFor = (url: string, dynamic = true) =>
  savedFields(webDraft(url, dynamic), 'Flyer', { logo: null });

/** A code saved by `uid` through the app's store, and so through the rules. */
async function savedCode(uid: string, url: string, dynamic = true) {
  const { id, written } = saveNewCode(asVerified(uid), uid, uid, fieldsFor(url, dynamic));
  await written;
  return id;
}

/** A code written with the Admin SDK, past the rules (what a client could not write). */
async function serverWrittenCode(uid: string, fields: SavedCodeFields) {
  const ref = under.db.collection(codesPath(uid)).doc();
  await ref.set({ ...fields, createdAt: Timestamp.now(), updatedAt: Timestamp.now() });
  return ref.id;
}

/** A redirect to `target`, as the server answers a link's destination. */
const to = (target: string) => ({ kind: 'redirect', target });

const sync = (uid: string, code: string, verified = true) =>
  syncRequest(under.origin, code, idToken(uid, { verified }));

const linkDoc = async (id: string) => (await under.db.doc(linkPath(id)).get()).data() ?? null;

const usage = async (uid: string) => (await under.db.doc(accountPath(uid)).get()).data() ?? null;

/** The link of a successful answer. */
function linkOf({ status, answer }: { status: number; answer: SyncAnswer }) {
  expect(answer).toMatchObject({ ok: true });
  expect(status).toBe(200);
  if (!answer.ok || !answer.link) throw new Error(`no link in ${JSON.stringify(answer)}`);
  return answer.link;
}

describe('who may ask', () => {
  it('no token or a forged one: 401, nothing made', async () => {
    const code = await savedCode('alice', 'https://example.co.za/menu');
    const real = await idToken('alice');
    const [head, , signature] = real.split('.');
    const forged = `${head}.${Buffer.from(JSON.stringify({ sub: 'alice', user_id: 'alice' })).toString('base64url')}.${signature}`;
    for (const token of [null, 'not-a-token', forged]) {
      const { status, answer } = await syncRequest(under.origin, code, token);
      expect(status).toBe(401);
      expect(answer).toMatchObject({ ok: false, problem: 'unauthenticated' });
    }
    expect((await under.db.collection(LINKS).get()).size).toBe(0);
  });

  it('a malformed request: 400 with what to send; other methods 405', async () => {
    const response = await fetch(`${under.origin}/api/links`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await idToken('alice')}` },
      body: '{"code": "../../users/bob"}',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ ok: false, problem: 'bad-request' });
    // JSON that is no object (it once threw past the handler: a 500).
    for (const body of ['null', '[]', '"x"', 'not json']) {
      const odd = await fetch(`${under.origin}/api/links`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${await idToken('alice')}` },
        body,
      });
      expect(odd.status, body).toBe(400);
    }
    const get = await fetch(`${under.origin}/api/links`);
    expect(get.status).toBe(405);
  });

  it('an unverified email address: refused on the server too, even past the rules', async () => {
    const code = await serverWrittenCode('uma', fieldsFor('https://example.co.za/'));
    const { status, answer } = await sync('uma', code, false);
    expect(status).toBe(403);
    expect(answer).toMatchObject({ ok: false, problem: 'unverified' });
    expect((await under.db.collection(LINKS).get()).size).toBe(0);
  });
});

describe('a dynamic code’s link, made and kept by the server', () => {
  it('is minted at random for the code, with its canonical target, and counted', async () => {
    const code = await savedCode('alice', 'HTTPS://Example.CO.ZA/menu');
    const link = linkOf(await sync('alice', code));
    expect(link.id).toMatch(new RegExp(`^[${ID_ALPHABET}]{${LINK_ID_LENGTH}}$`));
    expect(link).toEqual({
      id: link.id,
      destination: to('https://example.co.za/menu'),
      deleted: false,
      disabled: false,
      locked: false,
      passwordSet: false,
    });
    expect(await linkDoc(link.id)).toMatchObject({
      owner: 'alice',
      code,
      target: 'https://example.co.za/menu',
      page: null,
      deletedAt: null,
      disabled: null,
    });
    expect(await usage('alice')).toEqual({
      activeLinks: 1,
      day: scanDay(new Date()),
      newLinks: 1,
      targetChanges: 0,
      // The trial's start, from the account's sign-up, kept at its first link (billing.ts).
      terms: { trialStartedAt: expect.any(Timestamp) },
    });
    // Asked again: the same link, nothing counted twice.
    expect(linkOf(await sync('alice', code)).id).toBe(link.id);
    expect(await usage('alice')).toMatchObject({ activeLinks: 1, newLinks: 1 });
  });

  it('follows an edit of the code: printed copies lead to the new target', async () => {
    const code = await savedCode('alice', 'https://example.co.za/menu');
    const { id } = linkOf(await sync('alice', code));
    await updateCode(
      asVerified('alice'),
      'alice',
      'alice',
      code,
      fieldsFor('https://example.co.za/winter'),
    );
    expect(linkOf(await sync('alice', code))).toMatchObject({
      id,
      destination: to('https://example.co.za/winter'),
    });
    expect((await scan(under.origin, `/q/${id}?qr=1`)).headers.get('location')).toBe(
      'https://example.co.za/winter',
    );
    expect(await usage('alice')).toMatchObject({ targetChanges: 1 });
  });

  it('is retired when its code is deleted, and only the owner’s Undo brings it back', async () => {
    const alice = asVerified('alice');
    const fields = fieldsFor('https://example.co.za/menu');
    const { id: code, written } = saveNewCode(alice, 'alice', 'alice', fields);
    await written;
    const { id } = linkOf(await sync('alice', code));

    await deleteCode(alice, 'alice', code);
    expect(linkOf(await sync('alice', code))).toMatchObject({ id, deleted: true });
    expect((await linkDoc(id))?.deletedAt).toBeInstanceOf(Timestamp);
    expect((await scan(under.origin, `/q/${id}`)).status).toBe(410);
    expect(await usage('alice')).toMatchObject({ activeLinks: 0 });

    // Bob knows the printed id, and makes a code of his own with Alice's code's id too.
    const bobsCode = await serverWrittenCode('bob', fieldsFor('https://evil.example/'));
    await under.db.doc(codePath('bob', bobsCode)).delete();
    await under.db.doc(codePath('bob', code)).set({
      ...fieldsFor('https://evil.example/'),
      createdAt: Timestamp.now(),
      updatedAt: Timestamp.now(),
    });
    const bobs = linkOf(await sync('bob', code));
    expect(bobs.id).not.toBe(id);
    expect((await scan(under.origin, `/q/${id}`)).status).toBe(410);

    // Alice's Undo: the same code again, and the same link, leading where it did.
    await restoreCode(alice, 'alice', 'alice', {
      ...fields,
      id: code,
      design: { ...fields.design, logo: null },
      createdAt: null,
      createdBy: null,
      updatedBy: null,
      updatedAt: null,
    });
    expect(linkOf(await sync('alice', code))).toEqual({
      id,
      destination: to('https://example.co.za/menu'),
      deleted: false,
      disabled: false,
      locked: false,
      passwordSet: false,
    });
    expect((await scan(under.origin, `/q/${id}`)).headers.get('location')).toBe(
      'https://example.co.za/menu',
    );
  });

  it('another account asking about a code of Alice’s changes nothing', async () => {
    const code = await savedCode('alice', 'https://example.co.za/menu');
    const { id } = linkOf(await sync('alice', code));
    expect(await sync('mallory', code)).toEqual({ status: 200, answer: { ok: true, link: null } });
    expect(await linkDoc(id)).toMatchObject({ owner: 'alice', deletedAt: null });
  });

  it('is retired when the code is made static, and a static code gets none', async () => {
    const code = await savedCode('alice', 'https://example.co.za/menu');
    const { id } = linkOf(await sync('alice', code));
    await updateCode(asVerified('alice'), 'alice', 'alice', code, { dynamic: false });
    expect(linkOf(await sync('alice', code))).toMatchObject({ id, deleted: true });
    const plain = await savedCode('alice', 'https://example.co.za/', false);
    expect((await sync('alice', plain)).answer).toEqual({ ok: true, link: null });
  });
});

describe('limits per account, enforced here', () => {
  const setUsage = (uid: string, values: object) =>
    under.db.doc(accountPath(uid)).set({
      activeLinks: 0,
      newLinks: 0,
      targetChanges: 0,
      day: scanDay(new Date()),
      ...values,
    });

  it('at most LINK_LIMITS.activeLinks links at once', async () => {
    await setUsage('alice', { activeLinks: LINK_LIMITS.activeLinks });
    const code = await savedCode('alice', 'https://example.co.za/');
    const { status, answer } = await sync('alice', code);
    expect(status).toBe(429);
    expect(answer).toMatchObject({ ok: false, problem: 'too-many-links', link: null });
    expect(!answer.ok && answer.message).toContain(`${LINK_LIMITS.activeLinks} dynamic codes`);
  });

  it('at most LINK_LIMITS.newLinksPerDay new links a day, counted again the next day', async () => {
    await setUsage('alice', { newLinks: LINK_LIMITS.newLinksPerDay });
    const code = await savedCode('alice', 'https://example.co.za/');
    expect((await sync('alice', code)).answer).toMatchObject({ problem: 'too-many-new-links' });
    await setUsage('alice', { newLinks: LINK_LIMITS.newLinksPerDay, day: '2020-01-01' });
    expect(linkOf(await sync('alice', code)).deleted).toBe(false);
  });

  it('at most LINK_LIMITS.targetChangesPerDay retargets a day; the link keeps its target', async () => {
    const code = await savedCode('alice', 'https://example.co.za/a');
    const { id } = linkOf(await sync('alice', code));
    await setUsage('alice', { activeLinks: 1, targetChanges: LINK_LIMITS.targetChangesPerDay });
    await updateCode(
      asVerified('alice'),
      'alice',
      'alice',
      code,
      fieldsFor('https://example.co.za/b'),
    );
    const { status, answer } = await sync('alice', code);
    expect(status).toBe(429);
    expect(answer).toMatchObject({
      ok: false,
      problem: 'too-many-changes',
      link: { id, destination: to('https://example.co.za/a') },
    });
    expect((await linkDoc(id))?.target).toBe('https://example.co.za/a');
  });
});

describe('one rule for targets, when they are saved', () => {
  const site = () => new URL(under.origin).host;

  it.each([
    ['https://例え.jp/', 'https://xn--r8jz45g.jp/'],
    ['HTTPS://EXAMPLE.CO.ZA/Menu', 'https://example.co.za/Menu'],
    ['https://example.co.za/a\u000bb', 'https://example.co.za/a%0Bb'],
    ['example.co.za/menu', 'https://example.co.za/menu'],
  ])('%j is kept as %s', async (typed, href) => {
    const code = await serverWrittenCode('alice', fieldsFor(typed));
    const link = linkOf(await sync('alice', code));
    expect(link.destination).toEqual(to(href));
    const location = (await scan(under.origin, `/q/${link.id}`)).headers.get('location');
    expect(location).toBe(href);
    expect(new URL(location!).href).toBe(location);
  });

  it.each([
    ['https://user:pw@bank.example@evil.example/', 'bad-target'],
    ['https://bank.example@evil.example/', 'bad-target'],
    ['http://192.168.1.1/', 'bad-target'],
    ['http://169.254.169.254/latest/meta-data/', 'bad-target'],
    ['http://[::1]/', 'bad-target'],
    ['http://localhost:8080/', 'bad-target'],
    ['javascript:alert(1)', 'bad-target'],
    ['https://testsafebrowsing.appspot.com/s/phishing.html', 'blocked-target'],
    ['https://www.phish-test.kcw-blocklist.example/login', 'blocked-target'],
  ])('%j is refused (%s)', async (typed, problem) => {
    const code = await serverWrittenCode('alice', fieldsFor(typed));
    const { status, answer } = await sync('alice', code);
    expect(status).toBe(422);
    expect(answer).toMatchObject({ ok: false, problem, link: null });
    expect(!answer.ok && answer.message.length).toBeGreaterThan(20);
  });

  it('a short link of the site itself is refused: links never chain', async () => {
    const first = linkOf(await sync('alice', await savedCode('alice', 'https://example.co.za/')));
    const code = await serverWrittenCode('alice', fieldsFor(`http://${site()}/q/${first.id}?qr=1`));
    const { answer } = await sync('alice', code);
    expect(answer).toMatchObject({ ok: false, problem: 'bad-target' });
    expect(!answer.ok && answer.message).toContain('short link of this site');
  });
});
