// Work that can wait for the browser to be idle, so it never holds up a frame: one job
// (whenIdle), or a queue of them done one at a time (idleQueue), such as drawing the pictures of a
// long list without stalling its scrolling.

/** The longest a job waits for an idle moment when the browser is never idle. */
const IDLE_TIMEOUT_MS = 200;

/**
 * Runs `run` at the browser's next idle moment (within IDLE_TIMEOUT_MS at the latest; a frame
 * later where the browser has no requestIdleCallback); returns its cancel.
 */
export function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 16);
  return () => clearTimeout(handle);
}

/** Asynchronous jobs taking turns: one at a time, each at an idle moment. */
export interface IdleQueue {
  /**
   * Queues `job` after those added before it; it starts at the first idle moment once they have
   * settled. Returns its cancel: a job cancelled before its turn never starts (one already started
   * runs on, and should check for itself whether it is still wanted).
   */
  add(job: () => Promise<void>): () => void;
}

export function idleQueue(): IdleQueue {
  const waiting: (() => Promise<void>)[] = [];
  let busy = false;

  const next = () => {
    const job = waiting.shift();
    busy = job !== undefined;
    if (!job) return;
    whenIdle(() => {
      // A job that fails is reported, and the ones after it still get their turn.
      job().then(next, (error: unknown) => {
        console.error(error);
        next();
      });
    });
  };

  return {
    add(job) {
      waiting.push(job);
      if (!busy) next();
      return () => {
        const index = waiting.indexOf(job);
        if (index >= 0) waiting.splice(index, 1);
      };
    },
  };
}
