#!/usr/bin/env node
// The company's switch for short links (/q/<id>): turn a reported link off, so that a scan gets the
// redirect's warning page (403 "This link has been switched off") instead of its target, turn it
// back on, and look at a link. Links are written by the server alone (no client may touch
// `disabled`: firestore.rules), so this works through the Admin SDK, from functions/node_modules,
// and reads and writes a link as the functions do (src/domain/records/links.ts, built into
// functions/lib/link-admin.js by `npm run build`).
//
//   node scripts/admin/link-admin.mjs show <id>
//   node scripts/admin/link-admin.mjs disable <id> --reason "<why>" [--by <who>]
//   node scripts/admin/link-admin.mjs enable <id>
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
  node scripts/admin/link-admin.mjs enable <id>

Options:
  --project <id>   the Firebase project (default with FIRESTORE_EMULATOR_HOST: ${EMULATOR_PROJECT};
                   required for production)
  --reason <text>  why the link is switched off (disable; kept with the link)
  --by <who>       who switched it off (disable; default: $USER)

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
  if (command === 'disable') {
    if (!reason) {
      throw new UsageError(
        'disable needs a reason: --reason "<why>" (say what was reported; it is kept with the link).',
      );
    }
    if (reason.length > MAX_REASON) {
      throw new UsageError(`The reason is ${reason.length} characters; at most ${MAX_REASON}.`);
    }
  } else if (values.reason !== undefined || values.by !== undefined) {
    throw new UsageError('--reason and --by go with disable only.');
  }
  const { project, emulator } = firestoreTarget(values.project, env);
  return { command, id, reason, by: operator(values.by, env), project, emulator };
}

/** 'YYYY-MM-DD HH:MM SAST' (South Africa is UTC+2 all year). */
const sast = (date) =>
  `${new Date(date.getTime() + 2 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')} SAST`;

/** The South African date `days` before today's, as the redirect files figures: 'YYYY-MM-DD'. */
const sastDay = (days = 0) =>
  new Date(Date.now() + 2 * 3_600_000 - days * 86_400_000).toISOString().slice(0, 10);

const timeOf = (value) => (value && typeof value.toDate === 'function' ? value.toDate() : null);
const when = (value) => {
  const date = timeOf(value);
  return date ? sast(date) : '(not set)';
};

/**
 * What the redirect does with the link `link` (its record, as records/links.ts reads it), in
 * words; `data` (its stored fields) says who switched it off, when and why.
 */
function stateOf(link, data) {
  if (link.disabled) {
    const { reason, at, by } = typeof data.disabled === 'object' ? data.disabled : {};
    return (
      `switched off${at ? ` on ${when(at)}` : ''}${by ? ` by ${by}` : ''}` +
      `${reason ? `: ${reason}` : ''} (scans get the warning page, 403)`
    );
  }
  if (link.deleted) {
    return `retired by its owner on ${when(data.deletedAt)} (scans get "no longer active", 410)`;
  }
  return 'active (scans are sent on to the target, 302)';
}

/** The link's figures of the last RECENT_DAYS days and of all time, summed over their shards. */
async function recentCounts(db, shared, id) {
  const from = sastDay(RECENT_DAYS - 1);
  // 'all' (the figures of all time) sorts after every date, so it comes with the days.
  const snapshot = await db.collection(shared.linkCountsPath(id)).where('day', '>=', from).get();
  const byDay = new Map();
  for (const document of snapshot.docs) {
    const shard = shared.readCountShard(document.data());
    if (!shard) continue;
    const sum = byDay.get(shard.day) ?? { scans: 0, unique: 0 };
    sum.scans += shard.counts.scans;
    sum.unique += shard.counts.unique;
    byDay.set(shard.day, sum);
  }
  const days = Array.from({ length: RECENT_DAYS }, (_, index) => {
    const day = sastDay(RECENT_DAYS - 1 - index);
    return { day, ...(byDay.get(day) ?? { scans: 0, unique: 0 }) };
  });
  return { days, all: byDay.get('all') ?? { scans: 0, unique: 0 } };
}

async function show(db, shared, ref, id) {
  const snapshot = await ref.get();
  if (!snapshot.exists) throw new CommandError(`There is no short link /q/${id}.`);
  const data = snapshot.data();
  // A document without an owner (none the server writes) reads as a link on and live.
  const link = shared.readLink(id, data) ?? { deleted: false, disabled: false };
  const { days, all } = await recentCounts(db, shared, id);
  const recent = days.reduce((sum, day) => sum + day.scans, 0);
  const lines = [
    ['Short link', `/q/${id}`],
    ['Owner', String(data.owner)],
    ['Code', String(data.code)],
    ['Target', String(data.target)],
    ['State', stateOf(link, data)],
    ['Created', when(data.createdAt)],
    ['Updated', when(data.updatedAt)],
    ['Scans', `${recent} in the last ${RECENT_DAYS} days, ${all.scans} in all`],
  ];
  const width = Math.max(...lines.map(([label]) => label.length)) + 2;
  const out = lines.map(([label, value]) => `${label.padEnd(width)}${value}`);
  for (const { day, scans, unique } of days) {
    out.push(`${''.padEnd(width)}  ${day}  ${scans} scans, ${unique} visitors`);
  }
  return out.join('\n');
}

async function setDisabled(db, shared, ref, id, disabled, FieldValue) {
  return db.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    if (!snapshot.exists) throw new CommandError(`There is no short link /q/${id}.`);
    const wasOff = shared.readLink(id, snapshot.data())?.disabled === true;
    // Switching on a link that is on changes nothing, not even its time of change.
    if (disabled || wasOff) {
      transaction.update(ref, shared.switchedLink(disabled, FieldValue.serverTimestamp()));
    }
    return wasOff;
  });
}

/**
 * Runs a parsed command; resolves with what to print.
 * @param {ReturnType<typeof parseCommand>} options
 */
export async function run({ command, id, reason, by, project, emulator }) {
  const shared = await builtModule('link-admin');
  return withFirestore({ project, emulator }, 'link-admin', async (db, firestore) => {
    const ref = db.doc(shared.linkPath(id));
    switch (command) {
      case 'show':
        return show(db, shared, ref, id);
      case 'disable': {
        const was = await setDisabled(
          db,
          shared,
          ref,
          id,
          { reason, at: firestore.FieldValue.serverTimestamp(), by },
          firestore.FieldValue,
        );
        return (
          `${was ? 'Still switched off, with the new reason' : 'Switched off'}: /q/${id} ` +
          `(by ${by}: ${reason}). Scans now get the warning page, without the target.`
        );
      }
      case 'enable': {
        const was = await setDisabled(db, shared, ref, id, null, firestore.FieldValue);
        return was
          ? `Switched on again: /q/${id}. Scans are sent on to its target (unless its owner retired it).`
          : `/q/${id} was not switched off; nothing changed.`;
      }
      default:
        throw new UsageError(`Unknown command "${command}".`);
    }
  });
}

await main(import.meta, { usage: USAGE, parse: parseCommand, run });
