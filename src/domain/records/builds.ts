// Custom PC builds, builds/{id} (src/domain/pc-builds.ts): one per customer request, written by the
// server alone (the `builds` and `desk` functions). The customer reads their own, which the PC
// dashboard keeps on the device once opened; staff read all; no client writes one
// (firestore.rules), so nobody sets a build's step, price or owner but the company. A build's id
// is made from the account and the id its device gave the request, so a request sent twice makes
// one build and nobody can name another's. Their numbers come from one sequence, system/builds,
// which no rule matches.
import { readQuote, type Quote } from '../build-quote';
import {
  buildPurposeIds,
  buildStepIds,
  type BuildMessage,
  type BuildStepEntry,
  type BuildSummary,
} from '../pc-builds';
import { millisOf } from '../stored-time';

export const BUILDS = 'builds';

export const buildPath = (id: string) => `${BUILDS}/${id}`;

/** The last build number given. */
export const BUILD_SEQUENCE_PATH = 'system/builds';

/** The last build number system/builds holds; 0 before the first. */
export const readBuildSequence = (data: unknown): number =>
  Number((data as { last?: unknown } | null | undefined)?.last) || 0;

/** What a new build stores in system/builds: the number it took. */
export const buildSequenceFields = (last: number) => ({ last });

const isOneOf = <T extends string>(ids: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (ids as readonly string[]).includes(value);

/** The build `id` as its document `data` holds it; null when it is not one this reads. */
export function readBuild(id: string, data: unknown): BuildSummary | null {
  if (typeof data !== 'object' || data === null) return null;
  const fields = data as Record<string, unknown>;
  const request = (fields.request ?? {}) as Record<string, unknown>;
  const customer = (fields.customer ?? {}) as Record<string, unknown>;
  const createdAt = millisOf(fields.createdAt);
  if (typeof fields.owner !== 'string' || !Number.isSafeInteger(fields.number)) return null;
  if (!isOneOf(buildStepIds, fields.step) || !isOneOf(buildPurposeIds, request.purpose)) {
    return null;
  }
  if (!Number.isSafeInteger(request.budgetCents) || createdAt === null) return null;
  return {
    id,
    number: fields.number as number,
    owner: fields.owner,
    customerEmail: typeof customer.email === 'string' ? customer.email : null,
    step: fields.step,
    purpose: request.purpose,
    budgetCents: request.budgetCents as number,
    mustHaves: typeof request.mustHaves === 'string' ? request.mustHaves : '',
    likeBuild: typeof request.likeBuild === 'number' ? request.likeBuild : null,
    createdAt,
    quote: readQuote(fields.quote),
    order: readOrderLink(fields.order),
    timeline: Array.isArray(fields.timeline) ? fields.timeline.flatMap(readStep) : [],
    messages: Array.isArray(fields.messages) ? fields.messages.flatMap(readMessage) : [],
    awaitingReply: fields.awaitingReply === true,
  };
}

function readOrderLink(data: unknown): BuildSummary['order'] {
  const { id, reference } = (data ?? {}) as Record<string, unknown>;
  return typeof id === 'string' && typeof reference === 'string' ? { id, reference } : null;
}

function readStep(data: unknown): BuildStepEntry[] {
  const { step, at, note, photos } = (data ?? {}) as Record<string, unknown>;
  const when = millisOf(at);
  if (!isOneOf(buildStepIds, step) || when === null) return [];
  return [
    {
      step,
      at: when,
      note: typeof note === 'string' ? note : null,
      photos: Array.isArray(photos)
        ? photos.filter((photo): photo is string => typeof photo === 'string')
        : [],
    },
  ];
}

function readMessage(data: unknown): BuildMessage[] {
  const { id, from, text, at } = (data ?? {}) as Record<string, unknown>;
  const when = millisOf(at);
  if (typeof id !== 'string' || typeof text !== 'string' || when === null) return [];
  if (from !== 'customer' && from !== 'company') return [];
  return [{ id, from, text, at: when }];
}

/** What the server stores for a new build request. */
export const newBuildFields = <Time>(
  owner: string,
  number: number,
  request: Pick<BuildSummary, 'purpose' | 'budgetCents' | 'mustHaves' | 'likeBuild'> & {
    readonly requestId: string;
  },
  customer: { readonly email: string | null; readonly name: string | null },
  at: Time,
) => ({
  owner,
  number,
  step: 'requested' as const,
  request: {
    id: request.requestId,
    purpose: request.purpose,
    budgetCents: request.budgetCents,
    mustHaves: request.mustHaves,
    likeBuild: request.likeBuild,
  },
  customer,
  quote: null,
  order: null,
  timeline: [timelineEntry('requested', at, null)],
  messages: [],
  awaitingReply: false,
  createdAt: at,
  updatedAt: at,
});

/** One step a build reached, as its timeline keeps it. */
export const timelineEntry = <Time>(
  step: BuildSummary['step'],
  at: Time,
  note: string | null,
  photos: readonly string[] = [],
) => ({ step, at, note, photos: [...photos] });

/** A list a stored build holds (its timeline, its thread), as stored: none when it has none. */
const listOf = (stored: unknown, key: 'timeline' | 'messages'): readonly unknown[] => {
  const list = (stored as Record<string, unknown> | null | undefined)?.[key];
  return Array.isArray(list) ? list : [];
};

/** What quoting the build `stored` stores: the quote, the step, and the step on its timeline. */
export const quotedBuildFields = <Time>(stored: unknown, quote: Quote, at: Time) => ({
  quote,
  step: 'quoted' as const,
  timeline: [...listOf(stored, 'timeline'), timelineEntry('quoted', at, quote.note)],
  updatedAt: at,
});

/** What accepting the quote of the build `stored` stores: the order it made, and the step. */
export const acceptedBuildFields = <Time>(
  stored: unknown,
  order: { readonly id: string; readonly reference: string },
  at: Time,
) => ({
  order,
  step: 'accepted' as const,
  timeline: [...listOf(stored, 'timeline'), timelineEntry('accepted', at, null)],
  updatedAt: at,
});

/**
 * What a step the build `stored` reached stores (marking its order paid, or staff at the desk):
 * the step, and an entry on the timeline with the note and photos.
 */
export const steppedBuildFields = <Time>(
  stored: unknown,
  step: BuildSummary['step'],
  at: Time,
  note: string | null = null,
  photos: readonly string[] = [],
) => ({
  step,
  timeline: [...listOf(stored, 'timeline'), timelineEntry(step, at, note, photos)],
  updatedAt: at,
});

/**
 * What a message on the build `stored` stores: added to the thread, which waits for the
 * company's answer after a customer's message and no longer after the company's.
 */
export const messagedBuildFields = <Time>(
  stored: unknown,
  message: { readonly id: string; readonly from: BuildMessage['from']; readonly text: string },
  at: Time,
) => ({
  messages: [...listOf(stored, 'messages'), { ...message, at }],
  awaitingReply: message.from === 'customer',
  updatedAt: at,
});
