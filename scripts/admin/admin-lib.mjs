// What the company's admin scripts (link-admin.mjs, billing-admin.mjs) share: which Firestore they
// work on (an emulator with FIRESTORE_EMULATOR_HOST, else production of the project named), the
// Admin SDK from functions/' own dependencies, the functions' own code they run as built, a
// deadline so an unreachable Firestore does not hang the shell, errors said in words, and the
// command-line frame (usage, exit codes).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { userInfo } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export const EMULATOR_PROJECT = 'demo-kcw';
/** How long Firestore may take to answer before a script gives up (it would retry for long). */
const TIMEOUT_MS = 20_000;

/** A mistake in the command line: printed with the usage, exit code 2. */
export class UsageError extends Error {}

/** A command that cannot be done (no such link or order): printed alone, exit code 1. */
export class CommandError extends Error {}

/**
 * A command line's words and options: `--project`, `--by` and `--help` for every script, with
 * `options` of its own (all taking a value). A slip is a UsageError.
 * @param {string[]} args
 * @param {string[]} options
 */
export function commandLine(args, options) {
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      options: {
        project: { type: 'string' },
        by: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        ...Object.fromEntries(options.map((name) => [name, { type: 'string' }])),
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * The Firestore a command works on: the emulator FIRESTORE_EMULATOR_HOST names (project demo-kcw
 * unless --project says otherwise), or production of the project --project names.
 */
export function firestoreTarget(project, env) {
  const emulator = env.FIRESTORE_EMULATOR_HOST || null;
  const chosen = project ?? (emulator ? EMULATOR_PROJECT : undefined);
  if (!chosen) {
    throw new UsageError(
      'FIRESTORE_EMULATOR_HOST is not set, so this would change production: name the project ' +
        'with --project <id> (or set FIRESTORE_EMULATOR_HOST to work on an emulator).',
    );
  }
  return { project: chosen, emulator };
}

/**
 * Refuses to work on the Firestore emulator with production's Auth: a script that changes
 * accounts needs FIREBASE_AUTH_EMULATOR_HOST beside FIRESTORE_EMULATOR_HOST.
 */
export function authEmulatorNeeded(target, env) {
  if (target.emulator && !env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new UsageError(
      'FIRESTORE_EMULATOR_HOST is set but FIREBASE_AUTH_EMULATOR_HOST is not: set both to work on ' +
        'the emulators (accounts are in Auth), or neither for production.',
    );
  }
  return target;
}

/** Who runs the command: --by, else the login name. */
export function operator(by, env) {
  const given = by?.trim() || env.USER || env.USERNAME;
  if (given) return given;
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

/** The Admin SDK, from the functions' own dependencies (the root does not install it). */
export function adminSdk() {
  const require = createRequire(new URL('../../functions/package.json', import.meta.url));
  try {
    return {
      app: require('firebase-admin/app'),
      firestore: require('firebase-admin/firestore'),
      auth: require('firebase-admin/auth'),
    };
  } catch (error) {
    throw new CommandError(
      `The Admin SDK is not installed in functions/ (run npm ci at the root): ${error.message}`,
    );
  }
}

/**
 * The functions' module `name` as `npm run build` builds it (functions/lib/<name>.js: the rules and
 * records the functions and the page share, compiled from TypeScript), so that a script decides
 * and reads as the server does.
 */
export async function builtModule(name) {
  const built = new URL(`../../functions/lib/${name}.js`, import.meta.url);
  if (!existsSync(fileURLToPath(built))) {
    throw new CommandError(`functions/lib/${name}.js is missing: run \`npm run build\` first.`);
  }
  return import(built.href);
}

/** Rejects after `ms` with what to check, so an unreachable Firestore does not hang the shell. */
function deadline(ms, where) {
  let timer;
  const promise = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new CommandError(`Firestore did not answer within ${ms / 1000} s (${where}).`)),
      ms,
    );
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

/**
 * Runs `work(db, firestore, auth)` on the target's Firestore and Auth (an app of its own, deleted
 * afterwards), within the deadline, with Firestore's failures said in words. Auth is the emulator's
 * where FIREBASE_AUTH_EMULATOR_HOST names one; a script that uses it on an emulator checks that
 * (authEmulatorNeeded), so it never reaches production Auth from a test.
 */
export async function withFirestore({ project, emulator }, name, work) {
  const { app: adminApp, firestore, auth } = adminSdk();
  // The project id is given, so the SDK never asks Google's metadata server for it; the emulator
  // needs no credentials, production uses Application Default Credentials.
  const app = adminApp.initializeApp(
    emulator
      ? { projectId: project }
      : { projectId: project, credential: adminApp.applicationDefault() },
    `${name}-${process.pid}`,
  );
  const db = firestore.getFirestore(app);
  // Without it the client asks the metadata server for its universe domain (functions/src/admin.ts).
  db.settings({ universeDomain: 'googleapis.com' });
  const where = emulator
    ? `the Firestore emulator at ${emulator}, project ${project}: is it running?`
    : `project ${project}: check the network and your credentials`;
  const limit = deadline(TIMEOUT_MS, where);
  try {
    return await Promise.race([work(db, firestore, auth.getAuth(app)), limit.promise]);
  } catch (error) {
    if (error instanceof CommandError || error instanceof UsageError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (/default credentials|invalid_grant|reauth/i.test(message)) {
      throw new CommandError(
        `No usable Google credentials for project ${project}: run \`gcloud auth ` +
          `application-default login\`, or set GOOGLE_APPLICATION_CREDENTIALS to a service ` +
          `account's key file. (${message})`,
      );
    }
    if (/PERMISSION_DENIED|permission/i.test(message)) {
      throw new CommandError(
        `Your account may not change project ${project}'s Firestore (it needs the Cloud ` +
          `Datastore User role or more): ${message}`,
      );
    }
    throw new CommandError(`Firestore failed: ${message}`);
  } finally {
    limit.cancel();
    await adminApp.deleteApp(app).catch(() => undefined);
  }
}

/**
 * Runs a script as a command line when it is the program (`meta` is its import.meta): parses,
 * says where it works, runs, prints, exits 0, 1 (the command failed) or 2 (the usage).
 */
export async function main(meta, { usage, parse, run }) {
  if (process.argv[1] !== fileURLToPath(meta.url)) return;
  let options;
  try {
    options = parse(process.argv.slice(2), process.env);
  } catch (error) {
    // The whole usage for a bare call, a pointer to it for a slip.
    console.error(
      process.argv.length > 2 ? `${error.message}\nSee --help for the commands.` : usage,
    );
    process.exit(2);
  }
  if (options.command === 'help') {
    console.log(usage);
    process.exit(0);
  }
  const place = options.emulator
    ? `Firestore emulator ${options.emulator}, project ${options.project}`
    : `PRODUCTION, project ${options.project}`;
  console.error(`(${place})`);
  try {
    console.log(await run(options));
    process.exit(0);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
