// Performance and size figures for the production build. A measurement, not a test: it
// prints each figure beside its target and exits 0 whether the targets hold or not; it exits 1
// only when it could not measure at all. `--build` rebuilds dist/ even when it looks fresh.
//
// To add a figure, write an async section function taking the shared `env` and returning
// { key, title, rows, align, data } (and `more`: further tables { title, rows, align } to print
// after it), and list it in `allSections`. A section that needs longer than the bench's own time limit
// says how much more with a `budgetMs` property on its function.
//
// `node scripts/bench/bench.mjs shortLinks qrWizard` measures only the sections named (their function
// names) and writes bench-results/latest-<names>.json instead of latest.json.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';
import { launchOptions } from '../test/chromium.mjs';
import {
  buildIsStale,
  gzipBytes,
  kb,
  killChildren,
  loadRoutePaths,
  mapConcurrent,
  median,
  oneDecimal,
  root,
  runBuild,
  section,
  startPreview,
  verdict,
} from './lib.mjs';
import { firstPaint } from './paint.mjs';
import { bulk } from './bulk.mjs';
import { destinations } from './destinations.mjs';
import { savedCodes } from './codes.mjs';
import { hostedFiles } from './files.mjs';
import { landingPages } from './landing.mjs';
import { shortLinks } from './links.mjs';
import { qrWizard } from './wizard.mjs';

const timeLimitMs = 5 * 60_000;
const targets = { homeJsKb: 105, backgroundMsPerS: 3 };
const unknownPath = '/no-such-page';
const background = {
  runs: 3,
  afterLoadMs: 1000,
  sampleMs: 5000,
  viewport: { width: 1280, height: 800 },
};

const settling = { quietMs: 1000, maxMs: 15_000 };

const repeatVisits = 5;

const allSections = [
  transferPerRoute,
  backgroundOnHome,
  offlineFirst,
  firstPaint,
  qrWizard,
  savedCodes,
  shortLinks,
  landingPages,
  hostedFiles,
  bulk,
  destinations,
];
const chosen = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const unknown = chosen.filter((name) => !allSections.some((run) => run.name === name));
if (unknown.length > 0) {
  console.error(
    `bench: no section ${unknown.join(', ')}; sections: ${allSections.map((run) => run.name).join(', ')}`,
  );
  process.exit(2);
}
const sections = chosen.length
  ? allSections.filter((run) => chosen.includes(run.name))
  : allSections;

/** JS and CSS a first visit to each route downloads, gzip-sized. */
async function transferPerRoute({ browser, baseUrl, paths }) {
  // Sizes do not depend on timing, so a few routes at once keep the run short.
  const visits = await mapConcurrent(paths, 4, (path) => firstVisit(browser, baseUrl + path));
  const data = paths.map((path, index) => ({ path, ...visits[index] }));
  const rows = [['route', 'JS KB', 'CSS KB', 'JS files', '']];
  for (const { path, jsGzipBytes, cssGzipBytes, jsFiles } of data) {
    const target = path === '/' ? verdict(kb(jsGzipBytes), targets.homeJsKb, 'KB') : '';
    const label = path === unknownPath ? `${path} (404)` : path;
    rows.push([label, oneDecimal(kb(jsGzipBytes)), oneDecimal(kb(cssGzipBytes)), jsFiles, target]);
  }
  const home = data.find((route) => route.path === '/');
  const login = data.find((route) => route.path === '/Login');
  // What signing in adds: the files /Login loads that / does not (Firebase and the auth pages).
  const homeFiles = new Set(home.files.map((file) => file.file));
  const authFiles = login.files.filter((file) => file.kind === 'js' && !homeFiles.has(file.file));
  const authGzipBytes = authFiles.reduce((total, file) => total + file.gzipBytes, 0);
  rows.push([
    'auth code on /Login, not on /',
    oneDecimal(kb(authGzipBytes)),
    '',
    authFiles.length,
    authFiles.map((file) => file.file.replace('/assets/', '')).join(' '),
  ]);
  return {
    key: 'transfer',
    title: 'First-visit transfer per route (gzip -9, 1 KB = 1000 B):',
    rows,
    align: 'lrrrl',
    data: {
      routes: data,
      homeJsKb: kb(home.jsGzipBytes),
      homeJsHolds: kb(home.jsGzipBytes) <= targets.homeJsKb,
      authGzipBytes,
    },
  };
}

// Module preloads and worker scripts are typed 'script' too.
const assetKinds = { script: 'js', stylesheet: 'css' };

async function firstVisit(browser, url) {
  // A fresh context is an empty cache; a service worker would serve later requests itself.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const origin = new URL(url).origin;
    const assets = new Map();
    // Context-wide, so that requests a worker makes itself are not missed.
    context.on('response', (response) => {
      const kind = assetKinds[response.request().resourceType()];
      const sameOrigin = response.url().startsWith(`${origin}/`);
      if (!kind || !sameOrigin || assets.has(response.url())) return;
      const sized = sizeBody(response, kind);
      // Promise.all below reports a failure; this keeps it from counting as unhandled meanwhile.
      sized.catch(() => {});
      assets.set(response.url(), sized);
    });
    await visit(context, url);
    return totals(await Promise.all(assets.values()));
  } finally {
    await context.close();
  }
}

/** Opens url in a new page and waits until the app has finished loading what it loads. */
async function visit(context, url) {
  const network = trackNetwork(context, new URL(url).origin);
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await settle(page, network);
  return page;
}

function trackNetwork(context, origin) {
  const network = { inFlight: 0, lastActivity: performance.now() };
  const track = (change) => (request) => {
    if (!request.url().startsWith(`${origin}/`)) return;
    network.inFlight += change;
    network.lastActivity = performance.now();
  };
  context.on('request', track(1));
  context.on('requestfinished', track(-1));
  context.on('requestfailed', track(-1));
  return network;
}

// Playwright's 'networkidle' can come while the main bundle is still running on a slow or busy
// machine, before the route's chunks and the worker are even requested. So wait until the main
// thread has gone idle with no same-origin request in flight or started for a while, giving up
// at settling.maxMs in case something keeps polling.
async function settle(page, network) {
  const deadline = performance.now() + settling.maxMs;
  while (performance.now() < deadline) {
    await page.evaluate(
      () => new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 1000 })),
    );
    const quietMs = performance.now() - network.lastActivity;
    if (network.inFlight === 0 && quietMs >= settling.quietMs) return;
    await sleep(Math.max(settling.quietMs - quietMs, 50));
  }
}

async function sizeBody(response, kind) {
  const file = new URL(response.url()).pathname;
  return { kind, file, gzipBytes: gzipBytes(await response.body()) };
}

function totals(assets) {
  const sum = (kind) =>
    assets
      .filter((asset) => asset.kind === kind)
      .reduce((total, asset) => total + asset.gzipBytes, 0);
  return {
    jsGzipBytes: sum('js'),
    cssGzipBytes: sum('css'),
    jsFiles: assets.filter((asset) => asset.kind === 'js').length,
    cssFiles: assets.filter((asset) => asset.kind === 'css').length,
    files: assets,
  };
}

/** Main-thread cost of the animated background on / while nobody interacts. */
async function backgroundOnHome({ browser, baseUrl }) {
  const runs = [];
  for (let run = 0; run < background.runs; run++) {
    runs.push(await mainThreadBusy(browser, `${baseUrl}/`));
  }
  const values = runs.map((run) => run.msPerS);
  const middle = median(values);
  const { width, height } = background.viewport;
  return {
    key: 'background',
    title:
      `Background on / (main-thread busy per wall second, ${background.sampleMs / 1000} s ` +
      `samples at ${width}×${height}, ${runs[0].workers} worker(s) running):`,
    rows: [
      [
        `median of ${background.runs}`,
        `${oneDecimal(middle)} ms/s`,
        verdict(middle, targets.backgroundMsPerS, 'ms/s'),
        `[${values.map(oneDecimal).join(', ')}]`,
      ],
    ],
    align: 'lrll',
    data: { medianMsPerS: middle, holds: middle <= targets.backgroundMsPerS, runs },
  };
}

async function mainThreadBusy(browser, url) {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: background.viewport,
  });
  try {
    const page = await visit(context, url);
    await page.waitForTimeout(background.afterLoadMs);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const busyBefore = await taskSeconds(cdp);
    const wallBefore = performance.now();
    await sleep(background.sampleMs);
    const busyAfter = await taskSeconds(cdp);
    const wallMs = performance.now() - wallBefore;
    const busyMs = (busyAfter - busyBefore) * 1000;
    return { busyMs, wallMs, msPerS: busyMs / (wallMs / 1000), workers: page.workers().length };
  } finally {
    await context.close();
  }
}

// TaskDuration: seconds of task time on the renderer's main thread (workers not included).
async function taskSeconds(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'TaskDuration').value;
}

/**
 * What the service worker costs and buys: the precache size, what a first visit downloads
 * (page and service-worker install together), and first contentful paint of repeat visits
 * online and offline.
 */
async function offlineFirst({ browser, baseUrl }) {
  const precache = precacheSize();
  const members = memberAssetsSize();
  const context = await browser.newContext({ viewport: background.viewport });
  try {
    let firstVisitBytes = 0;
    let firstVisitGzip = 0;
    // Context-wide, so the service worker's own precache downloads count too.
    context.on('requestfinished', async (request) => {
      const sizes = await request.sizes().catch(() => null);
      if (sizes) firstVisitBytes += sizes.responseBodySize + sizes.responseHeadersSize;
      // What came over the network (not an answer of the service worker or the HTTP cache), as
      // a server that compresses would send it.
      const response = await request.response().catch(() => null);
      if (!sizes?.responseBodySize || !response || response.fromServiceWorker()) return;
      const body = await response.body().catch(() => null);
      if (body) firstVisitGzip += gzipBytes(body) + sizes.responseHeadersSize;
    });
    const page = await visit(context, `${baseUrl}/`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      while (navigator.serviceWorker.controller?.state !== 'activated') {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    await page.close();
    const online = await repeatFcp(context, `${baseUrl}/`);
    await context.setOffline(true);
    const offline = await repeatFcp(context, `${baseUrl}/`);
    const [onlineMs, offlineMs] = [median(online), median(offline)];
    return {
      key: 'offline',
      title: 'Offline-first (service worker, 1 KB = 1000 B):',
      rows: [
        [
          'precache',
          `${precache.files} files`,
          `${oneDecimal(kb(precache.bytes))} KB`,
          `${oneDecimal(kb(precache.gzipBytes))} KB gzip`,
        ],
        [
          'first visit downloads',
          '',
          `${oneDecimal(kb(firstVisitBytes))} KB`,
          'as served, page and service worker',
        ],
        [
          'first visit, gzip',
          '',
          `${oneDecimal(kb(firstVisitGzip))} KB`,
          'the same, each body gzip -9 (goal: under 450 KB)',
        ],
        [
          'a signed-in device adds',
          `${members.files} files`,
          `${oneDecimal(kb(members.bytes))} KB`,
          `${oneDecimal(kb(members.gzipBytes))} KB gzip (cached at sign-in)`,
        ],
        [
          `repeat-visit FCP online, median of ${repeatVisits}`,
          '',
          `${Math.round(onlineMs)} ms`,
          `[${online.map(Math.round).join(', ')}]`,
        ],
        [
          `repeat-visit FCP offline, median of ${repeatVisits}`,
          '',
          `${Math.round(offlineMs)} ms`,
          `[${offline.map(Math.round).join(', ')}]`,
        ],
        ['offline / online', '', `${(offlineMs / onlineMs).toFixed(2)}`, ''],
      ],
      align: 'lrrl',
      data: {
        precache,
        members,
        firstVisitBytes,
        firstVisitGzip,
        fcpOnlineMs: online,
        fcpOfflineMs: offline,
        ratio: offlineMs / onlineMs,
      },
    };
  } finally {
    await context.close();
  }
}

function precacheSize() {
  const sw = readFileSync(join(root, 'dist/sw.js'), 'utf8');
  return filesSize([...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]));
}

/** The files only signed-in devices cache (dist/member-assets.json, scripts/build/precache-groups.mjs). */
function memberAssetsSize() {
  const list = JSON.parse(readFileSync(join(root, 'dist/member-assets.json'), 'utf8'));
  return filesSize(list.map((path) => path.slice(1)));
}

/** How many, how large and how large gzipped the files of dist/ at `urls` are. */
function filesSize(urls) {
  let bytes = 0;
  let gzipped = 0;
  for (const url of urls) {
    const file = join(root, 'dist', url);
    bytes += statSync(file).size;
    gzipped += gzipBytes(readFileSync(file));
  }
  return { files: urls.length, bytes, gzipBytes: gzipped };
}

async function repeatFcp(context, url) {
  const times = [];
  for (let visit = 0; visit < repeatVisits; visit++) {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    times.push(
      await page.evaluate(
        () =>
          new Promise((resolve) => {
            new PerformanceObserver((list, observer) => {
              const entry = list.getEntriesByName('first-contentful-paint')[0];
              if (!entry) return;
              observer.disconnect();
              resolve(entry.startTime);
            }).observe({ type: 'paint', buffered: true });
          }),
      ),
    );
    await page.close();
  }
  return times;
}

async function measure(env) {
  // Timing figures swing when other work shares the machine; the load says how much did.
  const load = { average1m: loadavg()[0], cpus: availableParallelism() };
  const results = { date: env.date, chromium: env.browser.version(), load, targets };
  console.log(
    `Bench — production build (dist/), Chromium ${results.chromium}, ${env.date}, ` +
      `load ${oneDecimal(load.average1m)} on ${load.cpus} CPUs`,
  );
  let measured = 0;
  // One section failing should not cost the figures of the others.
  for (const run of sections) {
    try {
      const { key, title, rows, align, data, more = [] } = await run(env);
      section(title, rows, align);
      for (const table of more) section(table.title, table.rows, table.align);
      results[key] = data;
      measured++;
    } catch (error) {
      console.log(`\n${run.name}: could not measure — ${error.message}`);
    }
  }
  return { results, measured };
}

function writeResults(results) {
  const folder = join(root, 'bench-results');
  mkdirSync(folder, { recursive: true });
  const file = chosen.length ? `latest-${chosen.join('-')}.json` : 'latest.json';
  writeFileSync(join(folder, file), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nFigures written to bench-results/${file}`);
}

async function main() {
  if (process.argv.includes('--build') || buildIsStale()) {
    console.log('Building dist/ (vite build)…');
    await runBuild();
  }
  const paths = [...(await loadRoutePaths()), unknownPath];
  const { server, baseUrl } = await startPreview();
  try {
    const browser = await chromium.launch(launchOptions({ full: true }));
    try {
      const date = new Date().toISOString().slice(0, 10);
      const { results, measured } = await measure({ browser, baseUrl, paths, date });
      writeResults(results);
      return measured > 0 ? 0 : 1;
    } finally {
      await browser.close();
    }
  } finally {
    await server.close();
  }
}

// The sections' own budgets on top of the bench's limit.
const limitMs = sections.reduce((total, run) => total + (run.budgetMs ?? 0), timeLimitMs);
const timeLimit = setTimeout(() => {
  console.error(`bench: gave up after ${Math.round(limitMs / 60_000)} minutes`);
  // Playwright kills the browser it launched when this process exits.
  killChildren();
  process.exit(1);
}, limitMs);

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`bench: could not measure — ${error.message}`);
  process.exitCode = 1;
} finally {
  clearTimeout(timeLimit);
}
