// Starts the Cloud Firestore emulator from the jar of Debian's google-cloud-cli-firestore-emulator
// package on the installed Java 17. firebase-tools' own Firestore emulator wants Java 21, which
// these machines lack, so scripts/serve/serve.mjs and the rules tests (tests/rules/) start it here.
//
// Java is spawned directly, never through the package's shell launcher (killing the launcher
// leaves java running), and in the caller's process group: Playwright and a terminal's Ctrl-C
// stop a server by signalling its whole group, and java then goes with it even when the caller
// is given no chance to call stop().
//
// seedFirestore() writes documents through the emulator's REST API as the owner of the project
// (`Authorization: Bearer owner`), which the security rules do not apply to.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { portIsFree } from './ports.mjs';

const INSTALL_HINT =
  'Install Java 17 and the Firestore emulator with ' +
  '`apt-get install openjdk-17-jre-headless google-cloud-cli-firestore-emulator` (the emulator is ' +
  "in Google's Cloud SDK apt repository, https://packages.cloud.google.com/apt), or set " +
  'FIRESTORE_EMULATOR_JAR to the path of a cloud-firestore-emulator.jar. ' +
  "(firebase-tools' own Firestore emulator would need Java 21.)";

const HOST = '127.0.0.1';

/**
 * The emulator's jar: FIRESTORE_EMULATOR_JAR, else the one the Debian package installed.
 * Throws an Error naming what to install when there is none, or no java to run it.
 */
export function findFirestoreJar() {
  let jar = process.env.FIRESTORE_EMULATOR_JAR;
  if (jar) {
    if (!existsSync(jar)) {
      throw new Error(`FIRESTORE_EMULATOR_JAR names ${jar}, which does not exist. ${INSTALL_HINT}`);
    }
  } else {
    const listing = spawnSync('dpkg', ['-L', 'google-cloud-cli-firestore-emulator'], {
      encoding: 'utf8',
    });
    jar = (listing.stdout ?? '')
      .split('\n')
      .find((path) => path.endsWith('.jar') && existsSync(path));
    if (!jar) {
      throw new Error(`The Cloud Firestore emulator is not installed. ${INSTALL_HINT}`);
    }
  }
  if (spawnSync('java', ['-version']).error) {
    throw new Error(`No java on this machine to run the Firestore emulator. ${INSTALL_HINT}`);
  }
  return jar;
}

/**
 * Starts the emulator on 127.0.0.1:port with the rules file loaded (the emulator reads it only at
 * start; PUT /emulator/v1/projects/<id>:securityRules replaces it). Resolves once GET / answers
 * 200 and the rules compile. `stop()` ends java and resolves when it has exited; `exited` settles
 * when java exits for any reason.
 *
 * @param {{ port: number, rulesPath: string, projectId: string, timeoutMs?: number,
 *   log?: (line: string) => void }} options `log` receives the emulator's output (default: none)
 * @returns {Promise<{ host: string, port: number, stop: () => Promise<void>,
 *   exited: Promise<{ code: number | null, signal: string | null }>,
 *   pause: () => void, resume: () => void }>}
 */
export async function startFirestore({ port, rulesPath, projectId, timeoutMs = 60_000, log }) {
  const jar = findFirestoreJar();
  // Checked first: another server there would answer the readiness poll in the emulator's place.
  if (!(await portIsFree(port))) {
    throw new Error(
      `Port ${port} on ${HOST} is already in use, so the Cloud Firestore emulator cannot start there.`,
    );
  }
  const java = spawn(
    'java',
    [
      '-Duser.language=en',
      // A test run's emulator lives minutes, not days: the quick compiler alone, and one garbage
      // collector thread instead of a pool, leave more of two cores to the browser and the
      // functions. The rules' tests took 97 s instead of 110 (CPU 153 s instead of 191), the bulk
      // and dynamic codes' stories 132 s instead of 146.
      '-XX:TieredStopAtLevel=1',
      '-XX:+UseSerialGC',
      '-cp',
      jar,
      'com.google.cloud.datastore.emulator.firestore.CloudFirestore',
      'start',
      `--host=${HOST}`,
      `--port=${port}`,
      `--project_id=${projectId}`,
      `--rules=${rulesPath}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // Kept for the error message if it never becomes ready.
  let output = '';
  for (const stream of [java.stdout, java.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (text) => {
      output = (output + text).slice(-4000);
      if (log) for (const line of text.trimEnd().split('\n')) log(line);
    });
  }
  const exited = new Promise((resolve) =>
    java.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let running = true;
  // Whatever way the caller ends (process.exit, an uncaught error), java does not outlive it.
  const killOnExit = () => java.kill('SIGTERM');
  process.once('exit', killOnExit);
  void exited.then(() => {
    running = false;
    process.off('exit', killOnExit);
  });
  const spawnFailed = new Promise((resolve) => java.once('error', resolve));

  const stop = async () => {
    if (!running) return;
    java.kill('SIGCONT'); // a paused java would not act on SIGTERM
    java.kill('SIGTERM');
    const timer = setTimeout(() => java.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };

  // Freezing java (SIGSTOP) makes the emulator unreachable the way a network partition does:
  // connections stay open and nothing answers, until SIGCONT. The tests and the bench use it to
  // show what the short links do while Firestore is briefly away.
  const pause = () => void (running && java.kill('SIGSTOP'));
  const resume = () => void (running && java.kill('SIGCONT'));

  const url = `http://${HOST}:${port}/`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const failure = await Promise.race([
      exited.then(({ code, signal }) => `it exited (${signal ?? `code ${code}`})`),
      spawnFailed.then((error) => `java could not be started (${error.message})`),
      answers(url).then((ok) => (ok ? null : undefined)),
    ]);
    if (failure === null) {
      // The emulator starts even when the rules do not compile (and then refuses everything);
      // loading them again gets the compiler's error, to stop at once with it.
      try {
        await loadRules({ port, projectId, rulesPath });
      } catch (error) {
        await stop();
        throw error;
      }
      return { host: HOST, port, stop, exited, pause, resume };
    }
    if (failure !== undefined || Date.now() > deadline) {
      await stop();
      const why = failure ?? `it did not answer ${url} within ${timeoutMs / 1000} s`;
      throw new Error(
        `The Cloud Firestore emulator did not start: ${why}.\n` +
          `Its last output:\n${output.trim() || '(none)'}`,
      );
    }
    await sleep(100);
  }
}

/**
 * Replaces the rules of a running emulator with the file's (the emulator reads `--rules` only at
 * start). Throws with the compiler's message when they do not compile.
 *
 * @param {{ host?: string, port: number, projectId: string, rulesPath: string }} options
 */
export async function loadRules({ host = HOST, port, projectId, rulesPath }) {
  const content = readFileSync(rulesPath, 'utf8');
  const response = await fetch(
    `http://${host}:${port}/emulator/v1/projects/${projectId}:securityRules`,
    {
      method: 'PUT',
      // Without this header the emulator answers 404.
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ rules: { files: [{ name: basename(rulesPath), content }] } }),
    },
  );
  if (!response.ok) {
    const body = await response.text();
    let message = body;
    try {
      message = JSON.parse(body).error.message;
    } catch {
      // not the emulator's JSON error: keep the body as it is
    }
    throw new Error(`${rulesPath} was refused by the Firestore emulator: ${message}`);
  }
}

/** Whether GET url answers 200 and the emulator's "Ok" now. */
async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return response.ok && (await response.text()).trim() === 'Ok';
  } catch {
    return false;
  }
}

/**
 * Writes documents as the project's owner (the rules do not apply), replacing any with the same
 * path. `documents` maps a document path (`users/u1/codes/c1`) to its fields as plain JSON;
 * `{ "$timestamp": "2026-11-20T09:30:00Z" }` stands for a timestamp.
 *
 * @param {{ host?: string, port: number, projectId: string,
 *   documents: Record<string, Record<string, unknown>> }} options
 */
export async function seedFirestore({ host = HOST, port, projectId, documents }) {
  const base = `http://${host}:${port}/v1/projects/${projectId}/databases/(default)/documents`;
  for (const [path, data] of Object.entries(documents)) {
    const fields = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, toValue(v)]));
    const response = await fetch(`${base}/${path.split('/').map(encodeURIComponent).join('/')}`, {
      method: 'PATCH',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify({ fields }),
    });
    if (!response.ok) {
      throw new Error(`Seeding ${path} failed: ${response.status} ${await response.text()}`);
    }
  }
}

/** A plain JSON value in the REST API's typed form. */
function toValue(value) {
  if (value === null) return { nullValue: null };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number') {
    return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  }
  if (typeof value === 'string') return { stringValue: value };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(toValue) } };
  if (typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 1 && entries[0][0] === '$timestamp') {
      return { timestampValue: new Date(entries[0][1]).toISOString() };
    }
    return {
      mapValue: { fields: Object.fromEntries(entries.map(([k, v]) => [k, toValue(v)])) },
    };
  }
  throw new Error(`A seed value of type ${typeof value} has no Firestore form.`);
}

// `node scripts/serve/firestore-emulator.mjs load-rules`: firestore.rules into the emulator that
// `npm start` runs, after an edit (no restart needed).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] !== 'load-rules') {
    console.error('Usage: node scripts/serve/firestore-emulator.mjs load-rules');
    process.exit(2);
  }
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const config = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));
  const rulesPath = join(root, config.firestore.rules);
  try {
    await loadRules({ port: config.emulators.firestore.port, projectId: 'demo-kcw', rulesPath });
    console.log(
      `Loaded ${config.firestore.rules} into the emulator on port ${config.emulators.firestore.port}.`,
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
