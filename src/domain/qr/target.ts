// Where a short link may lead: one rule for the page that saves a dynamic code, the server that
// makes and changes links, and the redirect that follows them (functions/ imports this module).
// A printed code cannot be recalled, and the site's own domain must never become a way to dress
// up a harmful address, so a target is accepted only in one canonical form:
//
// - parsed by the WHATWG URL parser (the one browsers and Node share) and kept as its `href`:
//   the host in lower case and punycode (`https://例え.jp/` is `https://xn--r8jz45g.jp/`), spaces
//   and non-ASCII characters percent-encoded, so every reader of the link sees the same address;
// - a host typed as DNS names are written: letters (any script), digits, hyphens, dots and the
//   underscores some names carry, and no space or other sign (`https://exa mple.com`). Parsers
//   disagree here: Node's refuses a space in a host, Chromium's percent-encodes it
//   (`exa%20mple.com`) and takes `a"b.com` as it is, so the page would pass what the server
//   refuses, and the code would lead nowhere. The typed text is checked, the same on both;
// - http: or https: only, with no user name or password (`https://bank.example@evil.example/`
//   shows one host and leads to another);
// - a public host name: no IP literal or name of this machine or a private network (loopback,
//   10/8, 172.16/12, 192.168/16, link-local, carrier-grade NAT, unique-local IPv6...), and no
//   single-label name (`http://router/`), which only resolves inside some network; the site's
//   own host is always allowed;
// - never a short link of the site itself (two links pointing at each other would loop, and every
//   hop would count a scan), on any of its names (siteHosts: the server adds the project's
//   web.app and firebaseapp.com names and its functions' own addresses, where every path is taken
//   for a short link) nor at the short-link function's own Cloud Run address;
// - no control character or invisible space anywhere in what was typed (a `\v`, a no-break space,
//   U+2028), which the parser would silently drop or keep and a reader would not see;
// - at most TARGET_MAX characters once canonical.
//
// What cannot be checked here: where a public name resolves to (DNS can change after saving).
// The redirect checks the target again, with the blocklist, every time it is followed.
import { LINK_ID, SHORT_LINK_PATH } from './short-link';

export const TARGET_MAX = 2000;

export type TargetProblem =
  | 'empty'
  | 'hidden-characters'
  | 'not-a-web-address'
  | 'bad-host'
  | 'scheme'
  | 'credentials'
  | 'private-host'
  | 'single-label-host'
  | 'short-link-loop'
  | 'too-long';

export type TargetCheck =
  | { readonly ok: true; readonly href: string; readonly host: string }
  | { readonly ok: false; readonly problem: TargetProblem; readonly message: string };

export interface TargetOptions {
  /**
   * The host names (with port, if any, as in `URL.host`) the site answers on: a target there
   * under /q/ is one of its own short links.
   */
  readonly siteHosts?: readonly string[];
}

const messages: Record<TargetProblem, string> = {
  empty: 'Enter the web address the code should open.',
  'hidden-characters':
    'The address holds a hidden or control character (such as a tab or a no-break space). Type it again, or paste it as plain text.',
  'not-a-web-address':
    'This is not a complete web address. It should look like https://www.example.co.za/page.',
  'bad-host':
    'The address’s domain (the part after https://) has a space or a sign no domain has. A domain is letters, digits, hyphens and dots only, like www.example.co.za: check how it is typed.',
  scheme:
    'A dynamic code can only lead to a web page: an address starting with https:// or http://.',
  credentials:
    'The address holds a user name or password before its host (user@host). Remove that part: it hides where the link really leads.',
  'private-host':
    'The address leads to a private network or to a device’s own address, which people scanning the code cannot reach. Use the page’s public address.',
  'single-label-host':
    'The address has no domain ending (such as .co.za or .com), so it only works inside one network. Use the page’s public address.',
  'short-link-loop':
    'The address is a short link of this site. A dynamic code cannot lead to another short link: use the page that link leads to.',
  'too-long': `The address is too long: at most ${TARGET_MAX} characters.`,
};

const refuse = (problem: TargetProblem): TargetCheck => ({
  ok: false,
  problem,
  message: messages[problem],
});

/**
 * White space that trimming removes from either end: ASCII white space and every Unicode space
 * separator (the no-break space included), so a pasted address with stray padding is accepted.
 */
const PADDING =
  /^[\s\u0085\u180e\u200b-\u200d\u2060\ufeff]+|[\s\u0085\u180e\u200b-\u200d\u2060\ufeff]+$/gu;

/**
 * Characters nobody sees that must not be inside an address: C0 and C1 controls, DEL, every
 * white space but the plain space (the parser would drop tabs and newlines, and percent-encode
 * the rest, so the address would lead somewhere other than it reads), zero-width characters and
 * bidirectional controls (which can make an address read differently from how it leads). A plain
 * space is visible, and becomes %20 like a browser's address bar makes it.
 */
const HIDDEN =
  /[\p{Cc}\t\n\v\f\r\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;

/** Whether `text` holds a character nobody sees (see HIDDEN), padding aside. */
export const hasHiddenCharacters = (text: string): boolean =>
  HIDDEN.test(text.replace(PADDING, ''));

export const HIDDEN_CHARACTERS_MESSAGE = messages['hidden-characters'];

/**
 * What is wrong with the host of the http(s) address `text` as typed (with its scheme), read
 * before any parser (see the top of the module): 'bad-host' when a name meant as a domain (it has
 * a dot) holds an ASCII character no domain has (a space, a quote, a comma, a percent sign…);
 * 'not-a-web-address' when such a host has no dot either (`https://not a link`). Letters of other
 * scripts pass: the parser turns them into punycode. A bracketed IPv6 literal is left to it.
 */
export function typedHostProblem(text: string): 'bad-host' | 'not-a-web-address' | null {
  const authority = /^https?:[/\\]*([^/?#\\]*)/i.exec(text.replace(PADDING, ''))?.[1];
  if (authority === undefined) return null;
  const host = authority.slice(authority.lastIndexOf('@') + 1).replace(/:\d*$/, '');
  if (host.startsWith('[')) return null;
  // eslint-disable-next-line no-control-regex
  if (!/[\u0000-\u007f]/.test(host.replace(/[a-z\d._-]/gi, ''))) return null;
  return host.includes('.') ? 'bad-host' : 'not-a-web-address';
}

export const BAD_HOST_MESSAGE = messages['bad-host'];

/** The canonical form of `input` as a short link's target, or why it cannot be one. */
export function canonicalTarget(input: string, options: TargetOptions = {}): TargetCheck {
  const text = input.replace(PADDING, '');
  if (text === '') return refuse('empty');
  if (HIDDEN.test(text)) return refuse('hidden-characters');
  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(text)?.[1]?.toLowerCase();
  if (scheme === undefined) return refuse('not-a-web-address');
  if (scheme !== 'http' && scheme !== 'https') return refuse('scheme');
  const typedHost = typedHostProblem(text);
  if (typedHost) return refuse(typedHost);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('not-a-web-address');
  }
  // `http:example.com` and `https:/example.com` parse (as special schemes) but are not what
  // anyone means to print.
  if (!/^https?:\/\//i.test(text) || url.hostname === '') return refuse('not-a-web-address');
  if (url.username !== '' || url.password !== '') return refuse('credentials');
  const siteHosts = (options.siteHosts ?? []).map((host) => host.toLowerCase());
  const onSite = siteHosts.includes(url.host) || siteHosts.includes(url.hostname);
  // The site's own pages are always a valid target (the link list and app types lead to its
  // viewer page), wherever the site runs, 127.0.0.1 in tests included: but never its short links.
  const hostProblem = onSite ? null : checkHost(url.hostname);
  if (hostProblem) return refuse(hostProblem);
  if (onSite && (url.pathname.toLowerCase().startsWith(SHORT_LINK_PATH) || isFunctionHost(url))) {
    return refuse('short-link-loop');
  }
  if (isShortLinkFunction(url)) return refuse('short-link-loop');
  if (url.href.length > TARGET_MAX) return refuse('too-long');
  return { ok: true, href: url.href, host: url.hostname };
}

/**
 * Google's own addresses of a Cloud Function: `<region>-<project>.cloudfunctions.net/<function>`
 * and its Cloud Run service's `*.run.app`. The short-link function answers a link there as
 * `/<id>` as well as `/q/<id>`, so on such an address of the site's (in siteHosts) every path
 * counts as a short link.
 */
const isFunctionHost = (url: URL) => /\.(cloudfunctions\.net|run\.app)$/.test(url.hostname);

/**
 * The short-link function's Cloud Run address, which its project id does not tell
 * (`qr-<hash>-<region>.a.run.app`, `qr-<project number>.<region>.run.app`: the service is named
 * after the function, `qr` in functions/src/index.ts): any `qr-*.run.app` address whose path the
 * function would read as a short link (`/<id>`, `/q/<id>`) is refused, whoever runs it.
 */
function isShortLinkFunction(url: URL): boolean {
  if (!/^qr-[a-z0-9-]+\.(?:[a-z0-9-]+\.)*run\.app$/.test(url.hostname)) return false;
  const [first = '', second = ''] = url.pathname.split('/').slice(1);
  try {
    return LINK_ID.test(decodeURIComponent(first === 'q' ? second : first));
  } catch {
    return false;
  }
}

/** Whether `input` is a target exactly as canonicalTarget would store it. */
export const isCanonicalTarget = (input: string, options?: TargetOptions): boolean => {
  const check = canonicalTarget(input, options);
  return check.ok && check.href === input;
};

/** What is wrong with a host name the URL parser accepted, if anything. */
function checkHost(hostname: string): TargetProblem | null {
  if (hostname.startsWith('[')) return isPublicIpv6(hostname.slice(1, -1)) ? null : 'private-host';
  const ipv4 = parseIpv4(hostname);
  if (ipv4) return isPublicIpv4(ipv4) ? null : 'private-host';
  const name = hostname.replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return 'private-host';
  // Names that only resolve inside a network (RFC 6762 .local, home.arpa, .internal, .lan...).
  if (/\.(local|localdomain|internal|intranet|lan|home|corp|home\.arpa)$/.test(name)) {
    return 'private-host';
  }
  if (!name.includes('.')) return 'single-label-host';
  return null;
}

/**
 * Whether an IP address, as a resolver answers it (dotted IPv4, or IPv6, with or without a dotted
 * IPv4 tail), is reachable on the public internet: what a server that fetches an address checks
 * of every address before it connects (functions/src/destination-probe.ts), since a public name
 * may resolve to this machine or a private network.
 */
export function isPublicAddress(address: string): boolean {
  const ipv4 = parseIpv4(address);
  if (ipv4) return isPublicIpv4(ipv4);
  const tail = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (tail) {
    const bytes = parseIpv4(tail[2]!);
    if (!bytes) return false;
    const words = [(bytes[0]! << 8) | bytes[1]!, (bytes[2]! << 8) | bytes[3]!];
    return isPublicIpv6(
      `${tail[1]}${words.map((word) => word.toString(16)).join(':')}`.toLowerCase(),
    );
  }
  return address.includes(':') && isPublicIpv6(address.toLowerCase());
}

/** An IPv4 host as the URL parser leaves it (it already turns 0x7f.1 and 2130706433 into this). */
function parseIpv4(hostname: string): number[] | null {
  const parts = hostname.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return null;
  const bytes = parts.map(Number);
  return bytes.every((byte) => byte <= 255) ? bytes : null;
}

/** Whether an IPv4 address is reachable on the public internet (not special-purpose, RFC 6890). */
function isPublicIpv4([a, b, c]: number[]): boolean {
  if (a === 0 || a === 10 || a === 127 || a >= 224) return false; // this network, private, loopback, multicast, reserved
  if (a === 100 && b >= 64 && b <= 127) return false; // carrier-grade NAT
  if (a === 169 && b === 254) return false; // link-local (cloud metadata servers live here)
  if (a === 172 && b >= 16 && b <= 31) return false;
  if (a === 192 && b === 168) return false;
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return false; // IETF, documentation
  if (a === 198 && (b === 18 || b === 19)) return false; // benchmarking
  if (a === 198 && b === 51 && c === 100) return false; // documentation
  if (a === 203 && b === 0 && c === 113) return false; // documentation
  return true;
}

/** Whether an IPv6 address (without brackets, as the parser compresses it) is public. */
function isPublicIpv6(address: string): boolean {
  const words = expandIpv6(address);
  if (!words) return false;
  if (words.every((word) => word === 0)) return false; // ::
  if (words.slice(0, 7).every((word) => word === 0) && words[7] === 1) return false; // ::1
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible forms carry an IPv4 address: judge that.
  if (words.slice(0, 5).every((word) => word === 0) && (words[5] === 0xffff || words[5] === 0)) {
    return isPublicIpv4([words[6] >> 8, words[6] & 0xff, words[7] >> 8, words[7] & 0xff]);
  }
  const first = words[0];
  if ((first & 0xfe00) === 0xfc00) return false; // unique local fc00::/7
  if ((first & 0xffc0) === 0xfe80) return false; // link-local fe80::/10
  if ((first & 0xff00) === 0xff00) return false; // multicast
  if (first === 0x2001 && words[1] === 0x0db8) return false; // documentation
  if (first === 0x0064 && words[1] === 0xff9b) return false; // NAT64, which can reach private IPv4
  return true;
}

/** The eight 16-bit words of an IPv6 address as the URL parser serialises it. */
function expandIpv6(address: string): number[] | null {
  const [head, tail, more] = address.split('::');
  if (more !== undefined) return null;
  const part = (text: string | undefined) => (text ? text.split(':') : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const words = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
  const values = words.map((word) => (/^[\da-f]{1,4}$/i.test(word) ? parseInt(word, 16) : NaN));
  return values.some(Number.isNaN) ? null : values;
}
