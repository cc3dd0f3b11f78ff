// The daily check of printed codes' destinations (functions/src/destination-check.ts) against the
// Firestore and Auth emulators and a shop's site on this machine: a destination that stops
// answering is recorded with the day it began, and the workspace's owners and admins (not its
// editors) get one email when it breaks and one when it recovers, not one a day; links that are
// switched off, retired or unwatched are left alone; a landing page whose hosted file is gone
// counts as a 404. The emails are kept, not sent.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteApp, getAuth, initializeApp, Timestamp, type App } from '../../functions/src/admin';
import {
  checkAllDestinations,
  checkLink,
  type DestinationCheckDeps,
} from '../../functions/src/destination-check';
import { emulatorSeams, probeDestination } from '../../functions/src/destination-probe';
import { readHealth, NOTICE_INTERVAL_MS } from '../../src/domain/qr/destination-health';
import {
  CHECKS_PER_HOUR,
  destinationFields,
  LINK_API_PATH,
  type SyncAnswer,
} from '../../src/domain/qr/link-policy';
import { codePath } from '../../src/domain/records/codes';
import { linkPath } from '../../src/domain/records/links';
import { memberFields, memberPath } from '../../src/domain/records/members';
import type { RoleId } from '../../src/domain/team';
import {
  idToken,
  keptMail,
  PROJECT_ID,
  serverLink,
  TEST_SHOP,
  uniqueUser,
  useFunctions,
  webFields,
} from './servers';

const { sent, mail } = keptMail();
const under = useFunctions({ mail });

const SHOP = TEST_SHOP;
let server: Server;
let port: number;
/** Whether the shop still serves its menu. */
let serving = true;
/** The Admin SDK's app for Auth, as the function has it. */
let app: App;

beforeAll(async () => {
  app = initializeApp({ projectId: PROJECT_ID }, `destination-check-${Math.random()}`);
  server = createServer((request, response) => {
    if (request.url === '/menu' && serving) response.end('<h1>Menu</h1>');
    else response.writeHead(404).end('Not found');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await deleteApp(app);
});

const DAY = NOTICE_INTERVAL_MS;
let clock = Date.parse('2026-11-24T03:00:00Z');

const deps = (): DestinationCheckDeps => ({
  db: under.db,
  auth: getAuth(app),
  files: under.files,
  send: mail(),
  origin: () => 'https://kemptoncodeworks.co.za',
  now: () => clock,
  probe: (target) =>
    probeDestination(target, {
      site: 'https://kemptoncodeworks.co.za',
      ...emulatorSeams({ FUNCTIONS_EMULATOR: 'true', CHECK_TEST_HOSTS: SHOP }),
    }),
});

const emailOf = (uid: string) => `${uid}@kcw.example`;
const join = (workspace: string, uid: string, role: RoleId) =>
  under.db
    .doc(memberPath(workspace, uid))
    .set(memberFields(workspace, uid, role, emailOf(uid), Timestamp.now()));

/** A workspace whose code "Specials" leads to the shop's menu, by its link; its id and link. */
async function specials(fields: Record<string, unknown> = {}) {
  const workspace = uniqueUser('watch');
  await idToken(workspace);
  const code = `specials-${workspace}`;
  await under.db.doc(codePath(workspace, code)).set({
    ...webFields(`http://${SHOP}:${port}/menu`),
    name: 'Specials',
    createdAt: Timestamp.now(),
    updatedAt: Timestamp.now(),
  });
  const link = await serverLink(under, {
    owner: workspace,
    code,
    target: `http://${SHOP}:${port}/menu`,
    ...fields,
  });
  return { workspace, link };
}

const healthOf = async (link: string) =>
  readHealth(((await under.db.doc(linkPath(link)).get()).data() as { health?: unknown }).health);

describe('the daily check of destinations', () => {
  it('tells the owners and admins once when a destination breaks and once when it recovers', async () => {
    serving = true;
    const { workspace, link } = await specials();
    const admin = uniqueUser('admin');
    const editor = uniqueUser('editor');
    await join(workspace, admin, 'admin');
    await join(workspace, editor, 'editor');
    const first = sent.length;
    const mailSince = () => sent.slice(first);

    expect(await checkLink(deps(), link)).toMatchObject({ notice: null });
    expect(await healthOf(link)).toMatchObject({ outcome: { kind: 'ok', status: 200 } });

    serving = false;
    clock += DAY;
    expect(await checkLink(deps(), link)).toMatchObject({ notice: 'broken' });
    const broke = clock;
    expect(
      mailSince()
        .map((one) => one.to)
        .sort(),
    ).toEqual([emailOf(workspace), emailOf(admin)].sort());
    const [notice] = mailSince();
    expect(notice!.subject).toBe('Specials: where it leads is not answering');
    expect(notice!.text).toContain('Answered 404 since 25 Nov');
    expect(notice!.text).toContain('https://kemptoncodeworks.co.za/UserQRCodes');

    // Still broken the next days: nothing more.
    for (let day = 0; day < 2; day += 1) {
      clock += DAY;
      expect(await checkLink(deps(), link)).toMatchObject({ notice: null });
    }
    expect(mailSince()).toHaveLength(2);
    expect(await healthOf(link)).toMatchObject({
      outcome: { kind: 'status', status: 404 },
      since: broke,
      noticed: 'broken',
    });

    serving = true;
    clock += DAY;
    expect(await checkLink(deps(), link)).toMatchObject({ notice: 'recovered' });
    expect(mailSince()).toHaveLength(4);
    expect(mailSince().at(-1)!.subject).toBe('Specials: where it leads answers again');
    expect(await healthOf(link)).toMatchObject({ outcome: { kind: 'ok' }, since: clock });
  });

  it('checks every watched live link of a run, and leaves the rest alone', async () => {
    serving = false;
    const watched = await specials();
    const unwatched = await specials({ watch: false });
    const retired = await specials({ deletedAt: Timestamp.now() });
    const switchedOff = await specials({
      disabled: { reason: 'phishing', at: Timestamp.now(), by: 'staff' },
    });
    const gone = await specials({
      ...destinationFields({
        kind: 'page',
        page: {
          kind: 'file',
          field: 'menuFile',
          title: 'Menu',
          file: { sha256: 'f'.repeat(64), name: 'menu.pdf', size: 1000, type: 'application/pdf' },
        },
      }),
    });
    clock += DAY;
    const tally = await checkAllDestinations(deps(), { concurrency: 4 });
    expect(tally.checked).toBeGreaterThanOrEqual(2);
    expect(tally.left).toBe(0);
    expect(await healthOf(watched.link)).toMatchObject({
      outcome: { kind: 'status', status: 404 },
    });
    expect(await healthOf(gone.link)).toMatchObject({ outcome: { kind: 'status', status: 404 } });
    for (const { link } of [unwatched, retired, switchedOff])
      expect(await healthOf(link)).toBeNull();
    expect(await checkLink(deps(), unwatched.link)).toBeNull();
  });
});

/** POST /api/links/<path> for `workspace`'s code, as `uid`: the status and the answer. */
async function links(uid: string, path: string, body: object) {
  const response = await fetch(`${under.origin}${LINK_API_PATH}/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await idToken(uid)}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, answer: (await response.json()) as SyncAnswer };
}

describe('Check now, and the switch of the daily check', () => {
  it('checks at once for whoever may see the codes, at most 20 times an hour', async () => {
    serving = false;
    const { workspace, link } = await specials();
    const code = `specials-${workspace}`;
    const viewer = uniqueUser('viewer');
    await join(workspace, viewer, 'viewer');
    under.clock = () => new Date(clock);

    const checked = await links(viewer, 'check', { code, workspace });
    expect(checked).toMatchObject({ status: 200, answer: { ok: true, link: { id: link } } });
    expect(await healthOf(link)).toMatchObject({ outcome: { kind: 'status', status: 404 } });

    // Someone with no role in the workspace: refused, and nothing is fetched for them.
    const stranger = uniqueUser('stranger');
    expect(await links(stranger, 'check', { code, workspace })).toMatchObject({
      status: 403,
      answer: { problem: 'not-allowed' },
    });
    // A code without a short link has nothing to check.
    expect(await links(workspace, 'check', { code: 'no-such-code', workspace })).toMatchObject({
      status: 400,
    });

    for (let asked = 1; asked < CHECKS_PER_HOUR; asked += 1) {
      expect((await links(workspace, 'check', { code, workspace })).status).toBe(200);
    }
    expect(await links(workspace, 'check', { code, workspace })).toMatchObject({
      status: 429,
      answer: { problem: 'too-many-checks' },
    });
    // An hour on, the allowance is back.
    clock += 60 * 60 * 1000;
    expect((await links(workspace, 'check', { code, workspace })).status).toBe(200);
  });

  it('lets those who may change the code turn its daily check off, and no one else', async () => {
    const { workspace, link } = await specials();
    const code = `specials-${workspace}`;
    const viewer = uniqueUser('viewer');
    await join(workspace, viewer, 'viewer');
    expect(await links(viewer, 'watch', { code, workspace, watch: false })).toMatchObject({
      status: 403,
      answer: { problem: 'not-allowed' },
    });
    expect(await links(workspace, 'watch', { code, workspace, watch: 'no' })).toMatchObject({
      status: 400,
    });
    expect((await links(workspace, 'watch', { code, workspace, watch: false })).status).toBe(200);
    expect((await under.db.doc(linkPath(link)).get()).data()).toMatchObject({ watch: false });
    expect(await checkLink(deps(), link)).toBeNull();
    expect((await links(workspace, 'watch', { code, workspace, watch: true })).status).toBe(200);
    expect(await checkLink(deps(), link)).not.toBeNull();
  });
});
