// A long job on the page's thread (hashing a video, drawing a sheet of codes) pauses between its
// steps so that the page keeps drawing and answering taps.

/** Lets the browser draw and handle input before the next step. */
export function pause(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
