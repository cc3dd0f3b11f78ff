import { afterEach, describe, expect, it, vi } from 'vitest';
import { timeoutSignal, uniqueId } from './compat';

const UUID = /^[\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('uniqueId', () => {
  it('uses crypto.randomUUID where there is one', () => {
    expect(uniqueId()).toMatch(UUID);
  });

  it('makes a version-4 UUID from random bytes without it', () => {
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    const ids = new Set(Array.from({ length: 100 }, () => uniqueId()));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(UUID);
  });
});

describe('timeoutSignal', () => {
  it('aborts after the time without AbortSignal.timeout', () => {
    vi.useFakeTimers();
    const original = AbortSignal.timeout;
    Object.defineProperty(AbortSignal, 'timeout', { value: undefined, configurable: true });
    try {
      const signal = timeoutSignal(1000);
      vi.advanceTimersByTime(999);
      expect(signal.aborted).toBe(false);
      vi.advanceTimersByTime(1);
      expect(signal.aborted).toBe(true);
      expect((signal.reason as DOMException).name).toBe('TimeoutError');
    } finally {
      Object.defineProperty(AbortSignal, 'timeout', { value: original, configurable: true });
    }
  });

  it('uses AbortSignal.timeout where there is one', () => {
    const spy = vi.spyOn(AbortSignal, 'timeout');
    timeoutSignal(5);
    expect(spy).toHaveBeenCalledWith(5);
  });
});
