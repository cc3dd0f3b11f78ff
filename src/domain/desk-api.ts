// What the company's desk (src/features/desk) and the `desk` Cloud Function
// (functions/src/desk-api.ts) agree on. Every request is a POST of a JSON object to
// DESK_API_PATH/<request>, by a member of the company's staff (records/staff.ts: the claim, and
// their staff document, read at every request), and every change is written to the audit log in
// the transaction that makes it, with the reason typed.
//
//   orders    {query}                         the orders waiting for payment, oldest first; a
//                                             query finds by reference (any state) or customer
//   paid      {reference, amount, reason?, on?}
//                                             marks an order paid with the amount received
//                                             (refused if it differs, unless a reason is typed),
//                                             which runs the plan and emails the invoice
//   accounts  {query}                         accounts by email or name: plan, trial, codes, links
//   link      {id}                            a short link: destination, state, recent figures
//   switch    {id, on, reason}                switches a link off (its scans get the warning
//                                             page, 403) or on again; its owner is emailed
//   builds    {query}                         custom PC builds, newest first: those waiting for a
//                                             quote, or found by number or customer
//   quote     {build, lines, labour, validUntil, note?}
//                                             quotes a build waiting for one (or quotes it again
//                                             before it is accepted); the customer is emailed
//   photo     {build, sha256, size, name}     starts or resumes the upload of a photo of a build
//                                             (the hosted files' chunked upload, its chunks PUT
//                                             to photo/<build>/<sha256>?offset=<n>), hosted for
//                                             the build's customer
//   step      {build, step, note?, photos?}   moves a paid build on to a later step, or adds a
//                                             note and photos to the step it is at; the customer
//                                             is emailed
//   reply     {build, text}                   answers on a build's thread; the customer is emailed
//   reports   {}                              visitors' reports of short links waiting for staff,
//                                             newest first
//   close     {report, reason}                closes a report (the link looked at, switched off
//                                             or not), with the reason
//   audit     {}                              the latest entries of the audit log
import * as v from 'valibot';
import { describeApi, requestBody, type AnswerOf, type ProblemOf } from './api';
import { SHA256_HEX, uploadFileFields } from './qr/hosting';
import { sentOrder } from './billing';
import { RAND_AMOUNT_MESSAGE } from './money';
import { QUOTE_MESSAGES, quoteFields } from './build-quote';
import {
  BUILD_MESSAGES,
  buildIdField,
  MESSAGE_MAX,
  messageText,
  noteText,
  sentBuild,
  staffSteps,
  STEP_PHOTOS_MAX,
} from './pc-builds';
import { LINK_ID } from './qr/short-link';
import { auditActions, type AuditAction } from './records/staff';

export const DESK_API_PATH = '/api/desk';

/** The most characters of a reason kept with an action (one line of plain text). */
export const DESK_REASON_MAX = 500;

/** Figures of a link shown on the desk: the last days, today (South African time) included. */
export const DESK_RECENT_DAYS = 7;

/** The most results a search answers. */
export const DESK_RESULTS_MAX = 50;

/** The audit entries the desk shows. */
export const DESK_AUDIT_MAX = 50;

export const NOT_STAFF_MESSAGE = 'This is for the company’s staff only.';

/** Where a photo's upload starts, and where its chunk from byte `offset` goes (PUT). */
export const DESK_PHOTO_PATH = `${DESK_API_PATH}/photo`;
export const deskPhotoChunkPath = (build: string, sha256: string, offset: number) =>
  `${DESK_PHOTO_PATH}/${build}/${sha256}?offset=${offset}`;

const PHOTOS = `Add at most ${STEP_PHOTOS_MAX} photos to a step, each uploaded first.`;

const QUERY = 'Type at most 100 characters to search for.';
const query = v.pipe(v.string(QUERY), v.trim(), v.maxLength(100, QUERY));

// C0 and C1 controls: a reason is one line of plain text.
// eslint-disable-next-line no-control-regex
const CONTROL = /^[^\u0000-\u001f\u007f-\u009f]*$/;
const REASON = `Give the reason in one line of at most ${DESK_REASON_MAX} characters.`;
const reason = v.pipe(
  v.string(REASON),
  v.trim(),
  v.maxLength(DESK_REASON_MAX, REASON),
  v.regex(CONTROL, REASON),
);

const REFERENCE = 'Give the order’s payment reference, like KCW-7KQ2-M9XD.';
const LINK = 'Give the short link’s id: the part after /q/.';
const REPORT = 'Say which report: its id.';
const DAY = 'Give the day the payment arrived as YYYY-MM-DD.';

const ANSWER = `Write the answer in 1 to ${MESSAGE_MAX} characters.`;

const count = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const time = v.nullable(v.number());

/** An account as the desk lists it. */
const deskAccount = v.object({
  uid: v.string(),
  email: v.nullable(v.string()),
  name: v.nullable(v.string()),
  /** Its standing in words ("Monthly plan, paid until 5 January 2027."). */
  standing: v.string(),
  planId: v.nullable(v.string()),
  trialEndsAt: v.number(),
  paidUntil: time,
  codes: count,
  links: count,
  createdAt: time,
});

export type DeskAccount = v.InferOutput<typeof deskAccount>;

/** A short link as the desk shows it. */
const deskLink = v.object({
  id: v.string(),
  owner: v.string(),
  ownerEmail: v.nullable(v.string()),
  /** The saved code it belongs to. */
  code: v.nullable(v.string()),
  createdAt: time,
  /** Where it leads, in words (describeDestination); null: nowhere yet. */
  destination: v.nullable(v.string()),
  state: v.picklist(['active', 'switched-off', 'retired']),
  /** Who switched it off, when and why. */
  switchedOff: v.nullable(
    v.object({ by: v.nullable(v.string()), at: time, reason: v.nullable(v.string()) }),
  ),
  days: v.array(v.object({ day: v.string(), scans: count, unique: count })),
  allScans: count,
});

export type DeskLink = v.InferOutput<typeof deskLink>;

/** A visitor's report of a short link, as the desk lists it (records/reports.ts LinkReport). */
const deskReport = v.object({
  id: v.string(),
  link: v.string(),
  message: v.string(),
  name: v.nullable(v.string()),
  email: v.nullable(v.string()),
  at: v.number(),
  state: v.picklist(['open', 'closed']),
  closed: v.nullable(v.object({ by: v.string(), at: v.number(), reason: v.string() })),
});

export type DeskReport = v.InferOutput<typeof deskReport>;

const auditEntry = v.object({
  id: v.string(),
  action: v.picklist(Object.keys(auditActions) as AuditAction[]),
  by: v.string(),
  byEmail: v.nullable(v.string()),
  at: v.number(),
  target: v.string(),
  reason: v.nullable(v.string()),
  detail: v.nullable(v.string()),
});

export const deskApi = describeApi({
  path: DESK_API_PATH,
  requests: {
    orders: requestBody({ query }, QUERY),
    paid: requestBody(
      {
        reference: v.pipe(
          v.string(REFERENCE),
          v.trim(),
          v.toUpperCase(),
          v.maxLength(20, REFERENCE),
        ),
        amount: v.pipe(v.string(RAND_AMOUNT_MESSAGE), v.maxLength(30, RAND_AMOUNT_MESSAGE)),
        reason: v.optional(reason, ''),
        on: v.optional(v.pipe(v.string(DAY), v.regex(/^\d{4}-\d{2}-\d{2}$/, DAY))),
      },
      REFERENCE,
    ),
    accounts: requestBody({ query }, QUERY),
    link: requestBody({ id: v.pipe(v.string(LINK), v.trim(), v.regex(LINK_ID, LINK)) }, LINK),
    switch: requestBody(
      {
        id: v.pipe(v.string(LINK), v.trim(), v.regex(LINK_ID, LINK)),
        on: v.boolean('Say whether the link is switched on or off.'),
        reason: v.pipe(
          reason,
          v.minLength(1, 'Give the reason: it is kept, and told to the owner.'),
        ),
      },
      LINK,
    ),
    builds: requestBody({ query }, QUERY),
    quote: requestBody({ build: buildIdField, ...quoteFields }, QUOTE_MESSAGES.lines),
    step: requestBody(
      {
        build: buildIdField,
        step: v.picklist(staffSteps, BUILD_MESSAGES.step),
        note: v.optional(noteText(BUILD_MESSAGES.note), ''),
        photos: v.optional(
          v.pipe(
            v.array(v.pipe(v.string(PHOTOS), v.regex(SHA256_HEX, PHOTOS)), PHOTOS),
            v.maxLength(STEP_PHOTOS_MAX, PHOTOS),
          ),
          [],
        ),
      },
      BUILD_MESSAGES.step,
    ),
    photo: requestBody(
      { build: buildIdField, ...uploadFileFields },
      'Send {"build", "sha256", "size", "name"} as JSON.',
    ),
    reply: requestBody({ build: buildIdField, text: messageText(ANSWER) }, ANSWER),
    reports: requestBody({}, 'The reports take no options.'),
    close: requestBody(
      {
        report: v.pipe(v.string(REPORT), v.regex(/^[A-Za-z0-9_-]{8,64}$/, REPORT)),
        reason: v.pipe(reason, v.minLength(1, 'Give the reason the report is closed: it is kept.')),
      },
      REPORT,
    ),
    audit: requestBody({}, 'The audit log takes no options.'),
  },
  problems: {
    'bad-request': { status: 400, retry: false },
    unauthenticated: { status: 401, retry: false },
    /** The caller is not (or no longer) on the company's staff. */
    'not-staff': { status: 403, retry: false },
    'not-found': { status: 404, retry: false },
    /**
     * The order is paid or cancelled already; the build is past being quoted, or not at a step it
     * may be moved from.
     */
    conflict: { status: 409, retry: false },
    /** The build's thread is full. */
    'too-many': { status: 429, retry: false },
    // A photo's upload, refused as the hosted files' are (src/domain/qr/hosting.ts filesApi).
    quota: { status: 403, retry: false },
    offset: { status: 409, retry: true },
    'too-large': { status: 413, retry: false },
    'wrong-content': { status: 415, retry: false },
    'hash-mismatch': { status: 422, retry: false },
    /** The amount received is not the order's, and no reason was typed. */
    'payment-differs': { status: 409, retry: false },
    unavailable: { status: 503, retry: true },
  },
  ok: {
    /** What was done, in words. */
    message: v.optional(v.string()),
    orders: v.optional(v.array(sentOrder)),
    order: v.optional(sentOrder),
    accounts: v.optional(v.array(deskAccount)),
    link: v.optional(deskLink),
    entries: v.optional(v.array(auditEntry)),
    reports: v.optional(v.array(deskReport)),
    builds: v.optional(v.array(sentBuild)),
    build: v.optional(sentBuild),
    /** A photo's upload: the bytes the server holds, and whether it is all there. */
    received: v.optional(count),
    complete: v.optional(v.boolean()),
  },
  refusal: {
    /** With 'offset': where the server's copy of the photo ends, to go on from there. */
    received: v.optional(count),
  },
});

export type DeskAnswer = AnswerOf<typeof deskApi>;
export type DeskProblem = ProblemOf<typeof deskApi>;
