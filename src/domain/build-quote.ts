// The company's quote for a custom PC build: a parts list with prices, labour, VAT as the company
// is configured for it (src/config/billing.ts), and the day it is valid until. Staff write it at
// the desk; the customer reads it on the PC dashboard and, while it is valid, accepts it. Every
// amount is typed in rand and kept in cents (money.ts); the totals are worked out here once, for
// the desk's form as it is typed, the server that stores them, and the customer's page.
import * as v from 'valibot';
import { centsFromRand } from './money';
import { addDays } from './qr/scan-time';

/** The most lines of parts a quote holds. */
export const QUOTE_LINES_MAX = 40;

/** The most characters of a part's description. */
export const QUOTE_LINE_MAX = 120;

/** A quote is valid for at most this many days from the day it is made. */
export const QUOTE_VALID_DAYS_MAX = 90;

/** The company's VAT, as src/config/billing.ts configures it. */
export interface VatSetting {
  readonly registered: boolean;
  readonly ratePercent: number;
}

export interface QuoteLine {
  readonly description: string;
  readonly cents: number;
}

/** What a quote adds up to: prices are before VAT, which is added when the company charges it. */
export interface QuoteTotals {
  readonly subtotalCents: number;
  /** The VAT rate charged, or null when the company is not registered for VAT. */
  readonly vatPercent: number | null;
  readonly vatCents: number;
  readonly totalCents: number;
}

export interface Quote extends QuoteTotals {
  readonly lines: readonly QuoteLine[];
  readonly labourCents: number;
  /** The last day it may be accepted ('YYYY-MM-DD', South African). */
  readonly validUntil: string;
  readonly note: string | null;
  readonly quotedAt: number;
}

/** The totals of `lines` and `labourCents` with the company's `vat`. */
export function quoteTotals(
  lines: readonly QuoteLine[],
  labourCents: number,
  vat: VatSetting,
): QuoteTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + line.cents, labourCents);
  const vatCents = vat.registered ? Math.round((subtotalCents * vat.ratePercent) / 100) : 0;
  return {
    subtotalCents,
    vatPercent: vat.registered ? vat.ratePercent : null,
    vatCents,
    totalCents: subtotalCents + vatCents,
  };
}

/** Whether a quote valid until `validUntil` may still be accepted on `today` ('YYYY-MM-DD'). */
export const quoteValidOn = (validUntil: string, today: string) => validUntil >= today;

export const QUOTE_MESSAGES = {
  lines: `List the parts, one to ${QUOTE_LINES_MAX}, each with a price.`,
  description: `Describe each part in 1 to ${QUOTE_LINE_MAX} characters.`,
  price: 'Give each price in rand, more than zero, with at most two decimals (e.g. 4599.99).',
  labour: 'Give the labour in rand, more than zero, with at most two decimals (e.g. 850).',
  validUntil: `Give the last day the quote is valid, from today to ${QUOTE_VALID_DAYS_MAX} days ahead.`,
  note: 'Keep the note to one paragraph of at most 1000 characters.',
  expired: 'This quote’s last day has passed: ask us for a new one.',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `validUntil` is a day from `today` to QUOTE_VALID_DAYS_MAX days ahead. */
export const validUntilProblem = (validUntil: string, today: string): string | null =>
  DAY.test(validUntil) && validUntil >= today && validUntil <= addDays(today, QUOTE_VALID_DAYS_MAX)
    ? null
    : QUOTE_MESSAGES.validUntil;

const price = (message: string) =>
  v.pipe(
    v.string(message),
    v.maxLength(30, message),
    v.check((typed) => centsFromRand(typed) !== null, message),
  );

/** A quote as the desk sends it: each amount as typed. The day's bounds are the server's to check. */
export const quoteFields = {
  lines: v.pipe(
    v.array(
      v.object({
        description: v.pipe(
          v.string(QUOTE_MESSAGES.description),
          v.trim(),
          v.minLength(1, QUOTE_MESSAGES.description),
          v.maxLength(QUOTE_LINE_MAX, QUOTE_MESSAGES.description),
        ),
        price: price(QUOTE_MESSAGES.price),
      }),
      QUOTE_MESSAGES.lines,
    ),
    v.minLength(1, QUOTE_MESSAGES.lines),
    v.maxLength(QUOTE_LINES_MAX, QUOTE_MESSAGES.lines),
  ),
  labour: price(QUOTE_MESSAGES.labour),
  validUntil: v.pipe(v.string(QUOTE_MESSAGES.validUntil), v.regex(DAY, QUOTE_MESSAGES.validUntil)),
  note: v.optional(
    v.pipe(v.string(QUOTE_MESSAGES.note), v.trim(), v.maxLength(1_000, QUOTE_MESSAGES.note)),
    '',
  ),
};

/** The quote of what the desk sent, priced in cents, with its totals. */
export function quoteOf(
  sent: {
    readonly lines: readonly { readonly description: string; readonly price: string }[];
    readonly labour: string;
    readonly validUntil: string;
    readonly note: string;
  },
  vat: VatSetting,
  quotedAt: number,
): Quote {
  const lines = sent.lines.map((line) => ({
    description: line.description,
    cents: centsFromRand(line.price)!,
  }));
  const labourCents = centsFromRand(sent.labour)!;
  return {
    lines,
    labourCents,
    ...quoteTotals(lines, labourCents, vat),
    validUntil: sent.validUntil,
    note: sent.note || null,
    quotedAt,
  };
}

/** A stored quote, read defensively; null when there is none this reads. */
export function readQuote(data: unknown): Quote | null {
  if (typeof data !== 'object' || data === null) return null;
  const q = data as Record<string, unknown>;
  const cents = (value: unknown) => (Number.isSafeInteger(value) ? (value as number) : null);
  const lines = Array.isArray(q.lines)
    ? q.lines.flatMap((line: unknown) => {
        const { description, cents: c } = (line ?? {}) as Record<string, unknown>;
        return typeof description === 'string' && cents(c) !== null
          ? [{ description, cents: c as number }]
          : [];
      })
    : [];
  const labourCents = cents(q.labourCents);
  const totalCents = cents(q.totalCents);
  if (lines.length === 0 || labourCents === null || totalCents === null) return null;
  if (typeof q.validUntil !== 'string' || !DAY.test(q.validUntil)) return null;
  return {
    lines,
    labourCents,
    subtotalCents: cents(q.subtotalCents) ?? 0,
    vatPercent: typeof q.vatPercent === 'number' ? q.vatPercent : null,
    vatCents: cents(q.vatCents) ?? 0,
    totalCents,
    validUntil: q.validUntil,
    note: typeof q.note === 'string' ? q.note : null,
    quotedAt: typeof q.quotedAt === 'number' ? q.quotedAt : 0,
  };
}

/** A quote as an answer carries it, read as a stored one is (readQuote): anything else is none. */
export const sentQuote = v.pipe(
  v.looseObject({}),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const quote = readQuote(dataset.value);
    if (!quote) addIssue({ message: 'Not a quote.' });
    return quote ?? NEVER;
  }),
);
