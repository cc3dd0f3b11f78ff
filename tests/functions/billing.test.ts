// Trials, plans and orders on the server (functions/src/billing-api.ts, orders.ts, terms.ts) over
// real HTTP against the Firestore and Auth emulators: an owner orders a plan and cancels it, only
// the company's step marks one paid, and what a plan unlocks is enforced where links and files are
// made, while printed codes keep working without one.
import { describe, expect, inject, it } from 'vitest';
import { Timestamp } from '../../functions/src/admin';
import { markOrderPaid } from '../../functions/src/orders';
import {
  BILLING_API_PATH,
  ORDER_UNVERIFIED_MESSAGE,
  REFERENCE_PATTERN,
  TRIAL_DAYS,
  type Order,
} from '../../src/domain/billing';
import { MAIL_PER_HOUR } from '../../src/domain/mail';
import { FILES_API_PATH } from '../../src/domain/qr/hosting';
import { saveNewCode, updateCode } from '../../src/features/qr/codes/saved-codes';
import { parseCommand, run as runBillingAdmin } from '../../scripts/admin/billing-admin.mjs';
import { useEmulator } from '../rules/emulator';
import {
  idToken,
  keptMail,
  scan,
  syncRequest,
  uniqueUser,
  useFunctions,
  webFields,
} from './servers';
import { accountPath } from '../../src/domain/records/accounts';
import { ORDERS } from '../../src/domain/records/orders';

const { asVerified } = useEmulator();
/** The emails the APIs hand to the mail transport. */
const { sent, mail } = keptMail();
const under = useFunctions({ mail });
const DAY = 86_400_000;

const newUser = () => uniqueUser('billing');

async function post(
  uid: string | null,
  path: string,
  body: object = {},
  headers: Record<string, string> = {},
  { verified = true } = {},
) {
  const token = uid ? await idToken(uid, { verified }) : null;
  const response = await fetch(`${under.origin}${BILLING_API_PATH}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, answer: (await response.json()) as Answer };
}

/** What the billing API answers, as these tests read it. */
interface Answer {
  readonly ok: boolean;
  readonly order: Order;
  readonly problem?: string;
  readonly message?: string;
  readonly retryAt?: string;
}

const order = (uid: string, plan: string) => post(uid, '/orders', { plan });

const account = async (uid: string) => (await under.db.doc(accountPath(uid)).get()).data() ?? {};

/** Sets when the user's trial started, as the company (or a seed) can. */
const trialStarted = (uid: string, daysAgo: number) =>
  under.db
    .doc(accountPath(uid))
    .set(
      { terms: { trialStartedAt: Timestamp.fromMillis(Date.now() - daysAgo * DAY) } },
      { merge: true },
    );

async function dynamicCode(uid: string, url: string) {
  const { id, written } = saveNewCode(asVerified(uid), uid, uid, webFields(url));
  await written;
  return id;
}

describe('ordering a plan', () => {
  it('makes an unpaid order with a unique reference; asking again gives the same one', async () => {
    const uid = newUser();
    const first = await order(uid, 'six-months');
    expect(first.status).toBe(200);
    expect(first.answer.order).toMatchObject({
      owner: uid,
      planId: 'six-months',
      amount: 2700,
      months: 6,
      state: 'awaiting-payment',
      invoiceNumber: null,
      customer: { email: `${uid}@kcw.example` },
    });
    expect(first.answer.order.reference).toMatch(REFERENCE_PATTERN);
    // Its EFT details go to the customer by email, once.
    const to = `${uid}@kcw.example`;
    expect(sent.filter((mail) => mail.to === to).map((mail) => mail.subject)).toEqual([
      `Your order ${first.answer.order.reference}: 6 Months plan, R2\u00a0700`,
    ]);
    expect(sent.find((mail) => mail.to === to)!.text).toContain(
      `Reference: ${first.answer.order.reference}`,
    );
    const again = await order(uid, 'six-months');
    expect(again.answer.order.id).toBe(first.answer.order.id);
    expect(sent.filter((mail) => mail.to === to)).toHaveLength(1);
    const other = await order(uid, 'monthly');
    expect(other.answer.order.reference).not.toBe(first.answer.order.reference);
    // Ordering changes nothing of the account's terms: only a payment does.
    expect((await account(uid)).terms?.planId).toBeUndefined();
  });

  it('the email links to the configured site only, whatever the request’s headers say', async () => {
    const uid = newUser();
    const placed = await post(
      uid,
      '/orders',
      { plan: 'monthly' },
      { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' },
    );
    expect(placed.status).toBe(200);
    const mail = sent.find((one) => one.to === `${uid}@kcw.example`)!;
    expect(mail.text).toContain(`${under.origin}/UserBilling`);
    expect(mail.html).toContain(`href="${under.origin}/UserBilling"`);
    expect(`${mail.text}${mail.html}`).not.toContain('evil.example');
  });

  it('needs a verified email address: an unverified account’s order is refused, and nothing is emailed', async () => {
    const uid = newUser();
    const refused = await post(uid, '/orders', { plan: 'monthly' }, {}, { verified: false });
    expect(refused).toMatchObject({
      status: 403,
      answer: { ok: false, problem: 'unverified', message: ORDER_UNVERIFIED_MESSAGE },
    });
    expect(sent.filter((mail) => mail.to === `${uid}@kcw.example`)).toEqual([]);
    const stored = await under.db.collection(ORDERS).where('owner', '==', uid).get();
    expect(stored.size).toBe(0);
  });

  it('places at most MAIL_PER_HOUR new orders an hour, however often they are cancelled', async () => {
    const uid = newUser();
    const to = `${uid}@kcw.example`;
    under.clock = () => new Date('2026-11-25T10:20:00Z');
    try {
      for (let placed = 0; placed < MAIL_PER_HOUR; placed += 1) {
        const { status, answer } = await order(uid, 'monthly');
        expect(status).toBe(200);
        expect((await post(uid, `/orders/${answer.order.id}/cancel`)).status).toBe(200);
      }
      expect(sent.filter((mail) => mail.to === to)).toHaveLength(MAIL_PER_HOUR);
      const refused = await order(uid, 'monthly');
      expect(refused).toMatchObject({
        status: 429,
        answer: {
          ok: false,
          problem: 'too-many',
          message: `You can place ${MAIL_PER_HOUR} orders an hour; try again after 11:00 UTC.`,
          retryAt: '2026-11-25T11:00:00.000Z',
        },
      });
      // Nothing more was emailed, and no order was made.
      expect(sent.filter((mail) => mail.to === to)).toHaveLength(MAIL_PER_HOUR);
      const stored = await under.db.collection(ORDERS).where('owner', '==', uid).get();
      expect(stored.size).toBe(MAIL_PER_HOUR);
      // The next hour, the account may order again.
      under.clock = () => new Date('2026-11-25T11:00:01Z');
      expect((await order(uid, 'monthly')).status).toBe(200);
    } finally {
      under.clock = () => new Date();
    }
  });

  it('refuses an unknown plan, and anyone not signed in', async () => {
    const uid = newUser();
    expect(await order(uid, 'forever-free')).toMatchObject({
      status: 400,
      answer: { ok: false, message: 'Choose one of the plans.' },
    });
    expect((await post(null, '/orders', { plan: 'monthly' })).status).toBe(401);
  });

  it('cancels its own unpaid order, not another’s and not a paid one', async () => {
    const [alice, mallory] = [newUser(), newUser()];
    const { answer } = await order(alice, 'monthly');
    const id = answer.order.id as string;
    expect(await post(mallory, `/orders/${id}/cancel`)).toMatchObject({ status: 404 });
    expect(await post(alice, `/orders/${id}/cancel`)).toMatchObject({
      status: 200,
      answer: { order: { state: 'cancelled' } },
    });
    expect(await post(alice, `/orders/${id}/cancel`)).toMatchObject({ status: 409 });

    const paid = await order(alice, 'annually');
    await markOrderPaid(under.db, paid.answer.order.reference, {
      paidAt: new Date(),
      by: { by: 'test', byEmail: null },
      received: { cents: paid.answer.order.amountCents },
    });
    expect(await post(alice, `/orders/${paid.answer.order.id}/cancel`)).toMatchObject({
      status: 409,
      answer: { message: 'This order is paid already: it cannot be cancelled.' },
    });
  });
});

describe('the company marks an order paid', () => {
  it('starts the plan from the payment, numbers the invoice, and a second payment runs on', async () => {
    const uid = newUser();
    const first = (await order(uid, 'monthly')).answer.order;
    const paidAt = new Date('2026-11-25T10:00:00Z');
    const paid = await markOrderPaid(under.db, first.reference, {
      paidAt,
      by: { by: 'accounts', byEmail: null },
      received: { cents: 60_000 },
    });
    if (!paid.ok) throw new Error(paid.message);
    expect(paid.order).toMatchObject({
      state: 'paid',
      paidAt: paidAt.getTime(),
      periodStart: paidAt.getTime(),
      periodEnd: Date.parse('2026-12-25T10:00:00Z'),
    });
    expect(paid.order.invoiceNumber).toMatch(/^INV-\d{6}$/);
    const { terms } = await account(uid);
    expect(terms.planId).toBe('monthly');
    expect(terms.paidUntil.toMillis()).toBe(Date.parse('2026-12-25T10:00:00Z'));

    // Paying early for the next period loses nothing: it starts where the paid one ends.
    const second = (await order(uid, 'six-months')).answer.order;
    const early = await markOrderPaid(under.db, second.reference, {
      paidAt: new Date('2026-12-01T10:00:00Z'),
      by: { by: 'accounts', byEmail: null },
      received: { cents: 270_000 },
    });
    if (!early.ok) throw new Error(early.message);
    expect(early.order).toMatchObject({
      periodStart: Date.parse('2026-12-25T10:00:00Z'),
      periodEnd: Date.parse('2027-06-25T10:00:00Z'),
    });
    expect(Number(early.order.invoiceNumber!.slice(4))).toBeGreaterThan(
      Number(paid.order.invoiceNumber!.slice(4)),
    );
    expect((await account(uid)).terms.planId).toBe('six-months');

    // Twice is refused; an unknown reference too.
    const again = { paidAt, by: { by: 'x', byEmail: null }, received: { cents: 60_000 } };
    expect(await markOrderPaid(under.db, first.reference, again)).toMatchObject({
      ok: false,
      problem: 'conflict',
    });
    expect(await markOrderPaid(under.db, 'KCW-AAAA-AAAA', again)).toMatchObject({
      ok: false,
      problem: 'not-found',
    });
  });

  it('the admin script reads references as the domain writes them', () => {
    const env = { FIRESTORE_EMULATOR_HOST: '127.0.0.1:1' };
    expect(parseCommand(['paid', 'kcw-7kq2-m9xd', '--amount', '600'], env)).toMatchObject({
      command: 'paid',
      reference: 'KCW-7KQ2-M9XD',
    });
    expect(REFERENCE_PATTERN.test('KCW-7KQ2-M9XD')).toBe(true);
    // O, 0, I and 1 are never in a reference: a person reading one back cannot mix them up.
    for (const reference of ['KCW-7KQ0-M9XD', 'KCW-7KQI-M9XD']) {
      expect(REFERENCE_PATTERN.test(reference)).toBe(false);
      expect(() => parseCommand(['paid', reference], env)).toThrow(/not a payment reference/);
    }
    expect(() => parseCommand(['paid', 'KCW-7KQ2-M9XD', '--on', '25/11/2026'], env)).toThrow(
      /YYYY-MM-DD/,
    );
  });
});

describe('the amount received', () => {
  it('must be the order’s to the cent, or come with the reason it is accepted, kept on the order', async () => {
    const uid = newUser();
    const { reference, amountCents } = (await order(uid, 'monthly')).answer.order;
    expect(amountCents).toBe(60_000);
    const paidAt = new Date('2026-11-25T10:00:00Z');
    const pay = (received: { cents: number; reason?: string }) =>
      markOrderPaid(under.db, reference, {
        paidAt,
        by: { by: 'accounts', byEmail: null },
        received,
      });

    // Short by a bank's fee, over, or none at all: refused, and the order stays unpaid.
    expect(await pay({ cents: 59_500 })).toEqual({
      ok: false,
      problem: 'payment-differs',
      message:
        'R595 was received, but the order is for R600 (R5 less). Check the statement; to mark it paid all the same, give the reason the payment is accepted.',
    });
    expect(await pay({ cents: 60_050 })).toMatchObject({
      problem: 'payment-differs',
      message: expect.stringContaining(
        'R600.50 was received, but the order is for R600 (R0.50 more)',
      ),
    });
    expect(await pay({ cents: 0 })).toMatchObject({ ok: false, problem: 'bad-request' });
    expect(await pay({ cents: 59_500, reason: '   ' })).toMatchObject({
      problem: 'payment-differs',
    });
    expect(await pay({ cents: 59_500, reason: 'fee\nBcc: x' })).toMatchObject({
      problem: 'bad-request',
    });
    const stored = await under.db.collection(ORDERS).where('reference', '==', reference).get();
    expect(stored.docs[0].get('state')).toBe('awaiting-payment');
    expect((await account(uid)).terms?.planId).toBeUndefined();

    // With its reason, the difference is accepted and recorded beside the payment.
    const paid = await pay({ cents: 59_500, reason: ' Bank fee of R5 deducted ' });
    if (!paid.ok) throw new Error(paid.message);
    expect(paid.order).toMatchObject({
      state: 'paid',
      received: { cents: 59_500, reason: 'Bank fee of R5 deducted' },
    });
    expect((await stored.docs[0].ref.get()).data()).toMatchObject({
      receivedCents: 59_500,
      paymentReason: 'Bank fee of R5 deducted',
    });
  });

  it('the exact amount needs no reason, and none is kept', async () => {
    const uid = newUser();
    const { reference, amountCents } = (await order(uid, 'annually')).answer.order;
    const paid = await markOrderPaid(under.db, reference, {
      paidAt: new Date(),
      by: { by: 'accounts', byEmail: null },
      received: { cents: amountCents, reason: 'not needed' },
    });
    if (!paid.ok) throw new Error(paid.message);
    expect(paid.order.received).toEqual({ cents: amountCents, reason: null });
  });

  it('the admin script needs --amount for paid, reads it as the desk does, and takes --reason', async () => {
    const env = { FIRESTORE_EMULATOR_HOST: '127.0.0.1:1' };
    const reference = 'KCW-7KQ2-M9XD';
    expect(() => parseCommand(['paid', reference], env)).toThrow(/paid needs --amount/);
    expect(
      parseCommand(['paid', reference, '--amount', 'R1 234,56', '--reason', 'Bank fee'], env),
    ).toMatchObject({ received: { amount: 'R1 234,56', reason: 'Bank fee' } });
    expect(() => parseCommand(['list', '--amount', '600'], env)).toThrow(/go with paid/);
    // What is no amount of rand is refused before anything is read or changed.
    const { host, port } = inject('firestore');
    const target = { FIRESTORE_EMULATOR_HOST: `${host}:${port}` };
    for (const typed of ['0', '-600', '600.555', 'six hundred']) {
      await expect(
        runBillingAdmin(parseCommand(['paid', reference, `--amount=${typed}`], target)),
        typed,
      ).rejects.toThrow(/--amount takes the rand received/);
    }
  });
});

describe('what a trial or plan unlocks, enforced on the server', () => {
  it('a new account is on its trial: it makes dynamic codes, and the trial start is stored', async () => {
    const uid = newUser();
    const code = await dynamicCode(uid, 'https://example.co.za/trial');
    const { status } = await syncRequest(under.origin, code, idToken(uid));
    expect(status).toBe(200);
    const started = (await account(uid)).terms.trialStartedAt.toMillis();
    expect(Date.now() - started).toBeLessThan(10 * 60_000);
  });

  it('after the trial: no new link, no new target, no new file; printed codes keep working', async () => {
    const uid = newUser();
    const code = await dynamicCode(uid, 'https://example.co.za/printed');
    const made = await syncRequest(under.origin, code, idToken(uid));
    const linkId = (made.answer as { link: { id: string } }).link.id;
    await trialStarted(uid, TRIAL_DAYS + 1);

    // The printed code still redirects.
    const scanned = await scan(under.origin, `/q/${linkId}`);
    expect(scanned.status).toBe(302);
    expect(scanned.headers.get('location')).toBe('https://example.co.za/printed');

    // A new dynamic code waits for a plan...
    const fresh = await dynamicCode(uid, 'https://example.co.za/new');
    const refused = await syncRequest(under.origin, fresh, idToken(uid));
    expect(refused.status).toBe(402);
    expect(refused.answer).toMatchObject({ ok: false, problem: 'plan-needed' });
    expect(refused.answer.ok ? '' : refused.answer.message).toContain('printed codes keep working');
    // ...and so does pointing the printed one elsewhere; its link is left as it was.
    await updateCode(asVerified(uid), uid, uid, code, webFields('https://example.co.za/elsewhere'));
    expect((await syncRequest(under.origin, code, idToken(uid))).status).toBe(402);
    expect((await scan(under.origin, `/q/${linkId}`)).headers.get('location')).toBe(
      'https://example.co.za/printed',
    );
    // A new file to host waits too.
    const upload = await fetch(`${under.origin}${FILES_API_PATH}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${await idToken(uid)}`,
      },
      body: JSON.stringify({
        sha256: 'a'.repeat(64),
        size: 100,
        name: 'menu.pdf',
        field: 'menuFile',
      }),
    });
    expect(upload.status).toBe(402);

    // Once the company marks an order paid, the waiting code gets its link.
    const { answer } = await order(uid, 'monthly');
    await markOrderPaid(under.db, answer.order.reference, {
      paidAt: new Date(),
      by: { by: 'test', byEmail: null },
      received: { cents: answer.order.amountCents },
    });
    const unlocked = await syncRequest(under.origin, fresh, idToken(uid));
    expect(unlocked.status).toBe(200);
    expect(unlocked.answer).toMatchObject({ ok: true, link: { deleted: false } });
  });
});
