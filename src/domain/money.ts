// Amounts of rand as people type them and as the company's papers show them, kept in whole cents
// (R1 234.56 is 123456) wherever they are stored or compared: a payment received, a part's price,
// labour. One reader of a typed amount serves the desk, the PC quotes and the admin scripts, so an
// amount means the same wherever it is typed.
import { formatRand } from './pricing';

/** What a typed amount must look like, in words. */
export const RAND_AMOUNT_MESSAGE =
  'Give an amount in rand, more than zero, with at most two decimals (e.g. 600 or 1234.56).';

/** The most an amount may be: R10 million, far beyond any order or build. */
export const MAX_CENTS = 1_000_000_000;

/**
 * The cents of an amount typed in rand ("600", "1234.56", "R1 234,56", "1,234.50"), or null when
 * it is not a positive amount of rand with at most two decimals. A comma or point followed by one
 * or two digits at the end is the decimal mark (South Africans write both); spaces, and commas
 * between groups of three digits, group the thousands.
 */
export function centsFromRand(typed: string): number | null {
  let text = typed
    .trim()
    .replace(/^R\s*/i, '')
    .replace(/[\s\u00a0\u202f]/g, '');
  if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(text)) text = text.replaceAll(',', '');
  const match = /^(\d{1,8})(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents > 0 && cents <= MAX_CENTS ? cents : null;
}

/** R1 234.56, or R600 for whole rand: an amount of cents as a bank statement shows it. */
export const formatCents = (cents: number): string => {
  const rand = formatRand(Math.trunc(cents / 100));
  const rest = Math.abs(cents) % 100;
  return rest === 0 ? rand : `${rand}.${String(rest).padStart(2, '0')}`;
};

/** R1 234.56 always with its cents, as a quote's and an invoice's columns show them. */
export const formatCentsExact = (cents: number): string => {
  const rand = formatRand(Math.trunc(cents / 100));
  return `${rand}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
};

/** The VAT within an amount of `cents` that includes it, at `ratePercent`, rounded to the cent. */
export const vatWithin = (cents: number, ratePercent: number): number =>
  Math.round((cents * ratePercent) / (100 + ratePercent));
