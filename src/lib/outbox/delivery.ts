// Delivers the outbox from the page: at start, whenever the connection comes back, when the tab
// is shown again, and, while something is still waiting, on a backing-off timer (a service in
// trouble, or a connection the browser calls online that is not). Where the browser has
// Background Sync, the service worker is asked too, so a queued enquiry is sent even after its
// tab was closed.
import { flushOutbox, OUTBOX_SYNC_TAG } from './outbox';
import { setOutboxWaiting } from './waiting-flag';

interface SyncRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

const FIRST_RETRY_MS = 30_000;
const LAST_RETRY_MS = 10 * 60_000;

let started = false;
let running: Promise<void> | undefined;
let retryDelay = FIRST_RETRY_MS;
let retryTimer: number | undefined;

/** Whether the service worker can deliver with no page open. */
export const hasBackgroundSync = () => 'SyncManager' in window;

function retryLater() {
  window.clearTimeout(retryTimer);
  retryTimer = window.setTimeout(() => void deliverNow(), retryDelay);
  retryDelay = Math.min(retryDelay * 2, LAST_RETRY_MS);
}

/**
 * For an enquiry whose first send failed and that is kept: try again on the backing-off timer
 * (the 'online' event alone never comes when the browser thinks it is online already).
 */
export function deliverSoon() {
  startOutboxDelivery();
  retryLater();
}

/** Sends what is queued, if online; one run at a time. */
export function deliverNow(): Promise<void> {
  if (!navigator.onLine) return Promise.resolve();
  running ??= flushOutbox(() => setOutboxWaiting(false))
    .then((empty) => {
      if (empty) retryDelay = FIRST_RETRY_MS;
      else retryLater();
    })
    // The outbox could not be read or written at all (storage failing): try again later rather
    // than wait for the next page (an unreadable entry no longer gets here: it is set aside).
    .catch(retryLater)
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

/**
 * For an enquiry just stored, before its first send: remember that something waits and ask the
 * service worker to deliver it, so that it still goes if the tab is closed mid-send.
 */
export async function deliverLaterIfNeeded() {
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
