// The site's Cloud Functions (2nd gen, Node 20), built into lib/index.js by `npm run build`
// (vite, functions/vite.config.ts) with the app's domain code they share:
//   qr      the short links: firebase.json rewrites /q/** to it (redirect.ts)
//   hosted  the hosted files of the links' pages, /q/<id>/f/<sha256>, streamed under the links'
//           own checks (file-link.ts); firebase.json rewrites /q/*/f/** to it, ahead of /q/**
//   links   POST /api/links: makes a saved code's short link match it; POST /api/links/password
//           sets its password (link-api.ts); a new destination is emailed to the owners who asked
//           (destination-notices.ts) through the SMTP server of mail-transport.ts
//   billing POST /api/billing/orders: orders a plan, paid by EFT (billing-api.ts)
//   files   POST and PUT /api/files: uploads of the file types' files, in chunks (file-api.ts),
//           kept in Firestore (file-store.ts) and served by `hosted`
//   fileSweep  nightly: deletes the hosted files no live link has shown for a day (file-sweep.ts)
//   mail    POST /api/mail/code: emails a saved code with the files it draws of it (mail-api.ts)
//           through the SMTP server of mail-transport.ts
//   account POST /api/account/sessions/revoke signs the account out everywhere; DELETE
//           /api/account deletes it and everything it owns (account-api.ts, account-delete.ts)
//   team    POST /api/team/<request>: invites, roles, removals and leaving a workspace
//           (team-api.ts), invites emailed through the SMTP server of mail-transport.ts
//   destinationCheck  daily: checks every live printed code's destination and tells its owners of a
//           break or a recovery (destination-check.ts, destination-probe.ts)
//   weeklySummary  Mondays: the week's summary to the members who asked for it; its one-click
//           stop is served by `account` at /api/account/weekly-stop (weekly-summary.ts)
//   bulk    POST /api/bulk: writes a chunk of a sheet's checked rows as saved codes, and their
//           short links (bulk-api.ts)
//   desk    POST /api/desk/<request>: the company's staff desk: orders marked paid, links switched,
//           accounts looked up, the audit log (desk-api.ts); for staff alone (staff.ts)
//   builds  POST /api/builds/request: a custom PC build requested from the PC dashboard
//           (builds-api.ts)
import { defineSecret } from 'firebase-functions/params';
import { onRequest } from 'firebase-functions/v2/https';
import { setGlobalOptions } from 'firebase-functions/v2/options';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { createAccountApi } from './account-api';
import { getAuth, initializeApp, openFirestore } from './admin';
import { createBillingApi } from './billing-api';
import { createBuildsApi } from './builds-api';
import { createReportsApi } from './reports-api';
import { createBulkApi } from './bulk-api';
import { createDeskApi } from './desk-api';
import { blocklistOf } from './blocklist';
import { checkAllDestinations } from './destination-check';
import { emulatorSeams, probeDestination } from './destination-probe';
import { createFileApi } from './file-api';
import { createFileLink } from './file-link';
import { FirestoreFileStore } from './file-store';
import { sweepUnreferencedFiles } from './file-sweep';
import { createLinkApi } from './link-api';
import { LinkReader } from './link-reader';
import { createMailApi } from './mail-api';
import { configuredSender } from './mail-transport';
import { PasswordGate } from './passwords';
import { createRedirect } from './redirect';
import { ScanCounter } from './scan-counter';
import { FUNCTIONS_REGION } from '../../src/domain/region';
import { requireSiteConfig, siteHosts, siteOrigin } from './site';
import { log } from './log';
import { createTeamApi } from './team-api';
import { sendWeeklySummaries, withWeeklyStop } from './weekly-summary';
import { AccountTermsReader } from './terms';

// Every function runs in Johannesburg, where the scans come from (src/domain/region.ts says why);
// Hosting's rewrites name the same region, which the deploy check holds them to.
setGlobalOptions({ region: FUNCTIONS_REGION });

// Fails closed: without the site's origins (SITE_ORIGINS) no function starts, rather than take
// the links of the company's emails from a request's headers (site.ts).
requireSiteConfig();
initializeApp();
const db = openFirestore();
const counter = new ScanCounter(db);
const fileStore = new FirestoreFileStore(db);
const terms = new AccountTermsReader(db, getAuth());
const linkReader = new LinkReader(db);
const passwordGate = new PasswordGate(db);
/** A check of a printed code's destination (destination-probe.ts), safe at every hop. */
const probe = (target: string) =>
  probeDestination(target, {
    site: siteOrigin(),
    siteHosts: siteHosts({ headers: {} }),
    ...emulatorSeams(),
  });

// Cloud Run sends SIGTERM before it stops an instance (idle, scaled in or redeployed) and gives it
// about 10 seconds: the scans still tallied are written then. What cannot be written is logged
// with its figure.
process.once('SIGTERM', () => {
  void counter.drain(8_000).finally(() => {
    if (counter.pending > 0) {
      console.error(
        JSON.stringify({
          severity: 'ERROR',
          message: 'scans lost at shutdown',
          lost: counter.pending,
        }),
      );
    }
  });
});

export const qr = onRequest(
  // One instance answers many scans at once: a scan is a memory lookup and a tally, plus a read every few seconds.
  // Hosted files are not its to serve (`hosted` below), so a scan's small answer is all it
  // builds: 256 MiB holds 80 of them at once with the link cache and the tallies.
  { memory: '256MiB', concurrency: 80, maxInstances: 20 },
  createRedirect({
    reader: linkReader,
    counter,
    blocklist: blocklistOf(),
    gate: passwordGate,
  }),
);

export const hosted = onRequest(
  // The hosted files of the links' pages (/q/*/f/**), on instances apart from the scans', so
  // downloads never take the capacity that answers printed codes (file-link.ts). A download is
  // streamed a 768 KB chunk at a time, so an instance holds about 1.5 MB per answer in flight
  // (the chunk read and the one the connection is taking): 80 of them in 512 MiB with room to
  // spare. An answer is at most 4 MB, which a slow phone (0.5 Mbit/s) takes a minute over:
  // two minutes' time-out.
  {
    memory: '512MiB',
    concurrency: 80,
    maxInstances: 10,
    timeoutSeconds: 120,
  },
  createFileLink({
    reader: linkReader,
    blocklist: blocklistOf(),
    gate: passwordGate,
    store: fileStore,
  }),
);

/**
 * A job run at `schedule` on South African time, its tally logged as `message`. Each may run 9
 * minutes and is never retried: each job stops starting work before its time is up, and the next
 * run goes on from where it stopped.
 */
function scheduled(
  schedule: string,
  message: string,
  run: () => Promise<object>,
  { secrets = [] }: { secrets?: ReturnType<typeof defineSecret>[] } = {},
) {
  return onSchedule(
    {
      schedule,
      timeZone: 'Africa/Johannesburg',
      memory: '256MiB',
      timeoutSeconds: 540,
      retryCount: 0,
      secrets,
    },
    async () => log('INFO', message, { ...(await run()) }),
  );
}

// Once a night: deletes the hosted files no live link has shown for a day (file-sweep.ts). It stops
// starting files after 8 minutes.
export const fileSweep = scheduled('every day 03:00', 'hosted files swept', () =>
  sweepUnreferencedFiles(db, fileStore),
);

export const files = onRequest(
  // A chunk is at most 768 KB; 512 MiB leaves room for a file's hash check, which reads it back.
  {
    memory: '512MiB',
    concurrency: 20,
    maxInstances: 5,
    timeoutSeconds: 120,
  },
  createFileApi({ db, auth: getAuth(), store: fileStore, terms }),
);

// The SMTP password is the deployed project's Secret Manager secret SMTP_PASS, bound only when the
// settings name a login (SMTP_USER, in functions/.env.<project-id>, which the deploy reads): the
// emulator's local mail catcher needs none, so it never asks Secret Manager for one.
const smtpSecrets =
  process.env.SMTP_USER && process.env.FUNCTIONS_EMULATOR !== 'true'
    ? [defineSecret('SMTP_PASS')]
    : [];

export const links = onRequest(
  // A change of where a printed code leads may be emailed to the owners who asked for it
  // (destination-notices.ts): the SMTP settings, as the other mailing functions have them.
  {
    memory: '256MiB',
    concurrency: 40,
    maxInstances: 5,
    secrets: smtpSecrets,
  },
  createLinkApi({
    db,
    auth: getAuth(),
    files: fileStore,
    terms,
    send: configuredSender(),
    check: { files: fileStore, probe },
  }),
);

export const billing = onRequest(
  {
    memory: '256MiB',
    concurrency: 20,
    maxInstances: 3,
    secrets: smtpSecrets,
  },
  createBillingApi({ db, auth: getAuth(), send: configuredSender() }),
);

export const mail = onRequest(
  // A request names a saved code, whose three files the function draws itself (code-files.ts):
  // scripts/bench/mail.mjs measured about 15 MB and a few hundred ms of CPU a drawing, ten at once
  // (this concurrency) peaking near 230 MB of the process with the drawing modules loaded.
  {
    memory: '512MiB',
    concurrency: 10,
    maxInstances: 3,
    timeoutSeconds: 60,
    secrets: smtpSecrets,
  },
  createMailApi({ db, auth: getAuth(), send: configuredSender(), blocklist: blocklistOf() }),
);

export const account = onRequest(
  // Deleting a large account (thousands of codes, figures and file chunks, in batches) takes time.
  {
    memory: '256MiB',
    concurrency: 10,
    maxInstances: 3,
    timeoutSeconds: 300,
  },
  // The weekly summary's one-click stop is a page of its own under the account's path.
  withWeeklyStop(db, createAccountApi({ db, auth: getAuth(), files: fileStore })),
);

export const team = onRequest(
  // A request is a transaction over one workspace's members and invites, and maybe an email.
  {
    memory: '256MiB',
    concurrency: 20,
    maxInstances: 3,
    secrets: smtpSecrets,
  },
  createTeamApi({ db, auth: getAuth(), send: configuredSender(), terms }),
);

export const bulk = onRequest(
  // A chunk of 25 rows is one transaction, then a transaction per dynamic code's link: a few
  // seconds at most. A sheet is sent one chunk at a time, so few run at once.
  {
    memory: '256MiB',
    concurrency: 10,
    maxInstances: 3,
    timeoutSeconds: 120,
    secrets: smtpSecrets,
  },
  createBulkApi({ db, auth: getAuth(), files: fileStore, terms, send: configuredSender() }),
);

export const desk = onRequest(
  // The company's few staff, a transaction or a search of the accounts per request, and an email.
  {
    memory: '256MiB',
    concurrency: 10,
    maxInstances: 2,
    secrets: smtpSecrets,
  },
  createDeskApi({ db, auth: getAuth(), send: configuredSender(), store: fileStore }),
);

export const builds = onRequest(
  // A request is one transaction over the account's waiting builds and the numbers' sequence, or
  // over one build; accepting a quote and asking a question send an email.
  { memory: '256MiB', concurrency: 20, maxInstances: 3, secrets: smtpSecrets },
  createBuildsApi({ db, auth: getAuth(), send: configuredSender(), store: fileStore }),
);

export const reports = onRequest(
  // Visitors' reports of short links: rare, small, and bounded per address and per link.
  { memory: '256MiB', concurrency: 20, maxInstances: 2 },
  createReportsApi({ db }),
);

// Once a day, early: every live printed code's destination is fetched (safely:
// destination-probe.ts) or its hosted files looked up, and the owners told of a break or a
// recovery (destination-check.ts). Eight at once; no check starts after 8 minutes.
export const destinationCheck = scheduled(
  'every day 05:00',
  'destinations checked',
  () =>
    checkAllDestinations({
      db,
      auth: getAuth(),
      files: fileStore,
      send: configuredSender(),
      origin: siteOrigin,
      probe,
    }),
  { secrets: smtpSecrets },
);

// Monday mornings: the week's summary to every member who asked for it (weekly-summary.ts), a
// handful of reads per workspace and one email per reader.
export const weeklySummary = scheduled(
  'every monday 07:00',
  'weekly summaries',
  () => sendWeeklySummaries({ db, auth: getAuth(), send: configuredSender(), origin: siteOrigin }),
  { secrets: smtpSecrets },
);
