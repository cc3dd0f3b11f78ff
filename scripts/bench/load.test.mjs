import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, scan, sendAll, summarize, visitorAddress } from './load.mjs';

/**
 * A short link's stand-in on 127.0.0.1: /ok redirects to the target after 5 ms, /gone answers 410,
 * /slow never answers.
 */
let server;
let origin;
let inFlight = 0;
let mostInFlight = 0;
const seen = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ agent: request.headers['user-agent'], from: request.headers['x-forwarded-for'] });
    if (request.url.startsWith('/slow')) return; // never answered
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    setTimeout(() => {
      inFlight -= 1;
      if (request.url.startsWith('/ok')) {
        response.writeHead(302, { Location: 'https://example.test/target' }).end();
      } else {
        response.writeHead(410).end('gone');
      }
    }, 5);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const link = { id: 'poster', target: 'https://example.test/target' };
const requests = (count, path = '/ok') =>
  Array.from({ length: count }, (_, index) => ({ link, path, from: visitorAddress(index) }));

describe("the bench's load generator", () => {
  it('sends every scan as a phone from its own address, never more at once than asked', async () => {
    seen.length = 0;
    mostInFlight = 0;
    const results = await sendAll({
      origin,
      requests: requests(40),
      concurrency: 4,
      timeoutMs: 5000,
      stop: new AbortController().signal,
    });
    expect(results).toHaveLength(40);
    expect(results.every((result) => result.ok && result.status === 302)).toBe(true);
    expect(mostInFlight).toBeLessThanOrEqual(4);
    expect(new Set(seen.map((request) => request.agent))).toEqual(new Set([PHONE]));
    expect(new Set(seen.map((request) => request.from)).size).toBe(40);
  });

  it('counts an answer that is not a redirect to the target, and a time-out, as errors', async () => {
    const results = await sendAll({
      origin,
      requests: [...requests(2, '/gone'), ...requests(1, '/slow')],
      concurrency: 3,
      timeoutMs: 300,
      stop: new AbortController().signal,
    });
    const figures = summarize(results, 1000);
    expect(figures.errors).toBe(3);
    expect(figures.errorKinds).toEqual({ 'status 410': 2, 'no answer in 0.3 s': 1 });
  });

  it('sends nothing more once its stop signal has aborted', async () => {
    const stop = new AbortController();
    stop.abort();
    const results = await sendAll({
      origin,
      requests: requests(10),
      concurrency: 2,
      timeoutMs: 5000,
      stop: stop.signal,
    });
    expect(results).toEqual([]);
    const cut = await scan(origin, requests(1)[0], 5000, stop.signal);
    expect(cut).toMatchObject({ ok: false, error: 'cut at the time limit' });
  });

  it('gives each number below 2^24 an address of its own', () => {
    expect(visitorAddress(0)).toBe('10.0.0.0');
    expect(visitorAddress(65_536 * 3 + 258)).toBe('10.3.1.2');
  });

  it('is the only one: no other bench module sends scans or names a browser of its own', () => {
    const folder = import.meta.dirname;
    const others = readdirSync(folder).filter(
      (name) => name.endsWith('.mjs') && !name.endsWith('.test.mjs') && name !== 'load.mjs',
    );
    for (const name of others) {
      const text = readFileSync(join(folder, name), 'utf8');
      expect(text, name).not.toContain('Android');
      expect(text, name).not.toMatch(/Array\.from\(\{ length: [^}]*concurrency[^}]*\}, lane\)/);
    }
  });
});
