// Bench section for the short links of dynamic codes (issue 11): the time from opening /q/<id> to
// the redirect's response, through the Hosting emulator's rewrite to the Functions emulator, as a
// phone's browser meets it. The first request after start-up is the cold one (the emulator starts
// the function's worker then); the next 20, one after another, are the warm ones. Each is a read
// and a counted write in the Firestore emulator.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { seedFirestore } from './firestore-emulator.mjs';
import { median, oneDecimal, root, startServe, verdict } from './bench-lib.mjs';

const warmRuns = 20;
const targets = { warmMs: 100 };
const firebase = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));
const id = 'benchShortLink2026';
const target = 'https://kemptoncodeworks.co.za/bench';

export async function shortLinks() {
  const server = await startServe();
  try {
    await seedFirestore({
      port: firebase.emulators.firestore.port,
      projectId: 'demo-kcw',
      documents: {
        [`dynamic/${id}`]: { owner: 'bench', target, scans: 0, days: {} },
      },
    });
    const cold = await timedScan(server.baseUrl);
    const warm = [];
    for (let run = 0; run < warmRuns; run++) warm.push(await timedScan(server.baseUrl));
    const warmMedian = median(warm);
    return {
      key: 'shortLinks',
      title: 'Short links (/q/<id> through the Hosting and Functions emulators, to the redirect):',
      rows: [
        ['first request (cold)', `${oneDecimal(cold)} ms`, ''],
        [
          `median of ${warmRuns} warm`,
          `${oneDecimal(warmMedian)} ms`,
          verdict(warmMedian, targets.warmMs, 'ms'),
        ],
        ['slowest warm', `${oneDecimal(Math.max(...warm))} ms`, ''],
      ],
      align: 'lrl',
      data: {
        coldMs: cold,
        warmMs: warm,
        warmMedianMs: warmMedian,
        holds: warmMedian <= targets.warmMs,
      },
    };
  } finally {
    await server.stop();
  }
}

/** Milliseconds from the request to the redirect's response; fails on any other answer. */
async function timedScan(baseUrl) {
  const start = performance.now();
  const response = await fetch(`${baseUrl}/q/${id}`, { redirect: 'manual' });
  const elapsed = performance.now() - start;
  await response.arrayBuffer();
  if (response.status !== 302 || response.headers.get('location') !== target) {
    throw new Error(`/q/${id} answered ${response.status}, not a redirect to ${target}`);
  }
  return elapsed;
}
