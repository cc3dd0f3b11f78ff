import { describe, expect, it } from 'vitest';
import { millisOf } from './stored-time';

describe('a stored time', () => {
  it('is read from milliseconds, a Date or a Timestamp of either SDK', () => {
    expect(millisOf(5)).toBe(5);
    expect(millisOf(new Date(7))).toBe(7);
    expect(millisOf({ toMillis: () => 9, seconds: 0 })).toBe(9);
  });

  it('is none for anything else', () => {
    for (const value of [null, undefined, 'soon', Number.NaN, new Date('no'), { toMillis: 1 }]) {
      expect(millisOf(value)).toBeNull();
    }
    expect(millisOf({ toMillis: () => 'later' })).toBeNull();
  });
});
