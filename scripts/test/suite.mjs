// `npm test`: every check of the project, each step after the ones it needs, and the steps that need
// nothing of each other side by side. On a 2-core machine a type check, ESLint or Prettier keeps
// about one core busy: one after another they took 85 s, two at a time about 69. The server's stop
// check, mostly its emulators' start, hides behind the rules' tests. Everything before the
// end-to-end tests went from about 290 s to 230. The commands are the package scripts' own, read
// from package.json, so `npm run lint` and the rest stay what this runs.
//
// A step that runs alone shows its output as it comes; steps side by side show theirs whole, each
// as it ends. The first failing step (or group) stops the run, as `&&` did; a group lets its other
// steps finish first, so one run reports every failure of the static checks.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { scripts } = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
// The parts run as npm runs a script: with the project's own tools first on the path, also when
// this file is run with node directly.
const env = {
  ...process.env,
  PATH: [`${root}node_modules/.bin`, process.env.PATH].join(delimiter),
};

/** The name of a script package.json has (a name it lacks stops the run before anything runs). */
const known = (name) => {
  if (!scripts[name]) throw new Error(`package.json has no script "${name}"`);
  return name;
};

/** A step: a package script run as it stands (`npm run <name>`). */
const script = (name) => ({ label: `npm run ${name}`, command: `npm run --silent ${known(name)}` });

/**
 * The commands of package scripts whose parts need nothing of each other (the type checks, ESLint
 * and Prettier), each its own step: a script's `&&` parts split apart.
 */
const parts = (...names) =>
  names.flatMap((name) =>
    scripts[known(name)].split(' && ').map((command) => ({ label: command, command })),
  );

/** Steps run one after another, as one step. */
const series = (...steps) => ({ series: steps });

/**
 * The suite. Each entry waits for the one before; an array is a group whose steps run side by
 * side, at most `lanes` at a time, in its order (ESLint, Prettier and the app's type checks, the
 * longest, first: about 22, 17, 17 and 15 s alone here).
 * - The builds come before the rules' tests: those run the functions' built admin code.
 * - The server's stop check needs the build and the server's fixed ports, which the end-to-end
 *   tests take: it runs beside the rules' tests (on ports of their own), not beside those.
 */
const suite = [
  parts('lint', 'typecheck'),
  script('test:unit'),
  script('build'),
  [script('test:rules'), series(script('build:harness'), script('test:serve-stop'))],
  script('test:e2e'),
];

const lanes = Math.max(1, availableParallelism());
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Runs one command; `live` streams its output, else it is kept and given with the result. */
function run({ label, command }, { live }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, {
      cwd: root,
      env,
      shell: true,
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => {
      const ms = Date.now() - started;
      resolve({ label, ok: code === 0, why: signal ?? `exit ${code}`, output, ms });
    });
  });
}

/** Runs a step (a command or a series); resolves with its results, stopping a series at a failure. */
async function runStep(step, options) {
  if (!step.series) {
    if (options.live) console.log(`\n── ${step.label}`);
    return [await run(step, options)];
  }
  const results = [];
  for (const inner of step.series) {
    const result = await runStep(inner, options);
    results.push(...result);
    if (result.some((each) => !each.ok)) break;
  }
  return results;
}

/** Runs a group's steps `lanes` at a time, printing each one's output as it ends. */
async function runGroup(steps) {
  const waiting = [...steps];
  const results = [];
  const lane = async () => {
    for (let step = waiting.shift(); step; step = waiting.shift()) {
      for (const result of await runStep(step, { live: false })) {
        const mark = result.ok ? 'ok' : `FAILED (${result.why})`;
        console.log(`\n── ${result.label}: ${mark}, ${seconds(result.ms)}`);
        if (result.output.trim()) console.log(result.output.trimEnd());
        results.push(result);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, steps.length) }, lane));
  return results;
}

const started = Date.now();
const done = [];
for (const entry of suite) {
  done.push(
    ...(Array.isArray(entry) ? await runGroup(entry) : await runStep(entry, { live: true })),
  );
  if (done.some((result) => !result.ok)) break;
}

console.log(`\n── npm test, ${seconds(Date.now() - started)} in all:`);
for (const { label, ms } of done) console.log(`   ${seconds(ms).padStart(8)}  ${label}`);
const failed = done.filter((result) => !result.ok);
if (failed.length) {
  console.error(`\nFailed: ${failed.map((result) => result.label).join(', ')}`);
  process.exit(1);
}
