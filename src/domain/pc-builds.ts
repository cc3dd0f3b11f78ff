// Custom PC builds, as the PC dashboard, the desk and the `builds` Cloud Function
// (functions/src/builds-api.ts) agree on them: what a customer asks for, the steps a build goes
// through, and the requests of the builds API. A customer's request is kept on their device until
// it reaches the server (the PC dashboard's outbox), so a request is named by an id the device
// makes: sending it twice makes one build.
//
//   POST /api/builds/request  {request, purpose, budget, mustHaves, likeBuild}
//                             a build asked for; answers the build, with its number
//   POST /api/builds/accept   {build}
//                             the customer accepts the build's quote while it is valid: an EFT
//                             order of its total (the orders of src/domain/billing.ts); asking
//                             again answers the same order
//   POST /api/builds/message  {build, request, text}
//                             a question to the company about the build (its quote, its progress,
//                             support once collected); the device's request id makes it one
//                             message however often it is sent
import * as v from 'valibot';
import { describeApi, requestBody, type AnswerOf, type ProblemOf } from './api';
import { addMonths, sentOrder } from './billing';
import { sentQuote } from './build-quote';
import { centsFromRand, MAX_CENTS, RAND_AMOUNT_MESSAGE } from './money';

export const BUILDS_API_PATH = '/api/builds';
export const BUILD_REQUEST_PATH = `${BUILDS_API_PATH}/request`;
export const BUILD_ACCEPT_PATH = `${BUILDS_API_PATH}/accept`;
export const BUILD_MESSAGE_PATH = `${BUILDS_API_PATH}/message`;

/**
 * Where a photo of a build's timeline is fetched (GET, with the ID token of its customer or of
 * staff): the page shows it from the bytes.
 */
export const buildPhotoPath = (build: string, sha256: string) =>
  `${BUILDS_API_PATH}/photo/${build}/${sha256}`;

/** What a build is for, as the request form offers it. */
export const buildPurposes = {
  gaming: { label: 'Gaming', hint: 'Games at high frame rates, on one or more screens.' },
  workstation: {
    label: 'Workstation',
    hint: 'Design, video editing, 3D, engineering or software work.',
  },
  office: { label: 'Office', hint: 'Documents, accounts, browsing and video calls, quietly.' },
  streaming: {
    label: 'Streaming',
    hint: 'Playing and streaming at once, with capture and encoding.',
  },
} as const;

export type BuildPurpose = keyof typeof buildPurposes;
export const buildPurposeIds = Object.keys(buildPurposes) as BuildPurpose[];

/**
 * The steps of a build, in order: the timeline the customer follows. A build is at one step at a
 * time, and each step reached is kept with when, a note and photos.
 */
export const buildSteps = {
  requested: 'Requested',
  quoted: 'Quoted',
  accepted: 'Accepted',
  paid: 'Paid',
  'parts-ordered': 'Parts ordered',
  assembling: 'Assembling',
  testing: 'Testing',
  ready: 'Ready for collection or delivery',
  collected: 'Collected',
} as const;

export type BuildStep = keyof typeof buildSteps;
export const buildStepIds = Object.keys(buildSteps) as BuildStep[];

/** The least and most a budget may be: below R3 000 no custom build is worth making. */
export const BUDGET_MIN_CENTS = 300_000;
export const BUDGET_MAX_CENTS = 50_000_000;

/** The most characters of what the customer must have. */
export const MUST_HAVES_MAX = 1_000;

/** The most requests of an account still waiting for a quote. */
export const OPEN_REQUESTS_MAX = 5;

/** The most characters of one message about a build, from the customer or the company. */
export const MESSAGE_MAX = 2_000;

/**
 * The most messages a build's thread keeps: far more than a build and its warranty need, and few
 * enough that the build, thread and all, stays one small document (a customer past it is asked to
 * use the contact page, where nothing is lost either).
 */
export const MESSAGES_MAX = 200;

/** The most photos staff add at one step. */
export const STEP_PHOTOS_MAX = 6;

/**
 * The longest side of a photo as the desk uploads it, in pixels: a phone's 12-megapixel picture
 * is made about 1600 by 1200 (some 300 KB as JPEG) before it goes, which shows a build's detail
 * on any screen and costs the customer little mobile data.
 */
export const PHOTO_LONGEST_SIDE = 1600;

/** The steps staff move a build to at the desk: the customer accepts, and paying is an order's. */
export const staffSteps = ['parts-ordered', 'assembling', 'testing', 'ready', 'collected'] as const;

export type StaffStep = (typeof staffSteps)[number];

export const BUILD_MESSAGES = {
  purpose: 'Choose what the PC is for.',
  budget: `Give your budget in rand, from R3 000 to R500 000 (e.g. 25000). ${RAND_AMOUNT_MESSAGE}`,
  mustHaves: `Say what it must have in at most ${MUST_HAVES_MAX} characters.`,
  likeBuild: 'Choose one of the builds in the gallery, or none.',
  request: 'This request is incomplete: send it again from the PC dashboard.',
  unverified:
    'Requesting a build needs a verified email address: we send the quote to it. Open the link in the email we sent you, then send the request again.',
  tooMany: `You have ${OPEN_REQUESTS_MAX} requests waiting for a quote: we answer them first. Ask about them on the contact page.`,
  build: 'This build is not one of yours: reload the PC dashboard.',
  notQuoted: 'This build has no quote to accept yet: we email you once it is quoted.',
  accepted: 'You have accepted this quote already: its order and payment details are below it.',
  message: `Write your question in 1 to ${MESSAGE_MAX} characters.`,
  messages: `This build’s thread holds ${MESSAGES_MAX} messages already: please ask on the contact page, quoting the build’s number.`,
  step: 'Choose the step the build has reached: a later one than it is at, or the same one to add a note.',
  note: `Keep the note to at most ${MESSAGE_MAX} characters.`,
} as const;

// C0 controls but tab and line breaks, and C1: what the customer types is text, kept as typed.
// eslint-disable-next-line no-control-regex
const TEXT = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/;

/** A budget as typed, read in cents: a positive amount of rand within the bounds. */
export const budgetCents = (typed: string): number | null => {
  const cents = centsFromRand(typed);
  return cents !== null && cents >= BUDGET_MIN_CENTS && cents <= BUDGET_MAX_CENTS ? cents : null;
};

/** What a customer asks for, checked alike by the form and the server. */
export const buildRequestFields = {
  purpose: v.picklist(buildPurposeIds, BUILD_MESSAGES.purpose),
  budget: v.pipe(
    v.string(BUILD_MESSAGES.budget),
    v.maxLength(30, BUILD_MESSAGES.budget),
    v.check((typed) => budgetCents(typed) !== null, BUILD_MESSAGES.budget),
  ),
  mustHaves: v.pipe(
    v.string(BUILD_MESSAGES.mustHaves),
    v.trim(),
    v.maxLength(MUST_HAVES_MAX, BUILD_MESSAGES.mustHaves),
    v.regex(TEXT, BUILD_MESSAGES.mustHaves),
  ),
  likeBuild: v.nullable(
    v.pipe(
      v.number(BUILD_MESSAGES.likeBuild),
      v.safeInteger(BUILD_MESSAGES.likeBuild),
      v.minValue(1, BUILD_MESSAGES.likeBuild),
      v.maxValue(999, BUILD_MESSAGES.likeBuild),
    ),
  ),
};

/** A note, which may be empty: text as typed, with its line breaks, and no other controls. */
export const noteText = (message: string) =>
  v.pipe(v.string(message), v.trim(), v.maxLength(MESSAGE_MAX, message), v.regex(TEXT, message));

/** What a message says: a note that is not empty. */
export const messageText = (message: string) => v.pipe(noteText(message), v.minLength(1, message));

/** One step a build reached: when, with the company's note and photos (hosted files' paths). */
const sentStep = v.object({
  step: v.picklist(buildStepIds),
  at: v.number(),
  note: v.nullable(v.string()),
  photos: v.array(v.string()),
});

export type BuildStepEntry = v.InferOutput<typeof sentStep>;

/** One message of a build's thread. */
const sentMessage = v.object({
  id: v.string(),
  from: v.picklist(['customer', 'company']),
  text: v.string(),
  at: v.number(),
});

export type BuildMessage = v.InferOutput<typeof sentMessage>;

/** A build as the customer and the desk see it. */
export const sentBuild = v.object({
  id: v.string(),
  number: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
  owner: v.string(),
  /** The customer's address when they asked, for the company to answer. */
  customerEmail: v.nullable(v.string()),
  step: v.picklist(buildStepIds),
  purpose: v.picklist(buildPurposeIds),
  budgetCents: v.pipe(v.number(), v.safeInteger(), v.minValue(1), v.maxValue(MAX_CENTS)),
  mustHaves: v.string(),
  likeBuild: v.nullable(v.number()),
  createdAt: v.number(),
  /** The company's quote, once it has made one. */
  quote: v.nullable(sentQuote),
  /** The order made when the customer accepted the quote. */
  order: v.nullable(v.object({ id: v.string(), reference: v.string() })),
  /** The steps reached, oldest first. */
  timeline: v.array(sentStep),
  /** The thread between the customer and the company, oldest first. */
  messages: v.array(sentMessage),
  /** The customer's last message waits for the company's answer. */
  awaitingReply: v.boolean(),
});

export type BuildSummary = v.InferOutput<typeof sentBuild>;

/** A build's id, as a request names it. */
export const buildIdField = v.pipe(
  v.string(BUILD_MESSAGES.build),
  v.regex(/^[A-Za-z0-9_-]{1,64}$/, BUILD_MESSAGES.build),
);

/** The id a device gives what it sends, so that sending it again makes nothing twice. */
const requestIdField = v.pipe(
  v.string(BUILD_MESSAGES.request),
  v.regex(/^[A-Za-z0-9_-]{8,64}$/, BUILD_MESSAGES.request),
);

export const buildsApi = describeApi({
  path: BUILDS_API_PATH,
  requests: {
    request: requestBody(
      {
        request: requestIdField,
        ...buildRequestFields,
      },
      BUILD_MESSAGES.request,
    ),
    accept: requestBody({ build: buildIdField }, BUILD_MESSAGES.build),
    message: requestBody(
      { build: buildIdField, request: requestIdField, text: messageText(BUILD_MESSAGES.message) },
      BUILD_MESSAGES.message,
    ),
  },
  problems: {
    'bad-request': { status: 400, retry: false },
    unauthenticated: { status: 401, retry: false },
    /** The quote is emailed: only to an address its owner has shown is theirs. */
    unverified: { status: 403, retry: false },
    /** Not a build of the caller's. */
    'not-found': { status: 404, retry: false },
    /** The build has no quote to accept, or is past accepting one. */
    conflict: { status: 409, retry: false },
    /** The quote's last day has passed (QUOTE_MESSAGES.expired). */
    expired: { status: 409, retry: false },
    /** OPEN_REQUESTS_MAX requests wait for a quote already; the thread is full. */
    'too-many': { status: 429, retry: false },
    unavailable: { status: 503, retry: true },
  },
  ok: {
    build: sentBuild,
    /** The order accepting the quote made (or made before). */
    order: v.optional(sentOrder),
    /** Made by this request (not one the same request made before). */
    created: v.optional(v.boolean()),
  },
});

export type BuildsAnswer = AnswerOf<typeof buildsApi>;
export type BuildsProblem = ProblemOf<typeof buildsApi>;

/** "Build 1042": how a build is named to its customer, on the phone and in emails. */
export const buildName = (number: number) => `Build ${number}`;

/** When the build was collected (its first step of that name), or null while it is not. */
export const collectedAt = (build: Pick<BuildSummary, 'timeline'>): number | null =>
  build.timeline.find((entry) => entry.step === 'collected')?.at ?? null;

/** The last day of a build's warranty of `months` from its collection, or null before it. */
export const warrantyEnd = (build: Pick<BuildSummary, 'timeline'>, months: number) => {
  const collected = collectedAt(build);
  return collected === null ? null : addMonths(collected, months);
};

/**
 * Why a build at `current` cannot be moved to `next` by staff (null: it can): only once it is
 * paid, and only forward, or to the step it is at to add a note or photos to it.
 */
export function stepProblem(current: BuildStep, next: BuildStep): string | null {
  const at = buildStepIds.indexOf(current);
  if (at < buildStepIds.indexOf('paid')) {
    return `This build is ${buildSteps[current].toLowerCase()}: its steps start once its order is paid.`;
  }
  return buildStepIds.indexOf(next) >= at ? null : BUILD_MESSAGES.step;
}
