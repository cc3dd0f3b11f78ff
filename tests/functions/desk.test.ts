// The company's desk (functions/src/desk-api.ts) over real HTTP against the Firestore and Auth
// emulators, with staff made and removed as the staff script does it (functions/src/staff-admin.ts):
// only staff are let in (the claim and the staff document, both, at every request); an order is
// marked paid with the amount received, or refused when it differs and no reason is typed; the
// invoice is emailed; a link is switched off and on with its owner emailed; every action is in
// the audit log, which no client writes (tests/rules/staff.test.ts).
import { describe, expect, it } from 'vitest';
import { addStaff, removeStaff } from '../../functions/src/staff-admin';
import { BILLING_API_PATH, type Order } from '../../src/domain/billing';
import { DESK_API_PATH, NOT_STAFF_MESSAGE, type DeskAnswer } from '../../src/domain/desk-api';
import { accountPath } from '../../src/domain/records/accounts';
import { AUDIT, readAuditEntry, staffPath } from '../../src/domain/records/staff';
import { RAND_AMOUNT_MESSAGE } from '../../src/domain/money';
import { ENQUIRY_ID_FIELD } from '../../src/domain/outbox';
import { newReportFields, reportPath } from '../../src/domain/records/reports';
import {
  REPORT_LINK_FIELD,
  REPORTS_API_PATH,
  REPORTS_PER_CLIENT_PER_MINUTE,
  REPORTS_PER_LINK_MAX,
} from '../../src/domain/reports';
import {
  freshIdToken,
  idToken,
  keptMail,
  scan,
  serverLink,
  uniqueUser,
  useFunctions,
} from './servers';

const { sent, mail } = keptMail();
const under = useFunctions({ mail });

const emailOf = (uid: string) => `${uid}@kcw.example`;
const script = { by: 'thandi', byEmail: null };

/** A desk answer as these tests read it: a success's fields, or a refusal's. */
type Answer = Omit<Extract<DeskAnswer, { ok: true }>, 'ok' | 'message'> & {
  readonly ok: boolean;
  readonly problem?: string;
  readonly message?: string;
};

async function desk(token: string | null, request: string, body: object = {}) {
  const response = await fetch(`${under.origin}${DESK_API_PATH}/${request}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, answer: (await response.json()) as Answer };
}

/** A new member of staff, added by the script's code, with a token that carries the claim. */
async function newStaff() {
  const uid = uniqueUser('staff');
  await idToken(uid);
  const added = await addStaff(under.db, under.auth, emailOf(uid), script);
  expect(added).toMatchObject({ ok: true, uid, changed: true });
  return { uid, token: await freshIdToken(uid) };
}

/** A customer with an order of the monthly plan (R600), placed through the billing API. */
async function customerWithOrder() {
  const uid = uniqueUser('customer');
  const response = await fetch(`${under.origin}${BILLING_API_PATH}/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await idToken(uid)}` },
    body: JSON.stringify({ plan: 'monthly' }),
  });
  const { order } = (await response.json()) as { order: Order };
  return { uid, order };
}

const auditOf = async (target: string) =>
  (await under.db.collection(AUDIT).where('target', '==', target).get()).docs
    .map((document) => readAuditEntry(document.id, document.data())!)
    .sort((a, b) => a.at - b.at);

describe('who may use the desk', () => {
  it('refuses a customer, a signed-out caller, a claim without its staff document and a removed member', async () => {
    const requests = ['orders', 'accounts', 'audit'] as const;
    const customer = await idToken(uniqueUser('customer'));
    for (const request of requests) {
      expect(await desk(customer, request, { query: '' })).toMatchObject({
        status: 403,
        answer: { ok: false, problem: 'not-staff', message: NOT_STAFF_MESSAGE },
      });
      expect((await desk(null, request, { query: '' })).status).toBe(401);
    }
    // A customer asking to switch a link or mark an order paid changes nothing either.
    const id = await serverLink(under);
    expect(
      (await desk(customer, 'switch', { id, on: false, reason: 'I want it off' })).status,
    ).toBe(403);
    expect((await scan(under.origin, `/q/${id}`)).status).toBe(302);

    // The claim alone is not staff: its document must exist too, read at every request.
    const { uid, token } = await newStaff();
    expect((await desk(token, 'audit')).status).toBe(200);
    await under.db.doc(staffPath(uid)).delete();
    expect(await desk(token, 'audit')).toMatchObject({ status: 403 });
    // The document alone is not staff either: a token without the claim is refused.
    const other = await newStaff();
    await under.auth.setCustomUserClaims(other.uid, {});
    expect((await desk(await freshIdToken(other.uid), 'audit')).status).toBe(403);

    // Removed by the script: the document goes and their sessions end, so the token they hold,
    // claim and all, is refused at once: as not staff (the document), or as revoked (a token made
    // in the very second of the revocation still counts as made before it, Auth's times being
    // whole seconds).
    const removed = await newStaff();
    expect((await desk(removed.token, 'audit')).status).toBe(200);
    await removeStaff(under.db, under.auth, emailOf(removed.uid), script, 'Left the company');
    expect([401, 403]).toContain((await desk(removed.token, 'audit')).status);
    expect((await desk(await freshIdToken(removed.uid), 'audit')).status).toBe(403);
    expect((await auditOf(emailOf(removed.uid))).map((entry) => entry.action)).toEqual([
      'staff.added',
      'staff.removed',
    ]);
  });

  it('the script adds only a verified account that exists', async () => {
    const unverified = uniqueUser('unverified');
    await idToken(unverified, { verified: false });
    expect(await addStaff(under.db, under.auth, emailOf(unverified), script)).toMatchObject({
      ok: false,
      message: expect.stringContaining('is not verified yet'),
    });
    expect(await addStaff(under.db, under.auth, 'nobody@kcw.example', script)).toMatchObject({
      ok: false,
      message: expect.stringContaining('There is no account with the address'),
    });
  });
});

describe('orders waiting for payment', () => {
  it('are found by reference, marked paid with the amount received, and the invoice emailed', async () => {
    const { token, uid: staffUid } = await newStaff();
    const { uid, order } = await customerWithOrder();

    const listed = await desk(token, 'orders', { query: '' });
    expect(listed.answer.orders?.map((one) => one.reference)).toContain(order.reference);
    const byEmail = await desk(token, 'orders', { query: emailOf(uid).toUpperCase() });
    expect(byEmail.answer.orders?.map((one) => one.reference)).toEqual([order.reference]);
    const byReference = await desk(token, 'orders', { query: order.reference.toLowerCase() });
    expect(byReference.answer.orders).toEqual([expect.objectContaining({ id: order.id })]);

    // An amount that is none, or a day still to come, is refused with its words.
    expect(
      await desk(token, 'paid', { reference: order.reference, amount: 'six hundred' }),
    ).toMatchObject({
      status: 400,
      answer: { problem: 'bad-request', message: RAND_AMOUNT_MESSAGE },
    });
    expect(
      await desk(token, 'paid', { reference: order.reference, amount: '600', on: '2999-01-01' }),
    ).toMatchObject({ status: 400, answer: { message: expect.stringContaining('after today') } });
    // R595 for an order of R600: refused without a reason, and nothing changes.
    expect(await desk(token, 'paid', { reference: order.reference, amount: '595' })).toMatchObject({
      status: 409,
      answer: { problem: 'payment-differs', message: expect.stringContaining('R5 less') },
    });
    expect((await under.db.doc(accountPath(uid)).get()).get('terms.planId')).toBeUndefined();

    const paid = await desk(token, 'paid', {
      reference: order.reference.toLowerCase(),
      amount: 'R595,00',
      reason: 'Bank fee of R5 deducted',
    });
    expect(paid).toMatchObject({
      status: 200,
      answer: {
        ok: true,
        order: { state: 'paid', received: { cents: 59_500, reason: 'Bank fee of R5 deducted' } },
        message: expect.stringContaining(`emailed to ${emailOf(uid)}`),
      },
    });
    const invoice = paid.answer.order!.invoiceNumber!;
    expect((await under.db.doc(accountPath(uid)).get()).get('terms.planId')).toBe('monthly');
    const email = sent.findLast((one) => one.to === emailOf(uid))!;
    expect(email.subject).toBe(`Payment received: invoice ${invoice}`);
    expect(email.text).toContain('Total paid: R600.00');
    expect(email.text).toContain('/UserBilling');

    // Paid twice: refused, with the invoice it has.
    expect(await desk(token, 'paid', { reference: order.reference, amount: '600' })).toMatchObject({
      status: 409,
      answer: { problem: 'conflict', message: expect.stringContaining(invoice) },
    });
    const [entry] = await auditOf(order.reference);
    expect(entry).toMatchObject({
      action: 'order.paid',
      by: staffUid,
      byEmail: emailOf(staffUid),
      reason: 'Bank fee of R5 deducted',
      detail: `R595 received for Monthly plan; invoice ${invoice}`,
    });
    const log = await desk(token, 'audit');
    expect(log.answer.entries?.map((one) => one.id)).toContain(entry.id);
  });
});

describe('accounts', () => {
  it('are found by address, with their plan, trial, codes and links', async () => {
    const { token } = await newStaff();
    const { uid } = await customerWithOrder();
    const found = await desk(token, 'accounts', { query: emailOf(uid) });
    expect(found.answer.accounts).toEqual([
      expect.objectContaining({
        uid,
        email: emailOf(uid),
        planId: null,
        standing: expect.stringContaining('free trial'),
        codes: 0,
        links: 0,
      }),
    ]);
    const partial = await desk(token, 'accounts', { query: uid.slice(0, -1) });
    expect(partial.answer.accounts?.map((account) => account.uid)).toContain(uid);
  });
});

describe('reported links', () => {
  it('are switched off with a reason, answer the warning page, and their owner is emailed', async () => {
    const { token } = await newStaff();
    const owner = uniqueUser('owner');
    await idToken(owner);
    const id = await serverLink(under, { owner });
    await scan(under.origin, `/q/${id}?qr=1`);

    const shown = await desk(token, 'link', { id });
    expect(shown.answer.link).toMatchObject({
      id,
      owner,
      ownerEmail: emailOf(owner),
      state: 'active',
      destination: 'Leads to https://kemptoncodeworks.co.za/flyer',
    });
    expect(shown.answer.link?.days).toHaveLength(7);

    expect(await desk(token, 'switch', { id, on: false, reason: '' })).toMatchObject({
      status: 400,
      answer: { message: expect.stringContaining('Give the reason') },
    });
    const off = await desk(token, 'switch', { id, on: false, reason: 'Phishing page, reported' });
    expect(off.answer).toMatchObject({
      ok: true,
      link: { state: 'switched-off', switchedOff: { reason: 'Phishing page, reported' } },
      message: expect.stringContaining(`Its owner (${emailOf(owner)}) was emailed.`),
    });
    expect((await scan(under.origin, `/q/${id}`)).status).toBe(403);
    const notice = sent.findLast((one) => one.to === emailOf(owner))!;
    expect(notice.subject).toContain('We switched off your short link');
    expect(notice.text).toContain('Why: Phishing page, reported');

    const on = await desk(token, 'switch', { id, on: true, reason: 'Owner replaced the page' });
    expect(on.answer.link?.state).toBe('active');
    expect((await scan(under.origin, `/q/${id}`)).status).toBe(302);
    expect((await auditOf(id)).map((entry) => [entry.action, entry.reason])).toEqual([
      ['link.disabled', 'Phishing page, reported'],
      ['link.enabled', 'Owner replaced the page'],
    ]);
    expect((await desk(token, 'link', { id: 'NoSuchLink01' })).status).toBe(404);
  });
});

describe('reports of a short link', () => {
  let reports = 0;
  /** A report as the contact page's outbox posts it: a form, from `client` through Hosting. */
  async function report(link: string, fields: Record<string, string> = {}, client = '203.0.113.1') {
    const form = new FormData();
    const all: Record<string, string> = {
      name: 'Sipho',
      email: 'sipho@example.co.za',
      message: `I want to report the short link /q/${link}: it asks for bank details.`,
      inquiryType: 'general-inquiries',
      [ENQUIRY_ID_FIELD]: `enquiry-${Date.now().toString(36)}-${(reports += 1)}`,
      [REPORT_LINK_FIELD]: link,
      ...fields,
    };
    for (const [name, value] of Object.entries(all)) form.append(name, value);
    const response = await fetch(`${under.origin}${REPORTS_API_PATH}`, {
      method: 'POST',
      // The visitor's address as Hosting appends it, then Hosting's edge: what the client wrote
      // further left is never trusted.
      headers: {
        'X-Forwarded-For': `10.6.${reports % 250}.6, ${client}, 198.51.100.${reports % 200}`,
      },
      body: form,
    });
    return { status: response.status, answer: (await response.json()) as Record<string, unknown> };
  }

  it('are kept once each for the desk, which closes them with a reason; nobody else lists them', async () => {
    const owner = uniqueUser('owner');
    await idToken(owner);
    const link = await serverLink(under, { owner });
    const enquiry = `enquiry-kept-${Date.now().toString(36)}`;
    expect(await report(link, { [ENQUIRY_ID_FIELD]: enquiry }, '203.0.113.10')).toEqual({
      status: 200,
      answer: { ok: true, kept: true },
    });
    // Sent again by the outbox (its answer lost): still one report.
    expect((await report(link, { [ENQUIRY_ID_FIELD]: enquiry }, '203.0.113.11')).status).toBe(200);
    // A link that is not there is taken (the inbox has it) but not kept; what the form itself
    // would refuse is refused, in its own words.
    expect(await report('NoSuchLink1', {}, '203.0.113.12')).toMatchObject({
      status: 200,
      answer: { ok: true, kept: false },
    });
    expect(await report(link, { email: 'not an address' }, '203.0.113.13')).toMatchObject({
      status: 400,
      answer: { error: expect.stringContaining('email') },
    });
    expect((await report(link, { message: '' }, '203.0.113.14')).status).toBe(400);

    const { token } = await newStaff();
    const listed = await desk(token, 'reports');
    const mine = listed.answer.reports?.filter((one) => one.link === link) ?? [];
    expect(mine).toEqual([
      expect.objectContaining({ id: enquiry, state: 'open', email: 'sipho@example.co.za' }),
    ]);
    expect((await desk(await idToken(owner), 'reports')).status).toBe(403);
    expect((await desk(token, 'close', { report: enquiry, reason: '' })).status).toBe(400);
    const closed = await desk(token, 'close', {
      report: enquiry,
      reason: 'Looked at: the page is the owner’s real menu.',
    });
    expect(closed.answer).toMatchObject({
      ok: true,
      reports: [
        { id: enquiry, state: 'closed', closed: { reason: expect.stringContaining('menu') } },
      ],
    });
    const after = await desk(token, 'reports');
    expect(after.answer.reports?.some((one) => one.id === enquiry)).toBe(false);
    expect(await auditOf(`/q/${link}`)).toContainEqual(
      expect.objectContaining({ action: 'report.closed' }),
    );
  });

  it('are bounded: a few a minute from one address, whatever it writes, and a score per link', async () => {
    const owner = uniqueUser('owner');
    await idToken(owner);
    const link = await serverLink(under, { owner });
    // The same visitor, however it changes the left-most address it writes.
    for (let n = 0; n < REPORTS_PER_CLIENT_PER_MINUTE; n += 1) {
      expect((await report(link, {}, '203.0.113.50')).status).toBe(200);
    }
    const over = await report(link, {}, '203.0.113.50');
    expect(over).toMatchObject({
      status: 429,
      answer: { error: expect.stringContaining('Too many') },
    });

    // A link with a score of reports waiting takes more (they reach the inbox) but keeps none.
    const other = await serverLink(under, { owner });
    for (let n = 0; n < REPORTS_PER_LINK_MAX; n += 1) {
      await under.db
        .doc(reportPath(`waiting-${other}-${n}`))
        .set(
          newReportFields({ link: other, message: 'Spam', name: null, email: null }, new Date()),
        );
    }
    const extra = `enquiry-extra-${Date.now().toString(36)}`;
    expect(await report(other, { [ENQUIRY_ID_FIELD]: extra }, '203.0.113.60')).toMatchObject({
      status: 200,
      answer: { kept: false },
    });
    expect((await under.db.doc(reportPath(extra)).get()).exists).toBe(false);
  });
});
