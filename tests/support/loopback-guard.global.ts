// Vitest global setup of `npm run test:rules`, listed before the one that starts the emulators: the
// Node servers a global setup starts (firebase-tools, say) inherit NODE_OPTIONS, so they run with
// the loopback guard (scripts/test/loopback-guard.mjs) and append each refused attempt to
// LOOPBACK_GUARD_LOG; the teardown, which runs after the emulators have stopped, fails the run
// with the list. The test workers inherit the variables too, but their attempts are reported, test
// by test, by tests/support/loopback-guard.setup.ts, so they are left out here.
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatAttempts, readLoopbackLog } from '../../scripts/test/loopback-guard-log.mjs';

const variables = ['NODE_OPTIONS', 'LOOPBACK_GUARD_LOG'] as const;

export default function loopbackGuardGlobalSetup() {
  const saved = Object.fromEntries(variables.map((name) => [name, process.env[name]]));
  const log = join(tmpdir(), `kcw-loopback-guard-${process.pid}.jsonl`);
  const guard = new URL('../../scripts/test/loopback-guard.mjs', import.meta.url).href;
  process.env.NODE_OPTIONS = [saved.NODE_OPTIONS, `--import ${guard}`].filter(Boolean).join(' ');
  process.env.LOOPBACK_GUARD_LOG = log;

  return () => {
    for (const name of variables) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    const attempts = readLoopbackLog(log).filter(
      (attempt) => !attempt.process.includes('/vitest/dist/workers/'),
    );
    rmSync(log, { force: true });
    if (attempts.length === 0) return;
    // Vitest prints an error of a global teardown but does not fail the run for it.
    process.exitCode = 1;
    throw new Error(
      'A server the tests started tried to reach a host outside 127.0.0.1 (refused by ' +
        `scripts/test/loopback-guard.mjs):\n${formatAttempts(attempts)}`,
    );
  };
}
