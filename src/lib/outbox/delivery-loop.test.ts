// @vitest-environment jsdom
// The page's delivery loop around a stand-in flush, on fake timers: when it delivers, and how it
// waits while something is left (the background-delivery backoff of src/lib/retry.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deliveryLoop } from './delivery-loop';

/** A flush that answers from `left` in turn (true: nothing left; 'broken': storage failing). */
function flushing(left: (boolean | 'broken')[]) {
  return vi.fn(async () => {
    const next = left.shift() ?? true;
    if (next === 'broken') throw new Error('IndexedDB failed');
    return next;
  });
}

/** Lets the flush's promise and the loop's handlers run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the delivery loop', () => {
  it('delivers at start, then while something is left waits 30 s, 60 s, … and stops once empty', async () => {
    const flush = flushing([false, false, 'broken', true]);
    deliveryLoop(flush).start();
    await settle();
    expect(flush).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(flush).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(flush).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(flush).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    // Storage failing is tried again later too.
    expect(flush).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(flush).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(flush).toHaveBeenCalledTimes(4);
  });

  it('delivers at once when the connection comes back, and when the tab is shown', async () => {
    const flush = flushing([]);
    deliveryLoop(flush).start();
    await settle();
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(flush).toHaveBeenCalledTimes(2);
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(flush).toHaveBeenCalledTimes(3);
  });

  it('after a first send that failed, tries again on the backoff from its first wait', async () => {
    const flush = flushing([true, true]);
    const loop = deliveryLoop(flush);
    loop.start();
    await settle();
    loop.deliverSoon();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(flush).toHaveBeenCalledTimes(2);
    // Started once: a second start adds no listener and delivers nothing more.
    loop.start();
    await settle();
    expect(flush).toHaveBeenCalledTimes(2);
  });

  it('runs one flush at a time, and none while the browser knows it is offline', async () => {
    let finish = (_empty: boolean) => {};
    const flush = vi.fn(() => new Promise<boolean>((resolve) => (finish = resolve)));
    const loop = deliveryLoop(flush);
    const first = loop.deliverNow();
    expect(loop.deliverNow()).toBe(first);
    finish(true);
    await first;
    expect(flush).toHaveBeenCalledTimes(1);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await loop.deliverNow();
    expect(flush).toHaveBeenCalledTimes(1);
  });
});
