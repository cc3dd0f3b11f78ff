import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { idleQueue, whenIdle } from './idle-queue';

/** A job that records its start and ends when the test says so. */
function job(name: string, log: string[]) {
  let finish: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const run = () =>
    new Promise<void>((resolve, reject) => {
      log.push(name);
      finish = resolve;
      fail = reject;
    });
  return { run, finish: () => finish(), fail: (error: Error) => fail(error) };
}

describe('whenIdle', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for an idle moment with a time limit, and cancels it', () => {
    const cancelIdleCallback = vi.fn();
    const requestIdleCallback = vi.fn(() => 7);
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    vi.stubGlobal('cancelIdleCallback', cancelIdleCallback);
    const run = vi.fn();
    const cancel = whenIdle(run);
    expect(requestIdleCallback).toHaveBeenCalledWith(run, { timeout: 200 });
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
  });

  it('waits a frame where the browser has no requestIdleCallback', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    whenIdle(run);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(16);
    expect(run).toHaveBeenCalledOnce();
    const cancelled = vi.fn();
    whenIdle(cancelled)();
    vi.advanceTimersByTime(100);
    expect(cancelled).not.toHaveBeenCalled();
    vi.useRealTimers();
  });
});

describe('idleQueue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs one job at a time, in the order added, each at an idle moment', async () => {
    const queue = idleQueue();
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => job(name, log));
    for (const each of [a, b, c]) queue.add(each.run);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(16);
    expect(log).toEqual(['a']);
    // b waits for a to settle, however long that takes.
    await vi.advanceTimersByTimeAsync(1000);
    expect(log).toEqual(['a']);
    a.finish();
    await vi.advanceTimersByTimeAsync(16);
    expect(log).toEqual(['a', 'b']);
    b.finish();
    await vi.advanceTimersByTimeAsync(16);
    expect(log).toEqual(['a', 'b', 'c']);
    c.finish();
    // Idle again: a new job starts at the next idle moment.
    const d = job('d', log);
    queue.add(d.run);
    await vi.advanceTimersByTimeAsync(16);
    expect(log).toEqual(['a', 'b', 'c', 'd']);
  });

  it('never starts a job cancelled before its turn', async () => {
    const queue = idleQueue();
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => job(name, log));
    queue.add(a.run);
    const cancelB = queue.add(b.run);
    queue.add(c.run);
    await vi.advanceTimersByTimeAsync(16);
    cancelB();
    a.finish();
    await vi.advanceTimersByTimeAsync(100);
    expect(log).toEqual(['a', 'c']);
  });

  it('goes on after a job that fails, and reports the failure', async () => {
    const report = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const queue = idleQueue();
    const log: string[] = [];
    const [a, b] = ['a', 'b'].map((name) => job(name, log));
    queue.add(a.run);
    queue.add(b.run);
    await vi.advanceTimersByTimeAsync(16);
    const error = new Error('no picture');
    a.fail(error);
    await vi.advanceTimersByTimeAsync(16);
    expect(log).toEqual(['a', 'b']);
    expect(report).toHaveBeenCalledWith(error);
  });

  it('keeps separate queues apart', async () => {
    const log: string[] = [];
    const [a, b] = ['a', 'b'].map((name) => job(name, log));
    idleQueue().add(a.run);
    idleQueue().add(b.run);
    await vi.advanceTimersByTimeAsync(16);
    expect(log).toEqual(['a', 'b']);
  });
});
