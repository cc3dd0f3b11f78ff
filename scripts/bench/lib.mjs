// Plumbing for scripts/bench/bench.mjs: a fresh build, the route table, a preview server of dist/ (or
// scripts/serve/serve.mjs with the emulators, for signed-in pages), the scripts a page loads, and the
// compact printer. The measurements themselves live in bench.mjs and the sections beside it.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { preview, runnerImport } from 'vite';
import { formatAttempts, readLoopbackLog } from '../test/loopback-guard-log.mjs';
import { freePort } from '../serve/ports.mjs';

export const root = join(import.meta.dirname, '../..');

/** The emulators' settings (their ports) that serve.mjs starts them with. */
export const firebase = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));

/** The project serve.mjs runs the emulators as. */
export const projectId = 'demo-kcw';

// Inputs of the build: a change to any of them makes dist/ out of date.
const buildInputs = ['src', 'public', 'index.html', 'vite.config.ts'];

const children = new Set();

export function buildIsStale() {
  const built = statSync(join(root, 'dist/index.html'), { throwIfNoEntry: false });
  if (!built) return true;
  return buildInputs.some((input) => newestChange(join(root, input)) > built.mtimeMs);
}

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const names = statSync(path).isDirectory() ? readdirSync(path, { recursive: true }) : [];
  // Others edit src/ while the bench runs: a file may vanish between listing and stat.
  const mtime = (file) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return Math.max(mtime(path), ...names.map((name) => mtime(join(path, name))));
}

/** Runs `vite build`, showing its output only when it fails. */
export function runBuild() {
  // Vite's own bin rather than npx: one child process, which the time-out can kill by pid.
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      children.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`vite build failed (exit ${code}):\n${output.trimEnd()}`));
    });
  });
}

export function killChildren() {
  for (const child of children) child.kill('SIGKILL');
}

const domainModules = new Map();

/**
 * A module of src/domain (`path` below it), compiled by Vite's module runner and loaded once: the
 * bench reads and writes what the app and the functions do, from the same description.
 */
export function domainModule(path) {
  if (!domainModules.has(path)) {
    const loaded = runnerImport(join(root, 'src/domain', path)).then(({ module }) => module);
    domainModules.set(path, loaded);
  }
  return domainModules.get(path);
}

/**
 * A new user of the Auth emulator, made as the Admin SDK would (only it may set `emailVerified`):
 * their uid and email, an address of the bench's own with `who` in it.
 */
export async function newUser(who, password, { emailVerified = false } = {}) {
  const email = `bench-${who}-${Date.now().toString(36)}@kemptoncodeworks.test`;
  const { host, port } = firebase.emulators.auth;
  const response = await fetch(
    `http://${host}:${port}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
      body: JSON.stringify({ email, password, emailVerified }),
    },
  );
  const json = await response.json();
  if (!response.ok) throw new Error(`Creating the bench user failed: ${JSON.stringify(json)}`);
  return { uid: json.localId, email };
}

/** Route paths from src/app/routes.ts; Vite's module runner compiles the TypeScript. */
export async function loadRoutePaths() {
  const { module } = await runnerImport(join(root, 'src/app/routes.ts'));
  return module.routes.map((route) => route.path);
}

/** Vite's preview server on a free port; resolves with the server and its base URL. */
export async function startPreview() {
  const server = await preview({
    root,
    logLevel: 'warn',
    preview: { host: '127.0.0.1', port: 0, strictPort: true, open: false },
  });
  const { port } = server.httpServer.address();
  return { server, baseUrl: `http://127.0.0.1:${port}` };
}

// The preview server does not compress; level 9 approximates what a CDN sends.
export const gzipBytes = (body) => gzipSync(body, { level: 9 }).length;

export const kb = (bytes) => bytes / 1000;

/** items.map(fn) awaited, with at most `limit` calls of fn running at once. */
export async function mapConcurrent(items, limit, fn) {
  const results = [];
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]);
    }
  };
  await Promise.all(Array.from({ length: limit }, lane));
  return results;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Nearest-rank percentile `p` (0-100) of `values`, in any order; NaN when there are none. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
}

/** A number from the environment variable `name` (0 or more), else `fallback`. */
export const envNumber = (name, fallback) => {
  const value = Number(process.env[name]);
  return process.env[name] && Number.isFinite(value) && value >= 0 ? value : fallback;
};

export const verdict = (value, max, unit) => `${value <= max ? '✓' : '✗'} ≤ ${max} ${unit}`;

export const oneDecimal = (value) => value.toFixed(1);

/** Milliseconds as a table shows them: one decimal below 10, whole above; a dash for none. */
export const ms = (value) =>
  Number.isFinite(value) ? `${value < 10 ? oneDecimal(value) : Math.round(value)} ms` : '—';

export const sum = (values) => values.reduce((total, value) => total + value, 0);

/**
 * Prints a title and an indented table of already formatted cells. `align` holds one letter
 * per column, 'l' or 'r'; columns it does not cover are left-aligned.
 */
export function section(title, rows, align = '') {
  console.log(`\n${title}`);
  const text = rows.map((row) => row.map(String));
  const columns = Math.max(...text.map((row) => row.length));
  const widths = Array.from({ length: columns }, (_, col) =>
    Math.max(...text.map((row) => (row[col] ?? '').length)),
  );
  for (const row of text) {
    const cells = row.map((cell, col) =>
      align[col] === 'r' ? cell.padStart(widths[col]) : cell.padEnd(widths[col]),
    );
    console.log(`  ${cells.join('  ').trimEnd()}`);
  }
}

/** The same-origin scripts a context downloads, each with its gzip size. */
export function collectScripts(context, origin) {
  const files = new Map();
  context.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== origin || !url.pathname.endsWith('.js') || files.has(url.pathname)) return;
    // From dist/: a body is gone once the page navigates on.
    files.set(url.pathname, gzipBytes(readFileSync(join(root, 'dist', url.pathname))));
  });
  return files;
}

/**
 * scripts/serve/serve.mjs on a free port, in its own process group; resolves once it serves. Like the
 * end-to-end tests' server, it runs under the loopback guard (scripts/test/loopback-guard.mjs): an
 * attempt of it or its emulators to reach anything but 127.0.0.1 is refused, and stop() fails
 * with the list, so the section using it reports no figures.
 */
export async function startServe() {
  const port = await freePort();
  const guardLog = join(tmpdir(), `kcw-bench-loopback-guard-${process.pid}-${port}.jsonl`);
  const guard = pathToFileURL(join(root, 'scripts/test/loopback-guard.mjs')).href;
  const child = spawn(process.execPath, [join(root, 'scripts/serve/serve.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      NODE_OPTIONS: [process.env.NODE_OPTIONS, `--import ${guard}`].filter(Boolean).join(' '),
      LOOPBACK_GUARD_LOG: guardLog,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // However the bench ends (its time limit exits the process), serve.mjs and its emulators, on
  // ports other runs need, do not outlive it.
  const killGroup = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.once('exit', killGroup);
  let output = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      killGroup();
      reject(new Error(`serve.mjs did not start:\n${output}`));
    }, 90_000);
    const read = (chunk) => {
      output += chunk;
      if (output.includes('Serving dist/')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve.mjs exited (${code}):\n${output}`));
    });
  });
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  void exited.then(() => process.off('exit', killGroup));
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    /** serve.mjs's process id, which is also its process group's (its emulators are in it). */
    pid: child.pid,
    /** What serve.mjs and its emulators have printed so far. */
    output: () => output,
    /** Stops the server and its emulators; resolves once it has exited and freed its ports. */
    stop: async () => {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        return; // already gone
      }
      await exited;
      refusedIn(guardLog, 'serve.mjs');
    },
  };
}

/**
 * Throws when the loopback guard's log `guardLog` (of processes the bench started with
 * LOOPBACK_GUARD_LOG) holds attempts to reach a host outside 127.0.0.1, naming `who` made them;
 * the log is removed either way.
 */
export function refusedIn(guardLog, who) {
  const attempts = readLoopbackLog(guardLog);
  rmSync(guardLog, { force: true });
  if (attempts.length > 0) {
    throw new Error(
      `${who} tried to reach hosts outside 127.0.0.1 (refused by the loopback guard):\n` +
        formatAttempts(attempts),
    );
  }
}
