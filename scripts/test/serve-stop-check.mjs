// Checks that stopping the local server stops everything it started: runs scripts/serve/serve.mjs in a
// process group of its own (as a terminal runs `npm start`), waits until it serves, notes every
// process of that group and every descendant of the server (the emulators, the Functions
// emulator's workers, java), sends SIGTERM to the group (as a script's `kill -- -<pgid>` does;
// SIGINT, Ctrl-C's, when named), and then expects none of them left (process-tree.mjs knows a
// process by its pid, start time and command, so a pid given later to another is not ours).
//
// It needs the server's fixed ports (the Auth and Firestore emulators', the inbox's, the mail
// catcher's, the Functions emulator's) and the build in dist/ and functions/lib/: `npm test` runs
// it once, beside the rules' tests and before the end-to-end tests start their server.
//
//   node scripts/test/serve-stop-check.mjs [SIGTERM|SIGINT]
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { descendantsOf, processTable, stillRunning } from '../serve/process-tree.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const signal = process.argv[2] ?? 'SIGTERM';

/** How long the server may take to say it serves (the Functions emulator's start, ~20 s here). */
const READY_MS = 120_000;
/** How long everything may take to stop after the signal (firebase-tools' clean shutdown). */
const STOPPED_MS = 30_000;

const until = async (test, ms) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (test()) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return test();
};

// detached: a new session and process group, whose leader is the server, as a shell's job is.
const server = spawn(process.execPath, ['scripts/serve/serve.mjs'], {
  cwd: root,
  detached: true,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: { ...process.env, REQUIRE_FIRESTORE: '1' },
});
const group = server.pid;
let output = '';
server.stdout.on('data', (chunk) => (output += chunk));
server.stderr.on('data', (chunk) => (output += chunk));
let exited = null;
server.on('exit', (code, signal) => (exited = { code, signal }));

const fail = (message, left = []) => {
  console.error(`serve-stop-check: ${message}`);
  for (const p of left) console.error(`  left running: ${p.pid} (group ${p.pgid}) ${p.command}`);
  if (!left.length) console.error(output.slice(-3000));
  // Ours: end them by their pids, so the check leaves nothing behind either.
  for (const p of left) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  process.exit(1);
};

if (!(await until(() => output.includes('Serving dist/ on http') || exited, READY_MS))) {
  process.kill(-group, 'SIGKILL');
  fail(`the server did not say it serves within ${READY_MS / 1000} s`);
}
if (exited) fail(`the server stopped before serving (${JSON.stringify(exited)})`);

const table = processTable();
const noted = [
  ...table.filter((p) => p.pgid === group),
  ...descendantsOf(table, server.pid).filter((p) => p.pgid !== group),
];
const workers = noted.filter((p) => p.command.includes('functionsEmulatorRuntime'));
console.log(
  `serve-stop-check: serving, with ${noted.length} processes (${workers.length} Functions workers); sending ${signal} to the group`,
);
/** Ours still running: those noted, and any other process of the group started since. */
function leftovers() {
  const now = processTable();
  const noticed = new Set(noted.map((p) => p.pid));
  const joined = now.filter(
    (p) => p.pgid === group && !noticed.has(p.pid) && !p.state.startsWith('Z'),
  );
  return [...stillRunning(now, noted), ...joined];
}
const signalled = Date.now();
process.kill(-group, signal);
if (!(await until(() => exited !== null, STOPPED_MS))) {
  fail(`the server did not exit within ${STOPPED_MS / 1000} s of ${signal}`, leftovers());
}
await until(() => leftovers().length === 0, STOPPED_MS);
const left = leftovers();
if (left.length > 0) fail(`${left.length} of its processes outlived the server`, left);
console.log(
  `serve-stop-check: all ${noted.length} processes stopped with the server, ${((Date.now() - signalled) / 1000).toFixed(1)} s after ${signal}`,
);
