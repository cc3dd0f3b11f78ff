// Custom PC builds, as the PC dashboard, the desk and the `builds` Cloud Function
// (functions/src/builds-api.ts) agree on them: what a customer asks for, the steps a build goes
// through, and the requests of the builds API. A customer's request is kept on their device until
// it reaches the server (the PC dashboard's outbox), so a request is named by an id the device
// makes: sending it twice makes one build.
//
//   POST /api/builds/request  {request, purpose, budget, mustHaves, likeBuild}
//                             a build asked for; answers the build, with its number
import * as v from 'valibot';
import { describeApi, requestBody, type AnswerOf, type ProblemOf } from './api';
import { sentQuote } from './build-quote';
import { centsFromRand, MAX_CENTS, RAND_AMOUNT_MESSAGE } from './money';

export const BUILDS_API_PATH = '/api/builds';
export const BUILD_REQUEST_PATH = `${BUILDS_API_PATH}/request`;

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

export const BUILD_MESSAGES = {
  purpose: 'Choose what the PC is for.',
  budget: `Give your budget in rand, from R3 000 to R500 000 (e.g. 25000). ${RAND_AMOUNT_MESSAGE}`,
  mustHaves: `Say what it must have in at most ${MUST_HAVES_MAX} characters.`,
  likeBuild: 'Choose one of the builds in the gallery, or none.',
  request: 'This request is incomplete: send it again from the PC dashboard.',
  unverified:
    'Requesting a build needs a verified email address: we send the quote to it. Open the link in the email we sent you, then send the request again.',
  tooMany: `You have ${OPEN_REQUESTS_MAX} requests waiting for a quote: we answer them first. Ask about them on the contact page.`,
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
});

export type BuildSummary = v.InferOutput<typeof sentBuild>;

export const buildsApi = describeApi({
  path: BUILDS_API_PATH,
  requests: {
    request: requestBody(
      {
        request: v.pipe(
          v.string(BUILD_MESSAGES.request),
          v.regex(/^[A-Za-z0-9_-]{8,64}$/, BUILD_MESSAGES.request),
        ),
        ...buildRequestFields,
      },
      BUILD_MESSAGES.request,
    ),
  },
  problems: {
    'bad-request': { status: 400, retry: false },
    unauthenticated: { status: 401, retry: false },
    /** The quote is emailed: only to an address its owner has shown is theirs. */
    unverified: { status: 403, retry: false },
    /** OPEN_REQUESTS_MAX requests wait for a quote already. */
    'too-many': { status: 429, retry: false },
    unavailable: { status: 503, retry: true },
  },
  ok: {
    build: sentBuild,
    /** Made by this request (not one the same request made before). */
    created: v.optional(v.boolean()),
  },
});

export type BuildsAnswer = AnswerOf<typeof buildsApi>;
export type BuildsProblem = ProblemOf<typeof buildsApi>;

/** "Build 1042": how a build is named to its customer, on the phone and in emails. */
export const buildName = (number: number) => `Build ${number}`;
