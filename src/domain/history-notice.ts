// The email an owner or admin may ask for on the history page: a printed code of the workspace now
// leads somewhere else. It says which code, where it led and leads now, who changed it and when,
// and links to that code's history, so whoever did not expect the change can see it and undo it
// the same day. The links function sends it (functions/src/destination-notices.ts) to the members
// who asked (records/notices.ts); its words are here, beside the history page's, and the function
// only lays them out as text and HTML. Everything in it is the workspace's own: the code's name and
// destinations were typed by its members, and it goes only to its members who may read the history.
import { historyHref, historyHrefOfCode } from './history-path';
import type { NoticeMessage } from './notice-text';
import { changesInWords, formatSaTime } from './history-view';
import type { HistoryChange } from './records/history';
import { shortLinkUrl } from './qr/short-link';

/** The choice on the history page, and what the email's footnote tells the reader to untick. */
export const DESTINATION_NOTICE_LABEL = 'Email me when a printed code’s destination changes';

/** Whether a change of the history is one the notice is sent for: a printed code's new destination. */
export const isDestinationChange = (changes: readonly HistoryChange[]): boolean =>
  changes.includes('target');

export interface DestinationChange {
  /** The saved code's id, and its name (null when the code is gone or has none). */
  readonly code: string;
  readonly codeName: string | null;
  /** Its short link's id. */
  readonly link: string;
  readonly changes: readonly HistoryChange[];
  /** Where it led before and leads now, in the history's words (null: nowhere). */
  readonly from: string | null;
  readonly to: string | null;
  /** Who changed it, as the history names them (whoLabel). */
  readonly by: string;
  /** When, in milliseconds since the epoch. */
  readonly at: number;
}

/** The notice of a new destination: its link is the way to the code's history. */
export type DestinationNotice = NoticeMessage;

/**
 * The notice of `change` for one reader. `workspace` names the workspace as the reader knows it
 * (its account's address), or null when it is the reader's own account; `origin` is the site's
 * configured origin (never a request's), for the links.
 */
export function destinationNotice(
  change: DestinationChange,
  { workspace, origin }: { readonly workspace: string | null; readonly origin: string },
): DestinationNotice {
  const site = origin.trim().replace(/\/+$/, '');
  const code = change.codeName ? `“${change.codeName}”` : `with the short link ${change.link}`;
  const whose = workspace ? `of ${workspace}` : 'of your account';
  const others = change.changes.filter((one) => one !== 'target');
  return {
    subject: change.codeName
      ? `“${change.codeName}” now leads somewhere else`
      : `A printed code now leads somewhere else (${change.link})`,
    paragraphs: [
      [
        `The printed code ${code} ${whose} now leads somewhere else.`,
        `Its short link: ${shortLinkUrl(site, change.link)}`,
      ],
      [
        `Before: ${change.from ?? 'Nowhere (the link was retired)'}`,
        `Now: ${change.to ?? 'Nowhere'}`,
        ...(others.length > 0 ? [`Also: ${changesInWords(others)}`] : []),
      ],
      [`Changed by ${change.by} on ${formatSaTime(change.at)} (South African time).`],
    ],
    link: { label: 'Every change of this code', url: `${site}${historyHrefOfCode(change.code)}` },
    footnote: `You get this email because you asked for it on the history of printed codes ${whose} at ${site}. To stop it, untick “${DESTINATION_NOTICE_LABEL}” there: ${site}${historyHref()}`,
  };
}
