import { describe, expect, it } from 'vitest';
import { emptyCounts, type ScanCounts } from './scan-counts';
import {
  axisMax,
  breakdowns,
  countText,
  codeFigures,
  countsIn,
  hourly,
  hourText,
  lastDays,
  percentText,
  perDay,
  scansIn,
  scansPerDay,
  scansText,
  withShares,
  type LinkCounts,
} from './scan-stats';

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

const days = ['2026-11-21', '2026-11-22', '2026-11-23'];
const links: LinkCounts[] = [
  new Map([
    ['all', { scans: 9, unique: 7 }],
    ['2026-11-01', { scans: 4, unique: 4 }],
    ['2026-11-22', { scans: 3, unique: 2, bots: 5 }],
    ['2026-11-23', { scans: 2, unique: 2, heads: 1, devices: { phone: 2 } }],
  ]),
  new Map([['2026-11-23', { scans: 1, unique: 1, devices: { phone: 1 } }]]),
];

describe('perDay', () => {
  it('sums the links day by day, leaving out days outside the range', () => {
    expect(scansPerDay(links, days)).toEqual([0, 3, 3]);
    expect(perDay(links, days, 'unique')).toEqual([0, 2, 3]);
    expect(scansIn(links[0], days)).toBe(5);
    expect(scansPerDay([], days)).toEqual([0, 0, 0]);
  });
});

describe('countsIn', () => {
  it('adds every figure of the days, not those of all time or of other days', () => {
    expect(countsIn(links, days)).toEqual({
      ...emptyCounts,
      scans: 6,
      unique: 5,
      bots: 5,
      heads: 1,
      devices: { phone: 3 },
    });
    expect(countsIn([], days)).toEqual(emptyCounts);
  });
});

describe('codeFigures', () => {
  const code = (id: string, name: string, dynamic = true) => ({ id, name, dynamic });
  const counts = new Map<string, LinkCounts>([
    ['L-old', new Map([['all', { scans: 50 }]])],
    [
      'L-busy',
      new Map([
        ['2026-11-23', { scans: 4 }],
        ['all', { scans: 4 }],
      ]),
    ],
    [
      'L-quiet',
      new Map([
        ['2026-11-22', { scans: 1 }],
        ['all', { scans: 2 }],
      ]),
    ],
  ]);
  const linksByCode = new Map([
    ['old', { id: 'L-old' }],
    ['busy', { id: 'L-busy' }],
    ['quiet', { id: 'L-quiet' }],
    ['none', { id: 'L-none' }],
    ['static', { id: 'L-static' }],
  ]);

  it('gives dynamic codes with a link, most scanned in the period first, then of all time', () => {
    const rows = codeFigures(
      [
        code('old', 'Old flyer'),
        code('quiet', 'Quiet'),
        code('busy', 'Busy'),
        code('none', 'B never scanned'),
        code('nolink', 'Waiting for its link'),
        code('static', 'Static', false),
        code('none2', 'A never scanned'),
      ],
      new Map([...linksByCode, ['none2', { id: 'L-none2' }]]),
      counts,
      days,
    );
    expect(rows.map((row) => [row.code.name, row.linkId, row.period.scans, row.total])).toEqual([
      ['Busy', 'L-busy', 4, 4],
      ['Quiet', 'L-quiet', 1, 2],
      ['Old flyer', 'L-old', 0, 50],
      ['A never scanned', 'L-none2', 0, 0],
      ['B never scanned', 'L-none', 0, 0],
    ]);
  });
});

describe('breakdowns', () => {
  const counts: ScanCounts = {
    ...emptyCounts,
    scans: 8,
    qr: 6,
    clicks: 2,
    devices: { phone: 6, computer: 2 },
    os: { android: 5, ios: 1, windows: 2, beos: 4 } as ScanCounts['os'],
  };
  const parts = (id: string) =>
    breakdowns
      .find((breakdown) => breakdown.id === id)
      ?.parts(counts)
      .map(({ label, count, share }) => [label, count, share]);

  it('splits scans into printed code and copied link', () => {
    expect(parts('source')).toEqual([
      ['Printed code (scanned)', 6, 0.75],
      ['Copied link (opened)', 2, 0.25],
    ]);
  });

  it('lists every device class and system family in order, with the ones not seen at 0', () => {
    expect(parts('devices')).toEqual([
      ['Phone', 6, 0.75],
      ['Tablet', 0, 0],
      ['Computer', 2, 0.25],
      ['Other or unknown', 0, 0],
    ]);
    // A family the app does not know (written by a newer server) is not shown as one of these.
    expect(parts('os')?.map(([label, count]) => `${label}: ${count}`)).toEqual([
      'Android: 5',
      'iOS and iPadOS: 1',
      'Windows: 2',
      'macOS: 0',
      'Linux: 0',
      'ChromeOS: 0',
      'Other or unknown: 0',
    ]);
  });

  it('gives no share when nothing was counted', () => {
    expect(withShares([{ id: 'a', label: 'A', count: 0 }])).toEqual([
      { id: 'a', label: 'A', count: 0, share: 0 },
    ]);
  });
});

describe('hourly', () => {
  it('gives 24 hours from midnight, 0 where none was counted', () => {
    const hours = hourly({ ...emptyCounts, hours: { '00': 1, '08': 3, '23': 2 } });
    expect(hours).toHaveLength(24);
    expect([hours[0], hours[8], hours[9], hours[23]]).toEqual([1, 3, 0, 2]);
  });

  it('names an hour by its start and end', () => {
    expect([0, 8, 23].map(hourText)).toEqual([
      '00:00 to 01:00',
      '08:00 to 09:00',
      '23:00 to 00:00',
    ]);
  });
});

describe('percentText', () => {
  it('rounds to whole percents, never hiding a little or rounding up to all', () => {
    expect([0, 0.001, 0.25, 1 / 3, 0.996, 1].map(percentText)).toEqual([
      '0%',
      '<1%',
      '25%',
      '33%',
      '>99%',
      '100%',
    ]);
  });
});

describe('axisMax', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 2, 3, 7, 10, 11, 42, 180, 501].map(axisMax)).toEqual([
      1, 1, 2, 5, 10, 10, 20, 50, 200, 1000,
    ]);
  });
});

describe('countText', () => {
  it('groups thousands with a no-break space', () => {
    expect([0, 999, 1000, 1234567].map(countText)).toEqual([
      '0',
      '999',
      '1\u00a0000',
      '1\u00a0234\u00a0567',
    ]);
  });
});

describe('scansText', () => {
  it('says one scan, or how many', () => {
    expect([0, 1, 2].map(scansText)).toEqual(['0 scans', '1 scan', '2 scans']);
    expect(scansText(12345)).toBe('12\u00a0345 scans');
  });
});
