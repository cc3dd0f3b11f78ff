// Reading what the loopback guard (scripts/test/loopback-guard.mjs) recorded, without installing it:
// for the processes that only collect its LOOPBACK_GUARD_LOG file (Playwright's global teardown,
// the Vitest global setup of `test:rules`, the bench), which need not run under it themselves.
import { readFileSync } from 'node:fs';

/** @typedef {import('./loopback-guard.mjs').LoopbackAttempt} LoopbackAttempt */

/**
 * The attempts in a LOOPBACK_GUARD_LOG file (none when it does not exist).
 * @param {string} path
 * @returns {LoopbackAttempt[]}
 */
export function readLoopbackLog(path) {
  let text = '';
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (error?.code === 'ENOENT') return [];
    throw error;
  }
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));
}

/**
 * A readable list of attempts, for a test failure.
 * @param {LoopbackAttempt[]} attempts
 */
export function formatAttempts(attempts) {
  return attempts
    .map((attempt) => {
      const target = attempt.port === undefined ? attempt.host : `${attempt.host}:${attempt.port}`;
      const note = attempt.note ? ` (${attempt.note})` : '';
      const stack = attempt.stack
        .split('\n')
        .map((line) => `      ${line.trim()}`)
        .join('\n');
      return `  - ${attempt.via} ${target}${note}, pid ${attempt.pid}: ${attempt.process}\n${stack}`;
    })
    .join('\n');
}
