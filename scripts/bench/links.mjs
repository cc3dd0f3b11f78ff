// Bench section for the short links of dynamic codes. Figures, never assertions:
//
// 1. Latency as a phone's browser meets it: the time from opening /q/<id> to the redirect's
//    response, through the Hosting emulator's rewrite to the Functions emulator. The first request
//    after start-up is the cold one (the emulator starts the function's worker then); the next 20,
//    one after another, are the warm ones.
// 2. A bounded load: a poster's code scanned 2,000 times, 50 at a time, while 20 other codes are
//    scanned 10 times each, interleaved; every request with a phone's user agent and its own
//    X-Forwarded-For (2,200 distinct visitors). Each run stops by itself after the last request or
//    at a hard time limit, with a time-out per request. Its figures: errors (any answer that is
//    not a 302 to the link's target, time-outs included), the scans counted in Firestore once the
//    counts settle against the 302s sent, latency (p50, p95, max) and requests per second. Run:
//    A. through the emulators (scripts/serve/serve.mjs: Hosting, Functions, Auth, Firestore on 8181);
//    B. the same handler served directly: createRedirect with LinkReader and ScanCounter from
//       functions/src, bundled by Vite (scripts/bench/redirect-entry.ts), on a node:http server in
//       this process, with a Firestore emulator of its own on a free port;
//    C. B again with that Firestore emulator frozen (SIGSTOP: connections hang, as in a network
//       partition) for 5 s in the middle of the load, its requests spread over 15 s so that there
//       is a middle (B's take a few seconds). The links are read once before, so they should keep
//       redirecting from the instance's memory; every scan should be counted once Firestore is
//       back, or reported lost by the counter's figures.
//    A against B shows what is the Functions emulator's process model and what is our code; the
//    CPU time of each process during the load says where A's time goes.
//
// Sizes for quick runs: BENCH_SCANS (2000), BENCH_CONCURRENCY (50), BENCH_OTHER_LINKS (20),
// BENCH_OTHER_SCANS (10), BENCH_OUTAGE_S (5), BENCH_LOAD_LIMIT_S (180, per run),
// BENCH_REQUEST_TIMEOUT_S (65); BENCH_LINK_RUNS picks runs (default `emulators,direct,outage`:
// `direct,outage` needs no fixed port). A needs the fixed ports other runs use: start the bench
// under the shared lock, `flock /tmp/kcw-emulators.lock node scripts/bench/bench.mjs shortLinks`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { seedFirestore, startFirestore } from '../serve/firestore-emulator.mjs';
import { envNumber, median, oneDecimal, percentile, root, startServe, verdict } from './lib.mjs';
import { freePort } from '../serve/ports.mjs';

const warmRuns = 20;
const targets = { warmMs: 100 };
const firebase = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));
const projectId = 'demo-kcw';
const id = 'benchShortLink2026';
const target = 'https://kemptoncodeworks.co.za/bench';

/** A phone's browser: Node's own user agent (`node`) is a bot to the redirect, not a scan. */
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

const load = {
  scans: envNumber('BENCH_SCANS', 2000),
  concurrency: Math.max(1, envNumber('BENCH_CONCURRENCY', 50)),
  otherLinks: envNumber('BENCH_OTHER_LINKS', 20),
  otherScans: envNumber('BENCH_OTHER_SCANS', 10),
  limitMs: envNumber('BENCH_LOAD_LIMIT_S', 180) * 1000,
  requestTimeoutMs: envNumber('BENCH_REQUEST_TIMEOUT_S', 65) * 1000,
  outageMs: envNumber('BENCH_OUTAGE_S', 5) * 1000,
};
/** C's requests are spread over this long, so that the outage falls in the middle of them. */
const outageSpanMs = load.outageMs * 3;
/** How long to wait for the counts in Firestore to reach what was sent, and to stop changing. */
const settle = { maxMs: 30_000, quietMs: 8_000, exactQuietMs: 2_000, pollMs: 500 };
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
      Object.assign(results, await directRuns());
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

// --- A: through the emulators ------------------------------------------------------------------

async function emulatedRuns() {
  const server = await startServe();
  let results;
  try {
    const port = firebase.emulators.firestore.port;
    const links = loadLinks('A');
    await seedFirestore({
      port,
      projectId,
      documents: { [`dynamic/${id}`]: linkDocument(target), ...linkDocuments(links) },
    });
    const coldMs = await timedScan(server.baseUrl);
    const warmMs = [];
    for (let run = 0; run < warmRuns; run++) warmMs.push(await timedScan(server.baseUrl));
    const latency = { coldMs, warmMs, warmMedianMs: median(warmMs) };

    const printedBefore = server.output().length;
    const run = await loadRun({
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

// --- B and C: the handler on node:http in this process ------------------------------------------

async function directRuns() {
  // Held to 127.0.0.1 like the servers of the emulated run: the Admin SDK runs in this process.
  const guard = await import('../test/loopback-guard.mjs');
  const attemptsBefore = guard.loopbackAttempts().length;
  const folder = mkdtempSync(join(tmpdir(), 'kcw-bench-redirect-'));
  const environment = {
    FIRESTORE_EMULATOR_HOST: process.env.FIRESTORE_EMULATOR_HOST,
    METADATA_SERVER_DETECTION: process.env.METADATA_SERVER_DETECTION,
  };
  let firestore;
  const results = {};
  try {
    const parts = await buildRedirect(folder);
    firestore = await startFirestore({
      port: await freePort(),
      rulesPath: join(root, firebase.firestore.rules),
      projectId,
    });
    // The Admin SDK reads these when the app's Firestore is made (openFirestore below).
    process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${firestore.port}`;
    process.env.METADATA_SERVER_DETECTION = 'none';
    if (runs.includes('direct')) results.direct = await directRun(parts, firestore, 'B');
    if (runs.includes('outage')) results.outage = await directRun(parts, firestore, 'C');
  } finally {
    await firestore?.stop();
    rmSync(folder, { recursive: true, force: true });
    for (const [name, value] of Object.entries(environment)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
  const attempts = guard.loopbackAttempts().slice(attemptsBefore);
  if (attempts.length > 0) {
    throw new Error(
      'the direct runs tried to reach hosts outside 127.0.0.1 (refused by the loopback guard):\n' +
        guard.formatAttempts(attempts),
    );
  }
  return results;
}

/**
 * functions/src's redirect, link reader and scan counter, built from scripts/bench/redirect-entry.ts
 * with the functions' own Vite config into `folder`, and imported. The Admin SDK stays outside
 * the bundle as in lib/index.js; its imports name the files of functions/node_modules, since the
 * bundle does not live under functions/.
 */
async function buildRedirect(folder) {
  const functionsRequire = createRequire(join(root, 'functions/package.json'));
  await build({
    configFile: join(root, 'functions/vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: join(root, 'scripts/bench/redirect-entry.ts'),
      outDir: folder,
      emptyOutDir: true,
      sourcemap: false,
      rollupOptions: {
        output: {
          entryFileNames: 'redirect.mjs',
          paths: (module) =>
            /^firebase-(admin|functions)(\/|$)/.test(module)
              ? pathToFileURL(functionsRequire.resolve(module)).href
              : module,
        },
      },
    },
  });
  return import(pathToFileURL(join(folder, 'redirect.mjs')).href);
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
    await seedFirestore({ port: firestore.port, projectId, documents: linkDocuments(links) });
    const requests = plan(links);
    const options = { origin, requests, port: firestore.port, links, counter };
    if (withOutage) {
      // Each link read (and scanned) once before, from visitors of their own.
      const first = links.map((link, index) => ({
        link,
        path: `/q/${link.id}?qr=1`,
        from: visitorAddress(requests.length + index),
      }));
      options.warmup = await mapAll(first, (request) => send(origin, request, 10_000));
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
    const run = await loadRun(options);
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

// --- the load ------------------------------------------------------------------------------------

/** The poster and the other links of a run (ids of their own, so runs never share counts). */
function loadLinks(run) {
  const poster = { id: `benchPoster${run}2026`, target: `${target}/poster-${run}` };
  const others = Array.from({ length: load.otherLinks }, (_, index) => ({
    id: `benchOther${run}${String(index + 1).padStart(2, '0')}`,
    target: `${target}/other-${run}-${index + 1}`,
  }));
  return [poster, ...others];
}

/** A link document as the server writes it (functions/src/link-sync.ts). */
const linkDocument = (linkTarget) => ({
  owner: 'bench',
  code: 'bench',
  target: linkTarget,
  deletedAt: null,
  disabled: null,
  createdAt: { $timestamp: new Date().toISOString() },
});

const linkDocuments = (links) =>
  Object.fromEntries(links.map((link) => [`dynamic/${link.id}`, linkDocument(link.target)]));

/** A client address of its own for each number below 2^24 (Hosting passes X-Forwarded-For on). */
const visitorAddress = (index) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

/**
 * The requests of a run in the order they are sent: the poster's scans, with the other links'
 * interleaved evenly among them (each request has its place on one time line).
 */
function plan(links) {
  const [poster, ...others] = links;
  const timed = [];
  for (let index = 0; index < load.scans; index++) {
    timed.push({ at: (index + 0.5) / load.scans, link: poster });
  }
  const otherTotal = others.length * load.otherScans;
  for (let index = 0; index < otherTotal; index++) {
    timed.push({ at: (index + 0.5) / otherTotal, link: others[index % others.length] });
  }
  timed.sort((a, b) => a.at - b.at);
  return timed.map(({ link }, index) => ({
    link,
    path: `/q/${link.id}?qr=1`,
    from: visitorAddress(index),
  }));
}

/**
 * Sends `requests`, `load.concurrency` at a time (spread evenly over `spanMs` when given), until
 * the last is answered or `load.limitMs` has passed; freezes Firestore for `outage` meanwhile.
 * Then waits for the counts in Firestore to settle. Resolves with the run's figures.
 */
async function loadRun({
  origin,
  requests,
  port,
  links,
  counter,
  warmup = [],
  spanMs,
  outage,
  cpu,
}) {
  const cpuStart = cpu?.();
  const stop = new AbortController();
  const limit = setTimeout(() => stop.abort(), load.limitMs);
  const results = [];
  const start = performance.now();
  let next = 0;
  const timers = [];
  const window = {};
  if (outage) {
    timers.push(
      setTimeout(() => {
        window.pausedAtMs = performance.now() - start;
        outage.firestore.pause();
      }, outage.atMs),
      setTimeout(() => {
        window.resumedAtMs = performance.now() - start;
        window.pendingAtResume = counter?.pending;
        outage.firestore.resume();
      }, outage.atMs + outage.ms),
    );
  }
  const lane = async () => {
    while (next < requests.length && !stop.signal.aborted) {
      const index = next++;
      if (spanMs) {
        const due = start + (index / requests.length) * spanMs;
        if (due > performance.now()) await sleep(due - performance.now());
      }
      const result = await send(origin, requests[index], load.requestTimeoutMs, stop.signal);
      result.startMs -= start;
      results.push(result);
    }
  };
  try {
    await Promise.all(Array.from({ length: load.concurrency }, lane));
  } finally {
    clearTimeout(limit);
    for (const timer of timers) clearTimeout(timer);
    // Never left frozen, whatever happened (a second SIGCONT does nothing).
    if (outage) {
      outage.firestore.resume();
      window.resumedAtMs ??= performance.now() - start;
    }
  }
  const loadMs = performance.now() - start;
  const figures = summarize(results, loadMs);
  if (cpu) figures.cpu = cpu(cpuStart, loadMs);
  if (warmup.length > 0) figures.before = summarize(warmup, 1);
  figures.notSent = requests.length - results.length;
  figures.stoppedAtLimit = stop.signal.aborted;

  // Counted once settled: the scans answered with a 302 (those the handler tallied), per link.
  const settleStart = performance.now();
  if (counter) await counter.drain(settle.maxMs);
  const expected = expectedCounts(links, [...warmup, ...results]);
  const counted = await settledCounts(
    port,
    expected,
    settle.maxMs - (performance.now() - settleStart),
  );
  // When the counts reached their last value (the drain of B's and C's counter included).
  const { changedAt, ...counts } = counted;
  figures.counts = { ...counts, settledAfterMs: changedAt - settleStart };
  if (outage) {
    const during = results.filter(
      (result) => result.startMs >= window.pausedAtMs && result.startMs < window.resumedAtMs,
    );
    figures.outage = { ...window, ...summarize(during, window.resumedAtMs - window.pausedAtMs) };
  }
  return { ...figures, loadMs };
}

/** One GET as a phone sends it, timed to the end of the answer; never throws. */
async function send(origin, { link, path, from }, timeoutMs, stopSignal) {
  const signal = stopSignal
    ? AbortSignal.any([AbortSignal.timeout(timeoutMs), stopSignal])
    : AbortSignal.timeout(timeoutMs);
  const started = performance.now();
  const result = { id: link.id, startMs: started, ms: 0, status: 0, ok: false, error: null };
  try {
    const response = await fetch(`${origin}${path}`, {
      redirect: 'manual',
      headers: { 'User-Agent': PHONE, 'X-Forwarded-For': from },
      signal,
    });
    await response.arrayBuffer();
    result.status = response.status;
    result.ok = response.status === 302 && response.headers.get('location') === link.target;
    if (!result.ok) {
      result.error = response.status === 302 ? 'redirect elsewhere' : `status ${response.status}`;
    }
  } catch (error) {
    result.error = stopSignal?.aborted
      ? 'cut at the time limit'
      : error.name === 'TimeoutError'
        ? `no answer in ${timeoutMs / 1000} s`
        : `failed: ${error.cause?.code ?? error.message}`;
  }
  result.ms = performance.now() - started;
  return result;
}

const mapAll = (items, fn) => Promise.all(items.map(fn));

function summarize(results, wallMs) {
  const times = results.map((result) => result.ms).sort((a, b) => a - b);
  const failed = results.filter((result) => !result.ok);
  return {
    sent: results.length,
    redirected: results.length - failed.length,
    errors: failed.length,
    errorKinds: countBy(failed.map((result) => result.error)),
    status503: results.filter((result) => result.status === 503).length,
    p50Ms: percentile(times, 50),
    p95Ms: percentile(times, 95),
    maxMs: times.at(-1) ?? NaN,
    perSecond: results.length / (wallMs / 1000),
  };
}

function countBy(values) {
  const counts = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

/** Scans each link should have counted: its requests answered with a 302. */
function expectedCounts(links, results) {
  const expected = new Map(links.map((link) => [link.id, { scans: 0 }]));
  for (const result of results) {
    if (result.ok) expected.get(result.id).scans += 1;
  }
  return expected;
}

/**
 * The links' figures of all time in Firestore (the sum of their `all` shards, as sumCounts adds
 * them), read over the emulator's REST API until every link has its expected scans, or they stop
 * changing for `settle.quietMs`, or `maxMs` has passed. The Functions emulator's workers each
 * flush their own tallies about a second after their last scan.
 */
async function settledCounts(port, expected, maxMs) {
  const deadline = performance.now() + Math.max(maxMs, settle.pollMs);
  let last = null;
  let changedAt = performance.now();
  for (;;) {
    const counts = await countsOf(port, [...expected.keys()]);
    const scans = sum(Object.values(counts).map((count) => count.scans));
    if (scans !== last?.scans) changedAt = performance.now();
    last = { counts, scans };
    const exact = [...expected].every(([linkId, { scans: want }]) => counts[linkId].scans === want);
    // Once exact, still watched a moment: a late flush would show scans counted twice.
    const quiet = performance.now() - changedAt >= (exact ? settle.exactQuietMs : settle.quietMs);
    if (quiet || performance.now() >= deadline) {
      const sent = sum([...expected.values()].map((want) => want.scans));
      const exactLinks = [...expected].filter(
        ([linkId, { scans: want }]) => counts[linkId].scans === want,
      ).length;
      return {
        expected: sent,
        scans,
        qr: sum(Object.values(counts).map((count) => count.qr)),
        unique: sum(Object.values(counts).map((count) => count.unique)),
        exactLinks,
        links: expected.size,
        exact,
        changedAt,
      };
    }
    await sleep(settle.pollMs);
  }
}

const sum = (values) => values.reduce((total, value) => total + value, 0);

async function countsOf(port, ids) {
  const base = `http://127.0.0.1:${port}/v1/projects/${projectId}/databases/(default)/documents`;
  const entries = await mapAll(ids, async (linkId) => {
    const response = await fetch(`${base}/dynamic/${linkId}/counts?pageSize=300`, {
      headers: { Authorization: 'Bearer owner' },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`reading the counts of ${linkId}: ${response.status}`);
    const { documents = [] } = await response.json();
    const total = { scans: 0, qr: 0, unique: 0 };
    for (const { fields = {} } of documents) {
      if (fields.day?.stringValue !== 'all') continue;
      for (const key of Object.keys(total)) total[key] += Number(fields[key]?.integerValue ?? 0);
    }
    return [linkId, total];
  });
  return Object.fromEntries(entries);
}

// --- where the time goes -------------------------------------------------------------------------

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
const cpuProbe = (select) => (begun, wallMs) => {
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

// --- printing ------------------------------------------------------------------------------------

const ms = (value) =>
  Number.isFinite(value) ? `${value < 10 ? oneDecimal(value) : Math.round(value)} ms` : '—';
const mark = (holds) => (holds ? '✓' : '✗');

function loadRows(loads) {
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
function whereTheTimeGoes({ emulators, direct, outage }) {
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
