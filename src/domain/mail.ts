// Emailing a finished code from the site: what the page and the Cloud Function `mail`
// (functions/src/mail-api.ts) agree on.
//
//   POST /api/mail/code  CodeMail as JSON, with `Authorization: Bearer <Firebase ID token>`
//
// The server sends the code to one address, with its PNG, SVG and PDF attached: a message that
// leaves from the company's own mail server, so it is kept from being a way to send spam. Only
// signed-in accounts with a verified email address may send, at most MAIL_PER_HOUR an hour, and
// the message carries nothing the person typed but the code's name (see the server's message).
import { checkField, emailField } from './form';
import { sniffType } from './qr/file-signatures';

export const MAIL_API_PATH = '/api/mail';
export const MAIL_CODE_PATH = `${MAIL_API_PATH}/code`;

/** Emails one account may send in a clock hour. */
export const MAIL_PER_HOUR = 5;

/**
 * The largest attachments accepted, in bytes. A plain website code measured 450 KB as its 1024 px
 * PNG, 28 KB as SVG and 9 KB as PDF; a logo adds its own weight to each.
 */
export const MAIL_FILE_MAX = { png: 1_500_000, svg: 1_500_000, pdf: 2_000_000 } as const;

/** The longest code name, as the content form allows it. */
export const MAIL_NAME_MAX = 100;

/**
 * The largest request: the PNG and PDF in base64 (4 bytes for 3), the SVG as a JSON string (its
 * quotes escaped: a quarter more, with room to spare), and a little for the rest.
 */
export const MAIL_BODY_MAX =
  Math.ceil((MAIL_FILE_MAX.png + MAIL_FILE_MAX.pdf) / 3) * 4 +
  Math.ceil(MAIL_FILE_MAX.svg * 1.25) +
  16_384;

/**
 * What the page sends. `png` and `pdf` are base64; `svg` is the file's text. `id` names the
 * request: the page's outbox may send it twice (the answer was lost), and the server emails it
 * once. `link`: the web address the code opens, or its short link, when it is one.
 */
export interface CodeMail {
  readonly id: string;
  readonly to: string;
  readonly name: string;
  readonly link?: string;
  readonly png: string;
  readonly svg: string;
  readonly pdf: string;
}

/** The three files, as the server checks and attaches them. */
export interface CodeMailFiles {
  readonly png: Uint8Array;
  readonly svg: string;
  readonly pdf: Uint8Array;
}

export type MailProblem =
  | 'unauthenticated'
  | 'unverified'
  | 'bad-request'
  | 'bad-recipient'
  | 'bad-file'
  | 'blocked-link'
  | 'too-large'
  | 'too-many'
  | 'unavailable';

export type MailAnswer =
  | {
      readonly ok: true;
      readonly to: string;
      /** The same request had been sent already: nothing was sent again. */
      readonly repeat?: boolean;
    }
  | {
      readonly ok: false;
      readonly problem: MailProblem;
      readonly message: string;
      /** 'too-many': when the account may send again (ISO time). */
      readonly retryAt?: string;
    };

export const mailProblemStatus: Record<MailProblem, number> = {
  'bad-request': 400,
  'bad-recipient': 400,
  'bad-file': 400,
  unauthenticated: 401,
  unverified: 403,
  'too-large': 413,
  'blocked-link': 422,
  'too-many': 429,
  unavailable: 503,
};

const megabytes = (bytes: number) =>
  `${(bytes / 1_000_000).toLocaleString('en-GB', { maximumFractionDigits: 1 })} MB`;

export const mailMessages = {
  signedOut: 'Sign in again to email codes.',
  unverified:
    'Emailing codes needs a verified email address. Open the link in the email we sent you, then try again.',
  tooLarge: (file: keyof typeof MAIL_FILE_MAX) =>
    `The ${file.toUpperCase()} file is too large to email (at most ${megabytes(MAIL_FILE_MAX[file])}). Choose a smaller logo, or download the code instead.`,
  bodyTooLarge: `The code's files are too large to email (at most ${megabytes(MAIL_BODY_MAX)} in all). Choose a smaller logo, or download the code instead.`,
  blockedLink:
    'This code leads to an address on our list of harmful or abused sites, so we do not email it. If you think that is a mistake, contact us.',
  unavailable: 'The email could not be sent just now. Please try again in a few minutes.',
  notConfigured: 'Email is not set up on this site yet. Download the code instead.',
} as const;

/** "You can email 5 codes an hour; try again after 14:00." in `timeZone` (default: the device's). */
export function hourlyLimitMessage(retryAt: Date, timeZone?: string): string {
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(retryAt);
  const zone = timeZone === 'UTC' ? ' UTC' : '';
  return `You can email ${MAIL_PER_HOUR} codes an hour; try again after ${time}${zone}.`;
}

// ---------------------------------------------------------------------------------------------
// The hourly limit: one counter per account, kept by the server (mail/{uid}).

/** An account's emails of the current hour, and the requests lately sent (to spot a repeat). */
export interface MailCounter {
  /** The clock hour counted, in UTC: '2026-11-25T14'. */
  readonly hour: string;
  readonly count: number;
  /** The ids of the latest requests sent (at most RECENT_IDS). */
  readonly sent: readonly string[];
}

const RECENT_IDS = 20;

/** The UTC clock hour of `at` ('YYYY-MM-DDTHH'): the limit counts by the hour on the clock. */
export const mailHour = (at: Date): string => at.toISOString().slice(0, 13);

/** The start of the clock hour after `at`: when an account at its limit may send again. */
export const nextHour = (at: Date): Date =>
  new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000 + 3_600_000);

export type MailPlan =
  | { readonly kind: 'send'; readonly counter: MailCounter }
  | { readonly kind: 'repeat' }
  | { readonly kind: 'refuse'; readonly retryAt: Date };

/** Whether request `id` may be sent at `now`, given the account's counter (null: none yet). */
export function planMail(counter: MailCounter | null, id: string, now: Date): MailPlan {
  if (counter?.sent.includes(id)) return { kind: 'repeat' };
  const hour = mailHour(now);
  const count = counter?.hour === hour ? counter.count : 0;
  if (count >= MAIL_PER_HOUR) return { kind: 'refuse', retryAt: nextHour(now) };
  const sent = [...(counter?.sent ?? []), id].slice(-RECENT_IDS);
  return { kind: 'send', counter: { hour, count: count + 1, sent } };
}

/**
 * The counter once request `id` could not be sent after all: it no longer counts (in the hour it
 * was counted in) and may be sent again.
 */
export function releaseMail(counter: MailCounter, id: string, hour: string): MailCounter {
  return {
    hour: counter.hour,
    count: counter.hour === hour ? Math.max(0, counter.count - 1) : counter.count,
    sent: counter.sent.filter((sent) => sent !== id),
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

/** A leading byte-order mark and white space, which an SVG file may start with. */
const LEADING = /^[\ufeff\s]+/;
/** Script in SVG markup: a script element, an event handler attribute, a javascript: link. */
const SCRIPT = /<script[\s>/]|<[^>]*\son[a-z]+\s*=|(?:href|src)\s*=\s*["']?\s*javascript:/i;

/**
 * Why the three files are not what they say (null: they are): the PNG and PDF by their first
 * bytes, the SVG as SVG markup with no script in it (a mail app or a browser may open it).
 */
export function fileProblem({ png, svg, pdf }: CodeMailFiles): string | null {
  if (sniffType(png) !== 'image/png') return 'The PNG file is not a PNG picture.';
  if (sniffType(pdf) !== 'application/pdf') return 'The PDF file is not a PDF document.';
  const text = svg.replace(LEADING, '');
  if (!/^<(svg[\s>]|\?xml\s)/.test(text) || !/<svg[\s>]/.test(text)) {
    return 'The SVG file is not an SVG picture.';
  }
  if (SCRIPT.test(text)) {
    return 'The SVG file holds script, which a code never needs.';
  }
  return null;
}

/** Which attachment is over its limit, if one is. */
export function oversizedFile({ png, svg, pdf }: CodeMailFiles): keyof typeof MAIL_FILE_MAX | null {
  if (png.length > MAIL_FILE_MAX.png) return 'png';
  if (new TextEncoder().encode(svg).length > MAIL_FILE_MAX.svg) return 'svg';
  if (pdf.length > MAIL_FILE_MAX.pdf) return 'pdf';
  return null;
}

// Control characters would garble the subject and the file names where the name is shown.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** The code's name as a message may show it: control characters out, spaces squeezed. */
export const mailName = (name: string): string =>
  name.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim().slice(0, MAIL_NAME_MAX);
