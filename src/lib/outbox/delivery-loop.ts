// Delivers an outbox from the page: at start, whenever the connection comes back, when the tab is
// shown again, and, while something is still waiting, on the background-delivery backoff
// (retry.ts: a service in trouble, or a connection the browser calls online that is not). Both
// outboxes (the enquiries' and the emailed codes') are delivered so; the service worker delivers
// the enquiries by Background Sync besides (delivery.ts).
import { DELIVERY_BACKOFF, onOnline, RetryTimer } from '../retry';

export interface DeliveryLoop {
  /** Sends what waits, if online; one run at a time; tries again later while something waits. */
  deliverNow(): Promise<void>;
  /** Delivers from now on while the page is open (once; later calls do nothing). */
  start(): void;
  /**
   * For an entry whose first send failed and that is kept: try again on the backoff (the
   * 'online' event alone never comes when the browser thinks it is online already).
   */
  deliverSoon(): void;
}

/** The loop around `flush`, which sends what waits and resolves to whether nothing is left. */
export function deliveryLoop(flush: () => Promise<boolean>): DeliveryLoop {
  const retry = new RetryTimer(DELIVERY_BACKOFF);
  let started = false;
  let running: Promise<void> | undefined;

  const retryLater = () => retry.later(() => void deliverNow());

  function deliverNow(): Promise<void> {
    if (!navigator.onLine) return Promise.resolve();
    running ??= flush()
      .then((empty) => (empty ? retry.succeeded() : retryLater()))
      // The outbox could not be read or written at all (storage failing): try again later rather
      // than wait for the next page (an unreadable entry never gets here: it is set aside).
      .catch(retryLater)
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  function start() {
    if (started) return;
    started = true;
    void deliverNow();
    onOnline(() => void deliverNow());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void deliverNow();
    });
  }

  return {
    deliverNow,
    start,
    deliverSoon() {
      start();
      retryLater();
    },
  };
}
