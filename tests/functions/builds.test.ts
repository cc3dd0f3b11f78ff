// Custom PC build requests (functions/src/builds-api.ts) over real HTTP against the emulators: a
// request from the PC dashboard's outbox makes one build with the next number, however often it
// is sent; what is asked is checked as the form checks it; an unverified account and a sixth open
// request are refused; staff find the requests at the desk, and a customer cannot. Who reads a
// build is the rules' (tests/rules/builds.test.ts).
import { describe, expect, it } from 'vitest';
import { addStaff } from '../../functions/src/staff-admin';
import { DESK_API_PATH, DESK_PHOTO_PATH, deskPhotoChunkPath } from '../../src/domain/desk-api';
import { BILLING_API_PATH } from '../../src/domain/billing';
import { company } from '../../src/config/company';
import {
  BUILD_ACCEPT_PATH,
  BUILD_MESSAGE_PATH,
  BUILD_MESSAGES,
  BUILD_REQUEST_PATH,
  buildPhotoPath,
  MESSAGE_MAX,
  OPEN_REQUESTS_MAX,
  type BuildsAnswer,
  type BuildSummary,
} from '../../src/domain/pc-builds';
import { buildPath } from '../../src/domain/records/builds';
import { createHash } from 'node:crypto';
import { freshIdToken, idToken, keptMail, uniqueUser, useFunctions } from './servers';
import { tinyPng, tinyPdf } from '../support/sample-files';
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

/** A new member of staff, added as the staff script adds one, with a token that carries the claim. */
async function newStaff() {
  const uid = uniqueUser('staff');
  await idToken(uid);
  await addStaff(under.db, under.auth, emailOf(uid), { by: 'test', byEmail: null });
  return { uid, token: await freshIdToken(uid) };
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

    const { token } = await newStaff();
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
    const { uid: staff, token } = await newStaff();
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
    const { token } = await newStaff();
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

describe('after the quote', () => {
  /** A customer's build, quoted at the desk by a member of staff: R21 348.99, valid 14 days. */
  async function quotedBuild() {
    const customer = uniqueUser('builder');
    const made = await request(customer);
    const { uid: staff, token: desk } = await newStaff();
    const build = made.answer.ok ? made.answer.build : null;
    const quoted = await post(`${DESK_API_PATH}/quote`, desk, {
      build: build!.id,
      lines: [
        { description: 'Ryzen 7 7800X3D', price: '7 499,00' },
        { description: 'GeForce RTX 4070 Super', price: 'R12999.99' },
      ],
      labour: '850',
      validUntil: addDays(scanDay(new Date()), 14),
    });
    expect(quoted.status).toBe(200);
    return { customer, staff, desk, build: build! };
  }

  const step = (token: string, build: BuildSummary, fields: object) =>
    post(`${DESK_API_PATH}/step`, token, { build: build.id, ...fields });

  it('is accepted once while valid, paid at the desk, then followed step by step by email', async () => {
    const { customer, desk, build } = await quotedBuild();
    const token = await idToken(customer);
    const accept = async (as = token) => post(BUILD_ACCEPT_PATH, as, { build: build.id });

    // Nobody accepts another's quote: another customer, or staff as themselves, find no build.
    expect((await accept(await idToken(uniqueUser('other')))).status).toBe(404);
    expect((await accept(desk)).status).toBe(404);
    // Past its last day it cannot be accepted.
    const ref = under.db.doc(buildPath(build.id));
    const validUntil = (await ref.get()).get('quote.validUntil') as string;
    await ref.update({ 'quote.validUntil': addDays(scanDay(new Date()), -1) });
    expect(await accept()).toMatchObject({
      status: 409,
      answer: { problem: 'expired', message: QUOTE_MESSAGES.expired },
    });
    await ref.update({ 'quote.validUntil': validUntil });
    // Staff cannot move it on before it is paid.
    expect((await step(desk, build, { step: 'assembling' })).status).toBe(409);

    const accepted = await accept();
    expect(accepted).toMatchObject({
      status: 200,
      answer: {
        ok: true,
        created: true,
        build: { step: 'accepted' },
        order: { kind: 'build', amountCents: 2_134_899, state: 'awaiting-payment' },
      },
    });
    const order = accepted.answer.ok ? accepted.answer.order! : null;
    expect(accepted.answer.ok && accepted.answer.build.order).toEqual({
      id: order!.id,
      reference: order!.reference,
    });
    const orderEmail = sent.findLast((one) => one.to === emailOf(customer))!;
    expect(orderEmail.subject).toBe(
      `Your order ${order!.reference}: Custom PC: Build ${build.number}, R21\u00a0348.99`,
    );
    // Accepted again (the answer lost): the same order, and no second email.
    const mails = sent.length;
    const again = await accept();
    expect(again.answer).toMatchObject({ ok: true, order: { id: order!.id } });
    expect(again.answer.ok && again.answer.created).toBeFalsy();
    expect(sent.length).toBe(mails);
    // A build's order is not cancelled from the billing page.
    const cancel = await fetch(`${under.origin}${BILLING_API_PATH}/orders/${order!.id}/cancel`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(cancel.status).toBe(409);

    // Staff mark it paid with the amount: the build is Paid, and the invoice is emailed.
    const paid = await post(`${DESK_API_PATH}/paid`, desk, {
      reference: order!.reference,
      amount: 'R21 348.99',
    });
    expect(paid.answer).toMatchObject({
      ok: true,
      order: { kind: 'build', state: 'paid', invoiceNumber: expect.stringMatching(/^INV-/) },
    });
    const invoiceEmail = sent.findLast((one) => one.to === emailOf(customer))!;
    expect(invoiceEmail.subject).toMatch(/^Payment received: invoice INV-/);
    expect(invoiceEmail.text).toContain(`For: Custom PC: Build ${build.number}`);
    expect((await ref.get()).get('step')).toBe('paid');

    // On it goes, with a note; never back; a note added to the step it is at.
    const assembling = await step(desk, build, {
      step: 'assembling',
      note: 'Parts are in.\nAssembly starts today.',
    });
    expect(assembling.answer).toMatchObject({ ok: true, build: { step: 'assembling' } });
    expect(
      assembling.answer.ok && assembling.answer.build.timeline.map((entry) => entry.step),
    ).toEqual(['requested', 'quoted', 'accepted', 'paid', 'assembling']);
    expect(assembling.answer.ok && assembling.answer.build.timeline.at(-1)?.note).toBe(
      'Parts are in.\nAssembly starts today.',
    );
    expect(sent.findLast((one) => one.to === emailOf(customer))!.subject).toBe(
      `Build ${build.number}: Assembling`,
    );
    expect(await step(desk, build, { step: 'parts-ordered' })).toMatchObject({
      status: 409,
      answer: { message: BUILD_MESSAGES.step },
    });
    expect((await step(desk, build, { step: 'paid' })).status).toBe(400);
    expect((await step(desk, build, { step: 'assembling', note: 'Cable work done.' })).status).toBe(
      200,
    );
    expect(sent.findLast((one) => one.to === emailOf(customer))!.subject).toBe(
      `Build ${build.number}: a note from us (Assembling)`,
    );
    // The customer cannot move their own build.
    expect((await step(token, build, { step: 'collected' })).status).toBe(403);
    expect((await step(desk, build, { step: 'collected' })).answer).toMatchObject({
      ok: true,
      build: { step: 'collected' },
    });
    expect(sent.findLast((one) => one.to === emailOf(customer))!.text).toMatch(
      /Its warranty runs until \d{1,2} \w+ \d{4}/,
    );
    const actions = (
      await under.db.collection(AUDIT).where('target', '==', `Build ${build.number}`).get()
    ).docs.map((document) => readAuditEntry(document.id, document.data())?.action);
    expect(actions.filter((action) => action === 'build.step')).toHaveLength(3);
  });

  it('has a thread: the customer asks once however often it is sent, staff answer, both are emailed', async () => {
    const { customer, desk, build } = await quotedBuild();
    const token = await idToken(customer);
    const ask = (text: string, as = token, id = newRequestId()) =>
      post(BUILD_MESSAGE_PATH, as, { build: build.id, request: id, text });

    expect(await ask('   ')).toMatchObject({
      status: 400,
      answer: { message: BUILD_MESSAGES.message },
    });
    expect((await ask('x'.repeat(MESSAGE_MAX + 1))).status).toBe(400);
    expect(
      (await ask('Can it have a white case?', await idToken(uniqueUser('other')))).status,
    ).toBe(404);
    const id = newRequestId();
    const asked = await ask('Can it have a white case?', token, id);
    expect(asked.answer).toMatchObject({
      ok: true,
      build: {
        awaitingReply: true,
        messages: [{ from: 'customer', text: 'Can it have a white case?' }],
      },
    });
    expect((await ask('Can it have a white case?', token, id)).answer).toMatchObject({
      build: { messages: [{ id }] },
    });
    const toCompany = sent.filter(
      (one) => one.to === company.email && one.text.includes('white case'),
    );
    expect(toCompany).toHaveLength(1);
    expect(toCompany[0]!.subject).toBe(
      `A question about Build ${build.number} from ${emailOf(customer)}`,
    );

    // It waits on the desk's list, quoted as it is, until it is answered.
    const waiting = await post(`${DESK_API_PATH}/builds`, desk, { query: emailOf(customer) });
    expect(waiting.answer).toMatchObject({
      ok: true,
      builds: [{ id: build.id, awaitingReply: true }],
    });
    // A customer does not answer for the company.
    expect(
      (await post(`${DESK_API_PATH}/reply`, token, { build: build.id, text: 'Yes' })).status,
    ).toBe(403);
    const answered = await post(`${DESK_API_PATH}/reply`, desk, {
      build: build.id,
      text: 'Yes: the Fractal North in white, same price.',
    });
    expect(answered.answer).toMatchObject({
      ok: true,
      build: {
        awaitingReply: false,
        messages: [
          { from: 'customer' },
          { from: 'company', text: 'Yes: the Fractal North in white, same price.' },
        ],
      },
    });
    const reply = sent.findLast((one) => one.to === emailOf(customer))!;
    expect(reply.subject).toBe(`Our answer about Build ${build.number}`);
    expect(reply.text).toContain('Fractal North');
  });

  it('shows the photos staff add at a step to its customer and staff alone', async () => {
    const { customer, desk, build } = await quotedBuild();
    const token = await idToken(customer);
    const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
    const upload = async (bytes: Uint8Array, name: string, as = desk) => {
      const hash = sha256(bytes);
      const start = await post(DESK_PHOTO_PATH, as, {
        build: build.id,
        sha256: hash,
        size: bytes.length,
        name,
      });
      if (start.status !== 200) return start;
      const response = await fetch(`${under.origin}${deskPhotoChunkPath(build.id, hash, 0)}`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${as}` },
        body: Buffer.from(bytes),
      });
      return { status: response.status, answer: (await response.json()) as BuildsAnswer };
    };
    // Only staff upload; what is not an image is refused by its bytes.
    expect((await upload(tinyPng, 'bench.png', token)).status).toBe(403);
    expect(await upload(tinyPdf, 'bench.png')).toMatchObject({
      status: 415,
      answer: { problem: 'wrong-content' },
    });
    expect(await upload(tinyPng, 'bench.png')).toMatchObject({
      status: 200,
      answer: { ok: true, complete: true },
    });

    // Paid, the build moves on with the photo; one never uploaded is refused.
    const accepted = await post(BUILD_ACCEPT_PATH, token, { build: build.id });
    const order = accepted.answer.ok ? accepted.answer.order! : null;
    await post(`${DESK_API_PATH}/paid`, desk, { reference: order!.reference, amount: '21348.99' });
    expect(
      await step(desk, build, { step: 'testing', photos: [sha256(tinyPdf.slice(1))] }),
    ).toMatchObject({ status: 400, answer: { message: expect.stringMatching(/^Photo 1 /) } });
    const tested = await step(desk, build, {
      step: 'testing',
      note: 'Ran overnight.',
      photos: [sha256(tinyPng)],
    });
    expect(tested.answer).toMatchObject({
      ok: true,
      build: {
        timeline: expect.arrayContaining([
          {
            step: 'testing',
            at: expect.any(Number),
            note: 'Ran overnight.',
            photos: [sha256(tinyPng)],
          },
        ]),
      },
    });

    const photo = (as: string | null, hash = sha256(tinyPng)) =>
      fetch(`${under.origin}${buildPhotoPath(build.id, hash)}`, {
        headers: as ? { Authorization: `Bearer ${as}` } : {},
      });
    const mine = await photo(token);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await mine.arrayBuffer())).toEqual(tinyPng);
    expect((await photo(desk)).status).toBe(200);
    // Nobody else sees it, nor any file of the customer's the timeline does not show.
    expect((await photo(await idToken(uniqueUser('other')))).status).toBe(404);
    expect((await photo(null)).status).toBe(401);
    expect((await photo(token, sha256(tinyPdf))).status).toBe(404);
  });
});
