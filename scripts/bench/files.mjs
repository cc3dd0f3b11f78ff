// Bench section for hosted files beside scans (functions/src/file-link.ts, the `hosted` function).
// Figures, never assertions:
//
// 1. The redirect's latency (p50, p95) for bursts of scans of a poster's /q/<id>?qr=1, without
//    and with 30 slow downloads of a video running against the file function, in rounds that take
//    turns at which comes first. Goal: the p95 with them within 10% of the p95 without (each
//    pooled over the rounds).
//    A slow download asks for `bytes=0-` and reads at BENCH_SLOW_BYTES_PER_S (8 KiB/s, a very
//    poor connection, or a slow-read attack): the function sends its 4 MiB answer as fast as the
//    connection buffers it (a few MB on loopback) and then waits, so the bursts start once every
//    download has been answered and the reads have stopped, and all 30 stay in flight through
//    them.
// 2. The file function's memory: its RSS and live heap (after a garbage collection) idle, and
//    with the 30 slow downloads in flight; the chunk documents it read meanwhile.
//
// Each function runs in a Node process of its own (files-server.mjs), as Cloud Run gives each its
// own instances: the same handlers index.ts wires, built from functions/src (functions.mjs), on
// node:http over a Firestore emulator of this section's own on a free port. Not through the
// Functions emulator, whose process model (a worker per request at a time) is not production's.
// Everything listens on 127.0.0.1 only; the children run under the loopback guard. Bounded: a
// number of scans, a time-out per request, a limit for the whole section, and the children and the
// emulator stopped whatever happens. The scans are the bench's load generator's (load.mjs).
//
// Sizes for quick runs: BENCH_FILE_SCANS (600 a burst), BENCH_FILE_ROUNDS (4),
// BENCH_FILE_CONCURRENCY (10), BENCH_SLOW_DOWNLOADS (30), BENCH_SLOW_BYTES_PER_S (8192),
// BENCH_FILE_LIMIT_S (300).
import { fork } from 'node:child_process';
import { connect } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { withFunctions } from './functions.mjs';
import { envNumber, oneDecimal, percentile, refusedIn, root } from './lib.mjs';
import { PHONE, sendAll, visitorAddress } from './load.mjs';

const projectId = 'demo-kcw-files';
const owner = 'benchFiles';
const posterId = 'benchFilesPoster';
const videoId = 'benchFilesVideo';
const target = 'https://kemptoncodeworks.co.za/bench-poster';
/** The video the slow clients download: bigger than one answer, so each asks for 4 MiB. */
const videoBytes = 8 * 1024 * 1024;
const targets = { p95Ratio: 1.1 };

const load = {
  scans: envNumber('BENCH_FILE_SCANS', 600),
  concurrency: Math.max(1, envNumber('BENCH_FILE_CONCURRENCY', 10)),
  downloads: envNumber('BENCH_SLOW_DOWNLOADS', 30),
  rounds: Math.max(1, envNumber('BENCH_FILE_ROUNDS', 4)),
  slowBytesPerS: Math.max(1024, envNumber('BENCH_SLOW_BYTES_PER_S', 8 * 1024)),
  limitMs: envNumber('BENCH_FILE_LIMIT_S', 300) * 1000,
  requestTimeoutMs: 10_000,
};

/** The whole section's hard limit, which bench.mjs adds to its own. */
hostedFiles.budgetMs = load.limitMs + 60_000;

export async function hostedFiles() {
  const guardLog = join(tmpdir(), `kcw-bench-files-guard-${process.pid}.jsonl`);
  const stop = AbortSignal.timeout(load.limitMs);
  const figures = await withFunctions({ projectId, name: 'files' }, ({ parts, bundle }) =>
    measure(parts, bundle, guardLog, stop),
  );
  refusedIn(guardLog, 'the file bench');
  return report(figures);
}

/** The rounds of bursts without and beside slow downloads, and the file function's memory. */
async function measure(parts, bundle, guardLog, stop) {
  const app = parts.initializeApp({ projectId }, 'bench-files-seed');
  const functions = [];
  const downloads = [];
  try {
    const sha256 = await seed(parts, parts.openFirestore(app));
    const env = {
      ...process.env,
      SITE_ORIGINS: 'https://kemptoncodeworks.co.za',
      LOOPBACK_GUARD_LOG: guardLog,
    };
    const qr = await startFunction(bundle, 'qr', env, stop);
    functions.push(qr);
    const hosted = await startFunction(bundle, 'hosted', env, stop);
    functions.push(hosted);
    const filePath = `/q/${videoId}/f/${sha256}`;

    // Warm: the links read, the modules loaded and the redirect's code compiled by a burst of its
    // own, not counted (the first burst of a fresh process is the slowest).
    await scanRun(qr.origin, load.scans, stop, 0);
    await fetchAll(`${hosted.origin}${filePath}`, 'bytes=0-', stop);
    const qrIdle = await qr.stats('live');
    // The machine's load: the bursts' latency swings with what else runs on it.
    const loadBefore = loadavg()[0];
    const idle = await hosted.stats('live');

    // The file function's memory, sampled from the first download to the end.
    const samples = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling && !stop.aborted) {
        samples.push(await hosted.stats());
        await sleep(250);
      }
    })();
    // Rounds of a burst without downloads and one beside 30 new slow downloads, in turn first
    // (without, then beside; then beside, then without), so that the machine's drift and what a
    // round's start or end leaves behind fall on both alike; a second's pause before each.
    const without = [];
    const beside = [];
    const rounds = [];
    let burst = 0;
    const burstWithout = async () => {
      await sleep(1000);
      without.push(await scanRun(qr.origin, load.scans, stop, (burst += 1)));
    };
    for (let round = 0; round < load.rounds; round += 1) {
      if (round % 2 === 0) await burstWithout();
      const start = await hosted.stats();
      const opened = [];
      for (let index = 0; index < load.downloads; index += 1) {
        opened.push(
          slowDownload(hosted.port, filePath, visitorAddress((200 + round) * 65_536 + index)),
        );
      }
      downloads.push(...opened);
      // Every download answered, and as much of each sent as the connections buffer: the reads
      // stop until a client has taken a chunk's worth, which at this pace takes minutes. (On
      // loopback a connection may buffer nearly all of a 4 MiB answer: the function then holds
      // only the rest, and a download whose answer fits is done on its side.)
      let quiet = { reads: -1, since: performance.now() };
      await until(async () => {
        const now = await hosted.stats();
        if (now.reads !== quiet.reads) quiet = { reads: now.reads, since: performance.now() };
        return (
          opened.every((download) => download.status !== null) &&
          performance.now() - quiet.since >= 3000
        );
      }, stop);
      const settled = await hosted.stats('live');
      await sleep(1000);
      beside.push(await scanRun(qr.origin, load.scans, stop, (burst += 1)));
      const busy = await hosted.stats();
      rounds.push({
        fillReads: settled.reads - start.reads,
        burstReads: busy.reads - settled.reads,
        burstCpuMs: cpuMs(busy) - cpuMs(settled),
        held: settled.inFlight,
        settledRss: settled.memory.rss,
        settledHeap: settled.memory.heapUsed,
        stillOpen: opened.filter((download) => !download.done).length,
        qrRss: (await qr.stats('live')).memory.rss,
      });
      for (const download of opened) download.close();
      await until(async () => (await hosted.stats()).inFlight === 0, stop);
      if (round % 2 === 1) await burstWithout();
    }
    sampling = false;
    await sampler.catch(() => undefined);
    const figures = summarize({ without, beside, idle, samples, rounds, qrIdle, downloads });
    figures.loadAverage = { before: loadBefore, after: loadavg()[0] };
    return figures;
  } finally {
    for (const download of downloads) download.close();
    await Promise.all(functions.map((child) => child.stop()));
    await parts.deleteApp(app);
  }
}

// --- set-up --------------------------------------------------------------------------------------
/** The video, uploaded through the store as the upload API does; the poster's and its links. */
async function seed(parts, db) {
  const { createHash, randomBytes } = await import('node:crypto');
  const bytes = randomBytes(videoBytes);
  // An MP4's first bytes (file-signatures.ts), then random ones.
  Buffer.from([
    ...[0, 0, 0, 0x18],
    ...Buffer.from('ftypmp42'),
    ...[0, 0, 0, 0],
    ...Buffer.from('isommp42'),
  ]).copy(bytes);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const store = new parts.FirestoreFileStore(db);
  const start = { sha256, size: videoBytes, name: 'clip.mp4', field: 'videoFile', kind: 'video' };
  const begun = await store.begin(owner, start);
  if (!begun.ok) throw new Error(`the video's upload: ${begun.message}`);
  const chunk = 768 * 1024;
  for (let offset = 0; offset < videoBytes; offset += chunk) {
    const answer = await store.append(
      owner,
      sha256,
      offset,
      bytes.subarray(offset, offset + chunk),
    );
    if (!answer.ok) throw new Error(`the video's upload at ${offset}: ${answer.message}`);
  }
  // As the server writes links (records/links.ts).
  const link = (destination) =>
    parts.newLink({ owner, code: 'bench', destination, locked: false }, new Date());
  await db.doc(parts.linkPath(posterId)).set(link({ kind: 'redirect', target }));
  await db.doc(parts.linkPath(videoId)).set(
    link({
      kind: 'page',
      page: {
        kind: 'file',
        field: 'videoFile',
        file: { sha256, name: 'clip.mp4', size: videoBytes, type: 'video/mp4' },
        title: 'Clip',
      },
    }),
  );
  return sha256;
}

/** A function's process (files-server.mjs): its origin, its figures, and stop. */
async function startFunction(bundle, role, env, stop) {
  const guard = pathToFileURL(join(root, 'scripts/test/loopback-guard.mjs')).href;
  const child = fork(join(root, 'scripts/bench/files-server.mjs'), [bundle, role, projectId], {
    env,
    execArgv: ['--expose-gc', '--import', guard],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let errors = '';
  child.stderr.on('data', (data) => (errors = (errors + data).slice(-2000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const port = await new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message.port));
    child.once('exit', (code) =>
      reject(new Error(`the ${role} process exited (${code}): ${errors}`)),
    );
    stop.addEventListener('abort', () => reject(new Error(`the ${role} process did not start`)));
  });
  // One question at a time: each answer is the next message.
  let asked = Promise.resolve();
  const stats = (message = 'stats') => {
    const answer = asked.then(
      () =>
        new Promise((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`the ${role} process did not answer`)),
            10_000,
          );
          child.once('message', (message) => {
            clearTimeout(timer);
            resolve(message.stats);
          });
          child.send(message);
        }),
    );
    asked = answer.catch(() => undefined);
    return answer;
  };
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    stats,
    async stop() {
      if (child.exitCode !== null) return;
      child.send('stop');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

// --- the load ------------------------------------------------------------------------------------

/** A process's CPU time in its stats, in ms. */
const cpuMs = (stats) => (stats.cpu.user + stats.cpu.system) / 1000;

/** Polls `done` every `everyMs` until it holds; throws when the section's time is up. */
async function until(done, stop, everyMs = 200) {
  while (!(await done())) {
    if (stop.aborted) throw new Error('gave up waiting: the section ran out of time');
    await sleep(everyMs);
  }
}

/** Every byte of `url` from `range` on, a range at a time, as a player reads it. */
async function fetchAll(url, range, stop) {
  let from = Number(/\d+/.exec(range)[0]);
  for (;;) {
    const response = await fetch(url, {
      headers: {
        'User-Agent': PHONE,
        Range: `bytes=${from}-`,
        'X-Forwarded-For': visitorAddress(199 * 65_536 + 1),
      },
      signal: AbortSignal.any([stop, AbortSignal.timeout(load.requestTimeoutMs)]),
    });
    const body = await response.arrayBuffer();
    if (response.status !== 206) throw new Error(`the video answered ${response.status}`);
    const [, end, size] = /(\d+)\/(\d+)$/.exec(response.headers.get('content-range'));
    from += body.byteLength;
    if (Number(end) + 1 >= Number(size)) return;
  }
}

/**
 * `count` GETs of the poster's short link, `load.concurrency` at a time, each from an address of
 * its own; the latency of each to the end of its answer, and the answers that were not a 302 to
 * the poster's target.
 */
/**
 * `count` GETs of the poster's short link, `load.concurrency` at a time, each from an address of
 * its own (`burst` numbers the set of addresses); the latency of each to the end of its answer, and
 * how many were not a 302 to the poster's target.
 */
async function scanRun(origin, count, stop, burst) {
  const poster = { id: posterId, target };
  const requests = Array.from({ length: count }, (_, index) => ({
    link: poster,
    path: `/q/${posterId}?qr=1`,
    from: visitorAddress(burst * 65_536 + index),
  }));
  const results = await sendAll({
    origin,
    requests,
    concurrency: load.concurrency,
    timeoutMs: load.requestTimeoutMs,
    stop,
  });
  return {
    times: results.map((result) => result.ms),
    errors: results.filter((result) => !result.ok).length,
  };
}
function slowDownload(port, path, from) {
  const download = { received: 0, status: null, done: false, close: () => undefined };
  const socket = connect(port, '127.0.0.1');
  const started = performance.now();
  let timer;
  socket.on('data', (data) => {
    if (download.status === null) download.status = Number(/^HTTP\/1\.1 (\d+)/.exec(data)?.[1]);
    download.received += data.length;
    const dueMs = (download.received / load.slowBytesPerS) * 1000;
    const aheadMs = dueMs - (performance.now() - started);
    if (aheadMs > 0) {
      socket.pause();
      timer = setTimeout(() => socket.resume(), aheadMs);
    }
  });
  socket.on('close', () => {
    clearTimeout(timer);
    download.done = true;
  });
  socket.on('error', () => undefined);
  socket.write(
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: ${PHONE}\r\n` +
      `X-Forwarded-For: ${from}\r\nRange: bytes=0-\r\n\r\n`,
  );
  download.close = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  return download;
}

// --- figures -------------------------------------------------------------------------------------

function summarize({ without, beside, idle, samples, rounds, qrIdle, downloads }) {
  const times = (runs) => runs.flatMap((run) => run.times);
  const errors = (runs) => runs.reduce((total, run) => total + run.errors, 0);
  const figures = (runs) => ({
    scans: times(runs).length,
    p50Ms: percentile(times(runs), 50),
    p95Ms: percentile(times(runs), 95),
    errors: errors(runs),
    burstsP95Ms: runs.map((run) => percentile(run.times, 95)),
  });
  const most = (key) => Math.max(...samples.map((sample) => sample.memory[key]));
  const range = (values) =>
    Math.min(...values) === Math.max(...values)
      ? String(values[0])
      : `${Math.min(...values)}-${Math.max(...values)}`;
  return {
    load: { ...load, videoBytes },
    without: figures(without),
    beside: figures(beside),
    p95Ratio: percentile(times(beside), 95) / percentile(times(without), 95),
    hosted: {
      idle: idle.memory,
      mostRss: most('rss'),
      mostExternal: most('external'),
      rssGrowth: most('rss') - idle.memory.rss,
      externalGrowth: most('external') - idle.memory.external,
      settledRssGrowth: Math.max(...rounds.map((round) => round.settledRss)) - idle.memory.rss,
      settledHeapGrowth:
        Math.max(...rounds.map((round) => round.settledHeap)) - idle.memory.heapUsed,
      held: range(rounds.map((round) => round.held)),
      fillReads: range(rounds.map((round) => round.fillReads)),
      burstReads: range(rounds.map((round) => round.burstReads)),
      burstCpuMs: range(rounds.map((round) => Math.round(round.burstCpuMs))),
    },
    qr: { idleRss: qrIdle.memory.rss, busyRss: Math.max(...rounds.map((round) => round.qrRss)) },
    downloads: {
      perRound: load.downloads,
      rounds: rounds.length,
      stillOpenAfterBursts: range(rounds.map((round) => round.stillOpen)),
      statuses: [...new Set(downloads.map((download) => download.status))],
      bytesTaken: downloads.reduce((total, download) => total + download.received, 0),
    },
    rounds,
  };
}

const ms = (value) => (Number.isFinite(value) ? `${oneDecimal(value)} ms` : '—');
const mib = (bytes) => `${oneDecimal(bytes / 1024 / 1024)} MiB`;

function report(data) {
  const { without, beside, hosted, qr, downloads } = data;
  const holds = data.p95Ratio <= targets.p95Ratio;
  const burstsP95 = (runs) => `bursts' p95: ${runs.burstsP95Ms.map(ms).join(', ')}`;
  const rows = [
    ['', 'p50', 'p95', 'errors', ''],
    [
      `redirect, no downloads (${without.scans} scans in ${downloads.rounds} bursts)`,
      ms(without.p50Ms),
      ms(without.p95Ms),
      without.errors,
      burstsP95(without),
    ],
    [
      `redirect, ${downloads.perRound} slow downloads on hosted (${beside.scans} scans in ` +
        `${downloads.rounds} bursts)`,
      ms(beside.p50Ms),
      ms(beside.p95Ms),
      beside.errors,
      `${burstsP95(beside)}; ${holds ? '✓' : '✗'} p95 ${data.p95Ratio >= 1 ? '+' : ''}` +
        `${oneDecimal((data.p95Ratio - 1) * 100)}% (goal within 10%)`,
    ],
  ];
  const memory = [
    ['hosted, idle: RSS / live heap', `${mib(hosted.idle.rss)} / ${mib(hosted.idle.heapUsed)}`],
    [
      `hosted, ${downloads.perRound} slow downloads starting and open: most RSS / buffers`,
      `${mib(hosted.mostRss)} / ${mib(hosted.mostExternal)} (growth over idle: ` +
        `${mib(hosted.rssGrowth)} / ${mib(hosted.externalGrowth)})`,
    ],
    [
      'growth once the answers are in the connections’ buffers: RSS / live heap',
      `${mib(hosted.settledRssGrowth)} / ${mib(hosted.settledHeapGrowth)}`,
    ],
    [
      'downloads the function still holds then (the rest are buffered whole)',
      `${hosted.held} of ${downloads.perRound}`,
    ],
    [
      'chunk documents read per round: to fill the connections / during the burst',
      `${hosted.fillReads} / ${hosted.burstReads} (768 KB each)`,
    ],
    [
      'its CPU time during each burst beside them',
      `${hosted.burstCpuMs} ms (its figures sampled every 250 ms included)`,
    ],
    [
      'taken by the slow clients',
      `${mib(downloads.bytesTaken)} in all at ${oneDecimal(load.slowBytesPerS / 1024)} KiB/s ` +
        `each; ${downloads.stillOpenAfterBursts} of ${downloads.perRound} still open after ` +
        `each burst, answered ${downloads.statuses.join(', ')}`,
    ],
    ['qr process RSS: idle / beside the downloads', `${mib(qr.idleRss)} / ${mib(qr.busyRss)}`],
  ];
  return {
    key: 'hostedFiles',
    title:
      `Hosted files beside scans: the qr and hosted functions each in a Node process of its own ` +
      `(node:http over a Firestore emulator; the Functions emulator's process model is not ` +
      `production's), ${load.concurrency} scans at a time, slow clients asking for 4 MiB answers; ` +
      `load average ${oneDecimal(data.loadAverage.before)} before, ${oneDecimal(data.loadAverage.after)} after:`,
    rows,
    align: 'lrrrl',
    more: [{ title: 'Hosted files: the file function’s memory', rows: memory, align: 'll' }],
    data: { ...data, holds },
  };
}
