// The local enquiry inbox's limits, on a port of its own: what it keeps, what it logs, who may list
// or steer it, and a repeated enquiry shown once.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INBOX_KEEP, printable, startInbox } from './enquiry-inbox.mjs';

const logged = [];
let server;
let origin;
let port;

beforeAll(async () => {
  server = await startInbox({ port: 0, log: (line) => logged.push(line) });
  port = server.address().port;
  origin = `http://127.0.0.1:${port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const post = (fields) =>
  fetch(`${origin}/f/enquiries`, {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: new URLSearchParams(fields),
  });

const listing = async () =>
  (await (await fetch(`${origin}/f/enquiries/submissions`)).json()).submissions;

/** A request with a Host header of our choosing, as a rebound name would send it. */
const withHost = (path, host) =>
  new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, path, headers: { host } },
      (response) => {
        response.resume();
        resolve(response.statusCode);
      },
    );
    request.on('error', reject);
    request.end();
  });

describe('the local enquiry inbox', () => {
  it('shows an enquiry posted twice (the same enquiryId) once, counting the repeat', async () => {
    const fields = { email: 'twice@example.test', message: 'Hello', enquiryId: 'enq-42' };
    expect((await post(fields)).status).toBe(200);
    expect((await post(fields)).status).toBe(200);
    const mine = (await listing()).filter((s) => s.fields.email === 'twice@example.test');
    expect(mine).toHaveLength(1);
    expect(mine[0].repeats).toBe(1);
  });

  it('logs what an enquiry says with its control characters escaped: no forged lines', async () => {
    await post({ email: 'log@example.test', name: 'Eve\r\nEnquiry on enquiries: \u001b[31mfake' });
    const line = logged.find((entry) => entry.includes('log@example.test'));
    expect(line).toContain('Eve\\u000d\\u000aEnquiry on enquiries: \\u001b[31mfake');
    expect(line).not.toMatch(/[\r\n\u001b]/);
    expect(printable('x'.repeat(300))).toHaveLength(201);
  });

  it('keeps the newest enquiries only, past its limit', async () => {
    for (let index = 0; index <= INBOX_KEEP.count; index += 1) {
      await post({ email: `many-${index}@example.test`, message: 'Hello' });
    }
    const kept = await listing();
    expect(kept).toHaveLength(INBOX_KEEP.count);
    expect(kept.some((s) => s.fields.email === 'many-0@example.test')).toBe(false);
    expect(kept.at(-1).fields.email).toBe(`many-${INBOX_KEEP.count}@example.test`);
  });

  it('answers its listing and its faults on this machine only', async () => {
    // A page of another site whose name was rebound to 127.0.0.1 sends its own Host.
    expect(await withHost('/f/enquiries/submissions', `rebound.example:${port}`)).toBe(403);
    expect(await withHost('/f/enquiries/submissions', `127.0.0.1:${port}`)).toBe(200);
    const foreign = await fetch(`${origin}/f/enquiries/submissions`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    // A cross-site form can post text/plain without asking first: the faults take JSON only.
    const plain = await fetch(`${origin}/_inbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ email: 'x@example.test', status: 500 }),
    });
    expect(plain.status).toBe(415);
    const fromPage = await fetch(`${origin}/_inbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ email: 'x@example.test', status: 500 }),
    });
    expect(fromPage.status).toBe(403);
    // The submission itself stays open to every page, as the hosted service's is.
    expect((await post({ email: 'open@example.test', message: 'Hi' })).status).toBe(200);
  });
});
