// The daily check of every printed code's destination (the scheduled `destinationCheck`, and a
// code's "Check now" through the links API): each live dynamic link that is not switched off, by
// the company or by its owners (`watch: false`), is checked where it leads:
//   - a redirect: its target, fetched as destination-probe.ts fetches (safe at every hop);
//   - a landing page of the site: the hosted files it shows, in the file store (a file that is
//     gone or never finished answers 404 at the page, and is recorded so).
// The outcome goes into the link's `health` (src/domain/qr/destination-health.ts says when it
// began, and whether the owners are told), and the workspace's owners and admins get one email
// when it breaks and one when it recovers, never more than one a day per code.
//
// A day's run checks at most `concurrency` destinations at once (a slow site holds one slot for
// at most 10 s), one page of links after another in the order of their ids, and stops starting
// checks after `budgetMs`, so it ends within the scheduled function's time; what it did not reach
// is logged (`left`). Eight at once for eight minutes is at least 384 checks even if every site
// took the whole 10 s, and thousands at the usual fraction of a second.
import {
  failureText,
  healthFields,
  nextHealth,
  readHealth,
  shortDay,
  type CheckOutcome,
  type DestinationHealth,
  type HealthNotice,
} from '../../src/domain/qr/destination-health';
import { CHECKS_PER_HOUR, filesOf, type SyncAnswer } from '../../src/domain/qr/link-policy';
import { linkChecksPath } from '../../src/domain/records/accounts';
import { codePath, readCode } from '../../src/domain/records/codes';
import {
  LINKS,
  linkPath,
  readLink,
  viewOfLink,
  watchedLink,
  type LinkRecord,
} from '../../src/domain/records/links';
import { membersPath, readMember } from '../../src/domain/records/members';
import { roleMay } from '../../src/domain/team';
import { FieldValue, type Auth, type Firestore } from './admin';
import type { Caller } from './caller';
import { refusal } from './http';
import { withinHourlyAllowance } from './link-sync';
import { mayActIn, notAllowed, refusalToChange, actingIn } from './workspace';
import type { FileStore } from './file-store';
import { escapeHtml, mailHtml, myCodesUrl, type OutgoingMail } from './mail-message';
import type { SendMail } from './mail-transport';
import type { ProbeResult } from './destination-probe';
import { log } from './log';

export interface DestinationCheckDeps {
  readonly db: Firestore;
  readonly auth: Auth;
  readonly files: Pick<FileStore, 'stat'>;
  readonly send: SendMail;
  /** Checks a redirect's target (probeDestination with the site's options). */
  readonly probe: (target: string) => Promise<ProbeResult>;
  /** The site's configured origin, for the email's links. */
  readonly origin: () => string;
  readonly now?: () => number;
}

/** What a day's run did. */
export interface CheckTally {
  readonly checked: number;
  readonly failing: number;
  readonly notices: number;
  /** Links left for the next run (the time ran out). */
  readonly left: number;
}

/**
 * Whether a check looks at `link`: live, on, with a destination, and (unless its owners asked for
 * this check) not switched off by them.
 */
export const isWatched = (link: LinkRecord, { asked = false }: { asked?: boolean } = {}) =>
  !link.deleted && !link.disabled && link.destination !== null && (asked || link.watched);

/** Where `link` leads, as one check finds it now. */
export async function checkOutcome(
  deps: Pick<DestinationCheckDeps, 'files' | 'probe'>,
  link: LinkRecord,
): Promise<CheckOutcome> {
  const destination = link.destination!;
  if (destination.kind === 'redirect') return (await deps.probe(destination.target)).outcome;
  for (const sha256 of filesOf(destination)) {
    const stored = await deps.files.stat(link.owner, sha256);
    if (!stored?.complete) return { kind: 'status', status: 404 };
  }
  return { kind: 'ok', status: 200 };
}

/**
 * Checks the link `id` now and records what it found; the owners are emailed if that calls for
 * it. Null when the link is not one the check looks at (`asked`: its owners asked for this check,
 * so it is made even if they turned the daily one off).
 */
export async function checkLink(
  deps: DestinationCheckDeps,
  id: string,
  { asked = false }: { asked?: boolean } = {},
): Promise<{ readonly health: DestinationHealth; readonly notice: HealthNotice | null } | null> {
  const ref = deps.db.doc(linkPath(id));
  const data = (await ref.get()).data();
  const link = readLink(id, data);
  if (!link || !isWatched(link, { asked })) return null;
  const outcome = await checkOutcome(deps, link);
  const now = deps.now?.() ?? Date.now();
  // The health is read again in the transaction: a "Check now" and the day's run at once must
  // not both send the same notice.
  const { health, notice } = await deps.db.runTransaction(async (transaction) => {
    const stored = (await transaction.get(ref)).data() as { health?: unknown } | undefined;
    const next = nextHealth(readHealth(stored?.health), outcome, now);
    transaction.update(ref, { health: healthFields(next.health) });
    return next;
  });
  if (notice) await noticeHealth(deps, link, health, notice);
  return { health, notice };
}

/** The live links are read a page at a time. */
const PAGE = 200;

/** Checks every watched link, at most `concurrency` at once, starting none after `budgetMs`. */
export async function checkAllDestinations(
  deps: DestinationCheckDeps,
  { concurrency = 8, budgetMs = 8 * 60_000 }: { concurrency?: number; budgetMs?: number } = {},
): Promise<CheckTally> {
  const started = Date.now();
  let checked = 0;
  let failing = 0;
  let notices = 0;
  let left = 0;
  let after: string | null = null;
  for (;;) {
    let query = deps.db.collection(LINKS).where('deletedAt', '==', null).orderBy('__name__');
    if (after) query = query.startAfter(after);
    const page = await query.limit(PAGE).get();
    if (page.empty) break;
    after = page.docs.at(-1)!.id;
    const due = page.docs
      .map((document) => ({ id: document.id, data: document.data() }))
      .filter(({ id, data }) => {
        const link = readLink(id, data);
        return link !== null && isWatched(link);
      })
      .map(({ id }) => id);
    let next = 0;
    const worker = async () => {
      while (next < due.length) {
        if (Date.now() - started >= budgetMs) {
          left += due.length - next;
          next = due.length;
          return;
        }
        const id = due[next++]!;
        try {
          const result = await checkLink(deps, id);
          if (!result) continue;
          checked += 1;
          if (result.health.outcome.kind !== 'ok') failing += 1;
          if (result.notice) notices += 1;
        } catch (error) {
          log('ERROR', 'destination not checked', { link: id, error: String(error) });
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    if (page.size < PAGE) break;
  }
  return { checked, failing, notices, left };
}

/** The workspace's owners and admins who may be written to: verified addresses only. */
async function ownersOf(deps: DestinationCheckDeps, workspace: string): Promise<string[]> {
  const holder = await deps.auth.getUser(workspace).catch(() => null);
  const members = await deps.db.collection(membersPath(workspace)).get();
  const admins = members.docs
    .map((document) => readMember(workspace, document.id, document.data()))
    .filter((member) => member !== null && roleMay(member.role, 'members.manage'))
    .map((member) => member!.email);
  const addresses = [...(holder?.email && holder.emailVerified ? [holder.email] : []), ...admins];
  return [...new Set(addresses)];
}

/** Emails the owners of `link`'s workspace that its destination broke or recovered. */
async function noticeHealth(
  deps: DestinationCheckDeps,
  link: LinkRecord,
  health: DestinationHealth,
  notice: HealthNotice,
): Promise<void> {
  try {
    const code = link.code
      ? readCode(link.code, (await deps.db.doc(codePath(link.owner, link.code)).get()).data())
      : null;
    const name = code?.name || 'A printed code';
    const mail = healthMail(name, link, health, notice, deps.origin());
    const to = await ownersOf(deps, link.owner);
    await Promise.all(to.map((address) => deps.send({ ...mail, to: address })));
    log('INFO', 'destination notice sent', { link: link.id, notice, sent: to.length });
  } catch (error) {
    log('ERROR', 'destination notice not sent', { link: link.id, error: String(error) });
  }
}

/** The email about a break or a recovery, as text and simple HTML (without its address). */
export function healthMail(
  name: string,
  link: LinkRecord,
  health: DestinationHealth,
  notice: HealthNotice,
  origin: string,
): Omit<OutgoingMail, 'to'> {
  const where =
    link.destination?.kind === 'redirect' ? link.destination.target : 'its page on this site';
  const codes = myCodesUrl(origin);
  const subject =
    notice === 'broken'
      ? `${name}: where it leads is not answering`
      : `${name}: where it leads answers again`;
  const paragraphs =
    notice === 'broken'
      ? [
          `The printed code "${name}" leads to ${where}. Our daily check found that it is not working: ${failureText(health.outcome)} since ${shortDay(health.since)}.`,
          'People who scan the code now reach an error. Fix the page, or change where the code leads in My QR Codes: the printed code stays the same.',
        ]
      : [
          `The printed code "${name}" leads to ${where}, which answers again since ${shortDay(health.since)}.`,
        ];
  const footnote =
    'You receive this as an owner or admin of the codes. The check can be turned off for a code in My QR Codes.';
  return {
    subject,
    text: ['Hello,', ...paragraphs, `My QR Codes: ${codes}`, footnote].join('\n\n'),
    html: mailHtml(
      [
        'Hello,',
        ...paragraphs.map(escapeHtml),
        `<a href="${escapeHtml(codes)}">Open My QR Codes</a>`,
      ],
      escapeHtml(footnote),
    ),
    attachments: [],
  };
}

/** The live link of `workspace`'s code `code`, if it has one. */
async function liveLinkOf(db: Firestore, workspace: string, code: string) {
  const found = await db
    .collection(LINKS)
    .where('owner', '==', workspace)
    .where('code', '==', code)
    .where('deletedAt', '==', null)
    .limit(1)
    .get();
  const document = found.docs[0];
  return document ? readLink(document.id, document.data()) : null;
}

const NO_LINK = refusal('bad-request', 'That code has no short link to check.');

const TOO_MANY_CHECKS = refusal(
  'too-many-checks',
  `Where codes lead can be checked at most ${CHECKS_PER_HOUR} times an hour. The daily check goes on; try again later.`,
);

/**
 * POST /api/links/check: checks now where the code leads, for anyone who may see the workspace's
 * codes, at most CHECKS_PER_HOUR times an hour per workspace (each fetches a site). The answer
 * carries the link; its health reaches the page through the link's document.
 */
export async function checkNow(
  deps: DestinationCheckDeps,
  caller: Caller,
  code: string,
  workspace: string,
): Promise<SyncAnswer> {
  if (!(await mayActIn(deps.db, caller, workspace, 'codes.read'))) return notAllowed();
  const link = await liveLinkOf(deps.db, workspace, code);
  if (!link || link.disabled || !link.destination) return NO_LINK;
  const now = deps.now?.() ?? Date.now();
  if (!(await withinHourlyAllowance(deps.db, linkChecksPath(workspace), CHECKS_PER_HOUR, now))) {
    return TOO_MANY_CHECKS;
  }
  await checkLink(deps, link.id, { asked: true });
  return { ok: true, link: viewOfLink(link) };
}

/**
 * POST /api/links/watch: turns the daily check of the code's destination on or off, for those
 * who may change the code.
 */
export async function setWatch(
  db: Firestore,
  caller: Caller,
  code: string,
  workspace: string,
  watch: boolean,
): Promise<SyncAnswer> {
  const acting = await actingIn(db, caller, workspace);
  const stored = (await db.doc(codePath(workspace, code)).get()).data();
  const refused = refusalToChange(acting, stored ?? {});
  if (refused) return notAllowed(refused);
  const link = await liveLinkOf(db, workspace, code);
  if (!link) return NO_LINK;
  await db.doc(linkPath(link.id)).update(watchedLink(watch, FieldValue.serverTimestamp()));
  return { ok: true, link: viewOfLink(link) };
}
