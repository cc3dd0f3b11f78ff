import { describe, expect, it } from 'vitest';
import { descendantsOf, parseProcessTable, processTable, stillRunning } from './process-tree.mjs';

// As `ps -A -o pid=,ppid=,pgid=,stat=,lstart=,args=` prints it (procps).
const ps = `
    1     0     0 Ss   Fri Nov 27 12:07:07 2026 /sbin/init
  100     1   100 Sl   Fri Nov 27 13:00:01 2026 node scripts/serve/serve.mjs
  101   100   100 Sl   Fri Nov 27 13:00:02 2026 node node_modules/.bin/firebase emulators:start
  102   101   100 Sl   Fri Nov 27 13:00:09 2026 /usr/bin/node .../functionsEmulatorRuntime
  103   102   100 S    Fri Nov 27 13:00:10 2026 /usr/bin/node helper of a worker
  104   100   100 Sl   Fri Nov 27 13:00:01 2026 java -cp firestore.jar CloudFirestore start
  200     1   200 Sl   Fri Nov 27 13:00:03 2026 /usr/bin/node .../functionsEmulatorRuntime
  300   101   100 Z    Fri Nov 27 13:00:11 2026 [node] <defunct>
`;

describe('process-tree', () => {
  const table = parseProcessTable(ps);

  it('reads ps, commands with spaces included', () => {
    expect(table).toHaveLength(8);
    expect(table[2]).toEqual({
      pid: 101,
      ppid: 100,
      pgid: 100,
      state: 'Sl',
      started: 'Fri Nov 27 13:00:02 2026',
      command: 'node node_modules/.bin/firebase emulators:start',
    });
  });

  it('finds descendants by their parent chain, not another server’s workers of the same name', () => {
    expect(descendantsOf(table, 101).map((p) => p.pid)).toEqual([102, 300, 103]);
    expect(descendantsOf(table, 100).map((p) => p.pid)).toEqual([101, 104, 102, 300, 103]);
  });

  it('knows a process by its pid, start time and command: a reused pid is not ours', () => {
    const noted = descendantsOf(table, 101);
    const later = parseProcessTable(`
  102     1   100 Sl   Fri Nov 27 13:00:09 2026 /usr/bin/node .../functionsEmulatorRuntime
  103     1   999 S    Fri Nov 27 14:22:00 2026 /usr/bin/vim notes.txt
  300     1   100 Z    Fri Nov 27 13:00:11 2026 [node] <defunct>
`);
    expect(stillRunning(later, noted).map((p) => p.pid)).toEqual([102]);
  });

  it('reads this machine’s processes, this one among them', () => {
    const self = processTable().find((p) => p.pid === process.pid);
    expect(self?.ppid).toBe(process.ppid);
  });
});
