#!/usr/bin/env node
// The company's switch for short links (/q/<id>): turn a reported link off, so that a scan gets the
// redirect's warning page (403 "This link has been switched off") instead of its target, turn it
// back on, and look at a link: what the staff's desk does (/Desk), for automation. Links are written
// by the server alone (no client may touch `disabled`: firestore.rules), so this works through the
// Admin SDK, from functions/node_modules, with the functions' own code (functions/src/link-admin.ts,
// built into functions/lib/link-admin.js by `npm run build`): a switch is kept in the audit log
// with its reason, as the desk's are.
//
//   node scripts/admin/link-admin.mjs show <id>
//   node scripts/admin/link-admin.mjs disable <id> --reason "<why>" [--by <who>]
//   node scripts/admin/link-admin.mjs enable <id> --reason "<why>" [--by <who>]
//
// With FIRESTORE_EMULATOR_HOST set it works on that emulator (project demo-kcw unless --project
// says otherwise). Without it, on production Firestore of the project --project names, with
// Application Default Credentials (`gcloud auth application-default login`, or
// GOOGLE_APPLICATION_CREDENTIALS naming a service account's key file).
//
// A running redirect instance keeps a link it has read for a few seconds (FRESH_MS in
// functions/src/link-reader.ts), so a switch-off reaches every scan within that time.
import {
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

/** The shape of a short link id: src/domain/qr/short-link.ts LINK_ID (a test holds them equal). */
export const LINK_ID = /^[A-Za-z0-9_-]{8,64}$/;

const MAX_REASON = 500;
/** Days of figures `show` prints, today's (South African time) included. */
const RECENT_DAYS = 7;

const USAGE = `Usage:
  node scripts/admin/link-admin.mjs show <id>
  node scripts/admin/link-admin.mjs disable <id> --reason "<why>" [--by <who>]
  node scripts/admin/link-admin.mjs enable <id> --reason "<why>" [--by <who>]

Options:
  --project <id>   the Firebase project (default with FIRESTORE_EMULATOR_HOST: ${EMULATOR_PROJECT};
                   required for production)
  --reason <text>  why the link is switched off or on (kept in the audit log, and with a
                   switched-off link)
  --by <who>       who switches it (default: $USER)

With FIRESTORE_EMULATOR_HOST set it works on that Firestore emulator; otherwise on production,
with Application Default Credentials: run \`gcloud auth application-default login\` once, or set
GOOGLE_APPLICATION_CREDENTIALS to a service account's key file.`;

/**
 * The command a command line asks for, checked before anything is opened.
 * @param {string[]} args the arguments after the script's name
 * @param {NodeJS.ProcessEnv} env
 */
export function parseCommand(args, env) {
  const { values, positionals } = commandLine(args, ['reason']);
  if (values.help) return { command: 'help' };
  const [command, id, ...extra] = positionals;
  if (!command) throw new UsageError('Name a command: show, disable or enable.');
  if (!['show', 'disable', 'enable'].includes(command)) {
    throw new UsageError(`Unknown command "${command}": use show, disable or enable.`);
  }
  if (!id) throw new UsageError(`${command} needs the link's id: the part after /q/.`);
  if (extra.length > 0) throw new UsageError(`Unexpected arguments: ${extra.join(' ')}.`);
  if (!LINK_ID.test(id)) {
    throw new UsageError(
      `"${id}" is not a short link id (8 to 64 letters, digits, _ or -: the part after /q/).`,
    );
  }
  const reason = values.reason?.trim() ?? '';
  if (command !== 'show') {
    if (!reason) {
      throw new UsageError(
        `${command} needs a reason: --reason "<why>" (say what was reported or checked; the audit log keeps it).`,
      );
    }
    if (reason.length > MAX_REASON) {
      throw new UsageError(`The reason is ${reason.length} characters; at most ${MAX_REASON}.`);
    }
  } else if (values.reason !== undefined || values.by !== undefined) {
    throw new UsageError('--reason and --by go with disable and enable.');
  }
  const { project, emulator } = firestoreTarget(values.project, env);
  return { command, id, reason, by: operator(values.by, env), project, emulator };
}

/** 'YYYY-MM-DD HH:MM SAST' (South Africa is UTC+2 all year) of a time in milliseconds. */
const sast = (millis) =>
  millis === null
    ? '(not set)'
    : `${new Date(millis + 2 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')} SAST`;

/** What the redirect does with the link, in words, from its overview (functions' linkOverview). */
function stateOf({ state, switchedOff }) {
  if (state === 'switched-off') {
    const { reason, at, by } = switchedOff;
    return (
      `switched off${at ? ` on ${sast(at)}` : ''}${by ? ` by ${by}` : ''}` +
      `${reason ? `: ${reason}` : ''} (scans get the warning page, 403)`
    );
  }
  if (state === 'retired') return 'retired by its owner (scans get "no longer active", 410)';
  return 'active (scans are sent on to its destination)';
}

async function show(db, shared, id) {
  const found = await shared.linkOverview(db, id, { days: RECENT_DAYS });
  if (!found) throw new CommandError(`There is no short link /q/${id}.`);
  const link = found.overview;
  const recent = link.days.reduce((sum, day) => sum + day.scans, 0);
  const lines = [
    ['Short link', `/q/${id}`],
    ['Owner', link.owner],
    ['Code', String(link.code)],
    ['Destination', link.destination ?? '(none)'],
    ['State', stateOf(link)],
    ['Created', sast(link.createdAt)],
    ['Scans', `${recent} in the last ${RECENT_DAYS} days, ${link.allScans} in all`],
  ];
  const width = Math.max(...lines.map(([label]) => label.length)) + 2;
  const out = lines.map(([label, value]) => `${label.padEnd(width)}${value}`);
  for (const { day, scans, unique } of link.days) {
    out.push(`${''.padEnd(width)}  ${day}  ${scans} scans, ${unique} visitors`);
  }
  return out.join('\n');
}

/**
 * Runs a parsed command; resolves with what to print. A switch is the desk's (the functions'
 * switchLink): kept in the audit log with its reason, under the operator's name.
 * @param {ReturnType<typeof parseCommand>} options
 */
export async function run({ command, id, reason, by, project, emulator }) {
  const shared = await builtModule('link-admin');
  return withFirestore({ project, emulator }, 'link-admin', async (db) => {
    if (command === 'show') return show(db, shared, id);
    if (command !== 'disable' && command !== 'enable') {
      throw new UsageError(`Unknown command "${command}".`);
    }
    const on = command === 'enable';
    const switched = await shared.switchLink(db, id, {
      on,
      reason,
      actor: { by, byEmail: null },
    });
    if (!switched) throw new CommandError(`There is no short link /q/${id}.`);
    if (!on) {
      return (
        `${switched.wasOff ? 'Still switched off, with the new reason' : 'Switched off'}: /q/${id} ` +
        `(by ${by}: ${reason}). Scans now get the warning page, without the target.`
      );
    }
    return switched.changed
      ? `Switched on again: /q/${id}. Scans are sent on to its target (unless its owner retired it).`
      : `/q/${id} was not switched off; nothing changed.`;
  });
}

await main(import.meta, { usage: USAGE, parse: parseCommand, run });
