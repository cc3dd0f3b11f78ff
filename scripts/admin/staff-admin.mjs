#!/usr/bin/env node
// Who is on the company's staff: the only way anyone becomes staff, run with admin credentials.
// Staff use the desk (/Desk): orders waiting for payment, reported links, accounts, PC builds.
// A person is staff while their account carries the `staff` claim and their staff document exists
// (src/domain/records/staff.ts); this writes both, and removing someone deletes the document first,
// which the rules and every function read at each request, so it counts at once. Each change is
// kept in the audit log (functions/src/staff-admin.ts, built into functions/lib/staff-admin.js by
// `npm run build`).
//
//   node scripts/admin/staff-admin.mjs list
//   node scripts/admin/staff-admin.mjs add <email> [--by <who>]
//   node scripts/admin/staff-admin.mjs remove <email> --reason "<why>" [--by <who>]
//
// The person signs up on the site first, and verifies their address. After `add`, they sign out
// and in again (or wait up to an hour) for their session to carry the claim; `remove` ends their
// sessions at once.
//
// With FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST set it works on those emulators
// (project demo-kcw unless --project says otherwise). Without them, on production of the project
// --project names, with Application Default Credentials.
import {
  authEmulatorNeeded,
  builtModule,
  commandLine,
  CommandError,
  EMULATOR_PROJECT,
  firestoreTarget,
  main,
  operator,
  UsageError,
  withFirestore,
} from './admin-lib.mjs';

const MAX_REASON = 500;

const USAGE = `Usage:
  node scripts/admin/staff-admin.mjs list
  node scripts/admin/staff-admin.mjs add <email> [--by <who>]
  node scripts/admin/staff-admin.mjs remove <email> --reason "<why>" [--by <who>]

  list     the company's staff
  add      makes the account with that (verified) address staff: they sign in again to use the desk
  remove   takes them off the staff at once, and signs them out everywhere

Options:
  --reason <text>  why someone is removed (kept in the audit log)
  --by <who>       who makes the change (default: $USER)
  --project <id>   the Firebase project (default with the emulators: ${EMULATOR_PROJECT}; required
                   for production)`;

/**
 * The command a command line asks for, checked before anything is opened.
 * @param {string[]} args the arguments after the script's name
 * @param {NodeJS.ProcessEnv} env
 */
export function parseCommand(args, env) {
  const { values, positionals } = commandLine(args, ['reason']);
  if (values.help) return { command: 'help' };
  const [command, email, ...extra] = positionals;
  if (!['list', 'add', 'remove'].includes(command)) {
    throw new UsageError(
      command
        ? `Unknown command "${command}": use list, add or remove.`
        : 'Name a command: list, add or remove.',
    );
  }
  if (extra.length > 0 || (command === 'list' && email)) {
    throw new UsageError(`Unexpected arguments: ${[email, ...extra].filter(Boolean).join(' ')}.`);
  }
  if (command !== 'list' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email ?? '')) {
    throw new UsageError(`${command} needs the person's email address, as they signed up with it.`);
  }
  const reason = values.reason?.trim() ?? '';
  if (command === 'remove' && !reason) {
    throw new UsageError('remove needs a reason: --reason "<why>" (the audit log keeps it).');
  }
  if (command !== 'remove' && values.reason !== undefined) {
    throw new UsageError('--reason goes with remove.');
  }
  if (reason.length > MAX_REASON) {
    throw new UsageError(`The reason is ${reason.length} characters; at most ${MAX_REASON}.`);
  }
  return {
    command,
    email: email?.toLowerCase() ?? null,
    reason,
    by: operator(values.by, env),
    ...authEmulatorNeeded(firestoreTarget(values.project, env), env),
  };
}

/**
 * Runs a parsed command; resolves with what to print.
 * @param {ReturnType<typeof parseCommand>} options
 */
export async function run(options) {
  const steps = await builtModule('staff-admin');
  return withFirestore(options, 'staff-admin', async (db, _firestore, auth) => {
    const actor = { by: options.by, byEmail: null };
    if (options.command === 'list') {
      const staff = await steps.listStaff(db);
      if (staff.length === 0) return 'Nobody is on the staff yet.';
      return staff
        .map((member) => `${member.email ?? member.uid}  added by ${member.addedBy ?? '?'}`)
        .join('\n');
    }
    const change =
      options.command === 'add'
        ? await steps.addStaff(db, auth, options.email, actor)
        : await steps.removeStaff(db, auth, options.email, actor, options.reason);
    if (!change.ok) throw new CommandError(change.message);
    if (options.command === 'add') {
      return change.changed
        ? `${options.email} is staff now: they sign out and in again to open the desk (/Desk).`
        : `${options.email} was staff already; their claim is set again.`;
    }
    return change.changed
      ? `${options.email} is no longer staff, and is signed out everywhere.`
      : `${options.email} was not staff; their claim is cleared and their sessions ended all the same.`;
  });
}

await main(import.meta, { usage: USAGE, parse: parseCommand, run });
