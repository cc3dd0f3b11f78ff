// Reports of short links, reports/{id} (src/domain/reports.ts): written by the `reports` function
// alone, one per enquiry (its id is the enquiry's, so an enquiry sent again is one report), read
// by staff alone, closed at the desk with the reason (functions/src/desk-api.ts). No client writes
// one (firestore.rules).
import { millisOf } from '../stored-time';

export const REPORTS = 'reports';

export const reportPath = (id: string) => `${REPORTS}/${id}`;

export interface LinkReport {
  readonly id: string;
  /** The reported short link's id. */
  readonly link: string;
  readonly message: string;
  /** Who reported it, as they typed it, for an answer. */
  readonly name: string | null;
  readonly email: string | null;
  readonly at: number;
  readonly state: 'open' | 'closed';
  /** Who closed it at the desk, when and why. */
  readonly closed: { readonly by: string; readonly at: number; readonly reason: string } | null;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** The report `id` as its document `data` holds it; null when it is not one this reads. */
export function readReport(id: string, data: unknown): LinkReport | null {
  if (typeof data !== 'object' || data === null) return null;
  const fields = data as Record<string, unknown>;
  const at = millisOf(fields.at);
  if (typeof fields.link !== 'string' || typeof fields.message !== 'string' || at === null) {
    return null;
  }
  const closed = (fields.closed ?? null) as Record<string, unknown> | null;
  const closedAt = millisOf(closed?.at);
  return {
    id,
    link: fields.link,
    message: fields.message,
    name: text(fields.name),
    email: text(fields.email),
    at,
    state: fields.state === 'closed' ? 'closed' : 'open',
    closed:
      closed && typeof closed.by === 'string' && closedAt !== null
        ? { by: closed.by, at: closedAt, reason: String(closed.reason ?? '') }
        : null,
  };
}

/** What the function stores for a new report. */
export const newReportFields = <Time>(
  report: Pick<LinkReport, 'link' | 'message' | 'name' | 'email'>,
  at: Time,
) => ({ ...report, at, state: 'open' as const, closed: null });

/** What closing a report at the desk stores. */
export const closedReportFields = <Time>(by: string, reason: string, at: Time) => ({
  state: 'closed' as const,
  closed: { by, at, reason },
});
