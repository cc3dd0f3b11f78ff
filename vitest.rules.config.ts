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
    // Two workers at a time, each on a Firestore project of its own in the one emulator
    // (tests/rules/project.ts). The tests mostly wait on the emulators and on their own servers,
    // so a second worker fills that wait; Vitest's default on a 2-core machine would be one.
    maxWorkers: 2,
    // A worker's files share its modules, as the unit files do (docs/testing.md): a process and
    // module graph per file loaded the Admin and client SDKs again for each, about 40 s of a run.
    isolate: false,
    testTimeout: 15_000,
    hookTimeout: 30_000,
  },
});
