import { describe, expect, it } from 'vitest';
import { axisMax, lastDays, scansIn, scansPerDay, scansText, type LinkCounts } from './scan-stats';

describe('lastDays', () => {
  it('gives the 30 South African days ending today, oldest first, across a month end', () => {
    const days = lastDays(new Date('2026-11-23T23:30:00+02:00'));
    expect(days).toHaveLength(30);
    expect(days[29]).toBe('2026-11-23');
    expect(days[0]).toBe('2026-10-25');
    // 00:30 in Kempton Park is already the next day there (22:30 UTC the day before).
    expect(lastDays(new Date('2026-11-23T22:30:00Z'), 1)).toEqual(['2026-11-24']);
    expect(lastDays(new Date('2026-03-02T01:00:00Z'), 3)).toEqual([
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });
});

describe('scansPerDay', () => {
  const days = ['2026-11-21', '2026-11-22', '2026-11-23'];
  const links: LinkCounts[] = [
    new Map([
      ['all', { scans: 9 }],
      ['2026-11-01', { scans: 4 }],
      ['2026-11-22', { scans: 3 }],
      ['2026-11-23', { scans: 2 }],
    ]),
    new Map([['2026-11-23', { scans: 1 }]]),
  ];

  it('sums the links day by day, leaving out days outside the range', () => {
    expect(scansPerDay(links, days)).toEqual([0, 3, 3]);
    expect(scansIn(links[0], days)).toBe(5);
    expect(scansPerDay([], days)).toEqual([0, 0, 0]);
  });
});

describe('axisMax', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 2, 3, 7, 10, 11, 42, 180, 501].map(axisMax)).toEqual([
      1, 1, 2, 5, 10, 10, 20, 50, 200, 1000,
    ]);
  });
});

describe('scansText', () => {
  it('says one scan, or how many', () => {
    expect([0, 1, 2].map(scansText)).toEqual(['0 scans', '1 scan', '2 scans']);
  });
});
