// An account's mail counters, kept by the server alone and read by nobody else (no rule matches
// them): mail/{uid}, the code emails of the current hour, the latest requests' ids and the keys of
// today's addresses (functions/src/mail-api.ts), and under it mail/{uid}/limits/orders, the
// account's new orders this hour, counted by the same rule (orders.ts). Both are the shape
// mail.ts MailCounter describes, and go with the account.
import { mailCounterFrom, type MailCounter } from '../mail';

export const MAIL = 'mail';

export const mailCounterPath = (uid: string) => `${MAIL}/${uid}`;

export const orderCounterPath = (uid: string) => `${mailCounterPath(uid)}/limits/orders`;

/** A counter as its document `data` holds it; null when there is none, or nothing usable. */
export const readMailCounter = (data: unknown): MailCounter | null => mailCounterFrom(data);
