import { describe, expect, it } from 'vitest';
import { centsFromRand, formatCents, formatCentsExact, MAX_CENTS, vatWithin } from './money';

describe('an amount of rand as typed', () => {
  it('reads the ways South Africans write it, in cents', () => {
    for (const [typed, cents] of [
      ['600', 60_000],
      ['1234.56', 123_456],
      ['R599.5', 59_950],
      ['r 1 234,56', 123_456],
      ['12,50', 1_250],
      ['1 234', 123_400],
      ['1,234.50', 123_450],
      ['R 30\u00a0000,00', 3_000_000],
      ['0.01', 1],
    ] as const) {
      expect(centsFromRand(typed), typed).toBe(cents);
    }
  });

  it('refuses what is not a positive amount with at most two decimals', () => {
    for (const typed of [
      '',
      '0',
      '0.00',
      '-600',
      '600.555',
      'six hundred',
      '1.2.3',
      '12,5,0',
      '1e5',
      'R',
    ]) {
      expect(centsFromRand(typed), typed).toBeNull();
    }
    expect(centsFromRand(String(MAX_CENTS / 100))).toBe(MAX_CENTS);
    expect(centsFromRand(String(MAX_CENTS / 100 + 1))).toBeNull();
  });
});

describe('an amount of cents as shown', () => {
  it('groups the thousands and shows cents where there are some, or always', () => {
    expect(formatCents(60_000)).toBe('R600');
    expect(formatCents(123_456)).toBe('R1\u00a0234.56');
    expect(formatCentsExact(60_000)).toBe('R600.00');
    expect(formatCentsExact(3_000_005)).toBe('R30\u00a0000.05');
  });

  it('finds the VAT within a price that includes it, to the cent', () => {
    expect(vatWithin(115_00, 15)).toBe(15_00);
    expect(vatWithin(600_00, 15)).toBe(7_826);
  });
});
