// Short links served directly (runs B and C of links.mjs): the `qr` function's handler from
// functions/src (functions.mjs) on a node:http server in the bench's own process, over a Firestore
// emulator of its own, so that A against B shows what is the Functions emulator's process model and
// what is our code. C is B with that emulator frozen (SIGSTOP: connections hang, as in a network
// partition) in the middle of the load.
import { createServer } from 'node:http';
import { seedFirestore } from '../serve/firestore-emulator.mjs';
import { cpuProbe } from './cpu.mjs';
import { withFunctions } from './functions.mjs';
import { percentile, projectId } from './lib.mjs';
import { countBy, scan, visitorAddress } from './load.mjs';
import { linkDocuments, load, loadLinks, outageSpanMs, plan, runLinkLoad } from './links-load.mjs';

/** B and C, those of them `runs` names, each on a fresh instance over one Firestore emulator. */
export async function directRuns(runs) {
  return withFunctions({ projectId, name: 'links' }, async ({ parts, firestore }) => {
    const results = {};
    if (runs.includes('direct')) results.direct = await directRun(parts, firestore, 'B');
    if (runs.includes('outage')) results.outage = await directRun(parts, firestore, 'C');
    return results;
  });
}

/**
 * One run on a fresh instance (app, reader, counter, server) against the shared emulator: B as
 * it is, C with the links read once first and Firestore frozen in the middle of the load.
 */
async function directRun(parts, firestore, name) {
  const withOutage = name === 'C';
  const app = parts.initializeApp({ projectId }, `bench-links-${name}`);
  const logged = [];
  const log = (message) => logged.push(message);
  const db = parts.openFirestore(app);
  const reader = new parts.LinkReader(db);
  const counter = new parts.ScanCounter(db, { log });
  const redirect = parts.createRedirect({
    reader,
    counter,
    blocklist: parts.blocklistOf(),
    log,
  });
  // The handler's own time per request, from its arrival to the end of the answer: what the
  // client's latency holds beyond it is queueing (for the CPU, which the client shares).
  const handlerMs = [];
  const server = createServer((request, response) => {
    const arrived = performance.now();
    response.once('finish', () => handlerMs.push(performance.now() - arrived));
    redirect(request, response).catch((error) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  try {
    const links = loadLinks(name);
    await seedFirestore({ port: firestore.port, projectId, documents: await linkDocuments(links) });
    const requests = plan(links);
    const options = { origin, requests, port: firestore.port, links, counter };
    if (withOutage) {
      // Each link read (and scanned) once before, from visitors of their own.
      const first = links.map((link, index) => ({
        link,
        path: `/q/${link.id}?qr=1`,
        from: visitorAddress(requests.length + index),
      }));
      options.warmup = await Promise.all(first.map((request) => scan(origin, request, 10_000)));
      options.spanMs = outageSpanMs;
      options.outage = { atMs: (outageSpanMs - load.outageMs) / 2, ms: load.outageMs, firestore };
    }
    // This run's emulator: the java this process started with its port.
    options.cpu = cpuProbe(
      (entry) =>
        entry.ppid === process.pid &&
        entry.args.includes('CloudFirestore') &&
        entry.args.includes(`--port=${firestore.port}`),
    );
    handlerMs.length = 0;
    const run = await runLinkLoad(options);
    const handled = handlerMs.sort((a, b) => a - b);
    run.handler = { p50Ms: percentile(handled, 50), p95Ms: percentile(handled, 95) };
    run.counter = { ...counter.stats, pending: counter.pending };
    run.reader = { ...reader.stats };
    run.logged = countBy(logged);
    return run;
  } finally {
    await counter.drain(5_000);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await parts.deleteApp(app);
  }
}
