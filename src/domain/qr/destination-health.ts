// Whether a printed code's destination still answers: what the daily check found
// (functions/src/destination-probe.ts fetches it), how My QR Codes and the owners' email word it,
// and when the owners are told. A printed code outlives the page it leads to: a menu that starts
// answering 404, a shop whose domain lapses. The owners hear once when it breaks and once when it
// recovers, never more than once a day per code, so a flapping site cannot flood their inbox.
import { scanDay } from './scan-time';

/** The most redirects the check follows before it calls the chain too long. */
export const CHECK_MAX_REDIRECTS = 5;
/** How long the check waits for a destination, all hops together. */
export const CHECK_TIMEOUT_MS = 10_000;
/** The most of an answer's body the check reads before it lets the connection go. */
export const CHECK_MAX_BYTES = 64 * 1024;
/** The least time between two emails about one code's destination. */
export const NOTICE_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** What one check of a destination found. */
export type CheckOutcome =
  /** It answered (2xx, or another answer that is not an error) after at most 5 redirects. */
  | { readonly kind: 'ok'; readonly status: number }
  /** It answered with an error: 4xx or 5xx. */
  | { readonly kind: 'status'; readonly status: number }
  /** Its host name has no address (a lapsed domain, a typo). */
  | { readonly kind: 'dns' }
  /** Its secure connection failed: an expired, mismatched or self-signed certificate. */
  | { readonly kind: 'tls' }
  /** No answer within the time allowed. */
  | { readonly kind: 'timeout' }
  /** More than 5 redirects, or a loop. */
  | { readonly kind: 'redirects' }
  /** The connection was refused or cut before an answer. */
  | { readonly kind: 'unreachable' }
  /**
   * It leads (at some hop) to an address the check never fetches: this machine, a private
   * network, a cloud's metadata server, or a target the links' own rule refuses.
   */
  | { readonly kind: 'refused' };

export type CheckKind = CheckOutcome['kind'];

export const isFailing = (outcome: CheckOutcome): boolean => outcome.kind !== 'ok';

/** What a failing outcome says, as a phrase that "since <day>" can follow. */
export function failureText(outcome: CheckOutcome): string {
  switch (outcome.kind) {
    case 'ok':
      return `Answered ${outcome.status}`;
    case 'status':
      return `Answered ${outcome.status}`;
    case 'dns':
      return 'Its web address is not found';
    case 'tls':
      return 'Its secure connection fails';
    case 'timeout':
      return `No answer within ${CHECK_TIMEOUT_MS / 1000} s`;
    case 'redirects':
      return `Redirected more than ${CHECK_MAX_REDIRECTS} times`;
    case 'unreachable':
      return 'It refuses the connection';
    case 'refused':
      return 'It leads to a private address, which the check does not open';
  }
}

/** Which email, if any, a check's result calls for. */
export type HealthNotice = 'broken' | 'recovered';

/** A code's destination as the checks have found it, kept beside its link. */
export interface DestinationHealth {
  /** The latest check's outcome. */
  readonly outcome: CheckOutcome;
  /** When the destination began to be as it is now (failing, or answering), in ms. */
  readonly since: number;
  /** When it was last checked, in ms. */
  readonly checkedAt: number;
  /** What the owners were last told, and when (ms); null: nothing yet. */
  readonly noticed: HealthNotice | null;
  readonly noticedAt: number | null;
}

/**
 * The health after a check that found `outcome` at `now`, and the email it calls for: the first
 * failure after an answer (or after the last email said it recovered) is a break; the first
 * answer after an emailed break is a recovery. A notice waits while the last one is less than a
 * day old: a destination that breaks and comes back within the day leaves its recovery to the
 * next check, and one that breaks again before then is still broken as the owners were told.
 */
export function nextHealth(
  previous: DestinationHealth | null,
  outcome: CheckOutcome,
  now: number,
): { readonly health: DestinationHealth; readonly notice: HealthNotice | null } {
  const failing = isFailing(outcome);
  const changed = previous === null || isFailing(previous.outcome) !== failing;
  const since = changed ? now : previous.since;
  const noticed = previous?.noticed ?? null;
  const noticedAt = previous?.noticedAt ?? null;
  const rested = noticedAt === null || now - noticedAt >= NOTICE_INTERVAL_MS;
  const due: HealthNotice | null = failing
    ? noticed === 'broken'
      ? null
      : 'broken'
    : noticed === 'broken'
      ? 'recovered'
      : null;
  const notice = due && rested ? due : null;
  return {
    health: {
      outcome,
      since,
      checkedAt: now,
      noticed: notice ?? noticed,
      noticedAt: notice ? now : noticedAt,
    },
    notice,
  };
}

/**
 * What My QR Codes shows of a failing destination ("Answered 404 since 25 Nov"); null while it
 * answers.
 */
export function healthLine(health: DestinationHealth | null): string | null {
  if (!health || !isFailing(health.outcome)) return null;
  return `${failureText(health.outcome)} since ${shortDay(health.since)}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "25 Nov": the day `at` (ms) falls on in South Africa, short. */
export function shortDay(at: number): string {
  const [, month, day] = scanDay(new Date(at)).split('-').map(Number);
  return `${day} ${MONTHS[month! - 1]}`;
}

const KINDS: readonly CheckKind[] = [
  'ok',
  'status',
  'dns',
  'tls',
  'timeout',
  'redirects',
  'unreachable',
  'refused',
];

/** An outcome as stored; null when it is not one this version reads. */
function readOutcome(value: unknown): CheckOutcome | null {
  if (typeof value !== 'object' || value === null) return null;
  const { kind, status } = value as { kind?: unknown; status?: unknown };
  if (!KINDS.includes(kind as CheckKind)) return null;
  if (kind === 'ok' || kind === 'status') {
    return typeof status === 'number' ? { kind, status } : null;
  }
  return { kind } as CheckOutcome;
}

const isNotice = (value: unknown): value is HealthNotice =>
  value === 'broken' || value === 'recovered';

/**
 * A link's health as its document's `health` field holds it (times in ms); null when it has
 * none, or none this version reads: the link counts as not yet checked.
 */
export function readHealth(value: unknown): DestinationHealth | null {
  if (typeof value !== 'object' || value === null) return null;
  const fields = value as Record<string, unknown>;
  const outcome = readOutcome(fields.outcome);
  const number = (key: string) =>
    typeof fields[key] === 'number' && Number.isFinite(fields[key]) ? fields[key] : null;
  const since = number('since');
  const checkedAt = number('checkedAt');
  if (!outcome || since === null || checkedAt === null) return null;
  return {
    outcome,
    since,
    checkedAt,
    noticed: isNotice(fields.noticed) ? fields.noticed : null,
    noticedAt: number('noticedAt'),
  };
}

/** What the server stores as a link's `health` (the same shape readHealth reads). */
export const healthFields = (health: DestinationHealth) => ({
  outcome: { ...health.outcome },
  since: health.since,
  checkedAt: health.checkedAt,
  noticed: health.noticed,
  noticedAt: health.noticedAt,
});
