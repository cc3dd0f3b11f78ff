import { describe, expect, it } from 'vitest';
import {
  ALL_DAYS,
  countsDocId,
  emptyCounts,
  foldPlaces,
  hourKey,
  placeLabel,
  placesOf,
  sumCounts,
} from './scan-counts';

describe('sumCounts', () => {
  it('adds shards field by field, maps key by key', () => {
    expect(
      sumCounts([
        {
          scans: 3,
          unique: 2,
          qr: 2,
          clicks: 1,
          devices: { phone: 3 },
          hours: { '08': 3 },
          countries: { ZA: 3 },
        },
        {
          scans: 4,
          unique: 1,
          qr: 4,
          bots: 5,
          heads: 1,
          devices: { phone: 1, tablet: 3 },
          os: { ios: 4 },
          countries: { ZA: 2, NA: 1, unknown: 1 },
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
      countries: { ZA: 5, NA: 1, unknown: 1 },
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

describe('places', () => {
  it('folds a country with fewer than 5 scans in a day into "other places"', () => {
    const day = sumCounts([{ scans: 12, countries: { ZA: 5, NA: 4, BW: 1, unknown: 2, xx: 3 } }]);
    expect(foldPlaces(day).countries).toEqual({ ZA: 5, other: 8, unknown: 2 });
    // Folded days add up as they are: a country under the minimum each day stays folded.
    const week = sumCounts([foldPlaces(day), foldPlaces(day)]);
    expect(placesOf(week)).toEqual([
      { place: 'ZA', count: 10 },
      { place: 'other', count: 16 },
      { place: 'unknown', count: 4 },
    ]);
  });

  it('names each place for people', () => {
    expect(placeLabel('ZA')).toBe('South Africa');
    expect(placeLabel('other')).toBe('Other places (each under 5 scans a day)');
    expect(placeLabel('unknown')).toBe('Unknown');
  });
});
