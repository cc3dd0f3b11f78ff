// Bench section for the daily destination check and the country look-up of scans. Figures, never
// assertions:
//
// 1. The daily check (functions/src/destination-check.ts, checkAllDestinations, 8 at once) of
//    1,000 live short links written into a Firestore emulator of this section's own, each leading
//    to a page of a shop served on this machine (node:http on 127.0.0.1: 5% answer 404, 1% answer
//    after 2 s, the rest at once). The probe is the deployed one (destination-probe.ts) with the
//    emulator's seams, as the Functions emulator gives it: the shop's name resolves to a
//    public-looking address that is dialled on 127.0.0.1. Each failing link's owners are looked
//    up as they would be for its email: Auth's user look-up goes to a stand-in on the shop's server
//    (it knows no user) and the members are none, so nothing is sent. Total time, checks a second,
//    a probe's p50 / p95, what was found failing and what was left for the next run.
// 2. The redirect's reading of a request (classify.ts, requestFacts) with the country look-up
//    (geo.ts) and without it (GEO_COUNTRY_DB naming a missing file, so countryOf answers null at
//    once): p50 / p95 / mean over 20,000 synthetic scans from South African and other public
//    addresses, each variant in fresh Node processes taking turns, and the difference per request.
//    Goal: the look-up within 1 ms.
// 3. The country database's cold start: loadCountries() in a fresh process (median of 5), the
//    file's size and the process's RSS growth.
//
// The functions' parts are built from destinations-entry.ts with the functions' own Vite config
// (as functions.mjs builds its entry). Everything listens on and talks to 127.0.0.1 only: this
// process is held to it by the loopback guard, and the child processes run under it too.
// Bounded: 1,000 links, the check stopping new probes after BENCH_DEST_BUDGET_S (120 s), a probe's
// own 10 s limit, a time-out for each child process, and the emulator stopped whatever happens.
//
// Sizes for quick runs: BENCH_DEST_LINKS (1000), BENCH_DEST_SCANS (20000), BENCH_DEST_BUDGET_S (120).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { startFirestore } from '../serve/firestore-emulator.mjs';
import { freePort } from '../serve/ports.mjs';
import { envNumber, firebase, median, oneDecimal, percentile, refusedIn, root } from './lib.mjs';
import { PHONE } from './load.mjs';

const projectId = 'demo-kcw-destinations';
const shopHost = 'shop.kcw-test.example';
const site = 'http://127.0.0.1:4173';
const load = {
  links: envNumber('BENCH_DEST_LINKS', 1000),
  concurrency: 8,
  budgetMs: envNumber('BENCH_DEST_BUDGET_S', 120) * 1000,
  scans: envNumber('BENCH_DEST_SCANS', 20_000),
  warmScans: 2_000,
  /** Fresh processes per variant of the look-up, taking turns. */
  rounds: 2,
  coldStarts: 5,
  slowMs: 2_000,
  childTimeoutMs: 60_000,
};
const targets = { lookupUs: 1000 };

/** The section's own time on top of the bench's limit: the check's budget and the rest. */
destinations.budgetMs = load.budgetMs + 90_000;

const functionsRequire = createRequire(join(root, 'functions/package.json'));
const countryDb = functionsRequire.resolve(
  '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb',
);
const guardUrl = pathToFileURL(join(root, 'scripts/test/loopback-guard.mjs')).href;

export async function destinations() {
  const guard = await import('../test/loopback-guard.mjs');
  const attemptsBefore = guard.loopbackAttempts().length;
  const guardLog = join(tmpdir(), `kcw-bench-destinations-guard-${process.pid}.jsonl`);
  const folder = mkdtempSync(join(tmpdir(), 'kcw-bench-destinations-'));
  const loadAverage = { before: loadavg()[0] };
  const sectionStarted = performance.now();
  let data;
  try {
    const bundle = await buildParts(folder);
    // The processes' figures first, while no emulator shares the machine.
    const lookup = await lookupCost(bundle, guardLog);
    const cold = await coldStarts(bundle, guardLog);
    const check = await dailyCheck(await import(pathToFileURL(bundle).href));
    loadAverage.after = loadavg()[0];
    const sectionMs = performance.now() - sectionStarted;
    data = { check, lookup, cold, loadAverage, sectionMs, load, targets };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  refusedIn(guardLog, 'the destinations bench’s child processes');
  const attempts = guard.loopbackAttempts().slice(attemptsBefore);
  if (attempts.length > 0) {
    throw new Error(
      `the destinations bench tried to reach hosts outside 127.0.0.1 (refused by the loopback guard):\n` +
        guard.formatAttempts(attempts),
    );
  }
  return report(data);
}

/**
 * destinations-entry.ts built into `folder` as destinations.mjs. The packages the functions' build
 * leaves outside the bundle are imported from functions/node_modules by their files, since the
 * bundle does not live under functions/.
 */
async function buildParts(folder) {
  await build({
    configFile: join(root, 'functions/vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: join(root, 'scripts/bench/destinations-entry.ts'),
      outDir: folder,
      emptyOutDir: true,
      sourcemap: false,
      rollupOptions: {
        output: {
          entryFileNames: 'destinations.mjs',
          paths: (module) =>
            /^(firebase-(admin|functions)|mmdb-lib)(\/|$)/.test(module)
              ? pathToFileURL(functionsRequire.resolve(module)).href
              : module,
        },
      },
    },
  });
  return join(folder, 'destinations.mjs');
}

// --- 1. The daily check ---

/**
 * The shop the links lead to, and Auth's stand-in: /page/<n> answers 404 for every 20th n (from
 * 3), after `slowMs` for every 100th (from 37), at once otherwise; Auth's user look-up answers
 * that there is no such user.
 */
async function startShop() {
  const seen = { pages: 0, notFound: 0, slow: 0, authLookups: 0, userAgents: new Set() };
  const server = createServer((request, response) => {
    if (request.url.startsWith('/identitytoolkit.googleapis.com/')) {
      seen.authLookups += 1;
      request.resume();
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      return;
    }
    const n = Number(/^\/page\/(\d+)$/.exec(request.url)?.[1] ?? -1);
    seen.pages += 1;
    seen.userAgents.add(request.headers['user-agent']);
    if (n < 0 || n % 20 === 3) {
      seen.notFound += 1;
      response.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Not found</h1>');
      return;
    }
    const page = `<!doctype html><title>Page ${n}</title><h1>Our shop, page ${n}</h1>`;
    if (n % 100 === 37) {
      seen.slow += 1;
      setTimeout(
        () => response.writeHead(200, { 'Content-Type': 'text/html' }).end(page),
        load.slowMs,
      );
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html' }).end(page);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    seen,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The emulator, the shop, 1,000 links, and the day's run over them, timed. */
async function dailyCheck(parts) {
  const environment = Object.fromEntries(
    ['FIRESTORE_EMULATOR_HOST', 'FIREBASE_AUTH_EMULATOR_HOST', 'METADATA_SERVER_DETECTION'].map(
      (name) => [name, process.env[name]],
    ),
  );
  let firestore;
  let shop;
  let app;
  const restoreLog = console.log;
  const restoreError = console.error;
  try {
    [firestore, shop] = await Promise.all([
      freePort().then((port) =>
        startFirestore({ port, rulesPath: join(root, firebase.firestore.rules), projectId }),
      ),
      startShop(),
    ]);
    // The Admin SDK reads these when it makes a call.
    process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${firestore.port}`;
    process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${shop.port}`;
    process.env.METADATA_SERVER_DETECTION = 'none';
    app = parts.initializeApp({ projectId }, 'bench-destinations');
    const db = parts.openFirestore(app);

    const owner = `benchDest${Date.now().toString(36)}`;
    const writeStarted = performance.now();
    await writeLinks(parts, db, owner, shop.port);
    const writeMs = performance.now() - writeStarted;

    const probeMs = [];
    const outcomes = {};
    const seams = parts.emulatorSeams({ FUNCTIONS_EMULATOR: 'true', CHECK_TEST_HOSTS: shopHost });
    const deps = {
      db,
      auth: parts.getAuth(app),
      files: { stat: async () => null },
      send: async () => undefined,
      origin: () => site,
      probe: async (target) => {
        const started = performance.now();
        const result = await parts.probeDestination(target, { site, ...seams });
        probeMs.push(performance.now() - started);
        const kind =
          result.outcome.kind === 'status' ? String(result.outcome.status) : result.outcome.kind;
        outcomes[kind] = (outcomes[kind] ?? 0) + 1;
        return result;
      },
    };
    // The check logs each notice (and any error) as a JSON line: kept, and counted, not printed.
    const logged = [];
    console.log = (line) => logged.push(String(line));
    console.error = (line) => logged.push(String(line));
    const started = performance.now();
    const tally = await parts.checkAllDestinations(deps, {
      concurrency: load.concurrency,
      budgetMs: load.budgetMs,
    });
    const totalMs = performance.now() - started;
    console.log = restoreLog;
    console.error = restoreError;
    const messages = {};
    for (const line of logged) {
      let message = line;
      try {
        message = JSON.parse(line).message ?? line;
      } catch {
        // not one of the check's lines
      }
      messages[message] = (messages[message] ?? 0) + 1;
    }
    return {
      links: load.links,
      writeMs,
      totalMs,
      perSecond: tally.checked / (totalMs / 1000),
      tally,
      probe: {
        p50Ms: percentile(probeMs, 50),
        p95Ms: percentile(probeMs, 95),
        maxMs: Math.max(...probeMs),
        // The lanes' time spent probing: the rest is Firestore's (the reads, the transactions,
        // the notices' look-ups).
        share: probeMs.reduce((total, ms) => total + ms, 0) / (totalMs * load.concurrency),
        outcomes,
      },
      shop: { ...shop.seen, userAgents: [...shop.seen.userAgents] },
      logged: messages,
    };
  } finally {
    console.log = restoreLog;
    console.error = restoreError;
    if (app) await parts.deleteApp(app);
    await shop?.stop();
    await firestore?.stop();
    for (const [name, value] of Object.entries(environment)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

/** `load.links` live links of `owner`, written as tests/functions/servers.ts's serverLink does. */
async function writeLinks(parts, db, owner, port) {
  const stamp = parts.FieldValue.serverTimestamp();
  for (let first = 0; first < load.links; first += 500) {
    const batch = db.batch();
    for (let n = first; n < Math.min(load.links, first + 500); n++) {
      const id = `benchdest${String(n).padStart(5, '0')}`;
      batch.set(db.doc(parts.linkPath(id)), {
        owner,
        code: `code${n}`,
        target: `http://${shopHost}:${port}/page/${n}`,
        deletedAt: null,
        disabled: null,
        createdAt: stamp,
        updatedAt: stamp,
      });
    }
    await batch.commit();
  }
}

// --- 2 and 3. The country look-up, in fresh processes ---

/**
 * Runs `code` (an ES module's text) in a fresh Node process under the loopback guard with `env`
 * added and `args` as its arguments; resolves with the JSON it prints last.
 */
function child(code, args, guardLog, env = {}) {
  return new Promise((resolve, reject) => {
    const process_ = spawn(
      process.execPath,
      ['--expose-gc', '--import', guardUrl, '--input-type=module', '-e', code, ...args.map(String)],
      {
        cwd: root,
        env: { ...process.env, ...env, LOOPBACK_GUARD_LOG: guardLog },
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: load.childTimeoutMs,
        killSignal: 'SIGKILL',
      },
    );
    let output = '';
    let errors = '';
    process_.stdout.on('data', (chunk) => (output += chunk));
    process_.stderr.on('data', (chunk) => (errors += chunk));
    process_.on('error', reject);
    process_.on('close', (status, signal) => {
      const last = output.trim().split('\n').at(-1);
      if (status === 0 && last) resolve(JSON.parse(last));
      else reject(new Error(`a child process failed (${status ?? signal}):\n${errors || output}`));
    });
  });
}

// Addresses the scans come from: mostly South African networks, then others, a few IPv6.
const lookupScript = `
import { pathToFileURL } from 'node:url';
const [bundle, scans, warm] = process.argv.slice(1);
const parts = await import(pathToFileURL(bundle).href);
const loaded = parts.loadCountries();
const za = [[41, 0], [41, 13], [41, 144], [102, 132], [105, 224], [105, 245], [196, 21],
  [196, 210], [197, 80], [197, 229], [154, 0], [165, 0]];
const others = [[8, 8], [81, 2], [1, 1], [62, 1], [84, 10], [200, 1], [23, 1]];
// The load generator's phone (load.mjs): the one browser the bench's scans name.
const agents = ${JSON.stringify([PHONE])};
let seed = 12345;
const next = () => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return seed >>> 8;
};
const address = () => {
  const pick = next() % 100;
  if (pick < 5) return '2001:4200:' + (next() % 65536).toString(16) + '::' + (next() % 65536).toString(16);
  const [a, b] = pick < 75 ? za[next() % za.length] : others[next() % others.length];
  return [a, b, next() % 256, 1 + (next() % 254)].join('.');
};
const request = (i) => ({
  method: 'GET',
  url: '/q/bench' + (i % 50) + (i % 3 ? '?qr=1' : ''),
  headers: { 'user-agent': agents[i % agents.length], 'x-forwarded-for': address() + ', 35.191.' + (i % 256) + '.9' },
  socket: { remoteAddress: '169.254.8.1' },
});
const requests = Array.from({ length: Number(warm) + Number(scans) }, (_, i) => request(i));
const times = [];
const countries = {};
for (const [i, r] of requests.entries()) {
  const started = performance.now();
  const facts = parts.requestFacts(r);
  const ms = performance.now() - started;
  if (i < Number(warm)) continue;
  times.push(ms * 1000);
  const country = facts.country ?? 'none';
  countries[country] = (countries[country] ?? 0) + 1;
}
console.log(JSON.stringify({ loaded, times, countries }));
`;

/** requestFacts with and without the country look-up, fresh processes taking turns. */
async function lookupCost(bundle, guardLog) {
  const runs = { with: [], without: [] };
  const countries = { with: {}, without: {} };
  const loaded = {};
  const variants = { with: countryDb, without: join(tmpdir(), 'kcw-bench-no-such-country.mmdb') };
  for (let round = 0; round < load.rounds; round++) {
    const order = round % 2 ? ['without', 'with'] : ['with', 'without'];
    for (const variant of order) {
      const args = [bundle, load.scans, load.warmScans];
      const result = await child(lookupScript, args, guardLog, {
        GEO_COUNTRY_DB: variants[variant],
      });
      runs[variant].push(...result.times);
      loaded[variant] = result.loaded;
      for (const [country, count] of Object.entries(result.countries)) {
        countries[variant][country] = (countries[variant][country] ?? 0) + count;
      }
    }
  }
  const stats = (times) => ({
    scans: times.length,
    p50Us: percentile(times, 50),
    p95Us: percentile(times, 95),
    meanUs: times.reduce((total, time) => total + time, 0) / times.length,
  });
  return {
    with: { ...stats(runs.with), loaded: loaded.with, countries: countries.with },
    without: { ...stats(runs.without), loaded: loaded.without, countries: countries.without },
  };
}

const coldScript = `
import { pathToFileURL } from 'node:url';
const parts = await import(pathToFileURL(process.argv[1]).href);
globalThis.gc();
const before = process.memoryUsage();
const started = performance.now();
const loaded = parts.loadCountries();
const loadMs = performance.now() - started;
const firstStarted = performance.now();
const country = parts.countryOf('41.13.5.6');
const firstMs = performance.now() - firstStarted;
globalThis.gc();
const after = process.memoryUsage();
console.log(JSON.stringify({
  loaded, loadMs, firstMs, country,
  rssGrowth: after.rss - before.rss,
  externalGrowth: after.external - before.external,
}));
`;

/** loadCountries() in fresh processes: its time, the first look-up's, and the memory it takes. */
async function coldStarts(bundle, guardLog) {
  const results = [];
  for (let run = 0; run < load.coldStarts; run++) {
    results.push(await child(coldScript, [bundle], guardLog, { GEO_COUNTRY_DB: countryDb }));
    await sleep(50);
  }
  return {
    runs: results.length,
    loaded: results.every((result) => result.loaded),
    country: results[0].country,
    loadMs: median(results.map((result) => result.loadMs)),
    loadMsAll: results.map((result) => result.loadMs),
    firstLookupMs: median(results.map((result) => result.firstMs)),
    rssGrowth: median(results.map((result) => result.rssGrowth)),
    externalGrowth: median(results.map((result) => result.externalGrowth)),
    bytes: statSync(countryDb).size,
  };
}

// --- The table ---

const mb = (bytes) => `${oneDecimal(bytes / 1e6)} MB`;
const us = (value) => `${value < 10 ? oneDecimal(value) : Math.round(value)} µs`;
const seconds = (ms) => `${oneDecimal(ms / 1000)} s`;
const countryShare = (countries, scans) =>
  Object.entries(countries)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([country, count]) => `${country} ${Math.round((count / scans) * 100)}%`)
    .join(', ');

function report(data) {
  const { check, lookup, cold, loadAverage, sectionMs } = data;
  const { tally } = check;
  const diff = {
    p50Us: lookup.with.p50Us - lookup.without.p50Us,
    p95Us: lookup.with.p95Us - lookup.without.p95Us,
    meanUs: lookup.with.meanUs - lookup.without.meanUs,
  };
  const holds = diff.p95Us <= targets.lookupUs;
  const outcomes = Object.entries(check.probe.outcomes)
    .map(([kind, count]) => `${kind}: ${count}`)
    .join(', ');
  const rows = [
    ['', 'value', 'goal / note'],
    [
      `daily check of ${check.links.toLocaleString('en')} destinations, ${load.concurrency} at once`,
      seconds(check.totalMs),
      `the run has 8 min; writing the links took ${seconds(check.writeMs)}`,
    ],
    [
      'checks per second',
      oneDecimal(check.perSecond),
      `${tally.checked.toLocaleString('en')} checked`,
    ],
    [
      'found failing',
      String(tally.failing),
      `the shop answered 404 ${check.shop.notFound} times, ${check.shop.slow} pages after ${seconds(load.slowMs)}; ` +
        `notices ${tally.notices} (owners looked up ${check.shop.authLookups} times, none to write to)`,
    ],
    ['left for the next run', String(tally.left), `the bench gives it ${seconds(load.budgetMs)}`],
    [
      'a probe: p50 / p95 / longest',
      `${oneDecimal(check.probe.p50Ms)} / ${oneDecimal(check.probe.p95Ms)} / ${Math.round(check.probe.maxMs)} ms`,
      `${outcomes}; the lanes spent ${Math.round(check.probe.share * 100)}% of their time ` +
        'probing, the rest in Firestore',
    ],
    [
      `requestFacts with the country look-up: p50 / p95 / mean (${lookup.with.scans} scans)`,
      `${us(lookup.with.p50Us)} / ${us(lookup.with.p95Us)} / ${us(lookup.with.meanUs)}`,
      countryShare(lookup.with.countries, lookup.with.scans),
    ],
    [
      `requestFacts without it: p50 / p95 / mean (${lookup.without.scans} scans)`,
      `${us(lookup.without.p50Us)} / ${us(lookup.without.p95Us)} / ${us(lookup.without.meanUs)}`,
      lookup.without.loaded ? '✗ the database was read' : 'database not read: country null',
    ],
    [
      'the look-up per request: p50 / p95 / mean',
      `${us(diff.p50Us)} / ${us(diff.p95Us)} / ${us(diff.meanUs)}`,
      `${holds ? '✓' : '✗'} p95 within 1 ms`,
    ],
    [
      `country database: loadCountries() in a fresh process (median of ${cold.runs})`,
      `${oneDecimal(cold.loadMs)} ms`,
      `runs ${cold.loadMsAll.map((ms) => Math.round(ms)).join(', ')} ms; first look-up ${oneDecimal(cold.firstLookupMs)} ms (${cold.country})`,
    ],
    [
      'its file; RSS growth after loading',
      `${mb(cold.bytes)}; ${mb(cold.rssGrowth)}`,
      `buffers +${mb(cold.externalGrowth)}`,
    ],
  ];
  return {
    key: 'destinations',
    title:
      `Destinations: the daily check over a Firestore emulator of its own and a shop on 127.0.0.1; ` +
      `the country look-up in fresh Node processes; load average ${oneDecimal(loadAverage.before)} ` +
      `before, ${oneDecimal(loadAverage.after)} after; ${seconds(sectionMs)} in all:`,
    rows,
    align: 'lrl',
    data: { ...data, diff, holds },
  };
}
