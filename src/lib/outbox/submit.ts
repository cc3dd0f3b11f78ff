// The send sequence of one enquiry, as the contact form starts it: store it in the outbox first
// (so nothing is lost if the tab closes mid-send), ask for delivery later in case, post it, and
// say how that ended. Where IndexedDB cannot be used it is posted without a safety copy. The form
// only turns the outcome into words (src/features/contact/send-words.ts).
import type { OutboxEntry } from '../../domain/outbox';
import { deliverLaterIfNeeded, deliverNow, deliverSoon } from './delivery';
import { sendUnstored, storeAndSend, type Sent } from './outbox';

/**
 * How a submit ended: the first send's result (see Sent), marked `unstored` where there is no
 * outbox (IndexedDB blocked or full): then nothing was kept, and unless it was sent the form
 * still holds the only copy.
 */
export type Submitted = Sent & { readonly unstored?: true };

export interface SubmitOptions {
  /** Where the enquiry goes. */
  readonly endpoints: readonly string[];
  /** An enquiry taken back from the outbox to be edited: its id, and where it is still pending. */
  readonly resend?: Pick<OutboxEntry, 'id' | 'pending'> | null;
  /** Called once the enquiry is in the outbox, before it is posted (which waits for it), with its id. */
  readonly onStored?: (id: string) => void | Promise<void>;
}

export async function submitEnquiry(
  fields: OutboxEntry['fields'],
  { endpoints, resend, onStored }: SubmitOptions,
): Promise<Submitted> {
  // An edited enquiry goes only where it was not delivered, under its own id.
  const outcome = await storeAndSend(fields, resend?.pending ?? endpoints, {
    id: resend?.id,
    stored: async (entry) => {
      await onStored?.(entry.id);
      await deliverLaterIfNeeded();
    },
  }).catch((): Sent => ({ result: 'queued' }));
  if (outcome === null) {
    // No IndexedDB here (blocked or full): send it as it is.
    const sent = await sendUnstored(fields, endpoints).catch((): Sent => ({ result: 'queued' }));
    return { ...sent, unstored: true };
  }
  if (outcome.result === 'sent') {
    void deliverNow(); // sends anything older still waiting, and clears the waiting flag
  } else if (outcome.result === 'queued' || outcome.result === 'trouble') {
    // Kept in the outbox: retried on a backing-off timer (and when the connection returns).
    deliverSoon();
    keepStorage();
  }
  return outcome;
}

/**
 * Asks the browser not to clear the site's storage under pressure while an enquiry waits in it.
 * Chromium grants or refuses silently (granted for an installed app or a bookmarked site);
 * Firefox may ask the person. Either way the enquiry is kept as long as the browser keeps it.
 */
function keepStorage() {
  void navigator.storage?.persist?.().catch(() => false);
}
