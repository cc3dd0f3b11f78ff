// Test runs talk to 127.0.0.1 only. This module, once imported, refuses every attempt of this Node
// process to open a connection to any other address, or to ask DNS about a name, and records it:
// Google's metadata server (which the Admin SDK probes when it has nothing better to go on), the
// CLI's update and message checks, any real API. Without it such an attempt goes unnoticed where
// the network is closed (a warning at most, or a 45 s wait) and succeeds where it is open, so a
// test could pass by reaching production.
//
// Loaded by the Vitest setup (tests/support/loopback-guard.setup.ts), by playwright.config.ts, and
// in every Node process of the end-to-end web server through
// `NODE_OPTIONS=--import <file URL of this module>` (firebase-tools, the Functions emulator's
// workers) and of the bench's. Each attempt is kept in memory (loopbackAttempts()) and, when
// LOOPBACK_GUARD_LOG names a file, appended to it as one JSON line, so the parent can collect what
// its children tried (scripts/test/loopback-guard-log.mjs reads it).
//
// Covered: net.Socket#connect, which net, tls, http, https, http2 (gRPC) and fetch (undici) all
// dial through, checked before any DNS look-up; dns.lookup, dns.resolve*, dns.reverse and
// dns.lookupService, callback and promise forms. Allowed: loopback addresses (127.0.0.0/8, ::1,
// also IPv4-mapped), `localhost` and other names /etc/hosts maps to loopback only (found without a
// DNS query), and Unix sockets and pipes. Not covered: UDP sockets (dgram) and native code.
import dns from 'node:dns';
import { appendFileSync, readFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import { constants } from 'node:os';

export { formatAttempts, readLoopbackLog } from './loopback-guard-log.mjs';

const stateKey = Symbol.for('kempton.loopback-guard');

/**
 * @typedef {object} LoopbackAttempt
 * @property {string} time ISO date of the attempt
 * @property {number} pid the process that made it
 * @property {string} process its command line
 * @property {string} via what was called: `connect`, `dns.lookup`, `dns.resolve4`, ...
 * @property {string} host the address or name it tried to reach or look up
 * @property {number | string | undefined} port
 * @property {string} [note] more about it (the name server a DNS query would have gone to)
 * @property {string} stack where it was called from
 */

/** @type {{ attempts: LoopbackAttempt[], installed: boolean }} */
const state = (globalThis[stateKey] ??= { attempts: [], installed: false });

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** An IP address in 127.0.0.0/8 or ::1, also written IPv4-mapped (::ffff:127.0.0.1). */
export function isLoopbackAddress(address) {
  const ip = String(address).replace(/%.*$/, ''); // an IPv6 zone (fe80::1%eth0)
  const version = net.isIP(ip);
  return version !== 0 && loopback.check(ip, version === 6 ? 'ipv6' : 'ipv4');
}

/** Names that reach loopback without a DNS query: `localhost` and /etc/hosts' loopback names. */
const loopbackNames = hostsFileLoopbackNames().add('localhost');

function hostsFileLoopbackNames() {
  /** @type {Map<string, boolean>} name -> all its addresses are loopback */
  const names = new Map();
  let text = '';
  try {
    text = readFileSync('/etc/hosts', 'utf8');
  } catch {
    // No hosts file (Windows keeps it elsewhere): `localhost` alone.
  }
  for (const line of text.split('\n')) {
    const [address, ...aliases] = line.replace(/#.*/, '').trim().split(/\s+/);
    if (!address || !net.isIP(address)) continue;
    for (const alias of aliases) {
      const name = alias.toLowerCase();
      names.set(name, (names.get(name) ?? true) && isLoopbackAddress(address));
    }
  }
  return new Set([...names].filter(([, onlyLoopback]) => onlyLoopback).map(([name]) => name));
}

/** Whether a host (address or name) may be dialled: loopback, or a name that resolves to it. */
export function isLoopbackHost(host) {
  const name = String(host)
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
  return isLoopbackAddress(name) || loopbackNames.has(name);
}

/** The attempts this process made so far, oldest first. */
export function loopbackAttempts() {
  return [...state.attempts];
}

/** Drops attempts from the list, for the guard's own tests, which make them on purpose. */
export function forgetLoopbackAttempts(attempts) {
  const forget = new Set(attempts);
  state.attempts = state.attempts.filter((attempt) => !forget.has(attempt));
}

/** Records an attempt and returns the error to fail it with. */
function refuse(via, host, port, syscall, note = '') {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 30;
  const trace = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  const stack = trace
    .split('\n')
    .slice(1)
    // The guard's frames and Node's own (net, http, promises) tell nothing the attempt does not.
    .filter((line) => !/loopback-guard\.mjs|[( ]node:|at new Promise \(<anonymous>\)$/.test(line))
    .slice(0, 12)
    .map((line) => line.trim())
    .join('\n');
  const attempt = {
    time: new Date().toISOString(),
    pid: process.pid,
    process: process.argv.join(' ').slice(0, 300),
    via,
    host: String(host),
    port,
    ...(note && { note }),
    stack,
  };
  state.attempts.push(attempt);
  const log = process.env.LOOPBACK_GUARD_LOG;
  if (log) {
    try {
      // Synchronous: the process may be about to exit, and the parent reads the file after.
      appendFileSync(log, `${JSON.stringify(attempt)}\n`);
    } catch {
      // The in-memory list still has it.
    }
  }
  const what = via === 'connect' ? 'a connection to' : `${via} of`;
  const target = port === undefined ? String(host) : `${host}:${port}`;
  const why = note ? ` (${note})` : '';
  /** @type {NodeJS.ErrnoException & { address?: string, port?: unknown, hostname?: string }} */
  const error = new Error(
    `loopback guard: refused ${what} ${target}${why}: tests may only reach 127.0.0.1 ` +
      '(loopback), never another host (see docs/testing.md)',
  );
  // Shaped like a refused connection, so callers take their usual offline path.
  error.code = 'ECONNREFUSED';
  error.errno = -constants.errno.ECONNREFUSED;
  error.syscall = syscall;
  if (via === 'connect') {
    error.address = String(host);
    error.port = port;
  } else {
    error.hostname = String(host);
  }
  return error;
}

/** What Socket#connect was asked for, as Node itself reads its arguments. */
function connectOptions(args) {
  // net.connect() and tls.connect() pass their arguments already normalized: [options, cb].
  if (Array.isArray(args[0])) return args[0][0] ?? {};
  const [first, second] = args;
  if (first !== null && typeof first === 'object') return first;
  // A string that is not a number is a pipe's path.
  if (typeof first === 'string' && !(Number(first) >= 0)) return { path: first };
  return { port: first, host: typeof second === 'string' ? second : undefined };
}

/** Copies the symbols (util.promisify's hints) and name of a replaced function. */
function replaceFunction(target, name, wrapper) {
  const original = target[name];
  for (const symbol of Object.getOwnPropertySymbols(original)) {
    Object.defineProperty(
      wrapper,
      symbol,
      /** @type {PropertyDescriptor} */ (Object.getOwnPropertyDescriptor(original, symbol)),
    );
  }
  Object.defineProperty(wrapper, 'name', { value: original.name });
  target[name] = wrapper;
}

/** Wraps a callback-style function: a refusal goes to the callback, on the next tick. */
function guardCallback(target, name, check) {
  const original = target[name];
  if (typeof original !== 'function') return;
  replaceFunction(target, name, function (...args) {
    const callback = args.at(-1);
    const error = typeof callback === 'function' ? check(this, args) : null;
    if (!error) return original.apply(this, args);
    process.nextTick(callback, error);
    return {};
  });
}

/** Wraps a promise-returning function: a refusal rejects. */
function guardPromise(target, name, check) {
  const original = target[name];
  if (typeof original !== 'function') return;
  replaceFunction(target, name, function (...args) {
    const error = check(this, args);
    return error ? Promise.reject(error) : original.apply(this, args);
  });
}

function checkLookup(via) {
  return (_self, [hostname]) =>
    // An IP address is answered without a query, and connect() judges it.
    typeof hostname === 'string' && hostname && !net.isIP(hostname) && !isLoopbackHost(hostname)
      ? refuse(via, hostname, undefined, 'getaddrinfo')
      : null;
}

function checkLookupService(via) {
  return (_self, [address, port]) =>
    // A reverse look-up of any address but loopback may ask the name server.
    typeof address === 'string' && !isLoopbackAddress(address)
      ? refuse(via, address, port, 'getnameinfo')
      : null;
}

// dns.resolve* and dns.reverse always query the name servers (/etc/hosts is not read), whatever
// the name: allowed only when every server is on loopback (a test's own DNS server, say).
function checkResolve(via, defaultServers) {
  return (self, [hostname]) => {
    const servers = typeof self?.getServers === 'function' ? self.getServers() : defaultServers();
    const outside = servers.find((server) => !isLoopbackHost(serverAddress(server)));
    return outside === undefined
      ? null
      : refuse(via, hostname, undefined, 'query', `a query to the name server ${outside}`);
  };
}

/** The address in a name server as getServers() lists it: `1.2.3.4`, `1.2.3.4:53`, `[::1]:53`. */
function serverAddress(server) {
  if (net.isIP(server)) return server;
  return server.replace(/^\[(.*)\](:\d+)?$/, '$1').replace(/^([^:]*):\d+$/, '$1');
}

/** Installs the guard in this process (once; later calls do nothing). */
export function installLoopbackGuard() {
  if (state.installed) return;
  state.installed = true;

  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function (...args) {
    const options = connectOptions(args);
    if (options.path || isLoopbackHost(options.host || 'localhost')) {
      return connect.apply(this, args);
    }
    // Before any look-up or packet: the socket fails as if the host had refused it.
    const error = refuse('connect', options.host, options.port, 'connect');
    process.nextTick(() => this.destroy(error));
    return this;
  };

  guardCallback(dns, 'lookup', checkLookup('dns.lookup'));
  guardPromise(dns.promises, 'lookup', checkLookup('dns.promises.lookup'));
  guardCallback(dns, 'lookupService', checkLookupService('dns.lookupService'));
  guardPromise(dns.promises, 'lookupService', checkLookupService('dns.promises.lookupService'));
  const resolvers = Object.getOwnPropertyNames(dns.Resolver.prototype).filter((name) =>
    /^(resolve\w*|reverse)$/.test(name),
  );
  for (const name of resolvers) {
    const check = checkResolve(`dns.${name}`, () => dns.getServers());
    const promiseCheck = checkResolve(`dns.promises.${name}`, () => dns.promises.getServers());
    guardCallback(dns, name, check);
    guardCallback(dns.Resolver.prototype, name, check);
    guardPromise(dns.promises, name, promiseCheck);
    guardPromise(dns.promises.Resolver.prototype, name, promiseCheck);
  }
  // `import { lookup } from 'node:dns'` reads a copy of the exports, refreshed here.
  syncBuiltinESMExports();
}

installLoopbackGuard();
