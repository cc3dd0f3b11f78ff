// functions/src's handlers for the sections that serve them without the Functions emulator, whose
// process model (a worker per request at a time) is not production's: short links' direct runs
// and hosted files. Built from functions-entry.ts with the functions' own Vite config, over a
// Firestore emulator of the section's own on a free port, held to 127.0.0.1 by the loopback guard.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { startFirestore } from '../serve/firestore-emulator.mjs';
import { freePort } from '../serve/ports.mjs';
import { firebase, root } from './lib.mjs';

/**
 * Builds the functions' parts into a folder of their own, starts a Firestore emulator for
 * `projectId` on a free port, points the Admin SDK of this process at it, and calls
 * `run({ parts, bundle, firestore })`: `parts` the imported bundle, `bundle` its file (for a child
 * process to import). Everything is undone whatever happens. Fails, after `run`, when this process
 * tried to reach a host outside 127.0.0.1.
 */
export async function withFunctions({ projectId, name }, run) {
  // Held to 127.0.0.1 like the servers of the emulated runs: the Admin SDK runs in this process.
  const guard = await import('../test/loopback-guard.mjs');
  const attemptsBefore = guard.loopbackAttempts().length;
  const folder = mkdtempSync(join(tmpdir(), `kcw-bench-${name}-`));
  const environment = {
    FIRESTORE_EMULATOR_HOST: process.env.FIRESTORE_EMULATOR_HOST,
    METADATA_SERVER_DETECTION: process.env.METADATA_SERVER_DETECTION,
  };
  let firestore;
  let result;
  try {
    const bundle = await buildFunctions(folder);
    const parts = await import(pathToFileURL(bundle).href);
    firestore = await startFirestore({
      port: await freePort(),
      rulesPath: join(root, firebase.firestore.rules),
      projectId,
    });
    // The Admin SDK reads these when an app's Firestore is made (parts.openFirestore).
    process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${firestore.port}`;
    process.env.METADATA_SERVER_DETECTION = 'none';
    result = await run({ parts, bundle, firestore });
  } finally {
    await firestore?.stop();
    rmSync(folder, { recursive: true, force: true });
    for (const [variable, value] of Object.entries(environment)) {
      if (value === undefined) delete process.env[variable];
      else process.env[variable] = value;
    }
  }
  const attempts = guard.loopbackAttempts().slice(attemptsBefore);
  if (attempts.length > 0) {
    throw new Error(
      `the ${name} bench tried to reach hosts outside 127.0.0.1 (refused by the loopback guard):\n` +
        guard.formatAttempts(attempts),
    );
  }
  return result;
}

/**
 * functions-entry.ts built into `folder` as functions.mjs. The Admin SDK stays outside the bundle
 * as in lib/index.js; its imports name the files of functions/node_modules, since the bundle does
 * not live under functions/.
 */
async function buildFunctions(folder) {
  const functionsRequire = createRequire(join(root, 'functions/package.json'));
  await build({
    configFile: join(root, 'functions/vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: join(root, 'scripts/bench/functions-entry.ts'),
      outDir: folder,
      emptyOutDir: true,
      sourcemap: false,
      rollupOptions: {
        output: {
          entryFileNames: 'functions.mjs',
          paths: (module) =>
            /^firebase-(admin|functions)(\/|$)/.test(module)
              ? pathToFileURL(functionsRequire.resolve(module)).href
              : module,
        },
      },
    },
  });
  return join(folder, 'functions.mjs');
}
