// What the contact form says about sending, each thing once: one wording for each way a send can
// end (SendResult, the outbox's own vocabulary), the line for a waiting enquiry delivered later,
// and what it says offline or where nothing can be saved on this device.
import { enquiryMessages } from '../../domain/enquiry';
import type { SendResult } from '../../domain/outbox';
import { hasBackgroundSync } from '../../lib/outbox/delivery';
import type { Submitted } from '../../lib/outbox/submit';

export type Status =
  { kind: 'idle' | 'sending' } | { kind: 'sent' | 'queued' | 'error'; message: string };

/** For an enquiry of this tab's that waited and has now been delivered. */
export const DELIVERED = 'Thanks! Your saved message has been sent.';

/** Over the Send button while the browser has no connection. */
export const offlineLine = (canSave: boolean) =>
  canSave
    ? 'You are offline. Your message will be saved on this device and sent when you are back online.'
    : 'You are offline. Your message can be sent once you are back online.';

// Where IndexedDB cannot be used (site data blocked in the browser's settings, or storage full)
// nothing can wait for a connection, and the form says so rather than promise it.
export const CANNOT_SAVE =
  'Your message cannot be saved on this device to be sent later (this browser blocks site data, ' +
  'or its storage is full), so it can only be sent while you are online.';

const UNSTORED_FAILED =
  'Your message could not be sent, and it cannot be saved on this device to be sent later. ' +
  'It is still in the form: please try again once you are online.';

/** Each way a send can end, as the form says it; `reason` is a refusal's, where it gave one. */
const words: Readonly<Record<SendResult, (reason: string | null) => Status>> = {
  sent: () => ({ kind: 'sent', message: enquiryMessages.sent }),
  queued: () => ({
    kind: 'queued',
    message:
      'Your message could not be sent right now, so it is saved on this device. It will be sent ' +
      (hasBackgroundSync()
        ? 'automatically when the connection is back, even if you close this page.'
        : 'automatically when the connection is back, while this site is open or the next time you visit.'),
  }),
  // The service failed (5xx, 429, 408) before anyone had the enquiry: honest about who failed.
  trouble: () => ({
    kind: 'queued',
    message:
      'The form service did not answer properly just now, so your message is saved on this device. ' +
      'It will be sent automatically: we keep trying while this site is open, and the next time you visit.',
  }),
  failed: () => ({
    kind: 'error',
    message:
      'Oops, something went wrong: your message was not accepted. It is saved below: check it, then send it again.',
  }),
  // Nobody has it and sending it again as it is would not help: the service's reason, if given.
  refused: (reason) => ({
    kind: 'error',
    message: reason
      ? `${enquiryMessages.failed} The form service did not accept it: ${reason.replace(/\.?$/, '.')}`
      : enquiryMessages.failed,
  }),
};

/**
 * What the form says once a send ended, and whether the enquiry has left the form (`left`: sent,
 * or kept on this device to be sent; the form is cleared) or the form holds the only copy
 * (refused, or not sent with nothing to keep it).
 */
export function afterSubmit(outcome: Submitted): { status: Status; left: boolean } {
  if (outcome.unstored && outcome.result !== 'sent') {
    return { status: { kind: 'error', message: UNSTORED_FAILED }, left: false };
  }
  const reason = outcome.result === 'refused' ? outcome.reason : null;
  return { status: words[outcome.result](reason), left: outcome.result !== 'refused' };
}
