import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  QUOTE_MESSAGES,
  quoteFields,
  quoteOf,
  quoteTotals,
  quoteValidOn,
  readQuote,
  validUntilProblem,
} from './build-quote';

const lines = [
  { description: 'Ryzen 7 7800X3D', cents: 749_900 },
  { description: 'GeForce RTX 4070 Super', cents: 1_299_999 },
];

describe('a build’s quote', () => {
  it('adds the parts and labour, and VAT only where the company is registered for it', () => {
    expect(quoteTotals(lines, 85_000, { registered: false, ratePercent: 15 })).toEqual({
      subtotalCents: 2_134_899,
      vatPercent: null,
      vatCents: 0,
      totalCents: 2_134_899,
    });
    expect(quoteTotals(lines, 85_000, { registered: true, ratePercent: 15 })).toEqual({
      subtotalCents: 2_134_899,
      vatPercent: 15,
      vatCents: 320_235,
      totalCents: 2_455_134,
    });
  });

  it('is valid from today to 90 days ahead, and accepted until its last day', () => {
    expect(validUntilProblem('2026-12-05', '2026-12-05')).toBeNull();
    expect(validUntilProblem('2027-03-05', '2026-12-05')).toBeNull();
    expect(validUntilProblem('2027-03-06', '2026-12-05')).toBe(QUOTE_MESSAGES.validUntil);
    expect(validUntilProblem('2026-12-04', '2026-12-05')).toBe(QUOTE_MESSAGES.validUntil);
    expect(validUntilProblem('5/12/2026', '2026-12-05')).toBe(QUOTE_MESSAGES.validUntil);
    expect(quoteValidOn('2026-12-05', '2026-12-05')).toBe(true);
    expect(quoteValidOn('2026-12-04', '2026-12-05')).toBe(false);
  });

  it('takes prices as people type rand, and refuses what is none', () => {
    const sent = {
      lines: [
        { description: ' Ryzen 7 7800X3D ', price: '7 499,00' },
        { description: 'GeForce RTX 4070 Super', price: 'R12999.99' },
      ],
      labour: '850',
      validUntil: '2026-12-19',
    };
    const parsed = v.parse(v.object(quoteFields), sent);
    const quote = quoteOf(parsed, { registered: false, ratePercent: 15 }, 1);
    expect(quote).toMatchObject({ lines, labourCents: 85_000, totalCents: 2_134_899, note: null });
    // What is stored reads back the same.
    expect(readQuote(JSON.parse(JSON.stringify(quote)))).toEqual(quote);
    for (const price of ['0', '-1', 'free', '1.999']) {
      const wrong = v.safeParse(v.object(quoteFields), {
        ...sent,
        lines: [{ description: 'Case', price }],
      });
      expect(wrong.success, price).toBe(false);
    }
    expect(
      readQuote({ lines: [], labourCents: 1, totalCents: 1, validUntil: '2026-12-19' }),
    ).toBeNull();
  });
});
