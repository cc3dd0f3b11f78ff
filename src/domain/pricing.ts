// The QR generator's plans and their prices, and what paying ahead saves against paying monthly.
// Amounts are whole South African rand.
import { BULK_BENEFIT } from './bulk/limits';
import { QR_TYPE_COUNT } from './qr/type-count';
import { PLAN_LINK_LIMITS } from './qr/link-limits';
import { formatCount } from './counts';

export type PlanId = 'monthly' | 'six-months' | 'annually';

export interface Plan {
  readonly id: PlanId;
  readonly name: string;
  readonly pricePerMonth: number;
  /** How many months one payment covers. */
  readonly billingMonths: number;
  /** Completes "billed every …". */
  readonly term: string;
  /** What sets this plan apart; the rest of its benefits are shared by every plan. */
  readonly ownBenefit: string;
}

export const plans = [
  {
    id: 'monthly',
    name: 'Monthly',
    pricePerMonth: 600,
    billingMonths: 1,
    term: 'month',
    ownBenefit: 'No commitment beyond the month you pay for',
  },
  {
    id: 'six-months',
    name: '6 Months',
    pricePerMonth: 450,
    billingMonths: 6,
    term: '6 months',
    ownBenefit: 'One payment covers half a year',
  },
  {
    id: 'annually',
    name: 'Annually',
    pricePerMonth: 250,
    billingMonths: 12,
    term: 'year',
    ownBenefit: 'The lowest monthly price, one payment a year',
  },
] as const satisfies readonly Plan[];

/** The plan the others are compared with. */
export const monthlyPlan: Plan = plans[0];

/**
 * The seats of a workspace with any plan or its trial (src/domain/team.ts): the owners, admins,
 * editors and billing members, and the invites pending for them. Every plan has the same: the
 * plans differ by how long one payment covers, not by what they include. The pricing page says
 * so (sharedBenefits).
 */
export const SEATS_PER_PLAN = 5;

/** What every plan includes (placeholder-level until the plans' contents are final). */
export const sharedBenefits = [
  `All ${QR_TYPE_COUNT} QR code types`,
  'Every frame, pattern, corner and logo option',
  `${SEATS_PER_PLAN} people working on your codes, each with a role; viewers are free and unlimited`,
  BULK_BENEFIT,
  `Up to ${formatCount(PLAN_LINK_LIMITS.activeLinks)} dynamic codes, ${formatCount(PLAN_LINK_LIMITS.newLinksPerDay)} new ones a day`,
  'Help by email and through the contact form',
] as const;

export function planBenefits(plan: Plan): readonly string[] {
  return [plan.ownBenefit, ...sharedBenefits];
}

/** What one payment of the plan comes to. */
export function amountBilled(plan: Plan): number {
  return plan.pricePerMonth * plan.billingMonths;
}

export interface Saving {
  /** Rand saved over one billing period of the plan. */
  readonly amount: number;
  /** Whole percent saved, rounded down so it never overstates. */
  readonly percent: number;
}

/** What the plan saves over its billing period against paying `base` for as long; null if nothing. */
export function savingAgainst(plan: Plan, base: Plan = monthlyPlan): Saving | null {
  const perMonth = base.pricePerMonth - plan.pricePerMonth;
  if (perMonth <= 0) return null;
  return {
    amount: perMonth * plan.billingMonths,
    percent: Math.floor((perMonth / base.pricePerMonth) * 100),
  };
}

/** "R600", "R4 200": whole rand, thousands grouped by a no-break space as South Africa writes them. */
export function formatRand(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const digits = String(Math.round(Math.abs(amount)));
  return `${sign}R${digits.replace(/\B(?=(\d{3})+$)/g, '\u00a0')}`;
}

/** "Save R900 every 6 months (25%)", or null for a plan that saves nothing. */
export function describeSaving(plan: Plan, base: Plan = monthlyPlan): string | null {
  const saving = savingAgainst(plan, base);
  if (!saving) return null;
  return `Save ${formatRand(saving.amount)} every ${plan.term} (${saving.percent}%)`;
}
