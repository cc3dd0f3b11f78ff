// The Cloud Functions' handlers (functions/src) behind a real node:http server on 127.0.0.1, with
// the Admin SDK on the Firestore emulator that tests/rules/global-setup.ts starts: /api/links goes
// to the link API, /api/files to the uploads, /api/mail to the mail API, a hosted file
// (/q/<id>/f/…) to the `hosted` function, every other path to the redirect, as Hosting's rewrites
// send them deployed.
//
// The Admin SDK is told everything it would otherwise look up (the project id, the emulators'
// addresses, the universe domain), so it never dials Google's metadata server. Users and their
// ID tokens come from the Auth emulator that global-setup.ts starts.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, inject } from 'vitest';
import {
  deleteApp,
  FieldValue,
  getAuth,
  initializeApp,
  openFirestore,
  type App,
  type Auth,
  type Firestore,
} from '../../functions/src/admin';
import { createFileApi } from '../../functions/src/file-api';
import { createFileLink } from '../../functions/src/file-link';
import { FirestoreFileStore, type FileStore } from '../../functions/src/file-store';
import { createLinkApi } from '../../functions/src/link-api';
import { emulatorSeams, probeDestination } from '../../functions/src/destination-probe';
import { createMailApi } from '../../functions/src/mail-api';
import type { OutgoingMail } from '../../functions/src/mail-message';
import type { SendMail } from '../../functions/src/mail-transport';
import { LinkReader, type ReaderOptions } from '../../functions/src/link-reader';
import { PasswordGate, type HashCost } from '../../functions/src/passwords';
import { createRedirect } from '../../functions/src/redirect';
import { ScanCounter } from '../../functions/src/scan-counter';
import { AccountTermsReader } from '../../functions/src/terms';
import { createBillingApi } from '../../functions/src/billing-api';
import { createAccountApi } from '../../functions/src/account-api';
import { createTeamApi } from '../../functions/src/team-api';
import { createBulkApi } from '../../functions/src/bulk-api';
import { createDeskApi } from '../../functions/src/desk-api';
import { createBuildsApi } from '../../functions/src/builds-api';
import { createReportsApi } from '../../functions/src/reports-api';
import { REPORTS_API_PATH } from '../../src/domain/reports';
import { BUILDS_API_PATH } from '../../src/domain/pc-builds';
import { DESK_API_PATH } from '../../src/domain/desk-api';
import { withWeeklyStop } from '../../functions/src/weekly-summary';
import { BULK_API_PATH } from '../../src/domain/bulk/bulk-api';
import { FIRESTORE_PROJECT } from '../rules/project';
import { ACCOUNT_API_PATH } from '../../src/domain/account-api';
import { BILLING_API_PATH } from '../../src/domain/billing';
import { blocklistOf } from '../../functions/src/blocklist';
import { MAIL_API_PATH } from '../../src/domain/mail';
import { emptyContent } from '../../src/domain/qr/content';
import { emptyDraft } from '../../src/domain/qr/draft';
import { savedFields } from '../../src/domain/qr/saved-code';
import { FILES_API_PATH } from '../../src/domain/qr/hosting';
import { TEAM_API_PATH } from '../../src/domain/team-api';
import { LINK_API_PATH, type SyncAnswer } from '../../src/domain/qr/link-policy';
import { ALL_DAYS, sumCounts } from '../../src/domain/qr/scan-counts';
import { linkCountsPath } from '../../src/domain/records/link-counts';
import { linkPath } from '../../src/domain/records/links';

/**
 * The project of the Auth emulator (its users and ID tokens) and the one the functions are told
 * they run under. Firestore's is this worker's own, FIRESTORE_PROJECT.
 */
export const PROJECT_ID = 'demo-kcw-rules';

/** The tests' shop: a site served on this machine that "Check now" may fetch (emulatorSeams). */
export const TEST_SHOP = 'shop.kcw-test.example';

/** A phone's user agent: Node's fetch says `node`, which counts as a bot. */
export const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

const tokens = new Map<string, Promise<string>>();

/**
 * A real ID token of the Auth emulator for the user `uid` (made on first use, with the email
 * address `<uid>@kcw.example`, verified or not: use another uid for the other state).
 */
export function idToken(uid: string, { verified = true }: { verified?: boolean } = {}) {
  let token = tokens.get(uid);
  if (!token) {
    token = signIn(uid, verified);
    tokens.set(uid, token);
  }
  return token;
}

async function signIn(uid: string, verified: boolean): Promise<string> {
  const { host, port } = inject('auth');
  const base = `http://${host}:${port}/identitytoolkit.googleapis.com/v1`;
  const email = `${uid}@kcw.example`;
  const password = `pass-${uid}-2026`;
  const call = async (path: string, body: object, admin = false) => {
    const response = await fetch(`${base}/${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(admin ? { Authorization: 'Bearer owner' } : {}),
      },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as { idToken?: string; error?: { message: string } };
    if (!response.ok) throw new Error(`Auth emulator ${path}: ${json.error?.message}`);
    return json;
  };
  // Another test file may have signed the same user up already (the emulator outlives files).
  await call(
    `projects/${PROJECT_ID}/accounts`,
    { localId: uid, email, password, emailVerified: verified },
    true,
  ).catch((error: Error) => {
    if (!error.message.endsWith('DUPLICATE_LOCAL_ID')) throw error;
  });
  const { idToken: token } = await call('accounts:signInWithPassword?key=test', {
    email,
    password,
    returnSecureToken: true,
  });
  return token!;
}

/** A new ID token for `uid`, signed in again: one that carries claims set since the last. */
export function freshIdToken(uid: string, options: { verified?: boolean } = {}) {
  tokens.delete(uid);
  return idToken(uid, options);
}

let users = 0;

/**
 * A user id of the calling test file only (the files share the Auth emulator): `name`, then what
 * makes it unique.
 */
export const uniqueUser = (name: string) => `${name}${Date.now().toString(36)}${(users += 1)}`;

/** A mail transport that keeps what the APIs hand it (`sent`), for useFunctions' `mail`. */
export function keptMail(): { sent: OutgoingMail[]; mail: () => SendMail } {
  const sent: OutgoingMail[] = [];
  return {
    sent,
    mail: () => async (message) => {
      sent.push(message);
    },
  };
}

export interface FunctionsUnderTest {
  readonly origin: string;
  readonly db: Firestore;
  /** The Admin SDK's Auth on the emulator (custom claims, as the staff script sets them). */
  readonly auth: Auth;
  readonly reader: LinkReader;
  readonly counter: ScanCounter;
  readonly files: FirestoreFileStore;
  /** The time the handlers are told it is (a real clock unless a test sets one). */
  clock: () => Date;
  /**
   * The scrypt cost a password set through /api/links/password is hashed at, if not the deployed
   * one (PASSWORD_COST): tests/functions/passwords.test.ts sets a cheaper one for its guessing.
   */
  passwordCost?: HashCost;
}

/**
 * Registers hooks that serve the handlers for the calling test file. `reader` options let a test
 * see a retarget at once (freshMs 0) or keep links in memory (the outage test).
 */
export function useFunctions(
  options: {
    reader?: Partial<ReaderOptions>;
    firestore?: () => { host: string; port: number };
    /**
     * How /api/mail sends (tests/functions/mail.test.ts: to its own mail catcher), and the other
     * APIs' emails (invites, orders, the notices of a new destination).
     */
    mail?: () => SendMail;
    /** The file store the link API is given, over the real one (a test's hooks on it). */
    linkFiles?: (files: FirestoreFileStore) => FileStore;
  } = {},
) {
  let server: Server | undefined;
  let app: App | undefined;
  let data: App | undefined;
  const under = {} as FunctionsUnderTest;
  under.clock = () => new Date();

  beforeAll(async () => {
    const { host, port } = options.firestore?.() ?? inject('firestore');
    process.env.FIRESTORE_EMULATOR_HOST = `${host}:${port}`;
    const auth = inject('auth');
    process.env.FIREBASE_AUTH_EMULATOR_HOST = `${auth.host}:${auth.port}`;
    app = initializeApp({ projectId: PROJECT_ID }, `functions-${Math.random()}`);
    // Firestore on this worker's own project (tests/rules/project.ts), Auth on the emulator's one.
    data = initializeApp({ projectId: FIRESTORE_PROJECT }, `functions-data-${Math.random()}`);
    const db = openFirestore(data);
    const reader = new LinkReader(db, Date.now, {
      freshMs: 0,
      timeoutMs: 1_500,
      ...options.reader,
    });
    const counter = new ScanCounter(db, { log: () => undefined });
    const files = new FirestoreFileStore(db);
    const gate = new PasswordGate(db);
    const redirect = createRedirect({
      reader,
      counter,
      blocklist: blocklistOf(),
      gate,
      now: () => under.clock(),
    });
    // The `hosted` function, which Hosting sends /q/*/f/** to (firebase.json).
    const fileLink = createFileLink({
      reader,
      blocklist: blocklistOf(),
      gate,
      store: files,
      now: () => under.clock(),
    });
    const terms = new AccountTermsReader(db, getAuth(app));
    const api = createLinkApi({
      db,
      auth: getAuth(app),
      files: options.linkFiles?.(files) ?? files,
      terms,
      now: () => under.clock(),
      passwordCost: () => under.passwordCost,
      // The owners' notices of a new destination, where the file keeps its mail.
      send: options.mail?.(),
      // "Check now": the tests' shop is served on this machine (the emulator's seams, as the
      // end-to-end tests' functions have them); every other name is not found.
      check: {
        files,
        now: () => under.clock().getTime(),
        probe: (target) =>
          probeDestination(target, {
            site: 'https://kemptoncodeworks.co.za',
            ...emulatorSeams({ FUNCTIONS_EMULATOR: 'true', CHECK_TEST_HOSTS: TEST_SHOP }),
          }),
      },
    });
    const fileApi = createFileApi({ db, auth: getAuth(app), store: files, terms });
    const mailApi = createMailApi({
      db,
      auth: getAuth(app),
      send: options.mail?.() ?? (() => Promise.reject(new Error('No mail in this test file.'))),
      blocklist: blocklistOf(),
      now: () => under.clock(),
    });
    const billingApi = createBillingApi({
      db,
      auth: getAuth(app),
      send: options.mail?.() ?? (() => Promise.resolve()),
      now: () => under.clock(),
    });
    // Deletion waits a little (not LINK_SETTLE_MS) for scans counted just before it: this counter
    // flushes every second.
    const accountApi = withWeeklyStop(
      db,
      createAccountApi({
        db,
        auth: getAuth(app),
        files,
        now: () => under.clock(),
        settleMs: 1_500,
      }),
    );
    const teamApi = createTeamApi({
      db,
      auth: getAuth(app),
      send: options.mail?.() ?? (() => Promise.resolve()),
      terms,
      now: () => under.clock(),
    });
    const buildsApi = createBuildsApi({
      db,
      auth: getAuth(app),
      store: files,
      send: options.mail?.() ?? (() => Promise.resolve()),
      now: () => under.clock(),
    });
    const deskApi = createDeskApi({
      db,
      auth: getAuth(app),
      store: files,
      send: options.mail?.() ?? (() => Promise.resolve()),
      now: () => under.clock(),
    });
    const reportsApi = createReportsApi({ db, now: () => under.clock() });
    const bulkApi = createBulkApi({
      db,
      auth: getAuth(app),
      files,
      terms,
      now: () => under.clock(),
      send: options.mail?.(),
    });
    // Each API by the path Hosting rewrites to its function (firebase.json); the rest as there.
    const apis = [
      [TEAM_API_PATH, teamApi],
      [LINK_API_PATH, api],
      [FILES_API_PATH, fileApi],
      [MAIL_API_PATH, mailApi],
      [BILLING_API_PATH, billingApi],
      [ACCOUNT_API_PATH, accountApi],
      [BULK_API_PATH, bulkApi],
      [DESK_API_PATH, deskApi],
      [BUILDS_API_PATH, buildsApi],
      [REPORTS_API_PATH, reportsApi],
    ] as const;
    server = createServer((request, response) => {
      const url = request.url ?? '/';
      const handler =
        apis.find(([path]) => url.startsWith(path))?.[1] ??
        (/^\/q\/[^/]+\/f\//.test(url) ? fileLink : redirect);
      handler(request, response).catch((error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // What the functions need to start (functions/src/site.ts), as scripts/serve/serve.mjs sets it for
    // the emulator: the site's origin, this server's own, and the project they run under.
    process.env.SITE_ORIGINS = origin;
    process.env.GCLOUD_PROJECT = PROJECT_ID;
    Object.assign(under, {
      origin,
      auth: getAuth(app),
      db,
      reader,
      counter,
      files,
    });
  });
  afterAll(async () => {
    await under.counter?.drain(2_000);
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    if (app) await deleteApp(app);
    if (data) await deleteApp(data);
    delete process.env.FIRESTORE_EMULATOR_HOST;
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    delete process.env.SITE_ORIGINS;
    delete process.env.GCLOUD_PROJECT;
  });
  return under;
}

/** POST /api/links for `code`, as the page sends it. */
export async function syncRequest(
  origin: string,
  code: string,
  token: string | null | Promise<string>,
): Promise<{ status: number; answer: SyncAnswer }> {
  token = await token;
  const response = await fetch(`${origin}${LINK_API_PATH}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ code }),
  });
  return { status: response.status, answer: (await response.json()) as SyncAnswer };
}

/** Opens a short link as a phone's browser would, without following the redirect. */
export const scan = (
  origin: string,
  path: string,
  {
    method = 'GET',
    userAgent = PHONE,
    from,
  }: { method?: string; userAgent?: string; from?: string } = {},
) =>
  fetch(`${origin}${path}`, {
    method,
    redirect: 'manual',
    headers: { 'User-Agent': userAgent, ...(from ? { 'X-Forwarded-For': from } : {}) },
  });

let linksMade = 0;
/** The prefix of the links this worker's files make, one count running through them all. */
const linkPrefix = `L${Math.random().toString(36).slice(2, 8)}`;

/**
 * A link as the server keeps it (link-sync.ts makes them in use), written with the Admin SDK:
 * Alice's, leading to the site's /flyer unless `fields` say otherwise. Returns its id.
 */
export async function serverLink(
  under: FunctionsUnderTest,
  fields: Record<string, unknown> = {},
): Promise<string> {
  linksMade += 1;
  const id = `${linkPrefix}${String(linksMade).padStart(6, '0')}`;
  await under.db.doc(linkPath(id)).set({
    owner: 'alice',
    code: `code${linksMade}`,
    target: 'https://kemptoncodeworks.co.za/flyer',
    deletedAt: null,
    disabled: null,
    createdAt: FieldValue.serverTimestamp(),
    updatedAt: FieldValue.serverTimestamp(),
    ...fields,
  });
  return id;
}

/** A link's figures of `day` (or of all time), summed over its shards, once every tally is written. */
export async function countsOf(under: FunctionsUnderTest, id: string, day?: string) {
  await under.counter.drain(5_000);
  const shards = under.db.collection(linkCountsPath(id));
  const snapshot = await shards.where('day', '==', day ?? ALL_DAYS).get();
  return sumCounts(snapshot.docs.map((document) => document.data()));
}

/** The fields of a dynamic website code "Flyer" leading to `url`, as the app saves them. */
export const webFields = (url: string) =>
  savedFields(
    {
      ...emptyDraft,
      step: 'demo',
      type: 'web',
      content: { ...emptyContent, text: { ...emptyContent.text, websiteUrl: url } },
      dynamic: true,
    },
    'Flyer',
    { logo: null },
  );
