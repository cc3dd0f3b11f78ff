import { paths } from '../../../config/paths';
import { TRIAL_DAYS } from '../../../domain/billing';
import { amountBilled, formatRand, plans, savingAgainst } from '../../../domain/pricing';

export interface FaqEntry {
  readonly question: string;
  readonly answer: string;
  readonly link?: { readonly label: string; readonly to: string };
}

/** "6 Months costs R2 700 every 6 months instead of R3 600, a saving of R900 (25%)." */
const savingSentences = plans.flatMap((plan) => {
  const saving = savingAgainst(plan);
  if (!saving) return [];
  const billed = amountBilled(plan);
  return [
    `${plan.name} costs ${formatRand(billed)} every ${plan.term} instead of ${formatRand(billed + saving.amount)}, a saving of ${formatRand(saving.amount)} (${saving.percent}%).`,
  ];
});

export const pricingFaq: readonly FaqEntry[] = [
  {
    question: 'How do I pay?',
    answer: `By EFT: Subscribe orders the plan and gives you our bank details and a payment reference. Your plan starts once the payment reaches us; a new account has a free trial of ${TRIAL_DAYS} days first. Card payment is coming.`,
    link: { label: 'Go to Billing', to: paths.billing },
  },
  {
    question: 'How much do the longer plans save?',
    answer: `Every plan includes the same features; paying ahead lowers the monthly price. ${savingSentences.join(' ')}`,
  },
  {
    question: 'What happens to my printed codes if I stop paying?',
    answer:
      'They keep working. Dynamic codes keep redirecting and their landing pages stay up, for as long as we run the service: a printed code is never held hostage. Without a plan you cannot make new dynamic codes, change where one leads or host new files.',
  },
  {
    question: 'Which currency are the prices in?',
    answer:
      'South African rand (ZAR). Each plan shows its price per month and, for 6 Months and Annually, what one payment comes to.',
  },
];
