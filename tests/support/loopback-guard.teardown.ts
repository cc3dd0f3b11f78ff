// Playwright's global teardown: fails the end-to-end run when the test workers or any Node process
// of the web server (scripts/serve/serve.mjs, firebase-tools, the Functions emulator's workers, npm run
// by them) tried to reach anything but 127.0.0.1. They all run with the loopback guard
// (scripts/test/loopback-guard.mjs, see playwright.config.ts), which refused each attempt and wrote it
// to the LOOPBACK_GUARD_LOG file read here. Playwright stops the web server only after this, and
// with SIGKILL, so the server gets no chance to dial out after the check.
import { rmSync } from 'node:fs';
import { formatAttempts, readLoopbackLog } from '../../scripts/test/loopback-guard-log.mjs';

export default function loopbackGuardTeardown() {
  const log = process.env.LOOPBACK_GUARD_LOG;
  if (!log) throw new Error('LOOPBACK_GUARD_LOG is not set: playwright.config.ts sets it.');
  const attempts = readLoopbackLog(log);
  rmSync(log, { force: true });
  if (attempts.length === 0) return;
  const what = attempts.length === 1 ? 'An attempt' : `${attempts.length} attempts`;
  throw new Error(
    `${what} to reach a host outside 127.0.0.1 during the end-to-end tests (refused by ` +
      `scripts/test/loopback-guard.mjs; tests and the servers they start may only reach loopback):\n` +
      formatAttempts(attempts),
  );
}
