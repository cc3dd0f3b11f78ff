import { describe, expect, it } from 'vitest';
import {
  addMonths,
  describeStanding,
  isActive,
  orderFrom,
  paymentReference,
  periodBought,
  REFERENCE_PATTERN,
  standingOf,
  termsOf,
  TRIAL_DAYS,
  orderItem,
  orderVatCents,
} from './billing';

const DAY = 86_400_000;
const signUp = Date.parse('2026-11-01T08:00:00Z');
const trial = { trialStartedAt: signUp, planId: null, paidUntil: null } as const;

describe('standingOf', () => {
  it('counts the trial’s days left, a part of a day as a day', () => {
    expect(standingOf(trial, signUp)).toMatchObject({ kind: 'trial', daysLeft: TRIAL_DAYS });
    expect(standingOf(trial, signUp + 10 * DAY)).toMatchObject({ kind: 'trial', daysLeft: 4 });
    expect(standingOf(trial, signUp + 13.5 * DAY)).toMatchObject({ kind: 'trial', daysLeft: 1 });
    const ended = standingOf(trial, signUp + TRIAL_DAYS * DAY);
    expect(ended).toEqual({ kind: 'trial-ended', endedAt: signUp + TRIAL_DAYS * DAY });
    expect(isActive(ended)).toBe(false);
  });

  it('a paid plan overrides the trial until its period ends', () => {
    const paid = { ...trial, planId: 'annually', paidUntil: signUp + 400 * DAY } as const;
    const standing = standingOf(paid, signUp + 100 * DAY);
    expect(standing).toMatchObject({ kind: 'plan', until: signUp + 400 * DAY });
    expect(isActive(standing)).toBe(true);
    expect(standingOf(paid, signUp + 400 * DAY)).toMatchObject({ kind: 'plan-ended' });
  });

  it('says the standing in words, with South African dates', () => {
    expect(describeStanding(standingOf(trial, signUp + 10 * DAY))).toBe(
      '4 days of your free trial left: it ends on 15 November 2026.',
    );
    expect(describeStanding(standingOf(trial, signUp + 13.9 * DAY))).toBe(
      'Your free trial ends today (15 November 2026).',
    );
    expect(describeStanding(standingOf(trial, signUp + 20 * DAY))).toMatch(
      /^Your free trial ended on 15 November 2026\. Your printed codes keep working/,
    );
    const paid = {
      ...trial,
      planId: 'six-months',
      paidUntil: Date.parse('2027-05-01T08:00:00Z'),
    } as const;
    expect(describeStanding(standingOf(paid, signUp))).toBe(
      '6 Months plan, paid until 1 May 2027.',
    );
  });

  it('says a team’s standing as the team’s, not the member’s own', () => {
    const team = 'owner@cafe.co.za';
    expect(describeStanding(standingOf(trial, signUp + 10 * DAY), team)).toBe(
      `4 days of ${team}'s free trial left: it ends on 15 November 2026.`,
    );
    expect(describeStanding(standingOf(trial, signUp + 20 * DAY), team)).toMatch(
      new RegExp(
        `^${team}'s free trial ended on 15 November 2026\\. Its printed codes keep working`,
      ),
    );
  });
});

describe('termsOf', () => {
  it('reads stored terms defensively, the sign-up starting a trial not stored yet', () => {
    expect(termsOf(undefined, signUp)).toEqual(trial);
    expect(termsOf({ planId: 'gold', paidUntil: 5 }, signUp)).toEqual(trial);
    const stamp = { toMillis: () => signUp - DAY };
    expect(termsOf({ trialStartedAt: stamp, planId: 'monthly', paidUntil: stamp }, 0)).toEqual({
      trialStartedAt: signUp - DAY,
      planId: 'monthly',
      paidUntil: signUp - DAY,
    });
  });
});

describe('periods', () => {
  it('adds calendar months, keeping the day where the month has it', () => {
    expect(addMonths(Date.parse('2026-01-31T10:00:00Z'), 1)).toBe(
      Date.parse('2026-02-28T10:00:00Z'),
    );
    expect(addMonths(Date.parse('2026-11-25T10:00:00Z'), 12)).toBe(
      Date.parse('2027-11-25T10:00:00Z'),
    );
  });

  it('a payment runs on from a period still running, else from the payment', () => {
    const at = Date.parse('2026-11-25T10:00:00Z');
    expect(periodBought(null, at, 1)).toEqual({ start: at, end: addMonths(at, 1) });
    expect(periodBought(at - DAY, at, 1).start).toBe(at);
    expect(periodBought(at + 5 * DAY, at, 6)).toEqual({
      start: at + 5 * DAY,
      end: addMonths(at + 5 * DAY, 6),
    });
  });
});

describe('payment references', () => {
  it('are KCW- and 8 letters or digits no one misreads', () => {
    const seen = new Set<string>();
    let state = 7;
    // A small linear congruential generator: the same bytes on every run.
    const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) >> 16;
    for (let round = 0; round < 200; round += 1) {
      const reference = paymentReference((bytes) =>
        bytes.forEach((_, index) => (bytes[index] = next() % 256)),
      );
      expect(reference).toMatch(REFERENCE_PATTERN);
      expect(reference).not.toMatch(/[01IO]/);
      seen.add(reference);
    }
    expect(seen.size).toBe(200);
  });
});

describe('orderFrom', () => {
  const stored = {
    owner: 'cafe',
    planId: 'monthly',
    amount: 600,
    months: 1,
    reference: 'KCW-7KQ2-M9XD',
    state: 'awaiting-payment',
    customer: { name: null, email: 'owner@cafe.co.za' },
  };

  it('reads who ordered a workspace’s plan for it, where that was a member', () => {
    expect(
      orderFrom('o1', { ...stored, orderedBy: { uid: 'thabo', email: 'books@cafe.co.za' } })
        ?.orderedBy,
    ).toEqual({ uid: 'thabo', email: 'books@cafe.co.za' });
    // The account's own orders, and those from before teams, say none.
    expect(orderFrom('o1', stored)).not.toHaveProperty('orderedBy');
    expect(orderFrom('o1', { ...stored, orderedBy: { email: 'x' } })).not.toHaveProperty(
      'orderedBy',
    );
  });

  const build = {
    kind: 'build',
    owner: 'gamer',
    build: { id: 'b1', number: 1042 },
    amountCents: 3_045_678,
    vat: { percent: 15, cents: 397_262 },
    reference: 'KCW-ABCD-EFGH',
    state: 'awaiting-payment',
    customer: { name: null, email: 'gamer@example.co.za' },
  };

  it('reads an order of a plan, with its amount in cents too, and of a build, by its kind', () => {
    const plan = orderFrom('o1', stored)!;
    expect(plan).toMatchObject({ kind: 'plan', amount: 600, amountCents: 60_000 });
    expect(orderItem(plan)).toBe('Monthly plan');
    const ordered = orderFrom('o2', build)!;
    expect(ordered).toMatchObject({ kind: 'build', amountCents: 3_045_678 });
    expect(orderItem(ordered)).toBe('Custom PC: Build 1042');
    // What is not one of the two is none: a build order without its build or amount, a kind
    // nobody wrote.
    expect(orderFrom('o3', { ...build, build: null })).toBeNull();
    expect(orderFrom('o3', { ...build, amountCents: -5 })).toBeNull();
    expect(orderFrom('o3', { ...stored, kind: 'gift' })).toBeNull();
  });

  it('works out the VAT an order holds: a plan’s at the company’s rate, a build’s as quoted', () => {
    const registered = { registered: true, ratePercent: 15 };
    expect(orderVatCents(orderFrom('o1', stored)!, registered)).toBe(7826);
    expect(orderVatCents(orderFrom('o1', { ...stored, amount: 2700 })!, registered)).toBe(35217);
    expect(orderVatCents(orderFrom('o1', stored)!, { ...registered, registered: false })).toBe(0);
    expect(orderVatCents(orderFrom('o2', build)!, registered)).toBe(397_262);
    expect(orderVatCents(orderFrom('o2', { ...build, vat: null })!, registered)).toBe(0);
  });
});
