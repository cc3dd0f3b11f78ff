// The weekly summary (functions/src/weekly-summary.ts) over the Firestore and Auth emulators: sent
// to each person who asked for it and may still read the workspace's history (not to an editor's
// leftover document, not to a removed admin), with the week's scans, the most scanned codes and
// the failing destinations; and its one-click stop: a page with a button (opening the link stops
// nothing), a POST that turns the summary off (a mail client's one-click unsubscribe too), and a
// wrong token refused. The emails are kept, not sent.
import { describe, expect, it } from 'vitest';
import { deleteApp, getAuth, initializeApp, Timestamp } from '../../functions/src/admin';
import { sendWeeklySummaries } from '../../functions/src/weekly-summary';
import { WEEKLY_STOP_PATH } from '../../src/domain/weekly-summary';
import { healthFields, nextHealth } from '../../src/domain/qr/destination-health';
import { addDays, scanDay } from '../../src/domain/qr/scan-time';
import { codePath } from '../../src/domain/records/codes';
import { countShardKeys, countShardPath } from '../../src/domain/records/link-counts';
import { memberFields, memberPath } from '../../src/domain/records/members';
import { noticeFields, noticePath, readNotice } from '../../src/domain/records/notices';
import type { RoleId } from '../../src/domain/team';
import {
  idToken,
  keptMail,
  PROJECT_ID,
  serverLink,
  uniqueUser,
  useFunctions,
  webFields,
} from './servers';

const { sent, mail } = keptMail();
const under = useFunctions({ mail });

const emailOf = (uid: string) => `${uid}@kcw.example`;
/** A Monday morning; the week summed is the seven days before it. */
const monday = Date.parse('2026-11-30T05:00:00Z');
const yesterday = scanDay(new Date(monday - 24 * 60 * 60 * 1000));

const join = (workspace: string, uid: string, role: RoleId) =>
  under.db
    .doc(memberPath(workspace, uid))
    .set(memberFields(workspace, uid, role, emailOf(uid), Timestamp.now()));

const wantsWeekly = (workspace: string, uid: string) =>
  under.db
    .doc(noticePath(workspace, uid))
    .set(noticeFields({ destination: false, weekly: true }, Timestamp.now()));

/** A dynamic code `name` of `workspace` with `scans` on each of `days` (days before Monday). */
async function code(workspace: string, name: string, scans: number, days: number[], fields = {}) {
  const id = `${name.toLowerCase().replaceAll(' ', '-')}-${workspace}`;
  await under.db.doc(codePath(workspace, id)).set({
    ...webFields('https://example.co.za/menu'),
    name,
    createdAt: Timestamp.now(),
    updatedAt: Timestamp.now(),
  });
  const link = await serverLink(under, { owner: workspace, code: id, ...fields });
  for (const ago of days) {
    const day = addDays(yesterday, -ago);
    await under.db
      .doc(countShardPath(link, day, 0))
      .set({ ...countShardKeys(workspace, link, day), scans });
  }
  return link;
}

async function sendAll() {
  const app = initializeApp({ projectId: PROJECT_ID }, `weekly-${Math.random()}`);
  try {
    return await sendWeeklySummaries({
      db: under.db,
      auth: getAuth(app),
      send: mail(),
      origin: () => under.origin,
      now: () => monday,
    });
  } finally {
    await deleteApp(app);
  }
}

describe('the weekly summary', () => {
  it('goes to each owner and admin who asked for it, with the week’s figures and a one-click stop', async () => {
    const workspace = uniqueUser('weekly');
    await idToken(workspace);
    const admin = uniqueUser('admin');
    const editor = uniqueUser('editor');
    const gone = uniqueUser('gone');
    await join(workspace, admin, 'admin');
    await join(workspace, editor, 'editor');
    for (const uid of [workspace, admin, editor, gone]) await wantsWeekly(workspace, uid);
    await code(workspace, 'Specials', 6, [0, 1, 2]);
    await code(workspace, 'Table 7', 2, [3, 8]); // one day of it is before the week
    const broken = nextHealth(
      null,
      { kind: 'status', status: 404 },
      Date.parse('2026-11-25T06:00:00Z'),
    );
    await code(workspace, 'Lunch menu', 1, [6], { health: healthFields(broken.health) });
    const from = sent.length;

    const tally = await sendAll();
    expect(tally.sent).toBeGreaterThanOrEqual(2);
    const mine = sent
      .slice(from)
      .filter(
        (one) =>
          one.to.includes(workspace) ||
          [admin, editor, gone].some((uid) => one.to === emailOf(uid)),
      );
    expect(mine.map((one) => one.to).sort()).toEqual([emailOf(admin), emailOf(workspace)].sort());
    const summary = mine.find((one) => one.to === emailOf(workspace))!;
    expect(summary.subject).toBe('Your QR codes this week: 21 scans');
    expect(summary.text).toContain(
      'From 23 Nov to 29 Nov, the 3 dynamic codes of your account were scanned 21 times.',
    );
    expect(summary.text).toContain(
      'The most scanned:\nSpecials: 18 scans\nTable 7: 2 scans\nLunch menu: 1 scan',
    );
    expect(summary.text).toContain(
      'Not working now: people who scan these reach an error.\nLunch menu: Answered 404 since 25 Nov',
    );
    expect(summary.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const stop = /<(.+)>/.exec(summary.headers!['List-Unsubscribe']!)![1]!;
    expect(stop.startsWith(`${under.origin}${WEEKLY_STOP_PATH}?`)).toBe(true);
    expect(summary.text).toContain(stop);

    // Opening the link stops nothing: it asks.
    const page = await fetch(stop);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(
      /<form method="post"[^>]*><button type="submit"[^>]*>Stop the weekly summary<\/button>/,
    );
    const notice = () => under.db.doc(noticePath(workspace, workspace)).get();
    expect(readNotice((await notice()).data()).weekly).toBe(true);

    // A wrong or cut token stops nothing.
    for (const wrong of [
      stop.replace(/t=[^&]+/, `t=${'x'.repeat(43)}`),
      stop.replace(/&t=.*$/, ''),
    ]) {
      const refused = await fetch(wrong, { method: 'POST' });
      expect(refused.status).toBe(404);
      expect(await refused.text()).toContain('This link does not stop any email');
    }
    expect(readNotice((await notice()).data()).weekly).toBe(true);

    // The mail client's one-click unsubscribe (RFC 8058), or the page's button: stopped.
    const stopped = await fetch(stop, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(stopped.status).toBe(200);
    expect(await stopped.text()).toContain('The weekly summary is stopped');
    expect(readNotice((await notice()).data())).toMatchObject({
      weekly: false,
      destination: false,
    });

    const again = sent.length;
    await sendAll();
    expect(sent.slice(again).map((one) => one.to)).not.toContain(emailOf(workspace));
    expect(sent.slice(again).map((one) => one.to)).toContain(emailOf(admin));
  });
});
