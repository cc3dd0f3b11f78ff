import { defineConfig } from 'vitest/config';

// The security rules' tests and the short-link function's (`npm run test:rules`), against a Cloud
// Firestore emulator that tests/rules/global-setup.ts starts on a free port of its own, so they run
// beside `npm start`.
export default defineConfig({
  test: {
    include: ['tests/rules/**/*.test.ts', 'tests/functions/**/*.test.ts'],
    environment: 'node',
    // A test, or a server the global setup starts, that tries to reach anything but 127.0.0.1 (the
    // Admin SDK looking for Google's metadata server, say) fails the run: see docs/testing.md.
    // The guard's global setup comes first, so the servers start under it.
    globalSetup: ['tests/support/loopback-guard.global.ts', 'tests/rules/global-setup.ts'],
    setupFiles: ['tests/support/loopback-guard.setup.ts'],
    // One emulator, one set of rules: the files take turns.
    fileParallelism: false,
    testTimeout: 15_000,
    hookTimeout: 30_000,
  },
});
