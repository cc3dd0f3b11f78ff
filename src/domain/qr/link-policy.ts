// What may happen to a dynamic code's short link, decided in one place for the server that makes
// and changes links (functions/, the only writer of dynamic/{id}) and for the page that explains
// a refusal. A link is always made, pointed and retired by the server, from the code as its owner
// saved it: the page asks "make this code's link match the code" (POST /api/links), and
// planSync() says what that means.
//
// The limits keep the site's domain from becoming a free redirector for spam: link shorteners
// that last (Bitly, Dub, Shlink) all cap and verify. They are per account, enforced on the server
// in the same transaction that writes the link, and generous for a business printing codes.
import * as v from 'valibot';
import { describeApi, requestBody, savedCodeId, workspaceField, type AnswerOf } from '../api';
import { PLAN_NEEDED_MESSAGE } from '../billing';
import { isBlockedHost, type Blocklist } from './blocklist';
import { scheduleOf } from './schedule';
import {
  sameDestination,
  type Destination,
  type DestinationCheck,
  type LandingKind,
  type LandingPage,
} from './landing';

export { LINK_LIMITS, PLAN_LINK_LIMITS, linkLimitsOf, type LinkLimits } from './link-limits';
import { LINK_LIMITS, type LinkLimits } from './link-limits';

/** What the server keeps per account for the limits (accounts/{uid}; only the server writes). */
export interface AccountUsage {
  readonly activeLinks: number;
  /** The day the two daily counts are for. */
  readonly day: string;
  readonly newLinks: number;
  readonly targetChanges: number;
}

/** The account's usage as of `today`: the daily counts start again on a new day. */
export function usageOn(stored: Partial<AccountUsage> | undefined, today: string): AccountUsage {
  const sameDay = stored?.day === today;
  const count = (value: unknown) => (typeof value === 'number' && value > 0 ? value : 0);
  return {
    activeLinks: count(stored?.activeLinks),
    day: today,
    newLinks: sameDay ? count(stored?.newLinks) : 0,
    targetChanges: sameDay ? count(stored?.targetChanges) : 0,
  };
}

/** A short link as the server keeps it (dynamic/{id}). */
export interface StoredLink {
  readonly id: string;
  readonly owner: string;
  /** The id of the saved code (users/{owner}/codes/{code}) it belongs to. */
  readonly code: string;
  /** Where it sends a scan (stored as `target` or `page`). */
  readonly destination: Destination;
  /** It asks for a password first (access.ts). */
  readonly locked: boolean;
  /** Retired when its code was deleted: it answers "no longer active"; the owner can restore it. */
  readonly deleted: boolean;
  /** Switched off by the company (abuse): only the company can switch it on again. */
  readonly disabled: boolean;
}

/** What the saved code asks of its link. */
export type CodeWish =
  | { readonly dynamic: false }
  | {
      readonly dynamic: true;
      readonly destination: DestinationCheck;
      /** The code is protected by a password. */
      readonly locked: boolean;
    };

export type LinkProblem =
  | 'unverified'
  | 'bad-target'
  | 'blocked-target'
  | 'too-many-links'
  | 'too-many-new-links'
  | 'too-many-changes'
  /** The trial or plan has ended: new links and changes of target wait for a plan. */
  | 'plan-needed';

export type SyncPlan =
  | { readonly kind: 'keep' }
  | { readonly kind: 'create'; readonly destination: Destination; readonly locked: boolean }
  | {
      readonly kind: 'update';
      readonly destination: Destination;
      readonly locked: boolean;
      readonly restore: boolean;
    }
  | { readonly kind: 'retire' }
  | { readonly kind: 'refuse'; readonly problem: LinkProblem; readonly message: string };

export const UNVERIFIED_MESSAGE =
  'Dynamic codes need a verified email address. Open the link in the email we sent you, then try again.';

export const BLOCKED_MESSAGE =
  'This address is on our list of harmful or abused sites, so a short link of ours cannot lead there. If you think that is a mistake, contact us.';

const refuse = (problem: LinkProblem, message: string): SyncPlan => ({
  kind: 'refuse',
  problem,
  message,
});

/**
 * What to do so that the link matches the code (`code` null: the code was deleted), and the
 * account's usage afterwards. A refusal changes nothing. `verified`: the signed-in user's email
 * address is verified (the ID token's email_verified). `active`: the account's trial or plan is
 * running (billing.ts); without one, links already made keep working, are retired, restored and
 * locked as their codes say, but no new link is made and none is pointed somewhere new.
 */
export function planSync({
  code,
  link,
  usage,
  verified,
  active,
  blocklist,
  limits = LINK_LIMITS,
}: {
  code: CodeWish | null;
  link: StoredLink | null;
  usage: AccountUsage;
  verified: boolean;
  active: boolean;
  blocklist: Blocklist;
  /** The account's limits (linkLimitsOf its standing); the trial's when not said. */
  limits?: LinkLimits;
}): { plan: SyncPlan; usage: AccountUsage } {
  const unchanged = (plan: SyncPlan) => ({ plan, usage });
  if (!code?.dynamic) {
    if (!link || link.deleted) return unchanged({ kind: 'keep' });
    return {
      plan: { kind: 'retire' },
      usage: { ...usage, activeLinks: Math.max(0, usage.activeLinks - 1) },
    };
  }
  if (!verified) return unchanged(refuse('unverified', UNVERIFIED_MESSAGE));
  if (!code.destination.ok) return unchanged(refuse('bad-target', code.destination.message));
  const { destination, hosts } = code.destination;
  if (hosts.some((host) => isBlockedHost(host, blocklist))) {
    return unchanged(refuse('blocked-target', BLOCKED_MESSAGE));
  }
  const { activeLinks, newLinksPerDay, targetChangesPerDay } = limits;
  const comesBack = !link || link.deleted;
  if (comesBack && usage.activeLinks >= activeLinks) {
    return unchanged(
      refuse(
        'too-many-links',
        `An account can have ${activeLinks} dynamic codes at once, and yours has ${usage.activeLinks}. Delete a dynamic code you no longer use, or make this one static.`,
      ),
    );
  }
  if (!link) {
    if (!active) return unchanged(refuse('plan-needed', PLAN_NEEDED_MESSAGE));
    if (usage.newLinks >= newLinksPerDay) {
      return unchanged(
        refuse(
          'too-many-new-links',
          `An account can make ${newLinksPerDay} new dynamic codes a day, and yours has made ${usage.newLinks} today. Save this one again tomorrow, or make it static.`,
        ),
      );
    }
    return {
      plan: { kind: 'create', destination, locked: code.locked },
      usage: { ...usage, activeLinks: usage.activeLinks + 1, newLinks: usage.newLinks + 1 },
    };
  }
  const retargets = !sameDestination(link.destination, destination);
  if (retargets && !active) return unchanged(refuse('plan-needed', PLAN_NEEDED_MESSAGE));
  if (retargets && usage.targetChanges >= targetChangesPerDay) {
    return unchanged(
      refuse(
        'too-many-changes',
        `Short links can be pointed somewhere new ${targetChangesPerDay} times a day per account, and yours have been ${usage.targetChanges} times today. Its printed copies still show what they did; save it again tomorrow.`,
      ),
    );
  }
  if (!retargets && !link.deleted && link.locked === code.locked) {
    return unchanged({ kind: 'keep' });
  }
  return {
    plan: { kind: 'update', destination, locked: code.locked, restore: link.deleted },
    usage: {
      ...usage,
      activeLinks: usage.activeLinks + (link.deleted ? 1 : 0),
      targetChanges: usage.targetChanges + (retargets ? 1 : 0),
    },
  };
}

/** What POST /api/links answers: the code's link as it now is (null: it has none). */
export interface LinkView {
  readonly id: string;
  readonly destination: Destination;
  readonly deleted: boolean;
  readonly disabled: boolean;
  /** It asks for a password first... */
  readonly locked: boolean;
  /** ...and its password has reached the server (until then it opens for nobody). */
  readonly passwordSet: boolean;
}

/** A link's destination as stored: `target` (a redirect) or `page` (a landing page). */
export function destinationOf(data: {
  readonly target?: unknown;
  readonly page?: unknown;
  readonly schedule?: unknown;
}): Destination | null {
  const schedule = scheduleOf(data.schedule);
  const when = schedule ? { schedule } : {};
  if (typeof data.target === 'string') return { kind: 'redirect', target: data.target, ...when };
  if (isPage(data.page)) return { kind: 'page', page: data.page, ...when };
  return null;
}

/** The fields that store a destination. */
export const destinationFields = (destination: Destination) => ({
  target: destination.kind === 'redirect' ? destination.target : null,
  page: destination.kind === 'page' ? destination.page : null,
  schedule: destination.schedule ?? null,
});

/**
 * Every kind of landing page a link may store, each once: a stored page of a kind not listed here
 * reads as no destination, and its link answers 404. Typed by the kinds landing.ts defines, so a
 * new kind without its entry here does not compile.
 */
export const PAGE_KINDS: Readonly<Record<LandingKind, true>> = {
  contact: true,
  business: true,
  coupon: true,
  links: true,
  apps: true,
  file: true,
};
const pageKinds: ReadonlySet<string> = new Set(Object.keys(PAGE_KINDS));
const isPage = (value: unknown): value is LandingPage =>
  typeof value === 'object' &&
  value !== null &&
  pageKinds.has(String((value as { kind?: unknown }).kind));

export const FILE_MISSING_MESSAGE =
  'Its file has not finished uploading: its short link is made once it has.';

/** The files a destination shows (a hosted file's page), by hash. */
export const filesOf = (destination: Destination | null): string[] =>
  destination?.kind === 'page' && destination.page.kind === 'file'
    ? [destination.page.file.sha256]
    : [];

/** The path the page posts a code's id to, to make its link match it. */
export const LINK_API_PATH = '/api/links';

/** Whether `value` is a destination as an answer carries it (the page reads it defensively). */
const isDestination = (value: unknown): value is Destination => {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, target, page } = value as Record<string, unknown>;
  return kind === 'redirect' ? typeof target === 'string' : kind === 'page' && isPage(page);
};

const linkView: v.GenericSchema<unknown, LinkView> = v.object({
  id: v.string(),
  destination: v.custom<Destination>(isDestination),
  deleted: v.boolean(),
  disabled: v.boolean(),
  locked: v.boolean(),
  passwordSet: v.boolean(),
});

const NO_CODE = 'Send {"code": "<the id of one of your saved codes>"}.';
const NO_PASSWORD = 'Send {"code": "…", "password": "<the new one>" or null}.';
const NO_WATCH = 'Send {"code": "…", "watch": true or false}.';

/** The most "Check now" a workspace may ask for in an hour (each fetches a site). */
export const CHECKS_PER_HOUR = 20;

/**
 * The link API (POST /api/links, POST /api/links/password): its problems, their statuses, and
 * whether the page asks again by itself. Both ends read it: the function answers from it
 * (functions/src/link-api.ts) and the page checks each answer against it (links/link-requests.ts).
 */
export const linksApi = describeApi({
  path: LINK_API_PATH,
  requests: {
    /** POST /api/links: make the code's short link match the code. */
    sync: requestBody({ code: savedCodeId(NO_CODE), workspace: workspaceField }, NO_CODE),
    /** POST /api/links/check: check now where the code's link leads (the daily check's probe). */
    check: requestBody({ code: savedCodeId(NO_CODE), workspace: workspaceField }, NO_CODE),
    /** POST /api/links/watch: turn the daily check of the code's destination on or off. */
    watch: requestBody(
      { code: savedCodeId(NO_CODE), watch: v.boolean(NO_WATCH), workspace: workspaceField },
      NO_CODE,
    ),
    /** POST /api/links/password: set the password of the code's link (null: remove it). */
    password: requestBody(
      {
        code: savedCodeId(NO_CODE),
        password: v.nullable(v.string(NO_PASSWORD)),
        workspace: workspaceField,
      },
      NO_CODE,
    ),
  },
  problems: {
    'bad-request': { status: 400, retry: false },
    unauthenticated: { status: 401, retry: false },
    /** The trial or plan has ended: new links and changes of target wait for a plan. */
    'plan-needed': { status: 402, retry: false },
    unverified: { status: 403, retry: false },
    /**
     * The caller's role in the workspace does not let them change its codes (a viewer, someone no
     * longer a member), or an editor kept to their own codes asked about another's.
     */
    'not-allowed': { status: 403, retry: false },
    /** The server does not hold the code's file (yet): asked again once it is uploaded. */
    'file-missing': { status: 409, retry: true },
    // Statuses a client can tell apart: what the code asks is wrong (422), or the account is over
    // a limit (429).
    'bad-target': { status: 422, retry: false },
    'blocked-target': { status: 422, retry: false },
    'too-many-links': { status: 429, retry: false },
    'too-many-new-links': { status: 429, retry: false },
    'too-many-changes': { status: 429, retry: false },
    /** "Check now" asked for more than CHECKS_PER_HOUR times in the hour. */
    'too-many-checks': { status: 429, retry: false },
    unavailable: { status: 503, retry: true },
  },
  ok: {
    /** The code's link as it now is (null: it has none). */
    link: v.nullable(linkView),
  },
  refusal: {
    /** The link as it stays, if the code has one. */
    link: v.optional(v.nullable(linkView)),
  },
});

/** What POST /api/links answers. */
export type SyncAnswer = AnswerOf<typeof linksApi>;
