// The owners' notice of a new destination: once the links function has committed a change of where
// a printed code leads (link-sync.ts, with its history entry), each member of the workspace who
// asked for it on the history page (users/{workspace}/notices/{uid}, records/notices.ts) is
// emailed, through the same SMTP transport as the invites. Its words are the domain's
// (src/domain/history-notice.ts).
//
// Who gets it is decided now, not when they asked: a reader whose role no longer lets them read the
// history (removed, demoted) gets nothing, whatever their document still says; the member document
// is read as every request reads it (workspace.ts), and the account's own person is its owner. The
// person who made the change is not told of it. The account holder's address is Firebase Auth's
// (they have no member document), and only a verified one is written to: nobody can have the
// company's mail sent to an address they typed and never confirmed.
//
// Best effort: the change is committed before any of this runs, an email that fails is logged and
// not tried again, and the link API's answer waits at most NOTICE_WAIT_MS for the emails (Cloud
// Functions give an instance its CPU only while it answers, so work left for after the answer may
// never run). One email per change per reader; a workspace changes its printed codes' destinations
// at most LINK_LIMITS.targetChangesPerDay times a day, which bounds each reader's notices too.
import {
  destinationNotice,
  isDestinationChange,
  type DestinationChange,
} from '../../src/domain/history-notice';
import { whoLabel } from '../../src/domain/history-view';
import { historyTarget } from '../../src/domain/records/history';
import { codePath, readCode } from '../../src/domain/records/codes';
import { memberPath, readMember } from '../../src/domain/records/members';
import { DESTINATION_NOTICE, noticesPath } from '../../src/domain/records/notices';
import { roleMay } from '../../src/domain/team';
import { roleIn } from '../../src/domain/team-policy';
import type { Auth, Firestore } from './admin';
import type { Caller } from './caller';
import type { LinkChange } from './link-sync';
import { noticeMail, type OutgoingMail } from './mail-message';
import type { SendMail } from './mail-transport';
import { log } from './log';

/** The longest the link API's answer waits for the notices of its change. */
export const NOTICE_WAIT_MS = 5_000;

/**
 * The most readers one change is emailed to: the owners and admins who asked (admins take seats,
 * so a workspace has a handful); a bound in case the notices ever hold more.
 */
export const NOTICE_READERS_MAX = 20;

export interface NoticeDeps {
  readonly db: Firestore;
  readonly auth: Auth;
  readonly send: SendMail;
  /** The site's configured origin, for the email's links. */
  readonly origin: () => string;
}

/** A reader who may be emailed now: their address, and the workspace as they know it. */
interface Reader {
  readonly uid: string;
  readonly to: string;
  /** The workspace's name for them (its account's address), or null for their own account. */
  readonly workspace: string | null;
}

/**
 * Emails the readers of `workspace` who asked for it about `change`, made by `caller` at `at`, if
 * it is a change of destination; never throws, and returns within NOTICE_WAIT_MS.
 */
export async function noticeDestinationChange(
  deps: NoticeDeps,
  workspace: string,
  caller: Caller,
  change: LinkChange,
  at: Date,
): Promise<void> {
  if (!isDestinationChange(change.changes)) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), NOTICE_WAIT_MS);
  });
  const work = sendNotices(deps, workspace, caller, change, at).catch((error: unknown) =>
    log('ERROR', 'destination notices not sent', { workspace, error: String(error) }),
  );
  const outcome = await Promise.race([work, late]);
  clearTimeout(timer);
  if (outcome === 'late') {
    log('ERROR', 'destination notices still sending when the answer went', { workspace });
  }
}

async function sendNotices(
  { db, auth, send, origin }: NoticeDeps,
  workspace: string,
  caller: Caller,
  change: LinkChange,
  at: Date,
): Promise<void> {
  const asked = await db
    .collection(noticesPath(workspace))
    .where(DESTINATION_NOTICE, '==', true)
    .limit(NOTICE_READERS_MAX)
    .get();
  const uids = asked.docs.map((document) => document.id).filter((uid) => uid !== caller.uid);
  if (uids.length === 0) return;

  // The account holder's Auth record: their address, and the workspace's name for its members.
  const holder = auth.getUser(workspace).catch(() => null);
  const readers = (
    await Promise.all(
      uids.map(async (uid): Promise<Reader | null> => {
        if (uid === workspace) {
          const account = await holder;
          return account?.email && account.emailVerified
            ? { uid, to: account.email, workspace: null }
            : null;
        }
        const snapshot = await db.doc(memberPath(workspace, uid)).get();
        const member = readMember(workspace, uid, snapshot.data());
        const role = roleIn(workspace, uid, member);
        if (!member || !role || !roleMay(role, 'history.read')) return null;
        return {
          uid,
          to: member.email,
          workspace: member.workspaceName ?? (await holder)?.email ?? workspace,
        };
      }),
    )
  ).filter((reader): reader is Reader => reader !== null);
  if (readers.length === 0) return;

  const code = readCode(change.code, (await db.doc(codePath(workspace, change.code)).get()).data());
  const facts: DestinationChange = {
    code: change.code,
    codeName: code?.name || null,
    link: change.link,
    changes: change.changes,
    from: historyTarget(change.from),
    to: historyTarget(change.to),
    by: whoLabel({ by: caller.uid, byEmail: caller.email }, workspace),
    at: at.getTime(),
  };
  const sent = await Promise.all(
    readers.map((reader) =>
      send(readerMail(reader, facts, origin())).then(
        () => true,
        (error: unknown) => {
          log('ERROR', 'destination notice not sent', {
            workspace,
            reader: reader.uid,
            error: String(error),
          });
          return false;
        },
      ),
    ),
  );
  log('INFO', 'destination notices sent', {
    workspace,
    sent: sent.filter(Boolean).length,
    failed: sent.filter((one) => !one).length,
  });
}

/** The notice for one reader, as text and simple HTML. */
const readerMail = (reader: Reader, facts: DestinationChange, origin: string): OutgoingMail =>
  noticeMail(reader.to, destinationNotice(facts, { workspace: reader.workspace, origin }));
