// The short-link section's load (links.mjs): the poster and the other links of a run, their
// documents, the order their scans are sent in, a run of them through the bench's load generator
// (load.mjs) with Firestore frozen for a while when asked, and the scans counted in Firestore once
// the counts settle.
import { setTimeout as sleep } from 'node:timers/promises';
import { domainModule, envNumber, projectId, sum } from './lib.mjs';
import { sendAll, summarize, visitorAddress } from './load.mjs';

/** The targets of the bench's links: never fetched, the redirect only names them. */
export const target = 'https://kemptoncodeworks.co.za/bench';

export const load = {
  scans: envNumber('BENCH_SCANS', 2000),
  concurrency: Math.max(1, envNumber('BENCH_CONCURRENCY', 50)),
  otherLinks: envNumber('BENCH_OTHER_LINKS', 20),
  otherScans: envNumber('BENCH_OTHER_SCANS', 10),
  limitMs: envNumber('BENCH_LOAD_LIMIT_S', 180) * 1000,
  requestTimeoutMs: envNumber('BENCH_REQUEST_TIMEOUT_S', 65) * 1000,
  outageMs: envNumber('BENCH_OUTAGE_S', 5) * 1000,
};
/** C's requests are spread over this long, so that the outage falls in the middle of them. */
export const outageSpanMs = load.outageMs * 3;
/** How long to wait for the counts in Firestore to reach what was sent, and to stop changing. */
export const settle = { maxMs: 30_000, quietMs: 8_000, exactQuietMs: 2_000, pollMs: 500 };

/** The poster and the other links of a run (ids of their own, so runs never share counts). */
export function loadLinks(run) {
  const poster = { id: `benchPoster${run}2026`, target: `${target}/poster-${run}` };
  const others = Array.from({ length: load.otherLinks }, (_, index) => ({
    id: `benchOther${run}${String(index + 1).padStart(2, '0')}`,
    target: `${target}/other-${run}-${index + 1}`,
  }));
  return [poster, ...others];
}

/** The documents of `links` by their paths, as the server writes them (records/links.ts). */
export async function linkDocuments(links) {
  const { linkPath, newLink } = await domainModule('records/links.ts');
  const now = { $timestamp: new Date().toISOString() };
  return Object.fromEntries(
    links.map((link) => [
      linkPath(link.id),
      newLink(
        {
          owner: 'bench',
          code: 'bench',
          destination: { kind: 'redirect', target: link.target },
          locked: false,
        },
        now,
      ),
    ]),
  );
}

/**
 * The requests of a run in the order they are sent: the poster's scans, with the other links'
 * interleaved evenly among them (each request has its place on one time line).
 */
export function plan(links) {
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
export async function runLinkLoad({
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
  const start = performance.now();
  let results = [];
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
  try {
    results = await sendAll({
      origin,
      requests,
      concurrency: load.concurrency,
      timeoutMs: load.requestTimeoutMs,
      stop: stop.signal,
      spanMs,
      start,
    });
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

async function countsOf(port, ids) {
  const { linkCountsPath } = await domainModule('records/link-counts.ts');
  const base = `http://127.0.0.1:${port}/v1/projects/${projectId}/databases/(default)/documents`;
  const entries = await Promise.all(
    ids.map(async (linkId) => {
      const response = await fetch(`${base}/${linkCountsPath(linkId)}?pageSize=300`, {
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
    }),
  );
  return Object.fromEntries(entries);
}
