// Bench section for the short links of dynamic codes. Figures, never assertions:
//
// 1. Latency as a phone's browser meets it: the time from opening /q/<id> to the redirect's
//    response, through the Hosting emulator's rewrite to the Functions emulator. The first request
//    after start-up is the cold one (the emulator starts the function's worker then); the next 20,
//    one after another, are the warm ones.
// 2. A bounded load (links-load.mjs, through the bench's load generator, load.mjs): a poster's code
//    scanned 2,000 times, 50 at a time, while 20 other codes are scanned 10 times each,
//    interleaved; every request with a phone's user agent and its own X-Forwarded-For (2,200
//    distinct visitors). Each run stops by itself after the last request or at a hard time limit,
//    with a time-out per request. Its figures: errors (any answer that is not a 302 to the link's
//    target, time-outs included), the scans counted in Firestore once the counts settle against
//    the 302s sent, latency (p50, p95, max) and requests per second. Run:
//    A. through the emulators (links-emulated.mjs: scripts/serve/serve.mjs's Hosting, Functions,
//       Auth, and Firestore on 8181);
//    B. the same handler served directly (links-direct.mjs): createRedirect with LinkReader and
//       ScanCounter from functions/src, bundled by Vite (functions.mjs), on a node:http server in
//       this process, with a Firestore emulator of its own on a free port;
//    C. B again with that Firestore emulator frozen (SIGSTOP: connections hang, as in a network
//       partition) for 5 s in the middle of the load, its requests spread over 15 s so that there
//       is a middle (B's take a few seconds). The links are read once before, so they should keep
//       redirecting from the instance's memory; every scan should be counted once Firestore is
//       back, or reported lost by the counter's figures.
//    A against B shows what is the Functions emulator's process model and what is our code; the
//    CPU time of each process during the load (cpu.mjs) says where A's time goes
//    (links-report.mjs prints it).
//
// BENCH_OTHER_SCANS (10), BENCH_OUTAGE_S (5), BENCH_LOAD_LIMIT_S (180, per run),
// BENCH_REQUEST_TIMEOUT_S (65); BENCH_LINK_RUNS picks runs (default `emulators,direct,outage`:
// `direct,outage` needs no fixed port). A needs the fixed ports other runs use: start the bench
// under the shared lock, `flock /tmp/kcw-emulators.lock node scripts/bench/bench.mjs shortLinks`.
import { directRuns } from './links-direct.mjs';
import { emulatedRuns, warmRuns } from './links-emulated.mjs';
import { load, outageSpanMs, settle } from './links-load.mjs';
import { loadRows, whereTheTimeGoes } from './links-report.mjs';
import { oneDecimal, verdict } from './lib.mjs';

const targets = { warmMs: 100 };
const runs = (process.env.BENCH_LINK_RUNS ?? 'emulators,direct,outage').split(',');

/** The whole section's hard limit, which bench.mjs adds to its own. */
shortLinks.budgetMs = 120_000 + load.limitMs + 3 * settle.maxMs + 60_000;

export async function shortLinks() {
  const results = {};
  const failures = [];
  if (runs.includes('emulators')) {
    try {
      Object.assign(results, await emulatedRuns());
    } catch (error) {
      failures.push(`emulators: ${error.message}`);
    }
  }
  if (runs.includes('direct') || runs.includes('outage')) {
    try {
      Object.assign(results, await directRuns(runs));
    } catch (error) {
      failures.push(`direct: ${error.message}`);
    }
  }
  if (Object.keys(results).length === 0) throw new Error(failures.join('\n') || 'no run chosen');

  const { latency, emulators, direct, outage } = results;
  const more = [];
  const loads = [
    ['emulators', 'A. emulators', emulators],
    ['direct', 'B. direct', direct],
    ['outage', `C. direct, Firestore paused ${load.outageMs / 1000} s`, outage],
  ].filter(([, , run]) => run);
  if (loads.length > 0) {
    more.push({
      title:
        `Short links under load: ${load.scans} GETs of a poster's /q/<id>?qr=1 and ` +
        `${load.otherLinks}×${load.otherScans} of other codes, ${load.concurrency} at a time ` +
        '(A: Hosting and Functions emulators; B: the handler on node:http in the bench; ' +
        'C: B with Firestore frozen mid-load):',
      rows: loadRows(loads),
      align: `l${'r'.repeat(loads.length)}`,
    });
  }
  const notes = whereTheTimeGoes(results);
  if (failures.length > 0) notes.push(...failures.map((failure) => `could not measure ${failure}`));
  if (notes.length > 0) {
    more.push({ title: 'Short links: where the time goes', rows: notes.map((note) => [note]) });
  }

  const rows = latency
    ? [
        ['first request (cold)', `${oneDecimal(latency.coldMs)} ms`, ''],
        [
          `median of ${warmRuns} warm`,
          `${oneDecimal(latency.warmMedianMs)} ms`,
          verdict(latency.warmMedianMs, targets.warmMs, 'ms'),
        ],
        ['slowest warm', `${oneDecimal(Math.max(...latency.warmMs))} ms`, ''],
      ]
    : [
        [
          runs.includes('emulators')
            ? '(not measured: the emulated run failed)'
            : '(not measured: BENCH_LINK_RUNS leaves out the emulated run)',
          '',
          '',
        ],
      ];
  return {
    key: 'shortLinks',
    title: 'Short links (/q/<id> through the Hosting and Functions emulators, to the redirect):',
    rows,
    align: 'lrl',
    more,
    data: {
      ...latency,
      holds: latency ? latency.warmMedianMs <= targets.warmMs : undefined,
      load: { ...load, outageSpanMs },
      emulators,
      direct,
      outage,
      failures,
    },
  };
}
