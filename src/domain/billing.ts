// The account's standing (a free trial, a paid plan, or neither any more), what it unlocks, and
// the orders that pay for a plan by EFT: decided here for the server, which enforces them
// (functions/: link-sync.ts, billing-api.ts, file-api.ts), and for the pages that explain them.
//
// No hostage codes: when a trial or a plan ends, printed dynamic codes keep redirecting and their
// landing pages keep working. What waits for a plan is only what costs the company to offer anew:
// new dynamic codes, pointing one somewhere else, and hosting new files.
import * as v from 'valibot';
import { describeApi, requestBody, workspaceField, type AnswerOf } from './api';
import { MAIL_PER_HOUR } from './mail';
import { amountBilled, plans, type Plan, type PlanId } from './pricing';
import { vatWithin } from './money';
import { scanDay } from './qr/scan-time';
import { millisOf } from './stored-time';

/** How long a new account may use everything before it chooses a plan. */
export const TRIAL_DAYS = 14;

const DAY_MS = 86_400_000;

/** What an active trial or plan unlocks, and an ended one waits for. Shown on the billing page. */
export const planUnlocks = [
  'New dynamic codes, whose short link you can change after printing',
  'Changing where a dynamic code leads',
  'Hosting files for PDF, menu, image, audio and video codes',
] as const;

/** What every account keeps, whatever its standing. */
export const alwaysKept = [
  'Printed dynamic codes keep working: their short links redirect and their pages stay up',
  'Static codes: make, download and save as many as you like',
  'Your saved codes, their figures and your data',
] as const;

/**
 * The account's terms as the server keeps them (accounts/{uid}.terms; only the server writes):
 * when the trial started (at sign-up; stored the first time the server needs it) and the plan
 * paid for, with the end of its paid period.
 */
export interface AccountTerms {
  /** Milliseconds since the epoch. */
  readonly trialStartedAt: number;
  readonly planId: PlanId | null;
  /** Milliseconds since the epoch: the end of the last paid period, or null. */
  readonly paidUntil: number | null;
}

export type Standing =
  | { readonly kind: 'trial'; readonly endsAt: number; readonly daysLeft: number }
  | { readonly kind: 'trial-ended'; readonly endedAt: number }
  | { readonly kind: 'plan'; readonly plan: Plan; readonly until: number }
  | { readonly kind: 'plan-ended'; readonly plan: Plan; readonly endedAt: number };

export const planById = (id: unknown): Plan | null => plans.find((plan) => plan.id === id) ?? null;

/** When the trial of an account with `terms` ends (or ended), in milliseconds. */
export const trialEndOf = (terms: AccountTerms): number =>
  terms.trialStartedAt + TRIAL_DAYS * DAY_MS;

/** The standing of an account with `terms` at `now` (milliseconds). */
export function standingOf(terms: AccountTerms, now: number): Standing {
  const plan = planById(terms.planId);
  if (plan && terms.paidUntil !== null) {
    return terms.paidUntil > now
      ? { kind: 'plan', plan, until: terms.paidUntil }
      : { kind: 'plan-ended', plan, endedAt: terms.paidUntil };
  }
  const endsAt = trialEndOf(terms);
  if (endsAt <= now) return { kind: 'trial-ended', endedAt: endsAt };
  // "1 day left" on its last day: a part of a day counts as a day.
  return { kind: 'trial', endsAt, daysLeft: Math.ceil((endsAt - now) / DAY_MS) };
}

/** Whether the standing unlocks what a plan unlocks (planUnlocks). */
export const isActive = (standing: Standing) =>
  standing.kind === 'trial' || standing.kind === 'plan';

/**
 * The terms stored in accounts/{uid}.terms, read defensively; `signedUpAt` (the account's
 * creation, from Firebase Auth) starts the trial while the server has not stored it yet.
 */
export function termsOf(stored: unknown, signedUpAt: number): AccountTerms {
  const fields = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<
    string,
    unknown
  >;
  const plan = planById(fields.planId);
  return {
    trialStartedAt: millisOf(fields.trialStartedAt) ?? signedUpAt,
    planId: plan?.id ?? null,
    paidUntil: plan ? millisOf(fields.paidUntil) : null,
  };
}

/** "5 December 2026": a date as South Africans read it, on South African time. */
export function formatDay(at: number): string {
  return new Date(`${scanDay(new Date(at))}T12:00:00Z`).toLocaleDateString('en-ZA', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The standing in one sentence, as the dashboard and the billing page say it. */
/**
 * The standing in words, for the account's own person ("your"), or for a member of a team, whose
 * plan it is (`team`: how they know it, such as its account's address).
 */
export function describeStanding(standing: Standing, team: string | null = null): string {
  const whose = team ? `${team}'s` : 'Your';
  const whoseInside = team ? `${team}'s` : 'your';
  const codes = team ? 'Its printed codes keep working' : 'Your printed codes keep working';
  switch (standing.kind) {
    case 'trial':
      return standing.daysLeft === 1
        ? `${whose} free trial ends today (${formatDay(standing.endsAt)}).`
        : `${standing.daysLeft} days of ${whoseInside} free trial left: it ends on ${formatDay(standing.endsAt)}.`;
    case 'trial-ended':
      return `${whose} free trial ended on ${formatDay(standing.endedAt)}. ${codes}; choose a plan to make new dynamic codes.`;
    case 'plan':
      return `${team ? `${team}: ` : ''}${standing.plan.name} plan, paid until ${formatDay(standing.until)}.`;
    case 'plan-ended':
      return `${whose} ${standing.plan.name} plan ended on ${formatDay(standing.endedAt)}. ${codes}; pay for a plan to make new dynamic codes.`;
  }
}

export const PLAN_NEEDED_MESSAGE =
  'Your free trial or plan has ended, so new dynamic codes, changes to where one leads and new hosted files wait for a plan. Your printed codes keep working. Choose a plan on the Billing page.';

// Orders: a plan bought by EFT. The page asks the server for an order (POST /api/billing/orders);
// the customer pays with its reference; the company marks it paid (scripts/admin/billing-admin.mjs, an
// Admin SDK step no client can take), which extends the account's paid period. Card payment
// through a provider would mark orders paid the same way, from the provider's webhook.

export type OrderState = 'awaiting-payment' | 'paid' | 'cancelled';

/**
 * orders/{id}, written by the server alone; its owner reads it. An order pays for a plan of QR
 * codes, or for a custom PC build whose quote its customer accepted (src/domain/pc-builds.ts): the
 * same references, the same marking paid at the desk, the same invoice numbers.
 */
export type Order = PlanOrder | BuildOrder;

interface OrderBase {
  readonly id: string;
  readonly owner: string;
  /** What the customer pays, in cents, VAT included where the company charges it. */
  readonly amountCents: number;
  /** What the customer writes as the EFT's reference: unique across orders. */
  readonly reference: string;
  readonly state: OrderState;
  readonly createdAt: number;
  /** When the company marked it paid. */
  readonly paidAt: number | null;
  /** The invoice's number, given when it is paid ("INV-000123"). */
  readonly invoiceNumber: string | null;
  /** Who the invoice is made out to: the workspace's account, as it was when the order was made. */
  readonly customer: { readonly name: string | null; readonly email: string | null };
  /**
   * Who placed it, where that was not the account itself but one of its members (a billing
   * member, another owner): the invoice names them beside the account. Absent on the account's
   * own orders, and on orders from before teams.
   */
  readonly orderedBy?: { readonly uid: string; readonly email: string | null };
  /**
   * What reached the company's account, in cents, as recorded when it was marked paid, with the
   * reason a payment that differs from `amountCents` was accepted (functions/src/orders.ts).
   * Orders paid before it was recorded have none.
   */
  readonly received?: { readonly cents: number; readonly reason: string | null };
}

/** A plan of QR codes, bought for its months. */
export interface PlanOrder extends OrderBase {
  readonly kind: 'plan';
  readonly planId: PlanId;
  /** What the customer pays, in whole rand (amountCents / 100: plans are priced in rand). */
  readonly amount: number;
  readonly months: number;
  /** The paid period it bought, once paid. */
  readonly periodStart: number | null;
  readonly periodEnd: number | null;
}

/** A custom PC build, at the total of the quote its customer accepted. */
export interface BuildOrder extends OrderBase {
  readonly kind: 'build';
  readonly build: { readonly id: string; readonly number: number };
  /** The VAT within the total, as the quote worked it out; null when none is charged. */
  readonly vat: { readonly percent: number; readonly cents: number } | null;
}

/** What an order is for, in words: "Monthly plan", "Custom PC: Build 1042". */
export const orderItem = (order: Order): string =>
  order.kind === 'build'
    ? `Custom PC: Build ${order.build.number}`
    : `${planById(order.planId)?.name ?? order.planId} plan`;

/** The VAT within an order's amount, in cents (0 when none is charged), at the company's `vat`. */
export function orderVatCents(order: Order, vat: { registered: boolean; ratePercent: number }) {
  if (order.kind === 'build') return order.vat?.cents ?? 0;
  return vat.registered ? vatWithin(order.amountCents, vat.ratePercent) : 0;
}

/** The order the server writes for `plan` (its id and times are the server's). */
export const orderFor = (plan: Plan) => ({
  kind: 'plan' as const,
  planId: plan.id,
  amount: amountBilled(plan),
  months: plan.billingMonths,
});

// Letters and digits a person reads back from a bank statement without mistaking one for another.
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Bank references in South Africa hold about 20 characters: "KCW-" and 8 is well within. */
export const REFERENCE_PATTERN = /^KCW-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;

/** A fresh payment reference ("KCW-7KQ2-M9XD") from `fill` (a source of random bytes). */
export function paymentReference(fill: (bytes: Uint8Array) => void): string {
  const bytes = new Uint8Array(8);
  fill(bytes);
  // 256 is a multiple of 32: every byte maps to a letter with the same chance.
  const letters = Array.from(bytes, (byte) => REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length]);
  return `KCW-${letters.slice(0, 4).join('')}-${letters.slice(4).join('')}`;
}

/** `at` moved on by whole calendar months (31 January + 1 month: the last day of February). */
export function addMonths(at: number, months: number): number {
  const date = new Date(at);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
}

/**
 * The period a payment at `paidAt` buys: from the end of the period already paid, if that is
 * still running (paying early loses nothing), else from the payment.
 */
export function periodBought(
  paidUntil: number | null,
  paidAt: number,
  months: number,
): { start: number; end: number } {
  const start = paidUntil !== null && paidUntil > paidAt ? paidUntil : paidAt;
  return { start, end: addMonths(start, months) };
}

/** "INV-000042": invoices are numbered in one sequence, as a tax invoice must be. */
export const invoiceNumber = (sequence: number) => `INV-${String(sequence).padStart(6, '0')}`;

export const orderStateLabels: Record<OrderState, string> = {
  'awaiting-payment': 'Awaiting payment',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

/** A stored order's `orderedBy`, as the fields to spread into the order (none when it has none). */
function orderedByOf(value: unknown): Pick<Order, 'orderedBy'> {
  if (typeof value !== 'object' || value === null) return {};
  const { uid, email } = value as Record<string, unknown>;
  if (typeof uid !== 'string') return {};
  return { orderedBy: { uid, email: typeof email === 'string' ? email : null } };
}

/** An order as stored, read defensively (null: not an order). */
export function orderFrom(id: string, data: Record<string, unknown>): Order | null {
  const state = data.state;
  if (state !== 'awaiting-payment' && state !== 'paid' && state !== 'cancelled') return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const base = {
    id,
    owner: String(data.owner),
    reference: String(data.reference),
    state: state as OrderState,
    createdAt: millisOf(data.createdAt) ?? 0,
    paidAt: millisOf(data.paidAt),
    invoiceNumber: text(data.invoiceNumber),
    customer: {
      name: text((data.customer as Record<string, unknown> | null)?.name),
      email: text((data.customer as Record<string, unknown> | null)?.email),
    },
    ...orderedByOf(data.orderedBy),
    ...(Number.isSafeInteger(data.receivedCents)
      ? { received: { cents: data.receivedCents as number, reason: text(data.paymentReason) } }
      : {}),
  };
  if (data.kind === 'build') {
    const build = (data.build ?? {}) as Record<string, unknown>;
    const vat = (data.vat ?? null) as Record<string, unknown> | null;
    const cents = data.amountCents;
    if (typeof build.id !== 'string' || !Number.isSafeInteger(build.number)) return null;
    if (!Number.isSafeInteger(cents) || (cents as number) <= 0) return null;
    return {
      ...base,
      kind: 'build',
      amountCents: cents as number,
      build: { id: build.id, number: build.number as number },
      vat:
        vat && typeof vat.percent === 'number' && Number.isSafeInteger(vat.cents)
          ? { percent: vat.percent, cents: vat.cents as number }
          : null,
    };
  }
  // Orders of plans from before orders had a kind have none.
  const plan = planById(data.planId);
  if (!plan || (data.kind !== undefined && data.kind !== 'plan')) return null;
  const amount = typeof data.amount === 'number' ? data.amount : amountBilled(plan);
  return {
    ...base,
    kind: 'plan',
    planId: plan.id,
    amount,
    amountCents: amount * 100,
    months: typeof data.months === 'number' ? data.months : plan.billingMonths,
    periodStart: millisOf(data.periodStart),
    periodEnd: millisOf(data.periodEnd),
  };
}

/** The API paths the pages call. */
export const BILLING_API_PATH = '/api/billing';

/** An order as an answer carries it, read as a stored one is (orderFrom): anything else is none. */
export const sentOrder = v.pipe(
  v.looseObject({ id: v.string() }),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const order = orderFrom(dataset.value.id, dataset.value);
    if (!order) addIssue({ message: 'Not an order.' });
    return order ?? NEVER;
  }),
);

/**
 * The billing API (functions/src/billing-api.ts), for the owner of an account:
 *   POST /api/billing/orders {"plan": "<plan id>"}  orders a plan, paid by EFT with the order's
 *                                                   reference; asking again gives the same order
 *   POST /api/billing/orders/<id>/cancel            cancels an order of theirs not yet paid
 * Both answer the order as it now stands. The function answers from this description and the page
 * checks each answer against it (account/billing-requests.ts).
 */
/** The words of a request for a plan that names none of them. */
export const CHOOSE_A_PLAN_MESSAGE = 'Choose one of the plans.';

export const billingApi = describeApi({
  path: BILLING_API_PATH,
  requests: {
    /** POST /api/billing/orders: order a plan (cancelling names the order in its path alone). */
    order: requestBody(
      {
        plan: v.picklist(
          plans.map(({ id }) => id),
          CHOOSE_A_PLAN_MESSAGE,
        ),
        workspace: workspaceField,
      },
      CHOOSE_A_PLAN_MESSAGE,
    ),
  },
  problems: {
    'bad-request': { status: 400, retry: false },
    unauthenticated: { status: 401, retry: false },
    /** The order's EFT details are emailed: only to an address its owner has shown is theirs. */
    unverified: { status: 403, retry: false },
    /** The caller's role in the workspace is not one that orders (owner, billing). */
    'not-allowed': { status: 403, retry: false },
    'not-found': { status: 404, retry: false },
    /** The order is paid or cancelled already. */
    conflict: { status: 409, retry: false },
    /** MAIL_PER_HOUR new orders this hour: `retryAt` says when the next may be placed. */
    'too-many': { status: 429, retry: false },
    unavailable: { status: 503, retry: true },
  },
  ok: {
    order: sentOrder,
    /** Made by this request (not an unpaid one of the same plan found again). */
    created: v.optional(v.boolean()),
  },
  refusal: {
    /** With 'too-many': when the account may order again (ISO time). */
    retryAt: v.optional(v.string()),
  },
});

export type OrderAnswer = AnswerOf<typeof billingApi>;

// Who may order, and how often. An order sends the company's email with its EFT details, so
// ordering asks what emailing a code asks: a verified address (the email goes to it), and the
// same hourly limit, MAIL_PER_HOUR new orders an account may place in a clock hour, counted by
// the same rule (src/domain/mail.ts planMail) in a counter of its own (functions/src/orders.ts).
// Asking again for an unpaid order of the same plan gives that order and counts nothing;
// cancelling counts nothing, so placing and cancelling in a loop stops at the limit.

export const ORDER_UNVERIFIED_MESSAGE =
  'Ordering a plan needs a verified email address: we email the order and its payment details to it. Open the link in the email we sent you, then order again.';

/** "You can place 5 orders an hour; try again after 14:00." in `timeZone` (default: the device's). */
export function orderLimitMessage(retryAt: Date, timeZone?: string): string {
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(retryAt);
  const zone = timeZone === 'UTC' ? ' UTC' : '';
  return `You can place ${MAIL_PER_HOUR} orders an hour; try again after ${time}${zone}.`;
}
