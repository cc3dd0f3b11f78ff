// Serves the production build in dist/ on http://127.0.0.1:PORT (default 4173) through the
// Firebase Hosting emulator, so firebase.json's rewrites and headers apply exactly as deployed,
// next to the Firebase Auth emulator on http://127.0.0.1:9099 and the Cloud Firestore emulator on
// http://127.0.0.1:8181 (project demo-kcw) that the build talks to when no VITE_FIREBASE_*
// variables are set. Both start with the demo data of emulator-seed/ and forget every change on
// exit (the seed is never written). The seed's auth_export/config.json turns on production's email
// enumeration protection, so a wrong password and an unknown address both fail alike
// (tests/emulator.spec.ts holds it to that); firestore-seed.json gives the demo user two saved
// codes. Firestore runs from Debian's emulator package on Java 17 (scripts/serve/firestore-emulator.mjs),
// with firestore.rules loaded; without them the site is served all the same and saved codes stay
// on the device, unless REQUIRE_FIRESTORE=1 (the end-to-end tests set it) makes that an error.
// Beside them runs the local enquiry inbox on http://127.0.0.1:9199 (scripts/serve/enquiry-inbox.mjs),
// which answers contact-form posts as the hosted form service does, and the local mail catcher
// (scripts/serve/mail-catcher.mjs: SMTP on 127.0.0.1:1025, the caught emails on http://127.0.0.1:1080),
// which takes every email the `mail` function sends in the emulator.
// `npm start` builds first and then runs this; the end-to-end tests start it with PORT set.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { INBOX_PORT, startInbox } from './enquiry-inbox.mjs';
import { seedFirestore, startFirestore } from './firestore-emulator.mjs';
import { MAIL_SMTP_PORT, MAIL_WEB_PORT, startMailCatcher } from './mail-catcher.mjs';
import { portIsFree } from './ports.mjs';
import { TEST_SITE_HOST } from '../test/chromium.mjs';
import { descendantsOf, endProcesses, processTable } from './process-tree.mjs';

const projectId = 'demo-kcw';
const root = fileURLToPath(new URL('../..', import.meta.url));
if (
  !existsSync(join(root, 'dist/index.html')) ||
  !existsSync(join(root, 'functions/lib/index.js'))
) {
  console.error(
    'No production build in dist/ and functions/lib/. Run `npm run build` first (or `npm start`).',
  );
  process.exit(1);
}

let configPath = join(root, 'firebase.json');
const config = JSON.parse(readFileSync(configPath, 'utf8'));
const port = Number(process.env.PORT ?? config.emulators.hosting.port);
const firestorePort = config.emulators.firestore.port;
const rulesPath = join(root, config.firestore.rules);
const requireFirestore = process.env.REQUIRE_FIRESTORE === '1';

// The Auth and Firestore emulators' ports are fixed: the build has http://127.0.0.1:9099 and
// :8181 in it (and the CSP allows exactly those), so two servers at once (`npm start` and a test
// run) cannot both have them. Say so at once, rather than after the emulator's start-up with its
// advice to change the port in firebase.json.
/** Why a fixed port must be free: a local service the build talks to on exactly that port. */
const builtIn = (service) =>
  `${service} needs it, and the app is built to use that port. Another \`npm start\`, ` +
  '`npm run preview` or end-to-end test run is probably using it: stop that one first, or wait ' +
  'until it has finished.';
for (const [taken, why] of [
  [config.emulators.auth.port, builtIn('the Firebase Auth emulator')],
  [firestorePort, builtIn('the Cloud Firestore emulator')],
  [INBOX_PORT, builtIn('the local enquiry inbox')],
  [MAIL_SMTP_PORT, 'the local mail catcher needs it: the `mail` function sends there.'],
  [MAIL_WEB_PORT, "the local mail catcher's web page and API (the tests read it) need it."],
  [config.emulators.functions.port, 'the Cloud Functions emulator (the short links) needs it.'],
  [port, 'set PORT to serve the site on another port.'],
]) {
  if (!(await portIsFree(taken))) {
    console.error(`Port ${taken} on 127.0.0.1 is already in use: ${why}`);
    process.exit(1);
  }
}

// The emulator's port is fixed in firebase.json; for another PORT, write a copy with that port
// to the git-ignored .firebase/. The emulator resolves `public` against the config's folder.
if (port !== config.emulators.hosting.port) {
  const folder = join(root, '.firebase');
  mkdirSync(folder, { recursive: true });
  config.hosting.public = relative(folder, join(root, config.hosting.public));
  config.firestore.rules = relative(folder, join(root, config.firestore.rules));
  config.firestore.indexes = relative(folder, join(root, config.firestore.indexes));
  for (const codebase of config.functions) {
    codebase.source = relative(folder, join(root, codebase.source));
  }
  config.emulators.hosting.port = port;
  configPath = join(folder, `serve-${port}.json`);
  writeFileSync(configPath, `${JSON.stringify(config, null, 2)}\n`);
}

// Started and seeded before the Hosting emulator, so the site never answers before its data is
// there. firebase-tools is not asked to start it: its own Firestore emulator needs Java 21.
let firestore = null;
try {
  firestore = await startFirestore({
    port: firestorePort,
    rulesPath,
    projectId,
  });
  const seed = join(root, 'emulator-seed/firestore-seed.json');
  await seedFirestore({
    port: firestorePort,
    projectId,
    documents: JSON.parse(readFileSync(seed, 'utf8')),
  });
} catch (error) {
  await firestore?.stop();
  firestore = null;
  console.error(`\n${error instanceof Error ? error.message : error}\n`);
  if (requireFirestore) {
    console.error('REQUIRE_FIRESTORE=1: not serving the site without the Firestore emulator.');
    process.exit(1);
  }
  console.error(
    'Serving the site without it: saved codes stay on the device until a Firestore emulator ' +
      'runs.\n',
  );
}

await startInbox();
const mailCatcher = await startMailCatcher();

// Not detached: the emulator stays in this process group, so a kill of the group (Playwright
// stops its web server with SIGKILL to it) ends it and its workers too. A SIGTERM or SIGINT is
// another matter: the Functions emulator's workers run the functions' code, which keeps going
// after a first SIGTERM (functions/src/index.ts saves the scans it holds, as Cloud Run allows
// before it stops an instance), and firebase-tools can exit without ending them, leaving workers
// of about 115 MB each with no parent. So the server ends them itself once the emulator has
// exited: the processes it found under the emulator (noteEmulatorTree), by pid, never by name.
const emulator = spawn(
  join(root, 'node_modules/.bin/firebase'),
  [
    'emulators:start',
    '--only',
    'hosting,auth,functions',
    '--project',
    projectId,
    '--config',
    configPath,
    // Read only: no --export-on-exit, so the seed never changes.
    '--import',
    join(root, 'emulator-seed'),
  ],
  {
    cwd: root,
    // The short-link function reads and counts through the Admin SDK, which finds the Firestore
    // emulator by FIRESTORE_EMULATOR_HOST; without it the function would wait for production
    // Firestore forever, so it is set even when the emulator did not start (it then fails at once).
    // The rest keep firebase-tools off the network: CI skips its message of the day,
    // NO_UPDATE_NOTIFIER its update check. METADATA_SERVER_DETECTION=none stops Google's auth
    // library probing the metadata server (169.254.169.254) when the Functions emulator looks for
    // credentials (the emulator already sets it for the function's own workers). npm_config_offline
    // makes the Functions emulator's `npm show firebase-functions` (a check for a newer SDK) answer
    // from npm's cache or fail at once, instead of asking the registry. SITE_ORIGINS is the
    // site's origin here, which the functions require (functions/src/site.ts: the links of the
    // emails they send); a functions/.env.<project-id> with the real one is for the deploy, and
    // functions/.env, read by the emulator too, must not set it. CHECK_TEST_HOSTS: the tests' shop
    // (TEST_SITE_HOST), which the destination check may fetch on this machine in the emulator
    // (functions/src/destination-probe.ts emulatorSeams).
    env: {
      ...process.env,
      CI: 'true',
      NO_UPDATE_NOTIFIER: '1',
      METADATA_SERVER_DETECTION: 'none',
      npm_config_offline: 'true',
      FIRESTORE_EMULATOR_HOST: `127.0.0.1:${firestorePort}`,
      SITE_ORIGINS: `http://127.0.0.1:${port}`,
      CHECK_TEST_HOSTS: TEST_SITE_HOST,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
/** The emulator's descendants (its workers) as last seen: the ones to end when it has exited. */
const emulatorTree = [];
const noteEmulatorTree = () => {
  const seen = descendantsOf(processTable(), emulator.pid);
  const known = new Set(emulatorTree.map((p) => `${p.pid} ${p.started}`));
  emulatorTree.push(...seen.filter((p) => !known.has(`${p.pid} ${p.started}`)));
};

let tail = ''; // the end of the output so far, in case the ready message comes in two chunks
let ready = false;
emulator.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (ready) return;
  const text = tail + String(chunk);
  tail = text.slice(-50);
  if (text.includes('All emulators ready')) {
    ready = true;
    void warmUpFunctions().then(() => {
      noteEmulatorTree();
      console.log(
        `\nEnquiry inbox on http://127.0.0.1:${INBOX_PORT}/f/enquiries (and /f/enquiries-copy)`,
      );
      console.log(`\nEmails the site sends: ${mailCatcher.webUrl}`);
      if (firestore) console.log(`\nCloud Firestore emulator on http://127.0.0.1:${firestorePort}`);
      console.log(`\nServing dist/ on http://127.0.0.1:${port}\n`);
    });
  }
});

/**
 * One request to each Cloud Function through Hosting before the site is said to be served: the
 * Functions emulator starts a function's worker at its first call, several seconds on a busy
 * machine, which a person's first click (or a test's) would otherwise wait for. Each path is a
 * function's rewrite without its wildcard; the answers (401, 404, 405) change nothing.
 */
async function warmUpFunctions() {
  const paths = new Map();
  for (const rewrite of config.hosting.rewrites) {
    const id = rewrite.function?.functionId;
    if (id && !paths.has(id)) paths.set(id, rewrite.source.replace(/\/\*\*$/, '/warm-up'));
  }
  await Promise.all(
    [...paths.values()].map((path) =>
      fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(30_000) })
        .then((response) => response.arrayBuffer())
        .catch(() => undefined),
    ),
  );
}

let stopping = false;
let firestoreLost = false;
emulator.on('exit', async (code, signal) => {
  stopping = true;
  // Workers the emulator left running: a second SIGTERM ends them (their code's handler runs only
  // once), and SIGKILL any that is still there 3 s later.
  await Promise.all([firestore?.stop(), mailCatcher.stop(), endProcesses(emulatorTree)]);
  process.exit(firestoreLost ? 1 : (code ?? (signal ? 1 : 0)));
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  // The emulator ignores a repeat of a signal within 100 ms (Ctrl-C reaches both processes).
  process.on(signal, () => {
    stopping = true;
    // Its workers now, before it ends them or leaves them without a parent.
    noteEmulatorTree();
    emulator.kill(signal);
  });
}
void firestore?.exited.then(({ code, signal }) => {
  // Ctrl-C reaches java too, which then exits with 130 (143 for SIGTERM to the group).
  if (stopping || code === 130 || code === 143) return;
  console.error(
    `\nThe Cloud Firestore emulator stopped (${signal ?? `exit code ${code}`}): saved codes ` +
      'stay on the device until a Firestore emulator runs.',
  );
  if (requireFirestore) {
    stopping = true;
    firestoreLost = true;
    noteEmulatorTree();
    emulator.kill('SIGTERM');
  }
});
