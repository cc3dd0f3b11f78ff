import { describe, expect, it } from 'vitest';
import { addDays, daysUpTo, scanDay, scanHour } from './scan-time';

describe('South African days and hours', () => {
  it('files 00:30 in Kempton Park under that day, at hour 0', () => {
    const at = new Date('2026-11-24T00:30:00+02:00');
    expect(scanDay(at)).toBe('2026-11-24');
    expect(scanHour(at)).toBe(0);
    expect(at.toISOString().slice(0, 10)).toBe('2026-11-23');
  });

  it('has no daylight saving: the same offset in June and December', () => {
    expect(scanHour(new Date('2026-06-15T10:00:00Z'))).toBe(12);
    expect(scanHour(new Date('2026-12-15T10:00:00Z'))).toBe(12);
  });

  it('counts days back across a month and a year', () => {
    expect(daysUpTo(new Date('2027-01-01T08:00:00+02:00'), 3)).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
    ]);
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
