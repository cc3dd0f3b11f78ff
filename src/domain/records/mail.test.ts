import { describe, expect, it } from 'vitest';
import { mailCounterPath, orderCounterPath, readMailCounter } from './mail';

describe("an account's mail counters as stored", () => {
  it('live at mail/{uid}, its orders’ under it', () => {
    expect(mailCounterPath('alice')).toBe('mail/alice');
    expect(orderCounterPath('alice')).toBe('mail/alice/limits/orders');
  });

  it('are read defensively: a counter, or none', () => {
    expect(readMailCounter({ hour: '2026-11-20T09', count: 2, sent: ['a', 7] })).toEqual({
      hour: '2026-11-20T09',
      count: 2,
      sent: ['a'],
    });
    for (const data of [undefined, {}, { hour: 9, count: 1 }]) {
      expect(readMailCounter(data)).toBeNull();
    }
  });
});
