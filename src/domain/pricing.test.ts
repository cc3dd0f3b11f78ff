import { describe, expect, it } from 'vitest';
import {
  amountBilled,
  describeSaving,
  formatRand,
  monthlyPlan,
  planBenefits,
  plans,
  savingAgainst,
  sharedBenefits,
  type Plan,
} from './pricing';

const plan = (id: Plan['id']): Plan => plans.find((entry) => entry.id === id)!;

describe('the plans', () => {
  it('are the three plans, in order, with their monthly prices and billing', () => {
    expect(
      plans.map(
        ({ name, pricePerMonth, term }) => `${name}: R${pricePerMonth} billed every ${term}`,
      ),
    ).toEqual([
      'Monthly: R600 billed every month',
      '6 Months: R450 billed every 6 months',
      'Annually: R250 billed every year',
    ]);
    expect(monthlyPlan.id).toBe('monthly');
  });

  it('bill the monthly price times the months one payment covers', () => {
    expect(plans.map(amountBilled)).toEqual([600, 2700, 3000]);
  });

  it('each list their own benefit first, then what all of them include', () => {
    for (const entry of plans) {
      expect(planBenefits(entry)).toEqual([entry.ownBenefit, ...sharedBenefits]);
    }
  });
});

describe('savingAgainst', () => {
  it('finds that paying monthly saves nothing', () => {
    expect(savingAgainst(plan('monthly'))).toBeNull();
  });

  it('finds that 6 Months saves R900 over six months, 25%', () => {
    expect(savingAgainst(plan('six-months'))).toEqual({ amount: 900, percent: 25 });
  });

  it('finds that Annually saves R4 200 a year, 58% (58.3 rounded down)', () => {
    expect(savingAgainst(plan('annually'))).toEqual({ amount: 4200, percent: 58 });
  });

  it('compares with any plan given as the base', () => {
    expect(savingAgainst(plan('annually'), plan('six-months'))).toEqual({
      amount: 2400,
      percent: 44,
    });
    expect(savingAgainst(plan('six-months'), plan('annually'))).toBeNull();
  });
});

describe('formatRand', () => {
  it.each([
    [0, 'R0'],
    [250, 'R250'],
    [900, 'R900'],
    [4200, 'R4\u00a0200'],
    [1234567, 'R1\u00a0234\u00a0567'],
    [-900, '-R900'],
    [449.6, 'R450'],
  ])('writes %d as %s', (amount, expected) => {
    expect(formatRand(amount)).toBe(expected);
  });
});

describe('describeSaving', () => {
  it('says what each plan saves against paying monthly', () => {
    expect(plans.map((entry) => describeSaving(entry))).toEqual([
      null,
      'Save R900 every 6 months (25%)',
      'Save R4\u00a0200 every year (58%)',
    ]);
  });
});
