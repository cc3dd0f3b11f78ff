// One check of a printed code's destination, as the daily check and "Check now" make it: a GET
// that follows at most 5 redirects, gives up after 10 s in all, reads at most 64 KB of the answer
// and names itself with a User-Agent that says who is asking and why.
//
// It is a server fetching an address a customer typed, so it never fetches what the customer
// could not: at every hop the address must pass the links' own target rule (canonicalTarget: no
// name of this machine or a private network, no short link of the site), and every address the
// name resolves to must be public (isPublicAddress: not loopback, private, link-local, where cloud
// metadata servers answer, or any other special range). The name is resolved once per hop, and
// the connection is made to the address that was checked, by its number, so a DNS answer that
// changes between the check and the connection cannot take it elsewhere.
//
// The resolver and the dial are seams for the tests, which give test names public-looking
// addresses and dial those on 127.0.0.1; nothing else changes between the tests and production.
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import {
  CHECK_MAX_BYTES,
  CHECK_MAX_REDIRECTS,
  CHECK_TIMEOUT_MS,
  type CheckOutcome,
} from '../../src/domain/qr/destination-health';
import { canonicalTarget, isPublicAddress } from '../../src/domain/qr/target';

/** The User-Agent of every check: who asks, and where to read why. */
export const probeUserAgent = (site: string) =>
  `KemptonCodeworksLinkCheck/1.0 (+${site}/QR_Dashboard; checks a printed QR code's destination once a day)`;

export interface ProbeOptions {
  /** The site's origin, for the User-Agent. */
  readonly site: string;
  /** The site's own host names: a destination on them is a short link, which links never are. */
  readonly siteHosts?: readonly string[];
  /** Every address `host` resolves to (production: the system resolver). */
  readonly resolve?: (host: string) => Promise<string[]>;
  /** The address to connect to for a checked one (production: itself). */
  readonly dial?: (address: string) => string;
  readonly timeoutMs?: number;
  readonly maxRedirects?: number;
  readonly maxBytes?: number;
}

/** What a check found, with the address it ended at and how much of the body it read. */
export interface ProbeResult {
  readonly outcome: CheckOutcome;
  /** The last address fetched (or refused). */
  readonly url: string;
  readonly redirects: number;
  readonly bytesRead: number;
}

const systemResolve = async (host: string) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((answer) => answer.address);

/** DNS failures: the name has no address (or no server would say). */
const DNS_CODES = new Set(['ENOTFOUND', 'ENODATA', 'ESERVFAIL', 'EAI_AGAIN', 'ENONAME']);

/** Whether a connection error is the TLS handshake's (a certificate, a protocol). */
const isTlsError = (code: string) =>
  /^(ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_|EPROTO$|HOSTNAME_MISMATCH)/.test(
    code,
  ) || code === 'ERR_TLS_CERT_ALTNAME_INVALID';

class Stop extends Error {
  constructor(readonly outcome: CheckOutcome) {
    super(outcome.kind);
  }
}

/** Checks `target` (a link's destination) as described above. Never throws. */
export async function probeDestination(
  target: string,
  options: ProbeOptions,
): Promise<ProbeResult> {
  const {
    resolve = systemResolve,
    dial = (address: string) => address,
    timeoutMs = CHECK_TIMEOUT_MS,
    maxRedirects = CHECK_MAX_REDIRECTS,
    maxBytes = CHECK_MAX_BYTES,
  } = options;
  const deadline = AbortSignal.timeout(timeoutMs);
  const seen = new Set<string>();
  let url = target;
  let redirects = 0;
  let bytesRead = 0;
  const result = (outcome: CheckOutcome): ProbeResult => ({ outcome, url, redirects, bytesRead });
  try {
    for (;;) {
      seen.add(url);
      const address = await checkedAddress(url, options, resolve, deadline);
      const response = await get(url, dial(address), options.site, deadline);
      const location = response.headers.location;
      if (response.statusCode! >= 300 && response.statusCode! < 400 && location) {
        response.resume();
        const next = new URL(location, url).href;
        if (redirects >= maxRedirects || seen.has(next)) throw new Stop({ kind: 'redirects' });
        redirects += 1;
        url = next;
        continue;
      }
      bytesRead = await readSome(response, maxBytes, deadline);
      const status = response.statusCode!;
      return result(status >= 400 ? { kind: 'status', status } : { kind: 'ok', status });
    }
  } catch (error) {
    if (error instanceof Stop) return result(error.outcome);
    if (deadline.aborted) return result({ kind: 'timeout' });
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && DNS_CODES.has(code)) return result({ kind: 'dns' });
    if (typeof code === 'string' && isTlsError(code)) return result({ kind: 'tls' });
    return result({ kind: 'unreachable' });
  }
}

/**
 * The address to connect to for `url`: its host passes the target rule, and every address it
 * resolves to is public (all of them, so that no answer of a round-robin name is private).
 */
async function checkedAddress(
  url: string,
  options: ProbeOptions,
  resolve: (host: string) => Promise<string[]>,
  deadline: AbortSignal,
): Promise<string> {
  const check = canonicalTarget(url, { siteHosts: options.siteHosts ?? [] });
  if (!check.ok) throw new Stop({ kind: 'refused' });
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIpLiteral(host);
  const addresses = literal ? [host] : await withDeadline(resolve(host), deadline);
  if (addresses.length === 0) throw new Stop({ kind: 'dns' });
  if (!addresses.every(isPublicAddress)) throw new Stop({ kind: 'refused' });
  return addresses[0]!;
}

const isIpLiteral = (host: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':');

/** `promise`, or the deadline's abort if that comes first. */
function withDeadline<T>(promise: Promise<T>, deadline: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(deadline.reason);
    if (deadline.aborted) return onAbort();
    deadline.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => deadline.removeEventListener('abort', onAbort));
  });
}

/**
 * A GET of `url` over a connection to `address`, the one checked: connected by its number, with
 * the name kept where the server reads it (the Host header, and TLS's server name, against which
 * the certificate is verified).
 */
function get(
  url: string,
  address: string,
  site: string,
  deadline: AbortSignal,
): Promise<IncomingMessage> {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'https:';
  const options: RequestOptions & { servername?: string } = {
    method: 'GET',
    host: address,
    port: parsed.port || (secure ? 443 : 80),
    path: `${parsed.pathname}${parsed.search}`,
    headers: {
      Host: parsed.host,
      'User-Agent': probeUserAgent(site),
      Accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
    },
    signal: deadline,
    // No pooled connection: each check's connection is its own, to the address it checked.
    agent: false,
    ...(secure ? { servername: parsed.hostname.replace(/^\[(.*)\]$/, '$1') } : {}),
  };
  const send = secure ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(options, resolve);
    request.on('error', reject);
    request.end();
  });
}

/** Reads at most `limit` bytes of the answer, then lets the connection go. */
function readSome(response: IncomingMessage, limit: number, deadline: AbortSignal) {
  return new Promise<number>((resolve, reject) => {
    let read = 0;
    const done = () => {
      response.destroy();
      resolve(read);
    };
    response.on('data', (chunk: Buffer) => {
      read = Math.min(limit, read + chunk.length);
      if (read >= limit) done();
    });
    response.on('end', done);
    response.on('error', (error) => (read > 0 ? done() : reject(error)));
    deadline.addEventListener('abort', () => reject(deadline.reason), { once: true });
  });
}

/**
 * A public-looking address (outside every special range) that the emulator's seam gives test
 * names, and dials on this machine.
 */
const EMULATED_PUBLIC = '203.0.114.7';

/**
 * In the Functions emulator only (FUNCTIONS_EMULATOR, which a deployed function never has): the
 * names CHECK_TEST_HOSTS lists (comma-separated; scripts/serve/serve.mjs gives the tests' shop,
 * as Chromium's resolver rules do) resolve to a public-looking address that is dialled on
 * 127.0.0.1, so the end-to-end tests check a "site" served on this machine the way production
 * checks a real one. Every other name is refused as not found: nothing is looked up outside.
 */
export function emulatorSeams(
  env: Readonly<Record<string, string | undefined>> = process.env,
): Pick<ProbeOptions, 'resolve' | 'dial'> {
  if (env.FUNCTIONS_EMULATOR !== 'true') return {};
  const names = new Set(
    (env.CHECK_TEST_HOSTS ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
  return {
    resolve: async (host) => {
      if (names.has(host.toLowerCase())) return [EMULATED_PUBLIC];
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    },
    dial: (address) => (address === EMULATED_PUBLIC ? '127.0.0.1' : address),
  };
}
