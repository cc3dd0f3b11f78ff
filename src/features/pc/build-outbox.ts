// Custom PC build requests waiting to be sent, in IndexedDB: a request made on a flaky connection
// or none is kept on the device and goes once the connection is back, as an enquiry does. It is an
// outbox of src/lib/outbox/create-outbox.ts (one endpoint, POST /api/builds/request), posted as the
// account that made it (src/lib/outbox/account-post.ts), and delivered on the page's loop while
// the PC dashboard is open. The request's id is the entry's: the server makes one build of it
// however often it arrives.
import * as v from 'valibot';
import type { RefusalOf } from '../../domain/api';
import { newEntry, readEntry, type OutboxEntry } from '../../domain/outbox';
import { BUILD_REQUEST_PATH, buildsApi } from '../../domain/pc-builds';
import { uniqueId } from '../../lib/compat';
import { postAsAccount } from '../../lib/outbox/account-post';
import { createOutbox } from '../../lib/outbox/create-outbox';
import { deliveryLoop } from '../../lib/outbox/delivery-loop';

/** A request is a small transaction on the server. */
const POST_TIMEOUT_MS = 20_000;

/** What a customer asks for, as the form holds it (each field as typed). */
export interface BuildAsk {
  readonly purpose: string;
  readonly budget: string;
  readonly mustHaves: string;
  /** A gallery build's number, or '' for none. */
  readonly likeBuild: string;
}

export interface BuildEntry extends OutboxEntry {
  /** The account that asked: only its session sends it. */
  readonly uid: string;
  /** Why the server refused it, once it has. */
  readonly refusal?: string;
}

export type BuildRefusal = RefusalOf<typeof buildsApi>;

const buildFields = v.object({ uid: v.string(), refusal: v.optional(v.string()) });

function readBuildEntry(key: string, value: unknown) {
  const read = readEntry(key, value);
  if (!('entry' in read)) return read;
  const mine = v.safeParse(buildFields, value);
  if (!mine.success)
    return { unreadable: { id: key, createdAt: read.entry.createdAt, fields: null } };
  return { entry: { ...read.entry, ...mine.output } as BuildEntry };
}

/** The request's body from the entry's fields: the form's words, the gallery build a number. */
function bodyOf(id: string, fields: OutboxEntry['fields']) {
  const field = Object.fromEntries(fields);
  return {
    request: id,
    purpose: field.purpose,
    budget: field.budget,
    mustHaves: field.mustHaves,
    likeBuild: field.likeBuild ? Number(field.likeBuild) : null,
  };
}

const outbox = createOutbox<BuildEntry, BuildRefusal>({
  name: 'kcw-build-outbox',
  storeName: 'builds',
  read: readBuildEntry,
  post: (entry) =>
    postAsAccount(buildsApi, BUILD_REQUEST_PATH, entry.uid, bodyOf(entry.id, entry.fields), {
      timeoutMs: POST_TIMEOUT_MS,
    }),
  kept: (entry, refused) => (refused ? { ...entry, refusal: refused.message } : entry),
});

/** Calls `listener` whenever a request is stored, sent, refused or taken out. */
export const onBuildOutboxChange = (listener: () => void): (() => void) =>
  outbox.onChange(() => listener());

/** The requests of `uid` still on this device. */
export const waitingBuilds = async (uid: string): Promise<BuildEntry[]> =>
  (await outbox.read()).entries.filter((entry) => entry.uid === uid);

export const removeBuildRequest = (id: string): Promise<void> => outbox.remove(id);

/** How sending a request ended, for the person who pressed Send. */
export type BuildSend =
  | { readonly result: 'sent' }
  /** Kept on the device: no connection, or trouble at the server; it goes by itself. */
  | { readonly result: 'queued' }
  /** Not kept and not sent: nothing could keep it, and there is no connection. */
  | { readonly result: 'unkept' }
  | { readonly result: 'refused'; readonly message: string };

/**
 * Keeps `ask` of `uid` on the device and sends it; where IndexedDB cannot be used, sends it
 * without a safety copy.
 */
export async function requestBuild(uid: string, ask: BuildAsk): Promise<BuildSend> {
  const fields: [string, string][] = [
    ['purpose', ask.purpose],
    ['budget', ask.budget],
    ['mustHaves', ask.mustHaves],
    ['likeBuild', ask.likeBuild],
  ];
  const entry: BuildEntry = {
    ...newEntry(fields, [BUILD_REQUEST_PATH], uniqueId(), Date.now()),
    uid,
  };
  const stored = await outbox.put(entry).then(
    () => true,
    () => false,
  );
  const { result, detail } = stored
    ? await outbox.sendNew(entry.id).catch(() => ({ result: 'queued' as const, detail: undefined }))
    : await outbox.sendUnstored(entry);
  if (result === 'sent') return { result: 'sent' };
  if (result === 'refused' || result === 'failed') {
    return { result: 'refused', message: detail?.message ?? 'The request was refused.' };
  }
  if (!stored) return { result: 'unkept' };
  loop.deliverSoon();
  return { result: 'queued' };
}

/** Sends waiting requests at once, whenever the connection comes back, and on a backoff. */
const loop = deliveryLoop(() => outbox.flush());

/** Delivers waiting requests from now on while the PC dashboard is open. */
export const startBuildDelivery = (): void => loop.start();
