// Vitest setup of `npm run test:unit` and `npm run test:rules`: the loopback guard
// (scripts/test/loopback-guard.mjs) refuses every connection or DNS query of a test to anything but
// 127.0.0.1, and here a refused attempt fails the test that made it (or the file, for one made in
// a hook or outside any test), with where it came from. The refusal alone is not enough: the
// code under test may well swallow the error and take its offline path.
import { afterAll, afterEach, beforeEach } from 'vitest';
import {
  formatAttempts,
  loopbackAttempts,
  type LoopbackAttempt,
} from '../../scripts/test/loopback-guard.mjs';

// A worker process may run several files: what earlier ones did is theirs.
const seen = new Set<LoopbackAttempt>(loopbackAttempts());
/** Attempts made in this file outside any test (at import, in beforeAll), reported at its end. */
const outsideTests: LoopbackAttempt[] = [];

function newAttempts() {
  const attempts = loopbackAttempts().filter((attempt) => !seen.has(attempt));
  for (const attempt of attempts) seen.add(attempt);
  return attempts;
}

function fail(where: string, attempts: LoopbackAttempt[]) {
  if (attempts.length === 0) return;
  const what = attempts.length === 1 ? 'a host' : `${attempts.length} hosts`;
  throw new Error(
    `${where} tried to reach ${what} outside 127.0.0.1 (refused by scripts/test/loopback-guard.mjs):\n` +
      formatAttempts(attempts),
  );
}

beforeEach(() => {
  outsideTests.push(...newAttempts());
});
afterEach(() => fail('This test', newAttempts()));
afterAll(() => fail('This file, outside its tests,', [...outsideTests, ...newAttempts()]));
