// The weekly summary a member of a workspace may ask for (records/notices.ts `weekly`): each
// Monday, the last seven South African days' scans of the workspace's dynamic codes, the most
// scanned of them, and the codes whose destination the daily check finds failing
// (qr/destination-health.ts). The scheduled function (functions/src/weekly-summary.ts) gathers the
// figures and sends it; its words are here, so the page's box and the email say the same.
import { counted } from './counts';
import type { NoticeMessage } from './notice-text';
import { healthLine, shortDay, type DestinationHealth } from './qr/destination-health';

/** The box that asks for it, on the history page and in My Account. */
export const WEEKLY_NOTICE_LABEL = 'Email me a summary of the week’s scans every Monday';

/** Where its one-click stop is served (the account function's rewrite, /api/account/**). */
export const WEEKLY_STOP_PATH = '/api/account/weekly-stop';

/** The most scanned codes the summary names. */
export const WEEKLY_TOP_CODES = 5;

/** A dynamic code's week, as the summary tells it. */
export interface WeeklyCode {
  readonly name: string;
  /** Its scans in the seven days. */
  readonly scans: number;
  /** What the checks of its destination last found. */
  readonly health: DestinationHealth | null;
}

/** The summary: a notice whose link is the way to the figures, and which stops in one click. */
export interface WeeklySummary extends NoticeMessage {
  readonly stopUrl: string;
}

/**
 * The summary of `days` (South African dates, oldest first) for one reader. `workspace` names the
 * workspace as the reader knows it (its account's address), or null for their own account;
 * `origin` is the site's configured origin; `stopUrl` stops these emails in one click.
 */
export function weeklySummary({
  codes,
  days,
  workspace,
  origin,
  stopUrl,
}: {
  readonly codes: readonly WeeklyCode[];
  readonly days: readonly string[];
  readonly workspace: string | null;
  readonly origin: string;
  readonly stopUrl: string;
}): WeeklySummary {
  const site = origin.trim().replace(/\/+$/, '');
  const whose = workspace ? `of ${workspace}` : 'of your account';
  const total = codes.reduce((sum, code) => sum + code.scans, 0);
  const from = shortDay(Date.parse(`${days[0]}T12:00:00Z`));
  const to = shortDay(Date.parse(`${days[days.length - 1]}T12:00:00Z`));
  const top = codes
    .filter((code) => code.scans > 0)
    .sort((a, b) => b.scans - a.scans || a.name.localeCompare(b.name))
    .slice(0, WEEKLY_TOP_CODES);
  const failing = codes
    .map((code) => ({ name: code.name, line: healthLine(code.health) }))
    .filter((code): code is { name: string; line: string } => code.line !== null);
  return {
    subject: `Your QR codes this week: ${counted(total, 'scan')}`,
    paragraphs: [
      [
        `From ${from} to ${to}, the ${counted(codes.length, 'dynamic code')} ${whose} ${
          codes.length === 1 ? 'was' : 'were'
        } scanned ${counted(total, 'time')}.`,
      ],
      top.length > 0
        ? [
            'The most scanned:',
            ...top.map((code) => `${code.name}: ${counted(code.scans, 'scan')}`),
          ]
        : ['None was scanned this week.'],
      failing.length > 0
        ? [
            'Not working now: people who scan these reach an error.',
            ...failing.map((code) => `${code.name}: ${code.line}`),
          ]
        : ['Every destination answered at its last check.'],
    ],
    link: { label: 'All the figures', url: `${site}/UserAnalysis` },
    footnote: `You get this email because you asked for it ${whose} at ${site}. To stop it, open ${stopUrl} and confirm, or untick “${WEEKLY_NOTICE_LABEL}” in My Account.`,
    stopUrl,
  };
}
