import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { launchOptions } from './scripts/test/chromium.mjs';
// Installs the loopback guard in the runner and, as each of them loads this file, its workers.
import './scripts/test/loopback-guard.mjs';

const port = Number(process.env.E2E_PORT ?? 4174);
export const baseURL = `http://127.0.0.1:${port}`;

// The loopback guard (docs/testing.md) in every Node process of the run: the web
// server's children inherit NODE_OPTIONS. Each refused attempt is written to one log per run,
// named by the runner (its workers inherit the variable), which the global teardown reads.
const guardLog = (process.env.LOOPBACK_GUARD_LOG ??= join(
  tmpdir(),
  `kcw-loopback-guard-${process.pid}.jsonl`,
));
const guard = pathToFileURL(join(import.meta.dirname, 'scripts/test/loopback-guard.mjs')).href;
const nodeOptions = [process.env.NODE_OPTIONS, `--import ${guard}`].filter(Boolean).join(' ');

const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };

export default defineConfig({
  testDir: 'tests',
  // tests/rules/ and tests/functions/ hold Vitest tests (`npm run test:rules`).
  testIgnore: ['rules/**', 'functions/**'],
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: 'list',
  globalTeardown: './tests/support/loopback-guard.teardown.ts',
  // A story's whole budget (each step still waits at most expect's 7 s): the wizard's stories now
  // also wait on the server's drawing and revocation checks, and on a busy 2-core machine 30 s ran
  // out with every step moving.
  timeout: 45_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    // Recording a trace costs every test a picture of the page at each step: it made a run of
    // three specs 29 % longer. Only a failure's second run (in CI, where a failure is run again) records
    // one; locally, run the failing spec again with `--trace on`.
    trace: 'on-first-retry',
    launchOptions: launchOptions(),
    // The animated background has its own spec; elsewhere a still frame keeps the two test
    // workers from competing with it for the machine's two cores.
    reducedMotion: 'reduce',
    // The service worker's first install precaches the whole app: about a CPU second for every
    // browser context, which most tests never use. The stories that need it ask for it
    // (serviceWorkerTest in tests/support/service-worker.ts, or test.use in the offline specs).
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'setup', testMatch: /auth\.setup\.ts$/ },
    {
      name: 'desktop',
      dependencies: ['setup'],
      use: { ...desktop },
      grepInvert: [/@phone-only/, /@full-chromium/],
    },
    {
      // What the headless shell lacks (scripts/test/chromium.mjs): tests tagged @full-chromium.
      name: 'desktop-full',
      dependencies: ['setup'],
      use: { ...desktop, launchOptions: launchOptions({ full: true }) },
      grep: /@full-chromium/,
    },
    {
      name: 'phone',
      dependencies: ['setup'],
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } },
      // Specs tagged @phone run on both projects, @phone-only here alone; the rest on desktop.
      grep: /@phone/,
    },
  ],
  webServer: {
    command: 'node scripts/serve/serve.mjs',
    // Without the Firestore emulator the tests of saved codes cannot pass: stop with its message.
    env: {
      PORT: String(port),
      REQUIRE_FIRESTORE: '1',
      NODE_OPTIONS: nodeOptions,
      LOOPBACK_GUARD_LOG: guardLog,
    },
    // Not `url`: Hosting answers before the Functions emulator has loaded the short-link
    // function. The server says when all of it is ready.
    wait: { stdout: /Serving dist\/ on http/ },
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
