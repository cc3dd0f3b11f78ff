// The loopback guard (scripts/test/loopback-guard.mjs): loopback and Unix sockets go through; any other
// address or name is refused before a DNS query or a packet, and recorded. The Vitest setup has
// already installed it in this process.
import { spawn } from 'node:child_process';
import dns from 'node:dns';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  forgetLoopbackAttempts,
  isLoopbackHost,
  loopbackAttempts,
  readLoopbackLog,
} from './loopback-guard.mjs';

const guardUrl = pathToFileURL(join(import.meta.dirname, 'loopback-guard.mjs')).href;
const refusal = /^loopback guard: refused .*tests may only reach 127\.0\.0\.1/;

/**
 * Runs fn and returns the attempts it made, taken off the guard's list: they are made on purpose
 * here, and the setup fails any test that leaves one behind.
 */
async function provoked(fn) {
  const before = new Set(loopbackAttempts());
  const take = () => {
    const made = loopbackAttempts().filter((attempt) => !before.has(attempt));
    forgetLoopbackAttempts(made);
    return made;
  };
  try {
    await fn();
  } catch (error) {
    take(); // so that one broken test does not fail the others
    throw error;
  }
  return take();
}

/** The error a socket emits, and whether it had started connecting when connect() returned. */
function connectError(socket) {
  const connecting = socket.connecting;
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected')));
    socket.once('error', (error) => resolve({ error, connecting }));
  });
}

let server;
let port = 0;
let folder = '';
const sockets = new Set();

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'loopback-guard-'));
  server = net.createServer((socket) => {
    sockets.add(socket);
    socket.end('hello');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = server.address().port;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy(); // fetch may keep its connection
  await new Promise((resolve) => server.close(resolve));
  rmSync(folder, { recursive: true, force: true });
});

const greeting = (socket) =>
  new Promise((resolve, reject) => {
    let text = '';
    socket.on('data', (chunk) => (text += chunk));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });

describe('what it lets through', () => {
  it('connects to 127.0.0.1, localhost and IPv4-mapped loopback', async () => {
    const made = await provoked(async () => {
      expect(await greeting(net.connect(port, '127.0.0.1'))).toBe('hello');
      expect(await greeting(net.connect({ port, host: 'localhost' }))).toBe('hello');
      expect(await greeting(net.connect({ port }))).toBe('hello'); // no host: localhost
      const response = await fetch(`http://127.0.0.1:${port}/`).catch((error) => error);
      // Not an HTTP server, so fetch fails, but with the server's answer, not a refusal.
      expect(String(response.cause?.message)).not.toMatch(refusal);
    });
    expect(made).toEqual([]);
  });

  it('connects to a Unix socket', async () => {
    const path = join(folder, 'server.sock');
    const unix = net.createServer((socket) => socket.end('unix'));
    await new Promise((resolve) => unix.listen(path, resolve));
    try {
      expect(await greeting(net.connect(path))).toBe('unix');
      expect(await greeting(net.connect({ path }))).toBe('unix');
    } finally {
      await new Promise((resolve) => unix.close(resolve));
    }
  });

  it('looks up localhost', async () => {
    expect((await dns.promises.lookup('localhost', { family: 4 })).address).toBe('127.0.0.1');
  });

  it('tells loopback hosts from the rest', () => {
    for (const host of ['127.0.0.1', '127.8.9.10', '::1', '[::1]', '::ffff:127.0.0.1', 'LOCALHOST'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of [
      '10.1.2.3',
      '169.254.169.254',
      '0.0.0.0',
      '::',
      '::ffff:10.0.0.1',
      'example.com',
      'metadata.google.internal',
      'localhost.example.com',
    ])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});

describe('what it refuses', () => {
  it.each([
    ['a private address', '10.1.2.3', 80],
    ["Google's metadata server", '169.254.169.254', 80],
    ['a name', 'example.com', 443],
    ['the metadata server by name', 'metadata.google.internal.', 80],
  ])('a connection to %s, before any look-up, and records it', async (_, host, port) => {
    const lookup = vi.spyOn(dns, 'lookup');
    let result;
    const made = await provoked(async () => {
      result = await connectError(net.connect(port, host));
    });
    // Refused inside connect(): the socket never started connecting, no name was looked up.
    expect(result.connecting).toBe(false);
    expect(lookup).not.toHaveBeenCalled();
    expect(result.error).toMatchObject({ code: 'ECONNREFUSED', syscall: 'connect', port });
    expect(result.error.message).toMatch(refusal);
    expect(result.error.message).toContain(`${host}:${port}`);
    expect(made).toEqual([
      expect.objectContaining({ via: 'connect', host, port, pid: process.pid }),
    ]);
    expect(made[0].stack).toContain('loopback-guard.test.mjs');
  });

  it('the ways code dials out: http, https/tls, fetch', async () => {
    const made = await provoked(async () => {
      const http = await new Promise((resolve) =>
        request('http://169.254.169.254/computeMetadata/v1/project/project-id')
          .on('error', resolve)
          .end(),
      );
      expect(http.code).toBe('ECONNREFUSED');
      const secure = await connectError(tls.connect(443, 'example.com'));
      expect(secure.error.code).toBe('ECONNREFUSED');
      const fetched = await fetch('https://example.com/').catch((error) => error);
      expect(fetched.cause?.message).toMatch(refusal);
    });
    expect(made.map(({ host, port }) => `${host}:${port}`)).toEqual([
      '169.254.169.254:80',
      'example.com:443',
      'example.com:443',
    ]);
  });

  it('DNS look-ups and queries of other names', async () => {
    const made = await provoked(async () => {
      const lookup = await new Promise((resolve) => dns.lookup('example.com', resolve));
      expect(lookup).toMatchObject({ code: 'ECONNREFUSED', hostname: 'example.com' });
      await expect(dns.promises.lookup('example.com')).rejects.toThrow(refusal);
      // resolve* always asks the name server, even for localhost.
      const resolver = new dns.promises.Resolver();
      resolver.setServers(['192.0.2.1']);
      await expect(resolver.resolve4('localhost')).rejects.toThrow(
        /a query to the name server 192\.0\.2\.1/,
      );
    });
    expect(made.map(({ via, host }) => `${via} ${host}`)).toEqual([
      'dns.lookup example.com',
      'dns.promises.lookup example.com',
      'dns.promises.resolve4 localhost',
    ]);
  });

  it('appends each attempt to LOOPBACK_GUARD_LOG', async () => {
    const log = join(folder, 'attempts.jsonl');
    vi.stubEnv('LOOPBACK_GUARD_LOG', log);
    try {
      await provoked(() => connectError(net.connect(80, '10.1.2.3')));
    } finally {
      vi.unstubAllEnvs();
    }
    expect(readLoopbackLog(log)).toEqual([
      expect.objectContaining({ via: 'connect', host: '10.1.2.3', port: 80 }),
    ]);
    expect(readLoopbackLog(join(folder, 'none.jsonl'))).toEqual([]);
  });

  it('in a child process started with --import, as the end-to-end web server is', async () => {
    const log = join(folder, 'child.jsonl');
    const script =
      "fetch('http://169.254.169.254/').catch((error) => console.log(error.cause.code));";
    const output = await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['-e', script], {
        env: { ...process.env, NODE_OPTIONS: `--import ${guardUrl}`, LOOPBACK_GUARD_LOG: log },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let text = '';
      child.stdout.on('data', (chunk) => (text += chunk));
      child.on('error', reject);
      child.on('close', () => resolve(text));
    });
    expect(output.trim()).toBe('ECONNREFUSED');
    expect(readLoopbackLog(log)).toEqual([
      expect.objectContaining({ via: 'connect', host: '169.254.169.254', port: 80 }),
    ]);
  });
});
