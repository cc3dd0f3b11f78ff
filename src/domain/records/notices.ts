// Which emails a member of a workspace has asked for, users/{workspace}/notices/{uid}: for now one,
// `destination`, an email whenever a printed code of the workspace starts leading somewhere else.
// A printed code cannot be reprinted, so an owner may want to hear at once that a menu's link was
// pointed elsewhere, by whom, and from what to what. The person writes their own document, from the
// history page (firestore.rules: only their own, only while their role may 'history.read', only
// these keys); the links function reads the workspace's after a change of destination
// (functions/src/destination-notices.ts) and checks each reader's role again before it emails,
// so a member removed or demoted gets nothing, whatever their document still says.
import { millisOf } from '../stored-time';
import { userPath } from './codes';

export const NOTICES = 'notices';

export const noticesPath = (workspace: string) => `${userPath(workspace)}/${NOTICES}`;

export const noticePath = (workspace: string, uid: string) => `${noticesPath(workspace)}/${uid}`;

/** The field that says the person wants the email about changes of destination. */
export const DESTINATION_NOTICE = 'destination';

/** What a member asked to be emailed about. */
export interface NoticeChoice {
  /** An email when a printed code's destination changes. */
  readonly destination: boolean;
  /** When they last chose (milliseconds since the epoch), or null when it was never stored. */
  readonly updatedAt: number | null;
}

/** The choice nobody has made yet: no email. */
export const NO_NOTICES: NoticeChoice = { destination: false, updatedAt: null };

/** The notice document `data`; anything it does not hold plainly is no email. */
export function readNotice(data: unknown): NoticeChoice {
  if (typeof data !== 'object' || data === null) return NO_NOTICES;
  const fields = data as Record<string, unknown>;
  return {
    destination: fields[DESTINATION_NOTICE] === true,
    updatedAt: millisOf(fields.updatedAt),
  };
}

/**
 * What the person stores: their choice and the server's time of it (`Time`: the store's
 * serverTimestamp(), which the rules require). Nothing else: the rules refuse other keys.
 */
export const noticeFields = <Time>(destination: boolean, updatedAt: Time) => ({
  [DESTINATION_NOTICE]: destination,
  updatedAt,
});
