// The weekly summary (src/domain/weekly-summary.ts words it): each Monday morning, every member who
// asked for it (users/{workspace}/notices/{uid} with `weekly`, records/notices.ts) is emailed the
// last seven South African days of the workspace's dynamic codes. Who gets it is decided now, as
// for the notices of a new destination: the account holder at their verified address, a member
// at the address they joined with while their role may still read the history; a member removed
// or demoted gets nothing, whatever their document says.
//
// Each email carries a link that stops these emails in one click: /api/account/weekly-stop with
// the workspace, the person and a token only the server knows (kept among the person's account's
// server-only documents, where no rule lets a client read it). Opening the link shows a page with one button (a link
// checker or a mail scanner that merely opens it stops nothing); the button, or a mail client's
// own unsubscribe (RFC 8058's List-Unsubscribe-Post, sent as a POST), turns `weekly` off.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { lastDays } from '../../src/domain/qr/scan-stats';
import { readLink } from '../../src/domain/records/links';
import { COUNTS, readCountShard, countsByDay } from '../../src/domain/records/link-counts';
import { codePath, readCode } from '../../src/domain/records/codes';
import { memberPath, readMember } from '../../src/domain/records/members';
import {
  NOTICES,
  WEEKLY_NOTICE,
  readNotice,
  noticeFields,
  noticePath,
  weeklyStopPath,
} from '../../src/domain/records/notices';
import { LINKS } from '../../src/domain/records/links';
import { roleMay } from '../../src/domain/team';
import { roleIn } from '../../src/domain/team-policy';
import {
  weeklySummary,
  WEEKLY_NOTICE_LABEL,
  WEEKLY_STOP_PATH,
  type WeeklyCode,
} from '../../src/domain/weekly-summary';
import { FieldValue, type Auth, type Firestore } from './admin';
import { readBody, requestPath, type HttpRequest, type HttpResponse } from './http';
import { escapeHtml, noticeMail } from './mail-message';
import type { SendMail } from './mail-transport';
import { sendPage } from './pages';
import { log } from './log';

export interface WeeklyDeps {
  readonly db: Firestore;
  readonly auth: Auth;
  readonly send: SendMail;
  /** The site's configured origin, for the email's links. */
  readonly origin: () => string;
  readonly now?: () => number;
}

/** A reader who may be emailed now: their address, and the workspace as they know it. */
async function readerOf(deps: WeeklyDeps, workspace: string, uid: string) {
  const holder = await deps.auth.getUser(workspace).catch(() => null);
  if (uid === workspace) {
    return holder?.email && holder.emailVerified ? { to: holder.email, workspace: null } : null;
  }
  const member = readMember(
    workspace,
    uid,
    (await deps.db.doc(memberPath(workspace, uid)).get()).data(),
  );
  const role = roleIn(workspace, uid, member);
  if (!member || !role || !roleMay(role, 'history.read')) return null;
  return { to: member.email, workspace: member.workspaceName ?? holder?.email ?? workspace };
}

/** The workspace's live dynamic codes over `days`: each one's name, scans and health. */
async function codesOf(db: Firestore, workspace: string, days: readonly string[]) {
  const links = await db
    .collection(LINKS)
    .where('owner', '==', workspace)
    .where('deletedAt', '==', null)
    .get();
  const shards = await db
    .collectionGroup(COUNTS)
    .where('owner', '==', workspace)
    .where('day', '>=', days[0]!)
    .where('day', '<=', days[days.length - 1]!)
    .get();
  const byLink = new Map<string, ReturnType<typeof readCountShard>[]>();
  for (const document of shards.docs) {
    const shard = readCountShard(document.data());
    if (shard?.link) byLink.set(shard.link, [...(byLink.get(shard.link) ?? []), shard]);
  }
  const codes: WeeklyCode[] = [];
  for (const document of links.docs) {
    const link = readLink(document.id, document.data());
    if (!link?.code) continue;
    const code = readCode(link.code, (await db.doc(codePath(workspace, link.code)).get()).data());
    const figures = countsByDay((byLink.get(link.id) ?? []).filter((shard) => shard !== null));
    const scans = days.reduce((sum, day) => sum + (figures.get(day)?.scans ?? 0), 0);
    codes.push({ name: code?.name || `The code of /q/${link.id}`, scans, health: link.health });
  }
  return codes;
}

/** The person's stop token, made at their first summary. */
async function stopTokenOf(db: Firestore, workspace: string, uid: string): Promise<string> {
  const ref = db.doc(weeklyStopPath(workspace, uid));
  const stored = (await ref.get()).data()?.token;
  if (typeof stored === 'string' && stored.length >= 32) return stored;
  const token = randomBytes(32).toString('base64url');
  await ref.set({ token, createdAt: FieldValue.serverTimestamp() });
  return token;
}

export const weeklyStopUrl = (origin: string, workspace: string, uid: string, token: string) =>
  `${origin}${WEEKLY_STOP_PATH}?${new URLSearchParams({ w: workspace, u: uid, t: token })}`;

/** Sends this week's summary to everyone who asked for it; what it did. */
export async function sendWeeklySummaries(
  deps: WeeklyDeps,
): Promise<{ readonly sent: number; readonly skipped: number; readonly failed: number }> {
  // The seven South African days that ended yesterday.
  const now = deps.now?.() ?? Date.now();
  const days = lastDays(new Date(now - 24 * 60 * 60 * 1000), 7);
  const asked = await deps.db.collectionGroup(NOTICES).where(WEEKLY_NOTICE, '==', true).get();
  let sent = 0;
  let skipped = 0;
  let failed = 0;
  const origin = deps.origin().replace(/\/+$/, '');
  for (const document of asked.docs) {
    const workspace = document.ref.parent.parent?.id;
    const uid = document.id;
    try {
      const reader = workspace ? await readerOf(deps, workspace, uid) : null;
      if (!workspace || !reader) {
        skipped += 1;
        continue;
      }
      const stopUrl = weeklyStopUrl(
        origin,
        workspace,
        uid,
        await stopTokenOf(deps.db, workspace, uid),
      );
      const summary = weeklySummary({
        codes: await codesOf(deps.db, workspace, days),
        days,
        workspace: reader.workspace,
        origin,
        stopUrl,
      });
      await deps.send(
        noticeMail(reader.to, summary, {
          more: ` <a href="${escapeHtml(stopUrl)}">Stop these emails</a>`,
          headers: {
            'List-Unsubscribe': `<${stopUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }),
      );
      sent += 1;
    } catch (error) {
      failed += 1;
      log('ERROR', 'weekly summary not sent', { workspace, reader: uid, error: String(error) });
    }
  }
  return { sent, skipped, failed };
}

/** Whether `token` is the person's stop token (compared in constant time). */
async function tokenHolds(db: Firestore, workspace: string, uid: string, token: string) {
  const stored = (await db.doc(weeklyStopPath(workspace, uid)).get()).data()?.token;
  if (typeof stored !== 'string') return false;
  const a = Buffer.from(stored);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

const ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * GET /api/account/weekly-stop?w&u&t: a page with one button; POST (the button, or a mail
 * client's one-click unsubscribe): turns the weekly summary off. A link whose token is wrong is
 * refused with a page that says where to turn it off instead.
 */
export function createWeeklyStop(db: Firestore) {
  return async (request: HttpRequest, response: HttpResponse) => {
    const method = request.method ?? 'GET';
    const query = new URL(request.url ?? '/', 'http://localhost').searchParams;
    const [workspace, uid, token] = ['w', 'u', 't'].map((key) => query.get(key) ?? '');
    const valid =
      ID.test(workspace!) &&
      ID.test(uid!) &&
      token!.length >= 32 &&
      (await tokenHolds(db, workspace!, uid!, token!));
    if (!valid) {
      sendPage(response, method, {
        status: 404,
        title: 'This link does not stop any email',
        text: [
          'It may have been copied only in part. You can turn the weekly summary off in My Account, under Email notices.',
        ],
        id: null,
      });
      return;
    }
    if (method === 'POST') {
      await readBody(request, 1024);
      const ref = db.doc(noticePath(workspace!, uid!));
      const choice = readNotice((await ref.get()).data());
      await ref.set(noticeFields({ ...choice, weekly: false }, FieldValue.serverTimestamp()));
      sendPage(response, method, {
        status: 200,
        title: 'The weekly summary is stopped',
        text: [
          `You will not get it any more. To have it again, tick “${WEEKLY_NOTICE_LABEL}” in My Account.`,
        ],
        id: null,
      });
      return;
    }
    sendPage(response, method, {
      status: 200,
      title: 'Stop the weekly summary?',
      text: ['The email each Monday with the week’s scans of your QR codes.'],
      body: `<form method="post" action="${escapeHtml(`${WEEKLY_STOP_PATH}?${query}`)}"><button type="submit" class="landing__button landing__button--primary">Stop the weekly summary</button></form>\n`,
      id: null,
    });
  };
}

/** Whether `request` is for the weekly summary's stop page. */
const isWeeklyStop = (request: HttpRequest) => requestPath(request) === WEEKLY_STOP_PATH;

/** The account function's handler `api`, with the weekly summary's stop page beside it. */
export function withWeeklyStop(
  db: Firestore,
  api: (request: HttpRequest, response: HttpResponse) => Promise<void>,
) {
  const stop = createWeeklyStop(db);
  return (request: HttpRequest, response: HttpResponse) =>
    isWeeklyStop(request) ? stop(request, response) : api(request, response);
}
