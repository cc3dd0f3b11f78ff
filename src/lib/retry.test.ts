import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DELIVERY_BACKOFF, doubling, RetryTimer } from './retry';

describe('the backoff schedule', () => {
  it('starts at the first wait and doubles up to the last', () => {
    const waits: number[] = [];
    let wait = 0;
    for (let turn = 0; turn < 7; turn += 1) waits.push((wait = doubling(1_000, 10_000)(wait)));
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000, 10_000]);
  });

  it('delivers in the background from half a minute doubling to ten minutes', () => {
    const waits: number[] = [];
    let wait = 0;
    for (let turn = 0; turn < 7; turn += 1) waits.push((wait = DELIVERY_BACKOFF(wait)));
    expect(waits).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 600_000, 600_000]);
  });
});

describe('a retry timer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs a try after each wait of the schedule, longer each time', () => {
    const timer = new RetryTimer(doubling(1_000, 4_000));
    const task = vi.fn();
    timer.later(task);
    expect(timer.pending).toBe(true);
    vi.advanceTimersByTime(999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    expect(timer.pending).toBe(false);
    timer.later(task);
    expect(timer.wait).toBe(2_000);
    vi.advanceTimersByTime(1_999);
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('keeps one try pending: a new one replaces it', () => {
    const timer = new RetryTimer(doubling(1_000, 4_000));
    const first = vi.fn();
    const second = vi.fn();
    timer.later(first);
    timer.later(second);
    vi.advanceTimersByTime(10_000);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('starts again from the first wait once it succeeds, and runs nothing left pending', () => {
    const timer = new RetryTimer(doubling(1_000, 4_000));
    const task = vi.fn();
    timer.later(task);
    timer.later(task);
    timer.succeeded();
    expect(timer.pending).toBe(false);
    vi.advanceTimersByTime(10_000);
    expect(task).not.toHaveBeenCalled();
    timer.later(task);
    expect(timer.wait).toBe(1_000);
  });

  it('canceled, runs nothing, and the next try still waits longer', () => {
    const timer = new RetryTimer(doubling(1_000, 4_000));
    const task = vi.fn();
    timer.later(task);
    timer.cancel();
    vi.advanceTimersByTime(10_000);
    expect(task).not.toHaveBeenCalled();
    timer.later(task);
    expect(timer.wait).toBe(2_000);
  });

  it('runs the pending try at once when asked (the connection is back), and only once', () => {
    const timer = new RetryTimer(doubling(1_000, 4_000));
    const task = vi.fn();
    expect(timer.now()).toBe(false);
    timer.later(task);
    expect(timer.now()).toBe(true);
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(task).toHaveBeenCalledTimes(1);
    expect(timer.now()).toBe(false);
  });
});
