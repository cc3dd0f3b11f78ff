// The bench's one load generator, for the sections that scan short links under load (shortLinks,
// hostedFiles): a phone's browser, a visitor address of its own for each scan, and lanes that
// send a list of scans a number at a time, each with its own time-out, until the last is answered
// or the run's stop signal ends it. Loopback only: the origin is always a server on 127.0.0.1.
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile } from './lib.mjs';

/** A phone's browser: Node's own user agent (`node`) is a bot to the redirect, not a scan. */
export const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

/** A client address of its own for each number below 2^24 (Hosting passes X-Forwarded-For on). */
export const visitorAddress = (index) =>
  `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

/**
 * One GET of `path` as a phone sends it from `from`, timed to the end of the answer; never throws.
 * It is ok when the answer is a 302 to `link.target`; otherwise `error` says what came instead.
 */
export async function scan(origin, { link, path, from }, timeoutMs, stopSignal) {
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

/**
 * Scans `requests` ({ link, path, from }) on `origin`, `concurrency` at a time, each cut after
 * `timeoutMs`; spread evenly over `spanMs` from `start` when given; none sent once `stop` has
 * aborted. Resolves with the results in the order they were answered, each `startMs` counted
 * from `start`.
 */
export async function sendAll({
  origin,
  requests,
  concurrency,
  timeoutMs,
  stop,
  spanMs,
  start = performance.now(),
}) {
  const results = [];
  let next = 0;
  const lane = async () => {
    while (next < requests.length && !stop.aborted) {
      const index = next++;
      if (spanMs) {
        const due = start + (index / requests.length) * spanMs;
        if (due > performance.now()) await sleep(due - performance.now());
      }
      const result = await scan(origin, requests[index], timeoutMs, stop);
      result.startMs -= start;
      results.push(result);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return results;
}

/** The figures of a set of scans over `wallMs`: errors and their kinds, latency, throughput. */
export function summarize(results, wallMs) {
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

export function countBy(values) {
  const counts = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}
