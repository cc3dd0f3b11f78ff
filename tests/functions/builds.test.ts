// Custom PC build requests (functions/src/builds-api.ts) over real HTTP against the emulators: a
// request from the PC dashboard's outbox makes one build with the next number, however often it
// is sent; what is asked is checked as the form checks it; an unverified account and a sixth open
// request are refused; staff find the requests at the desk, and a customer cannot. Who reads a
// build is the rules' (tests/rules/builds.test.ts).
import { describe, expect, it } from 'vitest';
import { addStaff } from '../../functions/src/staff-admin';
import { DESK_API_PATH } from '../../src/domain/desk-api';
import {
  BUILD_MESSAGES,
  BUILD_REQUEST_PATH,
  OPEN_REQUESTS_MAX,
  type BuildsAnswer,
} from '../../src/domain/pc-builds';
import { buildPath } from '../../src/domain/records/builds';
import { freshIdToken, idToken, keptMail, uniqueUser, useFunctions } from './servers';
import { QUOTE_LINE_MAX, QUOTE_LINES_MAX, QUOTE_MESSAGES } from '../../src/domain/build-quote';
import { addDays, scanDay } from '../../src/domain/qr/scan-time';
import { AUDIT, readAuditEntry } from '../../src/domain/records/staff';

const { sent, mail } = keptMail();
const under = useFunctions({ mail });
const emailOf = (uid: string) => `${uid}@kcw.example`;

let requests = 0;
const newRequestId = () => `request-${Date.now().toString(36)}-${(requests += 1)}`;

const asked = {
  purpose: 'gaming',
  budget: 'R25 000',
  mustHaves: 'Quiet, white case, room for two more drives',
  likeBuild: 3,
};

async function post(path: string, token: string, body: object) {
  const response = await fetch(`${under.origin}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, answer: (await response.json()) as BuildsAnswer };
}

const request = async (uid: string, fields: object = {}, request = newRequestId()) =>
  post(BUILD_REQUEST_PATH, await idToken(uid), { request, ...asked, ...fields });

describe('a build request', () => {
  it('makes one build with the next number, however often the same request is sent', async () => {
    const uid = uniqueUser('builder');
    const id = newRequestId();
    const first = await request(uid, {}, id);
    expect(first).toMatchObject({
      status: 200,
      answer: {
        ok: true,
        created: true,
        build: {
          owner: uid,
          customerEmail: emailOf(uid),
          step: 'requested',
          purpose: 'gaming',
          budgetCents: 2_500_000,
          mustHaves: 'Quiet, white case, room for two more drives',
          likeBuild: 3,
        },
      },
    });
    // Its answer lost on a flaky connection, the outbox sends it again: the same build.
    const again = await request(uid, {}, id);
    expect(again.answer).toMatchObject({
      ok: true,
      build: { id: first.answer.ok && first.answer.build.id },
    });
    expect(again.answer.ok && again.answer.created).toBeFalsy();
    // The next request takes the next number.
    const next = await request(uid, { purpose: 'office', budget: '8000', likeBuild: null });
    expect(next.answer.ok && first.answer.ok && next.answer.build.number).toBeGreaterThan(
      first.answer.ok ? first.answer.build.number : Infinity,
    );
    const stored = (
      await under.db.doc(buildPath(first.answer.ok ? first.answer.build.id : 'x')).get()
    ).data();
    expect(stored).toMatchObject({ timeline: [{ step: 'requested' }], quote: null });
  });

  it('is checked as the form checks it, and another account’s request id names another build', async () => {
    const uid = uniqueUser('builder');
    for (const [fields, message] of [
      [{ purpose: 'mining' }, BUILD_MESSAGES.purpose],
      [{ budget: '2999' }, BUILD_MESSAGES.budget],
      [{ budget: 'R1 000 000' }, BUILD_MESSAGES.budget],
      [{ budget: '-25000' }, BUILD_MESSAGES.budget],
      [{ mustHaves: 'x'.repeat(1_001) }, BUILD_MESSAGES.mustHaves],
      [{ likeBuild: 0 }, BUILD_MESSAGES.likeBuild],
      [{ likeBuild: 'three' }, BUILD_MESSAGES.likeBuild],
      [{ request: '../../x' }, BUILD_MESSAGES.request],
    ] as const) {
      expect(await request(uid, fields), JSON.stringify(fields)).toMatchObject({
        status: 400,
        answer: { ok: false, problem: 'bad-request', message },
      });
    }
    // The same request id from two accounts: two builds, each its own.
    const shared = newRequestId();
    const mine = await request(uid, {}, shared);
    const theirs = await request(uniqueUser('other'), {}, shared);
    expect(mine.answer.ok && theirs.answer.ok && mine.answer.build.id).not.toBe(
      theirs.answer.ok && theirs.answer.build.id,
    );
  });

  it('needs a verified address, and refuses a sixth request waiting for a quote', async () => {
    const unverified = uniqueUser('unverified');
    await idToken(unverified, { verified: false });
    expect(
      await post(BUILD_REQUEST_PATH, await idToken(unverified, { verified: false }), {
        request: newRequestId(),
        ...asked,
      }),
    ).toMatchObject({
      status: 403,
      answer: { problem: 'unverified', message: BUILD_MESSAGES.unverified },
    });

    const uid = uniqueUser('keen');
    for (let made = 0; made < OPEN_REQUESTS_MAX; made += 1) {
      expect((await request(uid)).status).toBe(200);
    }
    expect(await request(uid)).toMatchObject({
      status: 429,
      answer: { problem: 'too-many', message: BUILD_MESSAGES.tooMany },
    });
  });
});

describe('at the desk', () => {
  it('staff find the requests waiting, and a build by its number; a customer cannot', async () => {
    const customer = uniqueUser('builder');
    const made = await request(customer, { mustHaves: 'Desk test build' });
    const build = made.answer.ok ? made.answer.build : null;
    expect(build).not.toBeNull();

    const staff = uniqueUser('staff');
    await idToken(staff);
    await addStaff(under.db, under.auth, emailOf(staff), { by: 'test', byEmail: null });
    const token = await freshIdToken(staff);
    const waiting = await post(`${DESK_API_PATH}/builds`, token, { query: '' });
    expect(JSON.stringify(waiting.answer)).toContain(build!.id);
    const byNumber = await post(`${DESK_API_PATH}/builds`, token, {
      query: `Build ${build!.number}`,
    });
    expect(byNumber.answer).toMatchObject({ ok: true, builds: [{ id: build!.id }] });

    expect(
      (await post(`${DESK_API_PATH}/builds`, await idToken(customer), { query: '' })).status,
    ).toBe(403);
  });
});

describe('a quote', () => {
  const parts = [
    { description: 'Ryzen 7 7800X3D', price: '7 499,00' },
    { description: 'GeForce RTX 4070 Super', price: 'R12999.99' },
  ];

  it('is written at the desk, emailed to the customer, and can be written again until accepted', async () => {
    const customer = uniqueUser('builder');
    const made = await request(customer);
    const build = made.answer.ok ? made.answer.build : null;
    const staff = uniqueUser('staff');
    await idToken(staff);
    await addStaff(under.db, under.auth, emailOf(staff), { by: 'test', byEmail: null });
    const token = await freshIdToken(staff);
    const today = scanDay(new Date());
    const quote = (fields: object) =>
      post(`${DESK_API_PATH}/quote`, token, {
        build: build!.id,
        lines: parts,
        labour: '850',
        validUntil: addDays(today, 14),
        ...fields,
      });

    for (const [fields, message] of [
      [{ validUntil: addDays(today, -1) }, QUOTE_MESSAGES.validUntil],
      [{ validUntil: addDays(today, 91) }, QUOTE_MESSAGES.validUntil],
      [{ labour: '0' }, QUOTE_MESSAGES.labour],
      [{ lines: [{ description: 'Case', price: '-100' }] }, QUOTE_MESSAGES.price],
      [{ lines: [{ description: '', price: '100' }] }, QUOTE_MESSAGES.description],
      [{ lines: [] }, QUOTE_MESSAGES.lines],
    ] as const) {
      expect(await quote(fields), JSON.stringify(fields)).toMatchObject({
        status: 400,
        answer: { ok: false, message },
      });
    }
    // A customer cannot quote, not even their own build.
    expect(
      (
        await post(`${DESK_API_PATH}/quote`, await idToken(customer), {
          build: build!.id,
          lines: [{ description: 'Free PC', price: '1' }],
          labour: '1',
          validUntil: addDays(today, 1),
        })
      ).status,
    ).toBe(403);

    const quoted = await quote({ note: 'Parts in stock now.' });
    expect(quoted).toMatchObject({
      status: 200,
      answer: {
        ok: true,
        build: {
          step: 'quoted',
          quote: {
            lines: [
              { description: 'Ryzen 7 7800X3D', cents: 749_900 },
              { description: 'GeForce RTX 4070 Super', cents: 1_299_999 },
            ],
            labourCents: 85_000,
            // The company is not registered for VAT (src/config/billing.ts): none is added.
            vatPercent: null,
            totalCents: 2_134_899,
            note: 'Parts in stock now.',
          },
        },
      },
    });
    const email = sent.findLast((one) => one.to === emailOf(customer))!;
    expect(email.subject).toBe(`Your quote for Build ${build!.number}: R21\u00a0348.99`);
    expect(email.text).toContain('GeForce RTX 4070 Super: R12\u00a0999.99');
    const [entry] = (
      await under.db.collection(AUDIT).where('target', '==', `Build ${build!.number}`).get()
    ).docs.map((document) => readAuditEntry(document.id, document.data()));
    expect(entry).toMatchObject({ action: 'build.quoted', by: staff });

    // Quoted again before it is accepted: the new quote stands. Once accepted, it cannot change.
    expect((await quote({ labour: '900' })).answer).toMatchObject({
      ok: true,
      build: { quote: { labourCents: 90_000 } },
    });
    await under.db.doc(buildPath(build!.id)).update({ step: 'accepted' });
    expect(await quote({ labour: '1' })).toMatchObject({
      status: 409,
      answer: { problem: 'conflict', message: expect.stringContaining('is accepted already') },
    });
    expect((await quote({ build: 'NoSuchBuild' })).status).toBe(404);
  });

  it('holds up to 40 parts of 120 characters, and refuses a 41st', async () => {
    const customer = uniqueUser('builder');
    const made = await request(customer);
    const build = made.answer.ok ? made.answer.build : null;
    const staff = uniqueUser('staff');
    await idToken(staff);
    await addStaff(under.db, under.auth, emailOf(staff), { by: 'test', byEmail: null });
    const token = await freshIdToken(staff);
    const part = (n: number) => ({
      description:
        `${String(n).padStart(2, '0')} ${'"Quoted" part, with “marks” & more '.repeat(4)}`.slice(
          0,
          QUOTE_LINE_MAX,
        ),
      price: '1 234 567,89',
    });
    const quote = (count: number) =>
      post(`${DESK_API_PATH}/quote`, token, {
        build: build!.id,
        lines: Array.from({ length: count }, (_, n) => part(n)),
        labour: '850',
        validUntil: addDays(scanDay(new Date()), 14),
        note: 'n'.repeat(1_000),
      });
    expect(await quote(QUOTE_LINES_MAX + 1)).toMatchObject({
      status: 400,
      answer: { message: QUOTE_MESSAGES.lines },
    });
    expect((await quote(QUOTE_LINES_MAX)).answer).toMatchObject({
      ok: true,
      build: {
        quote: {
          lines: expect.arrayContaining(
            [part(39)].map(({ description }) => expect.objectContaining({ description })),
          ),
        },
      },
    });
  });
});
