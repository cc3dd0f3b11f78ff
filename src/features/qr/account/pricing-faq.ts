import { paths } from '../../../config/paths';
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
    question: 'Can I pay online?',
    answer:
      'Not yet: online payment is still being set up. Until then, send us a message and we will help you get started on the plan you choose.',
    link: { label: 'Contact us', to: paths.contact },
  },
  {
    question: 'How much do the longer plans save?',
    answer: `Every plan includes the same features; paying ahead lowers the monthly price. ${savingSentences.join(' ')}`,
  },
  {
    question: 'Which currency are the prices in?',
    answer:
      'South African rand (ZAR). Each plan shows its price per month and, for 6 Months and Annually, what one payment comes to.',
  },
];
