// Reports of a printed code's short link, as a visitor sends one from the contact page (the link's
// page links there with `?report=<id>`). A report is an enquiry: it goes through the device's
// enquiry outbox like any other (kept until it is delivered, offline or not), to the company's
// form inbox as before and, as one more endpoint, to REPORTS_API_PATH, the `reports` function
// (functions/src/reports-api.ts), which keeps it for the desk to act on. That function answers as a
// form service does (the outbox reads it so: lib/outbox/outbox.ts): 200 `{ok: true}`, or a
// refusal `{error}` with a 4xx, 429 (too many from one address: tried again later).
//
// Anyone may report, signed in or not, so what is kept is bounded: a few reports a minute from one
// address, at most REPORTS_PER_LINK_MAX waiting on one link (more are accepted and reach the inbox,
// but the desk has the link already), only of a link that exists, and nothing about the visitor but
// what they typed (the name and address for an answer, which the form asks for).
import { LINK_ID } from './qr/short-link';

export const REPORTS_API_PATH = '/api/reports';

/** The form field that names the reported link's id, beside the enquiry's own fields. */
export const REPORT_LINK_FIELD = 'reportedLink';

/** The most reports of one link kept waiting for the desk. */
export const REPORTS_PER_LINK_MAX = 20;

/**
 * Reports one address may send a minute (its allowance refills at that pace): more than an office
 * or a family behind one address sends, few enough that one address cannot fill the store.
 */
export const REPORTS_PER_CLIENT_PER_MINUTE = 6;

/** Whether `id` can be a short link's id. */
export const isLinkId = (id: string) => LINK_ID.test(id);
