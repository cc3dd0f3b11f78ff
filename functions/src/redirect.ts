// The short links of dynamic codes: a scan of a printed code opens /q/<id>?qr=1 on the site, and
// Hosting hands that path to this function (firebase.json's rewrite), which sends the phone on to
// the code's current target with a 302, so a phone that has never seen the site goes straight on
// without booting the app. What it answers, by the link's state:
//
//   302 to the target              active, and the target passes the target rule and blocklist
//   200 a landing page             active, a type with a page (landing.ts): a contact card, a
//                                  business, a coupon, links; an app's page sends iOS and
//                                  Android straight to their store (302)
//   404 "leads nowhere"            no such link (a malformed id, a typo)
//   410 "no longer active"         its owner deleted the code (the link is kept: see link-sync.ts)
//   403 warning, never the target  switched off by the company, or its target is now blocklisted
//   503 "try again in a moment"    Firestore unreachable and the link not read recently
//
// Never a 500, never cached (every scan must reach the function to be counted and to follow a
// retarget). Counting never delays or fails the answer (scan-counter.ts). HEAD requests and bots
// (link previews, crawlers) get the same answer and are counted apart from scans.
import { TOO_MANY_ATTEMPTS, WRONG_PASSWORD } from '../../src/domain/qr/access';
import { isBlockedHost, type Blocklist } from '../../src/domain/qr/blocklist';
import { checkedPage, type Destination } from '../../src/domain/qr/landing';
import {
  scheduleState,
  type Inactive,
  type LinkSchedule,
  type ScheduleState,
} from '../../src/domain/qr/schedule';
import { LINK_ID } from '../../src/domain/qr/short-link';
import { canonicalTarget } from '../../src/domain/qr/target';
import { deviceOf, requestFacts } from './classify';
import { clientAddresses } from './client-address';
import { header, readBody, securityHeaders, type HttpRequest, type HttpResponse } from './http';
import { CONTACT_FILE, contactFile, landingPage } from './landing';
import { LinkUnavailable, type LinkReader, type LinkRecord } from './link-reader';
import { pages, sendPage } from './pages';
import { guesserOf, unlockCookie, unlockedLinks, type PasswordGate } from './passwords';
import type { ScanCounter } from './scan-counter';
import { siteHosts } from './site';
import { log } from './log';

/**
 * The path of a short link: /q/<id> through Hosting, /<id> at the function's own address; a file
 * of its page below it: a contact card's (/q/<id>/contact.vcf) or a hosted file (/q/<id>/f/<sha256>).
 */
const PATH = new RegExp(
  `^/(?:q/)?([^/]+)(?:/(${CONTACT_FILE.replace('.', '\\.')}|f/[0-9a-f]{64}))?/?$`,
);

/** A file of a link's page that a request asks for. */
export type LinkFile =
  { readonly kind: 'contact' } | { readonly kind: 'hosted'; readonly sha256: string };

/** A request's short link id, and the file of it asked for (null: the link itself). */
export function shortLinkPath(
  url: string | undefined,
): { readonly id: string; readonly file: LinkFile | null } | null {
  const path = (url ?? '/').split(/[?#]/, 1)[0];
  const match = PATH.exec(path);
  let id: string;
  try {
    id = decodeURIComponent(match?.[1] ?? '');
  } catch {
    return null;
  }
  if (!LINK_ID.test(id)) return null;
  const file = match?.[2];
  if (!file) return { id, file: null };
  return {
    id,
    file: file === CONTACT_FILE ? { kind: 'contact' } : { kind: 'hosted', sha256: file.slice(2) },
  };
}

/** The id in a request's path, or null when the path is not a short link itself. */
export function shortLinkId(url: string | undefined): string | null {
  const path = shortLinkPath(url);
  return path && path.file === null ? path.id : null;
}

/**
 * The destination as it may be followed now: its addresses pass the target rule and the
 * blocklist as they stand today (either may have changed since it was saved); null otherwise.
 */
function followable(
  destination: Destination,
  siteHosts: readonly string[],
  blocklist: Blocklist,
): Destination | null {
  const check =
    destination.kind === 'redirect'
      ? canonicalTarget(destination.target, { siteHosts })
      : checkedPage(destination.page, { siteHosts });
  if (!check.ok) return null;
  const hosts = 'hosts' in check ? check.hosts : [check.host];
  if (hosts.some((host) => isBlockedHost(host, blocklist))) return null;
  return 'destination' in check ? check.destination : { kind: 'redirect', target: check.href };
}

/**
 * The address a code that is not active sends scans to, as it may be followed now (the target
 * rule and blocklist as they stand today); null for a page instead.
 */
function inactiveTarget(
  inactive: Inactive | null,
  siteHosts: readonly string[],
  blocklist: Blocklist,
): string | null {
  if (inactive?.kind !== 'redirect') return null;
  const to = followable({ kind: 'redirect', target: inactive.target }, siteHosts, blocklist);
  return to?.kind === 'redirect' ? to.target : null;
}

/** Where an app's page sends a phone straight on: its own store. */
function storeFor(destination: Destination, request: HttpRequest): string | null {
  if (destination.kind !== 'page' || destination.page.kind !== 'apps') return null;
  const { os } = deviceOf(String(request.headers['user-agent'] ?? ''));
  if (os === 'ios') return destination.page.appStore;
  if (os === 'android') return destination.page.googlePlay;
  return null;
}

/** What the checks every request of a short link passes need (checkLink). */
export interface LinkChecks {
  readonly reader: LinkReader;
  readonly blocklist: Blocklist;
  readonly gate: PasswordGate;
}

export interface RedirectDeps extends LinkChecks {
  readonly counter: ScanCounter;
  readonly now?: () => Date;
  readonly log?: (message: string, detail: Record<string, unknown>) => void;
}

/** A link that passed checkLink: what it leads to now. */
export interface OpenLink {
  readonly link: LinkRecord;
  readonly destination: Destination;
}

export const logError = (message: string, detail: Record<string, unknown>) =>
  log('ERROR', message, detail);

export const notAllowed = (response: HttpResponse) => {
  response.statusCode = 405;
  response.setHeader('Allow', 'GET, HEAD');
  securityHeaders(response);
  response.end();
};

/**
 * The checks every request of the short link `id` passes, a scan or a file of its page (the
 * `hosted` function, file-link.ts, runs them too): the link exists, is neither switched off nor
 * deleted, its destination passes the target rule and blocklist as they stand today, it is
 * within its schedule, and a locked link opens only for a browser the right password let in.
 * Answers the request itself when one fails and returns null; `inactive` answers for a link
 * outside its schedule. Throws LinkUnavailable when the link cannot be read.
 */
export async function checkLink(
  { reader, blocklist, gate }: LinkChecks,
  request: HttpRequest,
  response: HttpResponse,
  id: string,
  at: Date,
  inactive: (
    link: LinkRecord,
    schedule: LinkSchedule,
    state: Exclude<ScheduleState, 'active'>,
  ) => void,
): Promise<OpenLink | null> {
  const method = request.method ?? 'GET';
  const link = await reader.read(id);
  if (!link) {
    sendPage(response, method, pages.notFound(id));
    return null;
  }
  if (link.disabled) {
    sendPage(response, method, pages.disabled(id));
    return null;
  }
  if (link.deleted) {
    sendPage(response, method, pages.noLongerActive(id));
    return null;
  }
  // Checked again at every scan: the rule or the blocklist may have changed since it was saved.
  const destination = followable(link.destination, siteHosts(request), blocklist);
  if (!destination) {
    sendPage(response, method, pages.blocked(id));
    return null;
  }
  const when = link.destination.schedule;
  const state = when ? scheduleState(when, at, link.scans) : 'active';
  if (when && state !== 'active') {
    inactive(link, when, state);
    return null;
  }
  // A protected code opens only for a browser the right password let in.
  if (link.locked && !(await unlocked(gate, request, response, link, at))) return null;
  return { link, destination };
}

export function createRedirect({
  reader,
  counter,
  blocklist,
  gate,
  now = () => new Date(),
  log = logError,
}: RedirectDeps) {
  /** Counts a scan (apart: HEADs and bots), without waiting for the count to be written. */
  function count(link: LinkRecord, request: HttpRequest, method: string, at: Date) {
    const facts = requestFacts(request);
    if (method === 'HEAD') counter.filtered(link, at, 'heads', facts.clientKey);
    else if (facts.bot) counter.filtered(link, at, 'bots', facts.clientKey);
    else counter.scan(link, at, facts);
    counter.flushIfDue();
  }

  return async function answerScan(request: HttpRequest, response: HttpResponse) {
    // Never stored by a cache, and private: Firebase Hosting drops the Set-Cookie of a response
    // it could cache (the unlock cookie of a protected code).
    response.setHeader('Cache-Control', 'private, no-store');
    const method = request.method ?? 'GET';
    // POST only answers a locked link's password form.
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
      notAllowed(response);
      return;
    }
    const path = shortLinkPath(request.url);
    // Hosted files are the `hosted` function's (file-link.ts): downloads never take the capacity
    // that answers scans. Hosting sends /q/*/f/** there; here, at this function's own address,
    // such a path leads nowhere, without a read.
    if (!path || path.file?.kind === 'hosted') {
      sendPage(response, method, pages.notFound(path?.id ?? null));
      return;
    }
    const { id } = path;
    const at = now();
    try {
      const open = await checkLink(
        { reader, blocklist, gate },
        request,
        response,
        id,
        at,
        (link, when, state) => {
          // Outside its days or past its limit: what the owner chose instead (the scan counts).
          if (path.file !== null) {
            sendPage(response, method, pages.notFound(id));
            return;
          }
          count(link, request, method, at);
          const instead = inactiveTarget(when.inactive, siteHosts(request), blocklist);
          if (instead) {
            response.setHeader('Location', instead);
            sendPage(response, method, pages.redirecting(id, instead));
          } else {
            const message = when.inactive?.kind === 'message' ? when.inactive.text : null;
            sendPage(response, method, pages.notActive(id, state, message));
          }
        },
      );
      if (!open) return;
      const { link, destination } = open;
      // A locked link's POST was its password form (checkLink answered it); no other takes one.
      if (method === 'POST') {
        notAllowed(response);
        return;
      }
      if (path.file !== null) {
        // The contact card's file: a follow-up of a scan, not one.
        sendContactFile(response, method, destination, id);
        return;
      }
      count(link, request, method, at);
      const to =
        destination.kind === 'redirect' ? destination.target : storeFor(destination, request);
      if (to === null && destination.kind === 'page') {
        sendPage(response, method, landingPage(destination.page, id));
        return;
      }
      response.setHeader('Location', to!);
      sendPage(response, method, pages.redirecting(id, to!));
    } catch (error) {
      // Not counted, since not sent on: reported with a figure instead.
      log(
        error instanceof LinkUnavailable
          ? 'scan not answered: Firestore unreachable and the link not read recently'
          : 'scan not answered: the redirect failed',
        { id, error: String(error) },
      );
      response.setHeader('Retry-After', '30');
      sendPage(response, method, pages.unavailable(id));
    }
  };
}

function sendContactFile(
  response: HttpResponse,
  method: string,
  destination: Destination,
  id: string,
) {
  if (destination.kind !== 'page' || destination.page.kind !== 'contact') {
    sendPage(response, method, pages.notFound(id));
    return;
  }
  const { body, fileName } = contactFile(destination.page);
  response.statusCode = 200;
  response.setHeader('Content-Type', 'text/vcard; charset=utf-8');
  response.setHeader(
    'Content-Disposition',
    `attachment; filename="contact.vcf"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
  );
  securityHeaders(response);
  response.end(method === 'HEAD' ? undefined : body);
}

/**
 * Whether the browser may open the locked link: it carries an unlock for it, or it has just
 * posted the right password (then a page with the unlock opens the link again, and that GET is
 * the scan). Otherwise answers with the password form, or why it cannot be tried.
 */
async function unlocked(
  gate: PasswordGate,
  request: HttpRequest,
  response: HttpResponse,
  link: LinkRecord,
  at: Date,
): Promise<boolean> {
  const method = request.method ?? 'GET';
  const { id } = link;
  if (!link.passwordSet) {
    sendPage(response, method, pages.passwordNotSet(id));
    return false;
  }
  const key = await gate.key.get();
  const now = at.getTime();
  const open = unlockedLinks(header(request, 'cookie'), key, now);
  const action = `/q/${id}${new URL(request.url ?? '/', 'http://link.invalid').search}`;
  if (method !== 'POST') {
    // Only for the password it was given for: a new one asks again.
    if (open.get(id)?.version === link.passwordVersion) return true;
    sendPage(response, method, pages.password(id, action));
    return false;
  }
  const body = await readBody(request, 2048).catch(() => null);
  const attempt = body ? (new URLSearchParams(body.toString('utf8')).get('password') ?? '') : '';
  // Counted before the slow check, so no burst of guesses gets checked uncounted.
  const guesser = guesserOf(key, clientAddresses(request));
  const reservation = await gate.attempts.reserve(id, guesser, now);
  if (!reservation) {
    sendPage(
      response,
      method,
      pages.password(id, action, { status: 429, message: TOO_MANY_ATTEMPTS }),
    );
    return false;
  }
  const version = await gate.versionOpenedBy(id, attempt);
  if (version === null) {
    sendPage(
      response,
      method,
      pages.password(id, action, { status: 401, message: WRONG_PASSWORD }),
    );
    return false;
  }
  // A right password is no wrong one: taken back off the counts (a failure leaves one too many).
  await gate.attempts
    .release(guesser, reservation, now)
    .catch((error: unknown) =>
      logError('a right password stays counted as a wrong one', { id, error: String(error) }),
    );
  const secure = (header(request, 'x-forwarded-proto') ?? '').startsWith('https');
  response.setHeader('Set-Cookie', unlockCookie(open, id, version, key, now, secure));
  sendPage(response, method, pages.unlocked(id, action));
  return false;
}
