// The local enquiry inbox (scripts/serve/enquiry-inbox.mjs) on its own port, without a browser.
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as pause } from 'node:timers/promises';
import { expect, test } from '@playwright/test';
import { INBOX_MAX_BODY_BYTES, startInbox } from '../scripts/serve/enquiry-inbox.mjs';

let server: Server;
let origin: string;

test.beforeAll(async () => {
  server = (await startInbox({ port: 0, log: () => undefined })) as Server;
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/**
 * POSTs `body` in the given pieces, each written on its own, as a slow connection delivers it
 * (chunked, no length). The short pause lets each piece reach the inbox as its own chunk.
 */
function postInPieces(path: string, contentType: string, pieces: Buffer[]) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpRequest(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': contentType, accept: 'application/json' },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
    });
    void (async () => {
      request.flushHeaders();
      for (const piece of pieces) {
        request.write(piece);
        await pause(30);
      }
      request.end();
    })();
  });
}

/** Splits `bytes` inside each occurrence of `characters`, between their UTF-8 bytes. */
function splitInside(bytes: Buffer, characters: string[]): Buffer[] {
  const cuts = characters
    .map((character) => bytes.indexOf(Buffer.from(character)) + 1)
    .sort((a, b) => a - b);
  return [0, ...cuts].map((start, index) => bytes.subarray(start, cuts[index] ?? bytes.length));
}

const submissionsOf = async (email: string) => {
  const response = await fetch(`${origin}/f/enquiries/submissions`);
  const { submissions } = (await response.json()) as {
    submissions: { fields: Record<string, string> }[];
  };
  return submissions.map((s) => s.fields).filter((fields) => fields.email === email);
};

test('a multipart enquiry with é and 李 split between chunks arrives intact', async () => {
  const email = 'rené-李@example.test';
  const boundary = '----inbox-test';
  const part = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = Buffer.from(
    part('name', 'José Lǐ') +
      part('email', email) +
      part('message', 'Un café, 李先生.') +
      `--${boundary}--\r\n`,
  );
  const pieces = splitInside(body, ['é', '李']);
  // The cuts really fall inside the characters: neither piece decodes on its own.
  expect(pieces[0]!.toString()).toContain('\ufffd');

  const answer = await postInPieces(
    '/f/enquiries',
    `multipart/form-data; boundary=${boundary}`,
    pieces,
  );
  expect(answer.status).toBe(200);
  expect(await submissionsOf(email)).toEqual([
    { name: 'José Lǐ', email, message: 'Un café, 李先生.' },
  ]);
});

test('a fault for an address with é and 李, sent in split chunks, applies to that address', async () => {
  const email = 'zoë-李@example.test';
  const fault = Buffer.from(JSON.stringify({ email, status: 503, times: 1 }));
  const set = await postInPieces(
    '/_inbox/faults',
    'application/json',
    splitInside(fault, ['ë', '李']),
  );
  expect(set.status).toBe(204);

  const post = (
    await fetch(`${origin}/f/enquiries`, {
      method: 'POST',
      body: new URLSearchParams({ email, message: 'Hello' }),
    })
  ).status;
  expect(post).toBe(503);
});

test('a body over 1 MB is refused with 413, with or without a declared length', async () => {
  const big = 'x'.repeat(2 * 1024 * 1024);
  expect(2 * 1024 * 1024).toBeGreaterThan(INBOX_MAX_BODY_BYTES);
  const form = new FormData();
  form.append('email', 'big@example.test');
  form.append('message', big);
  const declared = await fetch(`${origin}/f/enquiries`, { method: 'POST', body: form });
  expect(declared.status).toBe(413);

  const chunked = await postInPieces('/f/enquiries', 'application/x-www-form-urlencoded', [
    Buffer.from('email=big%40example.test&message='),
    Buffer.from(big),
  ]);
  expect(chunked.status).toBe(413);
  expect(await submissionsOf('big@example.test')).toEqual([]);
});

test('CORS is open for the submission and its preflight only, not the listing', async () => {
  const preflight = await fetch(`${origin}/f/enquiries`, {
    method: 'OPTIONS',
    headers: {
      origin: 'https://kemptoncodeworks.example',
      'access-control-request-method': 'POST',
    },
  });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get('access-control-allow-origin')).toBe('*');

  const submission = await fetch(`${origin}/f/enquiries`, {
    method: 'POST',
    headers: { origin: 'https://kemptoncodeworks.example' },
    body: new URLSearchParams({ email: 'cors@example.test', message: 'Hello' }),
  });
  expect(submission.status).toBe(200);
  expect(submission.headers.get('access-control-allow-origin')).toBe('*');

  // A page of another site may not read the listing at all.
  const listing = await fetch(`${origin}/f/enquiries/submissions`, {
    headers: { origin: 'https://kemptoncodeworks.example' },
  });
  expect(listing.status).toBe(403);
  expect(listing.headers.get('access-control-allow-origin')).toBeNull();
  const listingPreflight = await fetch(`${origin}/f/enquiries/submissions`, { method: 'OPTIONS' });
  expect(listingPreflight.headers.get('access-control-allow-origin')).toBeNull();
});
