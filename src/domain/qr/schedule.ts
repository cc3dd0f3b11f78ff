// When a dynamic code leads to its content: optional first and last days (South African dates,
// whole days: from 00:00 of the first to 24:00 of the last) and a most number of scans. Outside
// them, a scan gets what the owner chose instead: their message on a page of the site, or another
// web address (held to the same target rule and blocklist as any target). The schedule travels
// with the link's destination (landing.ts), so the server stores it with the link and the
// redirect applies it at every scan; a static code holds its content itself and has none.
import { scanDay } from './scan-time';

export const SCAN_LIMIT_MAX = 10_000_000;
export const INACTIVE_MESSAGE_MAX = 300;

/** What a scan gets while the code is not active. */
export type Inactive =
  | { readonly kind: 'message'; readonly text: string }
  | { readonly kind: 'redirect'; readonly target: string };

export interface LinkSchedule {
  /** The first day it is active ('YYYY-MM-DD', South African), or null: from the start. */
  readonly from: string | null;
  /** The last day it is active, or null: no end. */
  readonly until: string | null;
  /** Scans after which it is no longer active, or null: no limit. */
  readonly maxScans: number | null;
  /** What a scan gets while it is not active: null for the site's own words. */
  readonly inactive: Inactive | null;
}

/** Why a code is not active now, or 'active'. */
export type ScheduleState = 'active' | 'not-yet' | 'ended' | 'used-up';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day 'YYYY-MM-DD' (not 2026-02-30). */
export function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || !DAY.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** The state of a link with `schedule` at `at`, after `scans` counted scans. */
export function scheduleState(schedule: LinkSchedule, at: Date, scans: number): ScheduleState {
  const today = scanDay(at);
  if (schedule.from !== null && today < schedule.from) return 'not-yet';
  if (schedule.until !== null && today > schedule.until) return 'ended';
  if (schedule.maxScans !== null && scans >= schedule.maxScans) return 'used-up';
  return 'active';
}

/** The schedule a code's form asks for (its text fields), or null when it sets none. */
export function scheduleFrom(text: (id: ScheduleFieldId) => string): LinkSchedule | null {
  const from = text('activeFrom').trim();
  const until = text('activeUntil').trim();
  const limit = text('scanLimit').trim();
  if (!from && !until && !limit) return null;
  const message = text('inactiveMessage').trim();
  const address = text('inactiveUrl').trim();
  return {
    from: isDay(from) ? from : null,
    until: isDay(until) ? until : null,
    maxScans:
      /^\d+$/.test(limit) && Number(limit) >= 1 ? Math.min(Number(limit), SCAN_LIMIT_MAX) : null,
    inactive: address
      ? { kind: 'redirect', target: address }
      : message
        ? { kind: 'message', text: message.slice(0, INACTIVE_MESSAGE_MAX) }
        : null,
  };
}

export type ScheduleFieldId =
  'activeFrom' | 'activeUntil' | 'scanLimit' | 'inactiveMessage' | 'inactiveUrl';

/** A stored schedule read defensively: null when it is not one. */
export function scheduleOf(value: unknown): LinkSchedule | null {
  if (typeof value !== 'object' || value === null) return null;
  const { from, until, maxScans, inactive } = value as Record<string, unknown>;
  const day = (item: unknown) => (isDay(item) ? item : null);
  const limit =
    typeof maxScans === 'number' && Number.isInteger(maxScans) && maxScans >= 1 ? maxScans : null;
  const after = inactive as { kind?: unknown; text?: unknown; target?: unknown } | null;
  return {
    from: day(from),
    until: day(until),
    maxScans: limit,
    inactive:
      after?.kind === 'message' && typeof after.text === 'string'
        ? { kind: 'message', text: after.text }
        : after?.kind === 'redirect' && typeof after.target === 'string'
          ? { kind: 'redirect', target: after.target }
          : null,
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-12-01' as '1 Dec 2026' (the same on every device, whatever its locale). */
const shortDay = (day: string) => {
  const [year, month, date] = day.split('-').map(Number);
  return `${date} ${MONTHS[month - 1]} ${year}`;
};

/** The schedule in a few words, for the owner's list: "from 1 Dec 2026 until 31 Dec 2026, 500 scans at most". */
export function describeSchedule(schedule: LinkSchedule): string {
  const parts = [
    schedule.from ? `from ${shortDay(schedule.from)}` : '',
    schedule.until ? `until ${shortDay(schedule.until)}` : '',
    schedule.maxScans !== null ? `${schedule.maxScans} scans at most` : '',
  ].filter(Boolean);
  return `Active ${parts.join(', ')}`;
}
