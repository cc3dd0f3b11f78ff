// Emailing a saved code from the site: what the page and the Cloud Function `mail`
// (functions/src/mail-api.ts) agree on.
//
//   POST /api/mail/code  CodeMail as JSON, with `Authorization: Bearer <Firebase ID token>`
//
// The request names a code the account has saved and one address, nothing more. The server reads
// the code (the caller's own: any other is "not found"), draws its PNG, SVG and PDF itself from the
// saved design (functions/src/code-files.ts, with the page's own drawing code) and sends them with
// the code's name and where it leads. A message that leaves from the company's own mail server is
// kept from being a way to send spam or phishing: nothing of the request but the address reaches
// it (a request that brings files, a name or a link is refused), and only signed-in accounts with a
// verified email address may send, at most MAIL_PER_HOUR an hour, to at most
// MAIL_RECIPIENTS_PER_DAY different addresses a day.
import * as v from 'valibot';
import { describeApi, requestBody, savedCodeId, workspaceField, type AnswerOf } from './api';
import { checkField, emailField } from './form';

export const MAIL_API_PATH = '/api/mail';
export const MAIL_CODE_PATH = `${MAIL_API_PATH}/code`;

/** Emails one account may send in a clock hour. */
export const MAIL_PER_HOUR = 5;

/**
 * Different addresses one account may email in a day (UTC). A business sends its codes to
 * itself, its designer, its printer and a few colleagues: a handful of addresses. Twenty leaves
 * room for that, and makes the company's mail worthless to anyone who wants to reach many people:
 * the hourly limit alone lets an account reach 120 (5 × 24) new addresses a day. Emailing an
 * address already emailed that day takes no place.
 */
export const MAIL_RECIPIENTS_PER_DAY = 20;

/** The longest code name, as the content form allows it. */
export const MAIL_NAME_MAX = 100;

/**
 * The largest request: three short strings (a request id of at most 64 characters, an address of
 * at most 254, a code's id), with room to spare.
 */
export const MAIL_BODY_MAX = 2_048;

/**
 * What the page sends: `code` is the id of a code the account has saved (users/{uid}/codes/{code}).
 * `id` names the request: the page's outbox may send it twice (the answer was lost), and the
 * server emails it once.
 */
export interface CodeMail {
  readonly id: string;
  readonly to: string;
  readonly code: string;
}

/** The fields of a request, and the only ones: the server refuses a request with any other. */
export const CODE_MAIL_FIELDS = ['id', 'to', 'code'] as const satisfies readonly (keyof CodeMail)[];

export const mailMessages = {
  signedOut: 'Sign in again to email codes.',
  unverified:
    'Emailing codes needs a verified email address. Open the link in the email we sent you, then try again.',
  outdated:
    'This page is out of date and asked for the email the old way. Reload the page, then email the code again.',
  bodyTooLarge: `The request is too large (at most ${MAIL_BODY_MAX} bytes): it names a saved code and one address.`,
  noCode:
    'This code is not in your account any more (it may have been deleted). Save it again, then email it.',
  undrawable:
    'This code cannot be drawn as it is saved. Open it in My QR Codes, check its content and design, and save it again.',
  notReady:
    "This code's short link is not made yet. Try again in a minute: the page sends it by itself.",
  blockedLink:
    'This code leads to an address on our list of harmful or abused sites, so we do not email it. If you think that is a mistake, contact us.',
  unavailable: 'The email could not be sent just now. Please try again in a few minutes.',
  notConfigured: 'Email is not set up on this site yet. Download the code instead.',
} as const;

/** Request ids as the page makes them (random UUIDs), with room to spare. */
const REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;
const REQUEST_ID_MESSAGE = '"id" names the request: 8 to 64 letters, digits, - or _.';

/**
 * The mail API: its problems, their statuses, and whether the page's outbox sends again by itself.
 * The function answers from it (functions/src/mail-api.ts) and the page checks each answer
 * against it (features/qr/mail/mail-outbox.ts).
 */
export const mailApi = describeApi({
  path: MAIL_API_PATH,
  requests: {
    /**
     * POST /api/mail/code. Files, a name or a link come from the saved code alone: a request that
     * brings its own is refused (the page sends none; an out-of-date page is told to reload). The
     * address is checked by the server beside it (checkRecipient), as its own problem,
     * 'bad-recipient', which the page shows at the address.
     */
    code: requestBody(
      {
        id: v.pipe(v.string(REQUEST_ID_MESSAGE), v.regex(REQUEST_ID, REQUEST_ID_MESSAGE)),
        to: v.optional(v.unknown()),
        code: savedCodeId('"code" is the id of a code saved in your account.'),
        // The workspace whose code it is (absent: the caller's own account).
        workspace: workspaceField,
      } satisfies Record<(typeof CODE_MAIL_FIELDS)[number] | 'workspace', v.GenericSchema>,
      'Send {"id", "to", "code"} as JSON: the request\'s id, the address and the saved code\'s id.',
      mailMessages.outdated,
    ),
  },
  problems: {
    'bad-request': { status: 400, retry: false },
    'bad-recipient': { status: 400, retry: false },
    unauthenticated: { status: 401, retry: false },
    unverified: { status: 403, retry: false },
    /** The caller may not see the workspace's codes (no longer a member, or never one). */
    'not-allowed': { status: 403, retry: false },
    // Another account's code, or none: the same answer, so ids cannot be probed.
    'no-code': { status: 404, retry: false },
    'too-large': { status: 413, retry: false },
    'blocked-link': { status: 422, retry: false },
    undrawable: { status: 422, retry: false },
    // This hour's emails, or today's addresses, are used up: sending again soon is refused too.
    'too-many': { status: 429, retry: false },
    'too-many-recipients': { status: 429, retry: false },
    // A dynamic code whose short link the server has not made yet: worth trying again soon.
    'not-ready': { status: 503, retry: true },
    unavailable: { status: 503, retry: true },
  },
  ok: {
    to: v.string(),
    /** The same request had been sent already: nothing was sent again. */
    repeat: v.optional(v.boolean()),
  },
  refusal: {
    /** 'too-many', 'too-many-recipients': when the account may send again (ISO time). */
    retryAt: v.optional(v.string()),
  },
});

export type MailAnswer = AnswerOf<typeof mailApi>;

/** "14:00" in `timeZone` (default: the device's), with " UTC" when that is the zone. */
function clockTime(at: Date, timeZone?: string): string {
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(at);
  return timeZone === 'UTC' ? `${time} UTC` : time;
}

/** "You can email 5 codes an hour; try again after 14:00." in `timeZone` (default: the device's). */
export function hourlyLimitMessage(retryAt: Date, timeZone?: string): string {
  return `You can email ${MAIL_PER_HOUR} codes an hour; try again after ${clockTime(retryAt, timeZone)}.`;
}

/** The daily limit of different addresses reached, and when it ends, in `timeZone`. */
export function recipientLimitMessage(retryAt: Date, timeZone?: string): string {
  return `You can email codes to ${MAIL_RECIPIENTS_PER_DAY} different addresses a day, and have today. Send it to an address you have emailed today, or to this one after ${clockTime(retryAt, timeZone)}.`;
}

// ---------------------------------------------------------------------------------------------
// The limits: one counter per account, kept by the server (mail/{uid}).

/**
 * An account's emails of the current hour, the requests lately sent (to spot a repeat), and the
 * addresses emailed today.
 */
export interface MailCounter {
  /** The clock hour counted, in UTC: '2026-11-25T14'. */
  readonly hour: string;
  readonly count: number;
  /** The ids of the latest requests sent (at most RECENT_IDS). */
  readonly sent: readonly string[];
  /** The day (UTC) whose addresses `recipients` holds: '2026-11-25'. */
  readonly day?: string;
  /** The addresses emailed that day, as the server's keys of them (never the addresses). */
  readonly recipients?: readonly string[];
}

const RECENT_IDS = 20;

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** A counter as Firestore gives it back, read defensively (null: none, or nothing usable). */
export function mailCounterFrom(data: unknown): MailCounter | null {
  if (typeof data !== 'object' || data === null) return null;
  const { hour, count, sent, day, recipients } = data as Record<string, unknown>;
  if (typeof hour !== 'string' || typeof count !== 'number') return null;
  return {
    hour,
    count,
    sent: strings(sent),
    ...(typeof day === 'string' ? { day, recipients: strings(recipients) } : {}),
  };
}

/** The UTC clock hour of `at` ('YYYY-MM-DDTHH'): the limit counts by the hour on the clock. */
export const mailHour = (at: Date): string => at.toISOString().slice(0, 13);

/** The start of the clock hour after `at`: when an account at its limit may send again. */
export const nextHour = (at: Date): Date =>
  new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000 + 3_600_000);

/** The UTC day of `at` ('YYYY-MM-DD'): the addresses are counted by the day. */
export const mailDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The start of the UTC day after `at`: when an account at its daily limit has new places. */
export const nextDay = (at: Date): Date =>
  new Date(Math.floor(at.getTime() / 86_400_000) * 86_400_000 + 86_400_000);

export type MailPlan =
  | {
      readonly kind: 'send';
      readonly counter: MailCounter;
      /** The address took a new place of the day's (it had not been emailed today). */
      readonly newRecipient: boolean;
    }
  | { readonly kind: 'repeat' }
  | {
      readonly kind: 'refuse';
      readonly retryAt: Date;
      /** Which limit: the hour's emails, or the day's different addresses. */
      readonly limit: 'hour' | 'recipients';
    };

/**
 * Whether request `id` may be sent at `now`, given the account's counter (null: none yet).
 * `recipient` is the server's key of the address: without one only the hour is counted.
 */
export function planMail(
  counter: MailCounter | null,
  id: string,
  now: Date,
  recipient?: string,
): MailPlan {
  if (counter?.sent.includes(id)) return { kind: 'repeat' };
  const day = mailDay(now);
  const today = counter?.day === day ? (counter.recipients ?? []) : [];
  const newRecipient = recipient !== undefined && !today.includes(recipient);
  // The day's limit first: it lasts longer than the hour's, so that is the time worth telling.
  if (newRecipient && today.length >= MAIL_RECIPIENTS_PER_DAY) {
    return { kind: 'refuse', retryAt: nextDay(now), limit: 'recipients' };
  }
  const hour = mailHour(now);
  const count = counter?.hour === hour ? counter.count : 0;
  if (count >= MAIL_PER_HOUR) return { kind: 'refuse', retryAt: nextHour(now), limit: 'hour' };
  const sent = [...(counter?.sent ?? []), id].slice(-RECENT_IDS);
  const recipients =
    recipient === undefined
      ? {}
      : { day, recipients: newRecipient ? [...today, recipient] : today };
  return { kind: 'send', counter: { hour, count: count + 1, sent, ...recipients }, newRecipient };
}

/**
 * The counter once request `id` could not be sent after all: it no longer counts (in the hour it
 * was counted in) and may be sent again; `recipient`, when the request took a new place of the
 * day's for it, gives that place back.
 */
export function releaseMail(
  counter: MailCounter,
  id: string,
  hour: string,
  recipient: string | null = null,
): MailCounter {
  return {
    ...counter,
    count: counter.hour === hour ? Math.max(0, counter.count - 1) : counter.count,
    sent: counter.sent.filter((sent) => sent !== id),
    ...(recipient !== null && counter.recipients
      ? { recipients: counter.recipients.filter((key) => key !== recipient) }
      : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Checks of a request's parts

export type Checked<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

/** One well-formed address, normalised as the form normalises it; the form's own message if not. */
export function checkRecipient(to: unknown): Checked<string> {
  if (typeof to !== 'string') return { ok: false, message: emailField.requiredMessage };
  // A list ("a@x.co, b@y.co") or a header trick ("a@x.co\r\nBcc: …") is never one address.
  if (/[,;\s]/.test(to.trim())) {
    return { ok: false, message: 'Please enter one email address.' };
  }
  const checked = checkField(emailField, to);
  return checked.ok ? { ok: true, value: checked.value } : checked;
}

// Control characters would garble the subject and the file names where the name is shown.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** The code's name as a message may show it: control characters out, spaces squeezed. */
export const mailName = (name: string): string =>
  name.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim().slice(0, MAIL_NAME_MAX);
