// Password-protected dynamic codes through the real handlers: the owner sets the password once
// (POST /api/links/password, kept as an scrypt hash only), a scan asks for it, a right password
// lets that browser in (a signed __session cookie), wrong ones are limited per client and code.
import { describe, expect, it } from 'vitest';
import { PASSWORD_ATTEMPTS } from '../../src/domain/qr/access';
import { emptyContent } from '../../src/domain/qr/content';
import { emptyDraft } from '../../src/domain/qr/draft';
import { savedFields } from '../../src/domain/qr/saved-code';
import { saveNewCode, updateCode } from '../../src/features/qr/saved/saved-codes';
import { useEmulator } from '../rules/emulator';
import { countsOf, idToken, PHONE, syncRequest, useFunctions } from './servers';

const { asVerified } = useEmulator();
const under = useFunctions();
const target = 'https://kemptoncodeworks.co.za/members';

/** Alice's dynamic Website code, protected (its form had a password), and its link. */
async function protectedCode() {
  const draft = {
    ...emptyDraft,
    step: 'demo' as const,
    type: 'web' as const,
    content: {
      ...emptyContent,
      text: { ...emptyContent.text, websiteUrl: target, password: 'typed, never saved' },
    },
    dynamic: true,
  };
  const fields = savedFields(draft, 'Members', { logo: null });
  expect(fields).toMatchObject({ passwordProtected: true });
  expect(JSON.stringify(fields)).not.toContain('typed, never saved');
  const { id: code, written } = saveNewCode(asVerified('alice'), 'alice', fields);
  await written;
  const { answer } = await syncRequest(under.origin, code, idToken('alice'));
  if (!answer.ok || !answer.link) throw new Error(JSON.stringify(answer));
  expect(answer.link).toMatchObject({ locked: true, passwordSet: false });
  return { code, id: answer.link.id, fields };
}

const setPassword = async (code: string, password: string | null, uid = 'alice') => {
  const response = await fetch(`${under.origin}/api/links/password`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await idToken(uid)}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ code, password }),
  });
  return { status: response.status, answer: await response.json() };
};

const open = (id: string, { cookie, from }: { cookie?: string; from?: string } = {}) =>
  fetch(`${under.origin}/q/${id}?qr=1`, {
    redirect: 'manual',
    headers: {
      'User-Agent': PHONE,
      ...(cookie ? { Cookie: cookie } : {}),
      ...(from ? { 'X-Forwarded-For': from } : {}),
    },
  });

const tryPassword = (id: string, password: string, from = '196.25.1.10') =>
  fetch(`${under.origin}/q/${id}?qr=1`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'User-Agent': PHONE,
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Forwarded-For': from,
    },
    body: new URLSearchParams({ password }).toString(),
  });

describe('a password-protected code', () => {
  it('opens for nobody until its password is set, and then asks for it', async () => {
    const { code, id } = await protectedCode();
    const notReady = await open(id);
    expect(notReady.status).toBe(403);
    expect(await notReady.text()).toContain('This code is not ready yet');

    expect(await setPassword(code, 'sesame-2026')).toMatchObject({
      status: 200,
      answer: { ok: true, link: { locked: true, passwordSet: true } },
    });
    const stored = (
      await under.db.collection('dynamic').doc(id).collection('private').doc('password').get()
    ).data();
    expect(stored).toMatchObject({ n: 32_768, r: 8, p: 1 });
    expect(JSON.stringify(stored)).not.toContain('sesame');

    const asked = await open(id);
    expect(asked.status).toBe(200);
    expect(asked.headers.get('location')).toBeNull();
    const page = await asked.text();
    expect(page).toContain('<h1>This code is protected</h1>');
    expect(page).toContain(`<form class="landing__form" method="post" action="/q/${id}?qr=1">`);
    expect(page).not.toContain(target);
    expect(await countsOf(under, id)).toMatchObject({ scans: 0 });
  });

  it('a wrong password is said so; the right one lets that browser in, and the scan counts', async () => {
    const { code, id } = await protectedCode();
    await setPassword(code, 'sesame-2026');
    const wrong = await tryPassword(id, 'open sesame');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('That is not the password.');

    const right = await tryPassword(id, 'sesame-2026');
    // A page that opens the link again at once (not a redirect: see pages.unlocked).
    expect(right.status).toBe(200);
    expect(await right.text()).toContain(
      `<meta http-equiv="refresh" content="0; url=/q/${id}?qr=1">`,
    );
    const cookie = right.headers.get('set-cookie')!;
    expect(cookie).toMatch(
      /^__session=[\w-]+\.[\w-]+; Path=\/q\/; Max-Age=43200; HttpOnly; SameSite=Lax$/,
    );
    const session = cookie.split(';')[0];

    const through = await open(id, { cookie: session });
    expect(through.status).toBe(302);
    expect(through.headers.get('location')).toBe(target);
    expect(await countsOf(under, id)).toMatchObject({ scans: 1, qr: 1 });

    // The unlock is for this link only, and cannot be forged.
    const other = await protectedCode();
    await setPassword(other.code, 'another-one');
    expect((await open(other.id, { cookie: session })).status).toBe(200);
    const [payload] = session.slice('__session='.length).split('.');
    const forged = `__session=${payload}.AAAA`;
    expect((await open(id, { cookie: forged })).status).toBe(200);
  });

  it('limits wrong passwords per client, and then refuses even the right one for a while', async () => {
    const { code, id } = await protectedCode();
    await setPassword(code, 'sesame-2026');
    for (let attempt = 0; attempt < PASSWORD_ATTEMPTS.perClient; attempt += 1) {
      expect((await tryPassword(id, `guess-${attempt}`, '196.25.1.66')).status).toBe(401);
    }
    const stopped = await tryPassword(id, 'sesame-2026', '196.25.1.66');
    expect(stopped.status).toBe(429);
    expect(await stopped.text()).toContain('Too many wrong passwords were tried');
    // Someone else, elsewhere, is not stopped by it.
    expect((await tryPassword(id, 'sesame-2026', '41.13.2.2')).status).toBe(200);
    // No address is stored: attempts are keyed by a keyed hash.
    const attempts = await under.db.collection('dynamic').doc(id).collection('private').get();
    expect(JSON.stringify(attempts.docs.map((document) => document.id))).not.toContain('196.25');
  });

  it('unprotected by its owner: the password is forgotten and the code opens', async () => {
    const { code, id, fields } = await protectedCode();
    await setPassword(code, 'sesame-2026');
    await updateCode(asVerified('alice'), 'alice', code, { ...fields, passwordProtected: false });
    const { answer } = await syncRequest(under.origin, code, idToken('alice'));
    expect(answer).toMatchObject({ ok: true, link: { locked: false, passwordSet: false } });
    const stored = await under.db
      .collection('dynamic')
      .doc(id)
      .collection('private')
      .doc('password')
      .get();
    expect(stored.exists).toBe(false);
    expect((await open(id)).headers.get('location')).toBe(target);
  });

  it('a password too short is refused; nobody sets one on another’s code', async () => {
    const { code } = await protectedCode();
    expect(await setPassword(code, 'abc')).toMatchObject({
      status: 400,
      answer: { ok: false, message: 'A password has at least 4 characters.' },
    });
    expect(await setPassword(code, 'mallory-was-here', 'mallory')).toMatchObject({
      status: 400,
      answer: { ok: false, problem: 'bad-request' },
    });
  });
});
