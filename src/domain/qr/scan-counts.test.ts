import { describe, expect, it } from 'vitest';
import { ALL_DAYS, countsDocId, emptyCounts, hourKey, sumCounts } from './scan-counts';

describe('sumCounts', () => {
  it('adds shards field by field, maps key by key', () => {
    expect(
      sumCounts([
        { scans: 3, unique: 2, qr: 2, clicks: 1, devices: { phone: 3 }, hours: { '08': 3 } },
        {
          scans: 4,
          unique: 1,
          qr: 4,
          bots: 5,
          heads: 1,
          devices: { phone: 1, tablet: 3 },
          os: { ios: 4 },
        },
      ]),
    ).toEqual({
      scans: 7,
      unique: 3,
      qr: 6,
      clicks: 1,
      bots: 5,
      heads: 1,
      devices: { phone: 4, tablet: 3 },
      os: { ios: 4 },
      hours: { '08': 3 },
    });
  });

  it('reads what is not a count as nothing', () => {
    expect(sumCounts([null, 'x', { scans: -3, unique: 'many', devices: { phone: NaN } }])).toEqual(
      emptyCounts,
    );
    expect(sumCounts([])).toEqual(emptyCounts);
  });
});

describe('keys', () => {
  it('names shards by day, and sorts all time after every date', () => {
    expect(countsDocId('2026-11-24', 7)).toBe('2026-11-24_7');
    expect(ALL_DAYS > '9999-12-31').toBe(true);
    expect([0, 9, 23].map(hourKey)).toEqual(['00', '09', '23']);
  });
});
