// Which address a request came from, as far as the server can trust it: the one place every
// per-client limit, the visitor key and any look-up by address read it from (docs/short-links.md,
// "Which address the server trusts").
//
// X-Forwarded-For is a list the client starts: whatever it sends is kept, and each proxy on the
// way appends the address that connected to it. Google's front end in front of Cloud Run
// appends the address that reached it as the right-most entry. Through Firebase Hosting, Hosting
// appends the visitor's address and the front end then appends Hosting's own edge, so the
// visitor is the second entry from the right; called at the function's own address, the caller
// is the right-most. FORWARDED_HOPS (a deploy setting) says which of the two the deploy is:
// entries further left were written by the client and are never trusted.
//
// A direct call to the function's own public address can still put a made-up entry where
// Hosting's would be, so the right-most entry (the `peer`: Hosting's edge through Hosting, the
// caller itself on a direct call) is also given, for a coarser limit beside the client's.
import { isIP } from 'node:net';
import { header, type HttpRequest } from './http';

/** Through Firebase Hosting: Hosting's entry (the visitor), then the front end's (Hosting). */
export const DEFAULT_FORWARDED_HOPS = 2;
/** More proxies than this in front of a function is a mistake in the setting, not a deploy. */
const MAX_FORWARDED_HOPS = 5;

let reported: string | undefined;

/**
 * How many X-Forwarded-For entries, counted from the right, the platform wrote: the deploy's
 * FORWARDED_HOPS (2 through Firebase Hosting, 1 where the functions are called directly).
 * Read at each request, so a test can set it; a value that is no whole number from 1 to 5 is
 * reported once and the default used (a scan must never fail for it).
 */
export function forwardedHops(setting = process.env.FORWARDED_HOPS): number {
  if (setting === undefined || setting.trim() === '') return DEFAULT_FORWARDED_HOPS;
  const hops = Number(setting);
  if (Number.isInteger(hops) && hops >= 1 && hops <= MAX_FORWARDED_HOPS) return hops;
  if (reported !== setting) {
    reported = setting;
    console.error(
      JSON.stringify({
        severity: 'ERROR',
        message: `FORWARDED_HOPS must be a whole number from 1 to ${MAX_FORWARDED_HOPS}; using ${DEFAULT_FORWARDED_HOPS}`,
        setting,
      }),
    );
  }
  return DEFAULT_FORWARDED_HOPS;
}

/**
 * One entry as an address: spaces trimmed, IPv6 in lower case without brackets or zone, an
 * IPv4-mapped IPv6 address as its IPv4 one, a port dropped. What is not an address (a client's
 * invention, left of the trusted entries) is kept as written, cut to 64 characters: it is only
 * ever compared, never parsed further.
 */
export function normalAddress(entry: string): string {
  let address = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.indexOf(':'));
  address = address.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) address = mapped[1];
  return isIP(address) ? address : address.slice(0, 64);
}

export interface ClientAddresses {
  /** The visitor: the entry `hops` from the right (or the left-most, or the socket's). */
  readonly client: string;
  /** The right-most entry, written by Google's front end: Hosting's edge, or a direct caller. */
  readonly peer: string;
}

/** The client and peer of an X-Forwarded-For value (undefined: no header) and a socket address. */
export function addressesOf(
  forwardedFor: string | undefined,
  socketAddress: string | undefined,
  hops: number,
): ClientAddresses {
  const entries = (forwardedFor ?? '')
    .split(',')
    .map(normalAddress)
    .filter((entry) => entry !== '');
  const socket = normalAddress(socketAddress ?? '');
  if (entries.length === 0) return { client: socket, peer: socket };
  // Fewer entries than hops: the left-most is the nearest to the visitor anything wrote.
  const client = entries[Math.max(0, entries.length - hops)];
  return { client, peer: entries[entries.length - 1] };
}

/** The request's client and peer addresses (see above). */
export function clientAddresses(request: HttpRequest, hops = forwardedHops()): ClientAddresses {
  // Node joins repeated X-Forwarded-For headers into one, in order.
  return addressesOf(header(request, 'x-forwarded-for'), request.socket?.remoteAddress, hops);
}

/** The address of the client that made the request, as far as the platform vouches for it. */
export const clientAddress = (request: HttpRequest, hops = forwardedHops()): string =>
  clientAddresses(request, hops).client;

/**
 * The part of an address one subscriber holds, for counting per client: an IPv4 address, or an
 * IPv6 address's /64 (a home or a phone is given a whole /64 and may use any address in it).
 */
export function networkOf(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head, tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // A dotted IPv4 ending stands for two groups.
  const width = (groups: string[]) =>
    groups.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - width(left) - width(right)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
