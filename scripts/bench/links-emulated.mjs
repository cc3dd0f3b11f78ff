// Short links through the emulators (run A of links.mjs): scripts/serve/serve.mjs's Hosting,
// Functions, Auth and Firestore on their fixed ports. The latency as a phone's browser meets it
// (the cold first request, then warm ones), the load, and what the Functions emulator printed
// meanwhile.
import { seedFirestore } from '../serve/firestore-emulator.mjs';
import { cpuProbe } from './cpu.mjs';
import { firebase, median, percentile, projectId, startServe } from './lib.mjs';
import { linkDocuments, loadLinks, plan, runLinkLoad, target } from './links-load.mjs';

export const warmRuns = 20;
const id = 'benchShortLink2026';

export async function emulatedRuns() {
  const server = await startServe();
  let results;
  try {
    const port = firebase.emulators.firestore.port;
    const links = loadLinks('A');
    await seedFirestore({
      port,
      projectId,
      documents: await linkDocuments([{ id, target }, ...links]),
    });
    const coldMs = await timedScan(server.baseUrl);
    const warmMs = [];
    for (let run = 0; run < warmRuns; run++) warmMs.push(await timedScan(server.baseUrl));
    const latency = { coldMs, warmMs, warmMedianMs: median(warmMs) };

    const printedBefore = server.output().length;
    const run = await runLinkLoad({
      origin: server.baseUrl,
      requests: plan(links),
      port,
      links,
      // serve.mjs's process group: firebase-tools, its function workers, Firestore's java.
      cpu: cpuProbe((entry) => entry.pgrp === server.pid),
    });
    run.emulatorLog = emulatorLog(server.output().slice(printedBefore));
    results = { latency, emulators: run };
  } finally {
    // Throws when serve.mjs or its emulators tried to reach a host outside 127.0.0.1.
    await server.stop();
  }
  return results;
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

/**
 * What the emulators printed during the load: the time each request spent in a function worker
 * (the Functions emulator's "Finished ... in N ms": from handing it to an idle worker to the end
 * of its answer), and how often the messages that explain failures appeared.
 */
function emulatorLog(text) {
  const times = [...text.matchAll(/Finished "[^"]*" in ([\d.]+)ms/g)]
    .map((match) => Number(match[1]))
    .sort((a, b) => a - b);
  const messages = {
    'function timed out': /Your function timed out/g,
    'request to a worker failed': /Request to function failed/g,
    'no idle worker': /can't call submitRequest without checking for idle workers/g,
    'worker not started in 30 s': /Failed to start functions in .*: Failed to load function/g,
    'scan not answered (503)': /scan not answered/g,
    'scan counts not written yet': /scan counts not written yet/g,
    'scans lost': /scans? lost/g,
  };
  return {
    executions: times.length,
    inWorkerP50Ms: percentile(times, 50),
    inWorkerP95Ms: percentile(times, 95),
    inWorkerMaxMs: times.at(-1) ?? NaN,
    messages: Object.fromEntries(
      Object.entries(messages).map(([name, pattern]) => [name, text.match(pattern)?.length ?? 0]),
    ),
  };
}
