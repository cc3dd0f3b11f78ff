// Where a load's time goes: the CPU time of this process and of the processes a run selects (the
// emulators' java, firebase-tools, the Functions emulator's workers), read from /proc before and
// after the load, by role. Linux only, as the machines the bench runs on.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** Every process of this machine we may read: pid, parent, process group, CPU time, command. */
function processTable() {
  const table = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // After the command's name in parentheses: state ppid pgrp ... utime (12th) stime (13th).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const args = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ');
      table.push({
        pid: Number(name),
        ppid: Number(fields[1]),
        pgrp: Number(fields[2]),
        cpuS: (Number(fields[11]) + Number(fields[12])) / clockTicks,
        args,
      });
    } catch {
      // gone since the listing
    }
  }
  return table;
}

function roleOf(args) {
  if (args.includes('functionsEmulatorRuntime')) return 'functionWorkers';
  if (args.includes('CloudFirestore')) return 'firestore';
  if (args.includes('emulators:start')) return 'firebaseTools';
  return 'other';
}

/**
 * A probe of CPU time: called with no argument it takes a reading; called with that reading and
 * the wall time since, it says how much CPU this process and the other processes `select` picks
 * used in between, by role.
 */
export const cpuProbe = (select) => (begun, wallMs) => {
  if (!begun) return { table: processTable().filter(select), own: process.cpuUsage() };
  const own = process.cpuUsage(begun.own);
  return {
    ...cpuByRole(begun.table, processTable().filter(select), wallMs),
    benchProcessS: (own.user + own.system) / 1e6,
  };
};

/** CPU seconds each role's processes used between two process tables, and how many there were. */
function cpuByRole(before, after, wallMs) {
  const was = new Map(before.map((entry) => [entry.pid, entry.cpuS]));
  const roles = {};
  for (const entry of after) {
    const role = (roles[roleOf(entry.args)] ??= { processes: 0, started: 0, cpuS: 0 });
    role.processes += 1;
    if (!was.has(entry.pid)) role.started += 1;
    role.cpuS += entry.cpuS - (was.get(entry.pid) ?? 0);
  }
  return { wallS: wallMs / 1000, cpus: availableParallelism(), roles };
}
