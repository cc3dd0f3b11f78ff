import { describe, expect, it } from 'vitest';
import { emptyCounts, foldPlaces, sumCounts, type ScanCounts } from './scan-counts';
import { scanCsv, scanCsvFileName, slug } from './scan-csv';

const header =
  'date,scans,unique visitors,printed code,copied link,filtered (bots),filtered (HEAD),' +
  'phone,tablet,computer,other device,' +
  'Android,iOS and iPadOS,Windows,macOS,Linux,ChromeOS,other system';

/** The file's lines, without their CRLF ends. */
const lines = (csv: string) => csv.split('\r\n').slice(0, -1);

describe('scanCsv', () => {
  const day = (figures: Record<string, unknown>): ScanCounts => sumCounts([figures]);

  it('has a header row naming every figure, device class and system family', () => {
    expect(lines(scanCsv(new Map()))).toEqual([header]);
    // The figures of all time alone are no day.
    expect(lines(scanCsv(new Map([['all', day({ scans: 3 })]]), '2026-11-24'))).toEqual([header]);
  });

  it('gives a row per day in date order, each figure in its column', () => {
    const csv = scanCsv(
      new Map([
        [
          '2026-11-23',
          day({
            scans: 5,
            unique: 4,
            qr: 3,
            clicks: 2,
            bots: 7,
            heads: 1,
            devices: { phone: 3, tablet: 1, other: 1 },
            os: { android: 2, ios: 2, other: 1 },
            hours: { '08': 5 },
          }),
        ],
        ['all', day({ scans: 99 })],
        [
          '2026-11-22',
          day({ scans: 1, unique: 1, qr: 1, devices: { computer: 1 }, os: { linux: 1 } }),
        ],
      ]),
    );
    expect(lines(csv)).toEqual([
      header,
      '2026-11-22,1,1,1,0,0,0,0,0,1,0,0,0,0,0,1,0,0',
      '2026-11-23,5,4,3,2,7,1,3,1,0,1,2,2,0,0,0,0,1',
    ]);
  });

  it('fills the days between with zeros, across a month end, and on to `until`', () => {
    const csv = scanCsv(
      new Map([
        ['2026-11-29', day({ scans: 2 })],
        ['2026-12-02', day({ bots: 4 })],
      ]),
      '2026-12-04',
    );
    const zeros = (date: string) => `${date},${Array(17).fill(0).join(',')}`;
    expect(lines(csv)).toEqual([
      header,
      `2026-11-29,2,${Array(16).fill(0).join(',')}`,
      zeros('2026-11-30'),
      zeros('2026-12-01'),
      `2026-12-02,0,0,0,0,4,${Array(12).fill(0).join(',')}`,
      zeros('2026-12-03'),
      zeros('2026-12-04'),
    ]);
  });

  it('does not go back to `until` when it is before the last day counted', () => {
    const csv = scanCsv(new Map([['2026-11-29', emptyCounts]]), '2026-11-01');
    expect(lines(csv).map((line) => line.slice(0, 10))).toEqual(['date,scans', '2026-11-29']);
  });
});

describe('scanCsvFileName', () => {
  it('names the file after the code and its link', () => {
    expect(scanCsvFileName('Shop window', 'AbC123xyz9')).toBe('scans-shop-window-AbC123xyz9.csv');
    expect(scanCsvFileName('  Café "Deluxe" / 2026!  ', 'L1')).toBe(
      'scans-cafe-deluxe-2026-L1.csv',
    );
  });

  it('keeps a name part for names with no letters or digits, and keeps it short', () => {
    expect(slug('?!')).toBe('code');
    expect(slug('日本語')).toBe('code');
    const long = slug('A very long name for a code that goes on and on past forty letters');
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long).toBe('a-very-long-name-for-a-code-that-goes-on');
  });
});

describe('the places of a CSV of figures', () => {
  it('adds a column per place the days counted, most scans first, after the fixed ones', () => {
    const days = new Map([
      ['2026-11-20', foldPlaces(sumCounts([{ scans: 7, countries: { ZA: 6, NA: 1 } }]))],
      ['2026-11-21', foldPlaces(sumCounts([{ scans: 2, countries: { unknown: 2 } }]))],
    ]);
    const [header, first, second] = scanCsv(days).trim().split('\r\n');
    expect(header!.split(',').slice(-3)).toEqual([
      'scans from South Africa',
      'scans from Other places (each under 5 scans a day)',
      'scans from Unknown',
    ]);
    expect(first!.split(',').slice(-3)).toEqual(['6', '1', '0']);
    expect(second!.split(',').slice(-3)).toEqual(['0', '0', '2']);
  });
});
