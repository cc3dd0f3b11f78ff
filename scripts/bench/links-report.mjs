// The short-link section's tables beyond its first: the loads side by side (A: emulators, B:
// direct, C: direct with Firestore paused), and a few sentences on where their time went.
import { ms, oneDecimal } from './lib.mjs';

const mark = (holds) => (holds ? '✓' : '✗');

export function loadRows(loads) {
  const header = ['', ...loads.map(([, label]) => label)];
  const row = (label, cell) => [label, ...loads.map(([key, , run]) => cell(run, key))];
  const errorKinds = (kinds) =>
    Object.entries(kinds)
      .map(([kind, count]) => `${count} ${kind}`)
      .join(', ') || '—';
  return [
    header,
    row(
      'requests sent',
      (run) =>
        `${run.sent}${run.notSent ? ` (${run.notSent} not sent)` : ''}` +
        (run.before ? ` + ${run.before.sent} before` : ''),
    ),
    row('errors (not a 302 to the target; goal 0)', (run) => {
      const errors = run.errors + (run.before?.errors ?? 0);
      return `${mark(errors === 0)} ${errors}`;
    }),
    row('  of which', (run) =>
      errorKinds({ ...run.errorKinds, ...prefixed('before the load: ', run.before?.errorKinds) }),
    ),
    row('503 answers', (run) => run.status503 + (run.before?.status503 ?? 0)),
    row(
      'scans counted / 302s (goal exact)',
      ({ counts }) => `${mark(counts.exact)} ${counts.scans} / ${counts.expected}`,
    ),
    row('links counted exactly', ({ counts }) => `${counts.exactLinks} / ${counts.links}`),
    row(
      'distinct visitors counted / sent',
      ({ counts }) => `${counts.unique} / ${counts.expected}`,
    ),
    row('counts settled after', ({ counts }) => `${oneDecimal(counts.settledAfterMs / 1000)} s`),
    row('counter recorded / written / lost', (run) =>
      run.counter
        ? `${run.counter.recorded} / ${run.counter.written} / ${run.counter.lost}`
        : '(in the workers)',
    ),
    row('latency p50', (run) => ms(run.p50Ms)),
    row('latency p95', (run) => ms(run.p95Ms)),
    row('latency max', (run) => ms(run.maxMs)),
    row('handler alone p50 / p95', (run) =>
      run.handler
        ? `${ms(run.handler.p50Ms)} / ${ms(run.handler.p95Ms)}`
        : `${ms(run.emulatorLog.inWorkerP50Ms)} / ${ms(run.emulatorLog.inWorkerP95Ms)} in a worker`,
    ),
    row('requests/s', (run) => oneDecimal(run.perSecond)),
    row('load took', (run) => `${oneDecimal(run.loadMs / 1000)} s`),
    row('during the pause: requests, errors', (run) =>
      run.outage ? `${run.outage.sent}, ${run.outage.errors}` : '',
    ),
    row('during the pause: p50 / p95 / max', (run) =>
      run.outage
        ? `${ms(run.outage.p50Ms)} / ${ms(run.outage.p95Ms)} / ${ms(run.outage.maxMs)}`
        : '',
    ),
    row('during the pause: scans waiting in memory at its end', (run) =>
      run.outage ? run.outage.pendingAtResume : '',
    ),
    row('answered from memory, Firestore away', (run) =>
      run.reader ? `${run.reader.servedStale} (${run.reader.failedReads} reads failed)` : '',
    ),
  ];
}

const prefixed = (prefix, counts = {}) =>
  Object.fromEntries(Object.entries(counts).map(([kind, count]) => [prefix + kind, count]));

/** A few sentences: which processes spent the CPU time of each load, and why requests failed. */
export function whereTheTimeGoes({ emulators, direct, outage }) {
  const notes = [];
  const seconds = (value) => `${oneDecimal(value)} s`;
  if (emulators) {
    const { roles, wallS, cpus, benchProcessS } = emulators.cpu;
    const workers = roles.functionWorkers ?? { processes: 0, started: 0, cpuS: 0 };
    const log = emulators.emulatorLog;
    notes.push(
      `A: ${seconds(wallS)} of load on ${cpus} CPUs. The Functions emulator gives each worker ` +
        'one request at a time and starts another Node process (the function, the Admin SDK, a ' +
        'link cache and scan counter of its own) whenever all are busy: ' +
        `${workers.processes} workers (${workers.started} started during the load) used ` +
        `${seconds(workers.cpuS)} of CPU, firebase-tools (Hosting proxy, Functions router, a log ` +
        `line per request) ${seconds(roles.firebaseTools?.cpuS ?? 0)}, Firestore ` +
        `${seconds(roles.firestore?.cpuS ?? 0)}, the bench's client ${seconds(benchProcessS)}; ` +
        `once started, a worker answered in ${ms(log.inWorkerP50Ms)} (p50).`,
    );
    const { messages } = log;
    const causes = [];
    if (messages['worker not started in 30 s'] > 0) {
      causes.push(
        `${messages['worker not started in 30 s']} requests waited for a worker that did not ` +
          "start within the emulator's 30 s and were left unanswered (Hosting's proxy answers " +
          '504 after 60 s)',
      );
    }
    if (messages['scan not answered (503)'] > 0) {
      causes.push(
        `${messages['scan not answered (503)']} got 503: a new worker's first Firestore read, ` +
          "slowed by the others starting, took longer than the reader's 1.5 s",
      );
    }
    for (const name of ['function timed out', 'request to a worker failed', 'no idle worker']) {
      if (messages[name] > 0) causes.push(`${messages[name]}× "${name}"`);
    }
    if (causes.length > 0) notes.push(`A's errors: ${causes.join('; ')}.`);
  }
  for (const [label, run] of [
    ['B', direct],
    ['C', outage],
  ]) {
    if (!run) continue;
    const { roles, wallS, benchProcessS } = run.cpu;
    notes.push(
      `${label}: ${seconds(wallS)} of load: handler and client in one process used ` +
        `${seconds(benchProcessS)} of CPU, Firestore ${seconds(roles.firestore?.cpuS ?? 0)}; ` +
        `the handler itself took ${ms(run.handler.p50Ms)} (p50), ${ms(run.handler.p95Ms)} (p95).`,
    );
  }
  if (outage?.outage) {
    const { sent, errors, p95Ms, pendingAtResume } = outage.outage;
    notes.push(
      `C: while Firestore was frozen, ${sent} scans came in and ${sent - errors} were sent on from ` +
        `the links read before; ${outage.reader.failedReads} of them waited for a read that gave ` +
        `up after 1.5 s (p95 ${ms(p95Ms)}), and ${pendingAtResume} scans waited in memory to be ` +
        `written when it came back: ${outage.counts.scans} of ${outage.counts.expected} counted, ` +
        `${outage.counter.lost} reported lost.`,
    );
  }
  return notes;
}
