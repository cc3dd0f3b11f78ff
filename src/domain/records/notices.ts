// Which emails a member of a workspace has asked for, users/{workspace}/notices/{uid}: `destination`,
// an email whenever a printed code of the workspace starts leading somewhere else (a printed code
// cannot be reprinted, so an owner may want to hear at once that a menu's link was pointed
// elsewhere, by whom, and from what to what); and `weekly`, a summary each Monday of the week's
// scans, the most scanned codes and the destinations that are failing
// (functions/src/weekly-summary.ts). Both are off until the person turns them on. The person writes their own document, from the
// history page (firestore.rules: only their own, only while their role may 'history.read', only
// these keys); the links function reads the workspace's after a change of destination
// (functions/src/destination-notices.ts) and checks each reader's role again before it emails,
// so a member removed or demoted gets nothing, whatever their document still says.
import { millisOf } from '../stored-time';
import { accountPath } from './accounts';
import { userPath } from './codes';

export const NOTICES = 'notices';

export const noticesPath = (workspace: string) => `${userPath(workspace)}/${NOTICES}`;

export const noticePath = (workspace: string, uid: string) => `${noticesPath(workspace)}/${uid}`;

/** The field that says the person wants the email about changes of destination. */
export const DESTINATION_NOTICE = 'destination';
/** The field that says the person wants the weekly summary. */
export const WEEKLY_NOTICE = 'weekly';

/** The emails a member may ask for, each a field of their document. */
export const NOTICE_KINDS = [DESTINATION_NOTICE, WEEKLY_NOTICE] as const;

export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** Which of the emails a member wants. */
export type NoticeWishes = Readonly<Record<NoticeKind, boolean>>;

/** What a member asked to be emailed about. */
export type NoticeChoice = NoticeWishes & {
  /** When they last chose (milliseconds since the epoch), or null when it was never stored. */
  readonly updatedAt: number | null;
};

/** The choice nobody has made yet: no email. */
export const NO_NOTICES: NoticeChoice = { destination: false, weekly: false, updatedAt: null };

/** The notice document `data`; anything it does not hold plainly is no email. */
export function readNotice(data: unknown): NoticeChoice {
  if (typeof data !== 'object' || data === null) return NO_NOTICES;
  const fields = data as Record<string, unknown>;
  return {
    destination: fields[DESTINATION_NOTICE] === true,
    weekly: fields[WEEKLY_NOTICE] === true,
    updatedAt: millisOf(fields.updatedAt),
  };
}

/**
 * What the person stores: their choice of every email and the server's time of it (`Time`: the
 * store's serverTimestamp(), which the rules require). Nothing else: the rules refuse other keys.
 */
export const noticeFields = <Time>(wishes: NoticeWishes, updatedAt: Time) => ({
  [DESTINATION_NOTICE]: wishes.destination,
  [WEEKLY_NOTICE]: wishes.weekly,
  updatedAt,
});

/**
 * Where the weekly summary's one-click stop keeps the person's token for `workspace`: among their
 * account's server-only documents (no rule matches them), which go with the account when it is
 * deleted.
 */
export const weeklyStopPath = (workspace: string, uid: string) =>
  `${accountPath(uid)}/private/weekly-stop-${workspace}`;
