// Delivers the outbox from the page: at start, whenever the connection comes back, and when the
// tab is shown again. Where the browser has Background Sync, the service worker is asked too,
// so a queued enquiry is sent even after its tab was closed.
import { flushOutbox, OUTBOX_SYNC_TAG } from './outbox';
import { setOutboxWaiting } from './waiting-flag';

interface SyncRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

let started = false;
let running: Promise<void> | undefined;

/** Sends what is queued, if online; one run at a time. */
export function deliverNow(): Promise<void> {
  if (!navigator.onLine) return Promise.resolve();
  running ??= flushOutbox()
    .then((empty) => {
      if (empty) setOutboxWaiting(false);
    })
    .catch(() => undefined)
    .finally(() => {
      running = undefined;
    });
  return running;
}

export function startOutboxDelivery() {
  if (started) return;
  started = true;
  void deliverNow();
  window.addEventListener('online', () => void deliverNow());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void deliverNow();
  });
}

/** Remembers that something waits, and asks the service worker to send it when it can. */
export async function scheduleDelivery() {
  setOutboxWaiting(true);
  startOutboxDelivery();
  try {
    const registration = (await navigator.serviceWorker?.getRegistration()) as
      SyncRegistration | undefined;
    await registration?.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No Background Sync (or no permission): the page delivers when it next can.
  }
}
