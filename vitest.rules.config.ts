import { defineConfig } from 'vitest/config';

// The security rules' tests and the short-link function's (`npm run test:rules`), against a Cloud
// Firestore emulator that tests/rules/global-setup.ts starts on a free port of its own, so they run
// beside `npm start`.
export default defineConfig({
  test: {
    include: ['tests/rules/**/*.test.ts', 'tests/functions/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/rules/global-setup.ts'],
    // One emulator, one set of rules: the files take turns.
    fileParallelism: false,
    testTimeout: 15_000,
    hookTimeout: 30_000,
  },
});
