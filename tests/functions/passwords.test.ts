// Password-protected dynamic codes through the real handlers: the owner sets the password once
// (POST /api/links/password, kept as an scrypt hash only), a scan asks for it, a right password
// lets that browser in (a signed __session cookie) until the password changes; wrong ones are
// counted before they are checked, per client, per peer and per code, from the address the
// platform vouches for (functions/src/client-address.ts); an account sets a few passwords an hour.
import { assertFails } from '@firebase/rules-unit-testing';
import { doc, getDoc } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, type HashCost } from '../../functions/src/passwords';
import {
  PASSWORD_ATTEMPTS,
  PASSWORD_CHANGES_PER_HOUR,
  TOO_MANY_PASSWORD_CHANGES,
} from '../../src/domain/qr/access';
import { emptyContent } from '../../src/domain/qr/content';
import { emptyDraft } from '../../src/domain/qr/draft';
import { savedFields } from '../../src/domain/qr/saved-code';
import { saveNewCode, updateCode } from '../../src/features/qr/codes/saved-codes';
import { useEmulator } from '../rules/emulator';
import { countsOf, idToken, PHONE, syncRequest, useFunctions } from './servers';
import {
  linkAttemptsPath,
  linkPasswordPath,
  linkPath,
  linkPrivatePath,
} from '../../src/domain/records/links';

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
  const { id: code, written } = saveNewCode(asVerified('alice'), 'alice', 'alice', fields);
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
    const stored = (await under.db.doc(linkPasswordPath(id)).get()).data();
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
    const attempts = await under.db.collection(linkPrivatePath(id)).get();
    expect(JSON.stringify(attempts.docs.map((document) => document.id))).not.toContain('196.25');
  });

  it('unprotected by its owner: the password is forgotten and the code opens', async () => {
    const { code, id, fields } = await protectedCode();
    await setPassword(code, 'sesame-2026');
    await updateCode(asVerified('alice'), 'alice', 'alice', code, {
      ...fields,
      passwordProtected: false,
    });
    const { answer } = await syncRequest(under.origin, code, idToken('alice'));
    expect(answer).toMatchObject({ ok: true, link: { locked: false, passwordSet: false } });
    const stored = await under.db.doc(linkPasswordPath(id)).get();
    expect(stored.exists).toBe(false);
    expect((await open(id)).headers.get('location')).toBe(target);
  });

  it('a password too short is refused; nobody sets one on another’s code', async () => {
    const { code } = await protectedCode();
    expect(await setPassword(code, 'abc')).toMatchObject({
      status: 400,
      answer: { ok: false, message: 'A password has at least 8 characters.' },
    });
    expect(await setPassword(code, 'seven77')).toMatchObject({
      status: 400,
      answer: { ok: false, message: 'A password has at least 8 characters.' },
    });
    expect(await setPassword(code, 'mallory-was-here', 'mallory')).toMatchObject({
      status: 400,
      answer: { ok: false, problem: 'bad-request' },
    });
  });
});

/** The session cookie of a right password's answer, as the browser sends it back. */
const sessionOf = (response: Response) => response.headers.get('set-cookie')!.split(';')[0];

/** The statuses of `answers`, counted: {401: n, 429: m}. */
const tally = (answers: Response[]) =>
  answers.reduce<Record<number, number>>((counts, { status }) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});

/** The wrong passwords counted for link `id` of everyone (its code's own count). */
const codeCount = async (id: string) =>
  Number((await under.db.doc(linkAttemptsPath(id, null)).get()).get('count') ?? 0);

/**
 * A cheap scrypt cost (1 MB, a few milliseconds a hash) for the passwords of the tests below, which
 * check dozens of guesses: each guess checked runs scrypt at its stored password's cost, and at the
 * deployed one (PASSWORD_COST: 32 MB, 0.1 to 0.5 s on a busy machine) this file's 170-odd hashes
 * took half a minute. The tests above keep the deployed cost, and the first holds that a stored
 * hash carries it.
 */
const QUICK: HashCost = { n: 1024, r: 8, p: 1 };
function quickPasswords() {
  beforeAll(() => {
    under.passwordCost = QUICK;
  });
  afterAll(() => {
    under.passwordCost = undefined;
  });
}

describe('guessing at a password', () => {
  const { perClient, perPeer, perCode } = PASSWORD_ATTEMPTS;
  quickPasswords();

  it(`20 wrong guesses at once from one client: at most ${perClient} are checked, the others answer 429`, async () => {
    const { code, id } = await protectedCode();
    await setPassword(code, 'sesame-2026');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => tryPassword(id, `guess-${index}`, '196.25.2.20')),
    );
    const counted = tally(answers);
    expect(counted[401]).toBeGreaterThan(0);
    expect(counted[401]).toBeLessThanOrEqual(perClient);
    expect(counted[429]).toBe(20 - counted[401]);
    // Each one checked was counted first.
    expect(await codeCount(id)).toBe(counted[401]);
    // And the right password from there waits too.
    expect((await tryPassword(id, 'sesame-2026', '196.25.2.20')).status).toBe(429);
  });

  it('a client writing a new X-Forwarded-For entry each time is still one client', async () => {
    const { code, id } = await protectedCode();
    await setPassword(code, 'sesame-2026');
    // Through Hosting: what the client wrote, then Hosting's entry, then the front end's.
    const throughHosting = (forged: string) => `${forged}, 196.25.2.66, 35.191.7.1`;
    const answers: Response[] = [];
    for (let attempt = 0; attempt < perClient + 3; attempt += 1) {
      answers.push(await tryPassword(id, `guess-${attempt}`, throughHosting(`10.9.8.${attempt}`)));
    }
    expect(answers.map((answer) => answer.status)).toEqual([
      ...Array<number>(perClient).fill(401),
      ...Array<number>(3).fill(429),
    ]);
    expect((await tryPassword(id, 'sesame-2026', throughHosting('41.0.0.1'))).status).toBe(429);
    // Another visitor through the same edge is not held back by it.
    expect((await tryPassword(id, 'sesame-2026', '1.1.1.1, 41.13.2.9, 35.191.7.1')).status).toBe(
      200,
    );
  });

  it('called at the function’s own address (1 hop), a forged entry is ignored', async () => {
    const { code, id } = await protectedCode();
    await setPassword(code, 'sesame-2026');
    process.env.FORWARDED_HOPS = '1';
    try {
      const answers: Response[] = [];
      for (let attempt = 0; attempt < perClient + 2; attempt += 1) {
        answers.push(await tryPassword(id, `guess-${attempt}`, `10.7.7.${attempt}, 196.25.2.77`));
      }
      expect(answers.map((answer) => answer.status)).toEqual([
        ...Array<number>(perClient).fill(401),
        ...Array<number>(2).fill(429),
      ]);
    } finally {
      delete process.env.FORWARDED_HOPS;
    }
  });

  it(`a direct caller forging its client entry at 2 hops is stopped by its peer’s limit (${perPeer})`, async () => {
    const { code, id } = await protectedCode();
    await setPassword(code, 'sesame-2026');
    const answers: Response[] = [];
    for (let batch = 0; batch < (perPeer + 5) / 5; batch += 1) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 5 }, (_, index) =>
            tryPassword(id, 'wrong-guess', `10.6.${batch}.${index}, 196.25.2.99`),
          ),
        )),
      );
    }
    expect(tally(answers)).toEqual({ 401: perPeer, 429: 5 });
  }, 90_000);

  it(`${perCode}+ wrong guesses from many addresses slow the code down, but the right password from a new address opens it`, async () => {
    const { code, id } = await protectedCode();
    await setPassword(code, 'sesame-2026');
    const addresses = Array.from({ length: 20 }, (_, index) => `196.25.3.${index}`);
    const answers: Response[] = [];
    // Three rounds of one guess from each of 20 addresses: 60 in all.
    for (let round = 0; round < 3; round += 1) {
      for (let start = 0; start < addresses.length; start += 5) {
        answers.push(
          ...(await Promise.all(
            addresses
              .slice(start, start + 5)
              .map((address) => tryPassword(id, `guess-${round}`, address)),
          )),
        );
      }
    }
    const counted = tally(answers);
    // The code's count is read as the guesses arrive: those in flight together (5) may pass it.
    expect(counted[401]).toBeGreaterThanOrEqual(perCode);
    expect(counted[401]).toBeLessThanOrEqual(perCode + 5);
    expect(counted[429]).toBe(60 - counted[401]);
    // Being guessed at: a client that has given a wrong one waits, even with the right one...
    expect((await tryPassword(id, 'sesame-2026', addresses[0])).status).toBe(429);
    // ...while a visitor's first try is checked: the right password opens the code...
    const right = await tryPassword(id, 'sesame-2026', '41.13.9.9');
    expect(right.status).toBe(200);
    expect((await open(id, { cookie: sessionOf(right) })).headers.get('location')).toBe(target);
    // ...and a wrong one is said so, once.
    expect((await tryPassword(id, 'not-it-at-all', '41.13.9.10')).status).toBe(401);
    expect((await tryPassword(id, 'sesame-2026', '41.13.9.10')).status).toBe(429);
  }, 90_000);

  it('an IPv6 client is one client across its /64', async () => {
    const { code, id } = await protectedCode();
    await setPassword(code, 'sesame-2026');
    const answers: Response[] = [];
    for (let attempt = 0; attempt < perClient + 1; attempt += 1) {
      answers.push(await tryPassword(id, 'wrong-guess', `2c0f:f4c0:1:2::${attempt + 1}`));
    }
    expect(answers.at(-1)!.status).toBe(429);
    expect(tally(answers)).toEqual({ 401: perClient, 429: 1 });
  });

  it('a right password is taken back off the counts: an office behind one address all get in', async () => {
    const { code, id } = await protectedCode();
    await setPassword(code, 'sesame-2026');
    for (let person = 0; person < perClient + 2; person += 1) {
      expect((await tryPassword(id, 'sesame-2026', '196.25.4.1')).status).toBe(200);
    }
    expect(await codeCount(id)).toBe(0);
  });
});

describe('a changed password', () => {
  quickPasswords();
  it('asks again a browser the old one let in; the new one lets it in', async () => {
    const { code, id } = await protectedCode();
    await setPassword(code, 'sesame-2026');
    const before = sessionOf(await tryPassword(id, 'sesame-2026'));
    expect((await open(id, { cookie: before })).status).toBe(302);

    expect(await setPassword(code, 'a-new-one-2027')).toMatchObject({ status: 200 });
    const asked = await open(id, { cookie: before });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('<h1>This code is protected</h1>');
    expect((await tryPassword(id, 'sesame-2026')).status).toBe(401);
    const after = sessionOf(await tryPassword(id, 'a-new-one-2027'));
    expect((await open(id, { cookie: after })).status).toBe(302);
  });

  it('one set before versions and the 8-character minimum still opens, and lets a browser in', async () => {
    const { id } = await protectedCode();
    // As stored before: a 4-character password's hash, no version on it or on the link.
    const { version, ...legacy } = await hashPassword('abcd');
    expect(version).toMatch(/^[\w-]{8}$/);
    await under.db.doc(linkPasswordPath(id)).set(legacy);
    await under.db.doc(linkPath(id)).update({ passwordSet: true });
    const right = await tryPassword(id, 'abcd');
    expect(right.status).toBe(200);
    expect((await open(id, { cookie: sessionOf(right) })).status).toBe(302);
  });
});

describe('setting passwords', () => {
  quickPasswords();
  it(`is limited to ${PASSWORD_CHANGES_PER_HOUR} an hour per account, kept where no client reads`, async () => {
    const { code, id } = await protectedCode();
    const start = Date.now();
    under.clock = () => new Date(start);
    try {
      for (let set = 0; set < PASSWORD_CHANGES_PER_HOUR; set += 1) {
        expect((await setPassword(code, `password-${set}`)).status).toBe(200);
      }
      const refused = await setPassword(code, 'one-too-many');
      expect(refused).toEqual({
        status: 429,
        answer: { ok: false, problem: 'too-many-changes', message: TOO_MANY_PASSWORD_CHANGES },
      });
      // The last one set still opens the code; removing it is no hash, and is not held back.
      expect((await tryPassword(id, 'password-9')).status).toBe(200);
      expect((await setPassword(code, null)).status).toBe(200);
      // An hour after the first, the account may set passwords again.
      under.clock = () => new Date(start + 60 * 60 * 1000);
      expect((await setPassword(code, 'an-hour-later')).status).toBe(200);
    } finally {
      under.clock = () => new Date();
    }
    await assertFails(getDoc(doc(asVerified('alice'), 'accounts/alice/private/password-changes')));
  }, 40_000);
});
