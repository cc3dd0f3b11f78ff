// Delivers the enquiry outbox from the page (delivery-loop.ts: at start, when the connection comes
// back, when the tab is shown again, and on the backoff while something waits). Where the browser
// has Background Sync, the service worker is asked too, so a queued enquiry is sent even after
// its tab was closed.
import { deliveryLoop } from './delivery-loop';
import { flushOutbox, OUTBOX_SYNC_TAG } from './outbox';
import { setOutboxWaiting } from './waiting-flag';

interface SyncRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

// Once nothing queued is left, the "waiting" flag goes, still under the outbox's lock.
const loop = deliveryLoop(() => flushOutbox(() => setOutboxWaiting(false)));

/** Whether the service worker can deliver with no page open. */
export const hasBackgroundSync = () => 'SyncManager' in window;

/**
 * For an enquiry whose first send failed and that is kept: try again on the backing-off timer
 * (the 'online' event alone never comes when the browser thinks it is online already).
 */
export const deliverSoon = () => loop.deliverSoon();

/** Sends what is queued, if online; one run at a time. */
export const deliverNow = () => loop.deliverNow();

export const startOutboxDelivery = () => loop.start();

/**
 * For an enquiry just stored, before its first send: remember that something waits and ask the
 * service worker to deliver it, so that it still goes if the tab is closed mid-send.
 */
export async function deliverLaterIfNeeded() {
  setOutboxWaiting(true);
  loop.start();
  try {
    const registration = (await navigator.serviceWorker?.getRegistration()) as
      SyncRegistration | undefined;
    await registration?.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No Background Sync (or no permission): the page delivers when it next can.
  }
}
