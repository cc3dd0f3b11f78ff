// Dynamic codes: a code that holds a short link of the site, `/q/<id>?qr=1`, instead of its
// target. The link (dynamic/{id} in Cloud Firestore) is made, pointed and retired by the server
// only (functions/, see link-policy.ts), from the saved code: a saved code asks to be dynamic
// (its `dynamic` field) and the server gives it a link. Which types can be dynamic: their entry
// in qr-types.ts.
import type { QrContent } from './content';
import type { HostedFiles } from './hosting';
import { checkedPage, typedAddress, type DestinationCheck } from './landing';
import { contentReader, payloadText, type ContentReader, type Payload } from './payload';
import { findQrType, payloadFor, type QrTypeId } from './qr-types';
import { printedLinkUrl } from './short-link';
import { scheduleFrom } from './schedule';
import { canonicalTarget, type TargetOptions } from './target';

/** Whether a code of `type` can be dynamic (its entry in the type registry says so). */
export const canBeDynamic = (type: QrTypeId | null): boolean =>
  findQrType(type)?.modes.dynamic === true;

/** Whether a code of `type` can only be dynamic: its content is a file the site hosts. */
export const mustBeDynamic = (type: QrTypeId | null): boolean => {
  const modes = findQrType(type)?.modes;
  return modes?.dynamic === true && !modes.static;
};

/** Whether a code is dynamic: chosen so (`chosen`), or of a type that can only be. */
export const isDynamic = (type: QrTypeId | null, chosen: boolean): boolean =>
  canBeDynamic(type) && (chosen || mustBeDynamic(type));

export const NOT_DYNAMIC_MESSAGE =
  'This type of code cannot be dynamic: it holds its content itself.';

/**
 * Where a dynamic code of `type` with `content` sends a scan, in the one canonical form links
 * keep: a redirect to its web address (target.ts), or a landing page whose addresses pass the same
 * rule (landing.ts); or why it cannot. `origin` is the site's: the link list and app types' static
 * codes lead to its viewer page, so the site's own host is always a valid target. `otherHosts`
 * are further names the site answers on (its short links there are refused too).
 */
export function linkDestination(
  type: QrTypeId,
  content: QrContent<unknown>,
  origin: string,
  otherHosts: readonly string[] = [],
  hosted: HostedFiles = {},
): DestinationCheck {
  const entry = findQrType(type);
  if (!entry?.modes.dynamic) {
    return {
      ok: false,
      problem: 'not-a-web-address',
      message: entry?.staticOnly ?? NOT_DYNAMIC_MESSAGE,
    };
  }
  const options = { siteHosts: [new URL(origin).host, ...otherHosts] };
  const read = contentReader(content, origin, hosted);
  const where = entry.landing
    ? checkedPage(entry.landing(read), options)
    : redirectOf(type, content, origin, options);
  return where.ok ? withSchedule(where, read, options) : where;
}

/** What a code's link depends on: its type, its content and its hosted files. */
export interface LinkedContent {
  readonly type: QrTypeId;
  readonly content: QrContent<unknown>;
  readonly hosted?: HostedFiles;
}

/** linkDestination of a saved code (or fields about to be saved): its own type, content, files. */
export const codeDestination = (
  code: LinkedContent,
  origin: string,
  otherHosts: readonly string[] = [],
): DestinationCheck => linkDestination(code.type, code.content, origin, otherHosts, code.hosted);

function redirectOf(
  type: QrTypeId,
  content: QrContent<unknown>,
  origin: string,
  options: TargetOptions,
): DestinationCheck {
  const payload = payloadFor(type, content, { viewerOrigin: origin });
  const text = payloadText(payload);
  if (text === null) {
    const message = 'reason' in payload ? payload.reason : NOT_DYNAMIC_MESSAGE;
    return { ok: false, problem: 'not-a-web-address', message };
  }
  const target = canonicalTarget(text, options);
  return target.ok
    ? { ok: true, destination: { kind: 'redirect', target: target.href }, hosts: [target.host] }
    : target;
}

/**
 * The destination with the schedule the content sets (none: as it was). The address scans get
 * while the code is not active passes the target rule, and its host joins the blocklist's check.
 */
function withSchedule(
  where: Extract<DestinationCheck, { ok: true }>,
  read: ContentReader,
  options: TargetOptions,
): DestinationCheck {
  const schedule = scheduleFrom(read.text);
  if (!schedule) return where;
  if (schedule.inactive?.kind !== 'redirect') {
    return { ...where, destination: { ...where.destination, schedule } };
  }
  const target = canonicalTarget(typedAddress(schedule.inactive.target), options);
  if (!target.ok) {
    return { ...target, message: `The address for when it is not active: ${target.message}` };
  }
  return {
    ok: true,
    destination: {
      ...where.destination,
      schedule: { ...schedule, inactive: { kind: 'redirect', target: target.href } },
    },
    hosts: [...where.hosts, target.host],
  };
}

/**
 * The short link id a preview shows before the server has made the code's own: the same length as
 * a real one, so the preview and its scan check see the code as dense as it will be.
 */
export const SAMPLE_LINK_ID = 'XXXXXXXXXX';

/**
 * What a code encodes: its printed short link when it is dynamic (`linkId` its id, or
 * SAMPLE_LINK_ID for a preview before the link exists) and of a type that can be, and its content
 * is complete; otherwise its own text (null when it makes no code).
 */
export function encodedText(
  type: QrTypeId | null,
  payload: Payload,
  linkId: string | null,
  origin: string,
): string | null {
  const text = payloadText(payload);
  const complete = text !== null || payload.kind === 'link-only';
  if (!complete || linkId === null || !canBeDynamic(type)) return text;
  return printedLinkUrl(origin, linkId);
}
