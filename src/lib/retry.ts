// One way to try again later. `doubling(first, last)` is a backoff schedule: a function from the
// previous wait (0: none yet) to the next one, `first` then doubling up to `last`.
// `DELIVERY_BACKOFF` is the schedule of work the page delivers to a service in the background
// (the two outboxes, the short links). `new RetryTimer(schedule)` keeps one pending try:
// `later(task)` runs `task` after the schedule's next wait (replacing a try already pending),
// `succeeded()` cancels it and starts the schedule again from its first wait, `cancel()` drops
// the pending try but keeps the wait it reached, `now()` runs the pending try at once (the
// connection came back: no reason to sit out the wait) and says whether there was one. Its
// `pending` and `wait` say where it stands. `onOnline(listener)` calls `listener` whenever the
// browser says it is back online, and gives what stops that. Nothing here reads a clock: the
// timers are the platform's, so fake timers drive it in tests.

/** A backoff schedule: the wait in ms after `previous` (0: the first try has not waited yet). */
export type Backoff = (previous: number) => number;

/** `first` ms, then twice the previous wait, never more than `last` ms. */
export const doubling =
  (first: number, last: number): Backoff =>
  (previous) =>
    Math.min(last, previous > 0 ? previous * 2 : first);

/**
 * Background delivery to a service (enquiries, emailed codes, short links): half a minute first,
 * as the usual cause is a service's brief trouble or a connection the browser wrongly calls
 * online, and nobody is waiting on the screen (the item is kept and the page says so); doubling
 * to ten minutes, so a service that is down for long is not hammered by every open tab, while a
 * page left open still delivers within ten minutes of it coming back. The 'online' event and the
 * tab being shown again try at once whatever the wait.
 */
export const DELIVERY_BACKOFF: Backoff = doubling(30_000, 10 * 60_000);

/** One pending try at a time, waiting longer at each try until it succeeds. */
export class RetryTimer {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private task: (() => void) | null = null;
  private waited = 0;

  constructor(private readonly schedule: Backoff) {}

  /** The wait of the latest try scheduled (0: none since the last success). */
  get wait(): number {
    return this.waited;
  }

  /** Whether a try is scheduled. */
  get pending(): boolean {
    return this.timer !== null;
  }

  /** Runs `task` after the next wait of the schedule, in place of any try already pending. */
  later(task: () => void): void {
    this.cancel();
    this.waited = this.schedule(this.waited);
    this.task = task;
    this.timer = setTimeout(() => this.now(), this.waited);
  }

  /** Runs the pending try at once; false when there was none. */
  now(): boolean {
    const task = this.task;
    this.cancel();
    task?.();
    return task !== null;
  }

  /** Drops the pending try; the next one waits longer than the last still. */
  cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.task = null;
  }

  /** It worked: nothing pending, and the next trouble waits the schedule's first wait again. */
  succeeded(): void {
    this.cancel();
    this.waited = 0;
  }
}

/** Calls `listener` whenever the browser is back online (never where there is no window). */
export function onOnline(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  window.addEventListener('online', listener);
  return () => window.removeEventListener('online', listener);
}
