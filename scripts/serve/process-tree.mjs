// The processes a script started, found by their parent chain and process group (never by their
// name: another `npm start` or test run on the machine has processes of the same names), and
// ended by pid. scripts/serve/serve.mjs uses it so that stopping it leaves none of the Functions
// emulator's workers behind; scripts/test/serve-stop-check.mjs checks that it does.
//
// A process is known by its pid, its start time and its command line together, so a pid the system
// gives to another process after one of ours has ended is never taken for ours. Read with `ps`
// (procps on Linux, BSD ps on macOS), whose `lstart` has a fixed format in both.
import { execFileSync } from 'node:child_process';

/**
 * @typedef {{ pid: number, ppid: number, pgid: number, state: string, started: string,
 *   command: string }} ProcessInfo
 */

const LINE = /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(\S+)\s+(\S+\s+\S+\s+\d+\s+\d+:\d+:\d+\s+\d+)\s?(.*)$/;

/**
 * `ps -o pid=,ppid=,pgid=,stat=,lstart=,args=` as records; lines it cannot read are left out.
 * @param {string} text
 * @returns {ProcessInfo[]}
 */
export function parseProcessTable(text) {
  const table = [];
  for (const line of text.split('\n')) {
    const match = LINE.exec(line);
    if (!match) continue;
    const [, pid, ppid, pgid, state, started, command] = match;
    table.push({
      pid: Number(pid),
      ppid: Number(ppid),
      pgid: Number(pgid),
      state,
      started: started.replace(/\s+/g, ' '),
      command: command.trim(),
    });
  }
  return table;
}

/**
 * Every process now, or an empty list where `ps` cannot be run.
 * @returns {ProcessInfo[]}
 */
export function processTable() {
  try {
    return parseProcessTable(
      execFileSync('ps', ['-A', '-o', 'pid=,ppid=,pgid=,stat=,lstart=,args='], {
        encoding: 'utf8',
        env: { ...process.env, LC_ALL: 'C' },
        maxBuffer: 16 * 1024 * 1024,
      }),
    );
  } catch {
    return [];
  }
}

/**
 * The descendants of `pid` in `table` (its children, theirs, and so on), without `pid` itself.
 * @param {ProcessInfo[]} table
 * @param {number} pid
 * @returns {ProcessInfo[]}
 */
export function descendantsOf(table, pid) {
  const found = [];
  let parents = new Set([pid]);
  while (parents.size > 0) {
    const children = table.filter((p) => parents.has(p.ppid) && !found.includes(p));
    found.push(...children);
    parents = new Set(children.map((child) => child.pid));
  }
  return found;
}

/**
 * Which of `noted` still run in `table`: the same process (pid, start time, command), not a
 * zombie (one that has ended and waits for its parent to read its status).
 * @param {ProcessInfo[]} table
 * @param {ProcessInfo[]} noted
 * @returns {ProcessInfo[]}
 */
export function stillRunning(table, noted) {
  return noted.filter((p) =>
    table.some(
      (now) =>
        now.pid === p.pid &&
        now.started === p.started &&
        now.command === p.command &&
        !now.state.startsWith('Z'),
    ),
  );
}

/**
 * Ends the processes of `noted` that still run: `signal` first, then, those left after `graceMs`,
 * SIGKILL. Resolves once none runs (or after the SIGKILL has had a moment).
 * @param {ProcessInfo[]} noted
 * @param {{ signal?: NodeJS.Signals, graceMs?: number }} [options]
 */
export async function endProcesses(noted, { signal = 'SIGTERM', graceMs = 3_000 } = {}) {
  const send = (list, what) => {
    for (const p of list) {
      try {
        process.kill(p.pid, what);
      } catch {
        // ended meanwhile
      }
    }
  };
  let left = stillRunning(processTable(), noted);
  send(left, signal);
  const deadline = Date.now() + graceMs;
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = stillRunning(processTable(), left);
  }
  send(left, 'SIGKILL');
}
