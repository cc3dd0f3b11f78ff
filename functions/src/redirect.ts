// The short links of dynamic codes: a scan of a printed code opens /q/<id>?qr=1 on the site, and
// Hosting hands that path to this function (firebase.json's rewrite), which sends the phone on to
// the code's current target with a 302, so a phone that has never seen the site goes straight on
// without booting the app. What it answers, by the link's state:
//
//   302 to the target              active, and the target passes the target rule and blocklist
//   404 "leads nowhere"            no such link (a malformed id, a typo)
//   410 "no longer active"         its owner deleted the code (the link is kept: see link-sync.ts)
//   403 warning, never the target  switched off by the company, or its target is now blocklisted
//   503 "try again in a moment"    Firestore unreachable and the link not read recently
//
// Never a 500, never cached (every scan must reach the function to be counted and to follow a
// retarget). Counting never delays or fails the answer (scan-counter.ts). HEAD requests and bots
// (link previews, crawlers) get the same answer and are counted apart from scans.
import { isBlockedHost, type Blocklist } from '../../src/domain/qr/blocklist';
import { LINK_ID } from '../../src/domain/qr/short-link';
import { canonicalTarget } from '../../src/domain/qr/target';
import { requestFacts } from './classify';
import { securityHeaders, type HttpRequest, type HttpResponse } from './http';
import { LinkUnavailable, type LinkReader } from './link-reader';
import { pages, sendPage } from './pages';
import type { ScanCounter } from './scan-counter';
import { siteHosts } from './site';

/** The path of a short link: /q/<id> through Hosting, /<id> at the function's own address. */
const PATH = /^\/(?:q\/)?([^/]+)\/?$/;

/**
 * The id in a request's path, or null when the path is not a short link.
 * @param url the request's path and query
 */
export function shortLinkId(url: string | undefined): string | null {
  const path = (url ?? '/').split(/[?#]/, 1)[0];
  let segment: string;
  try {
    segment = decodeURIComponent(PATH.exec(path)?.[1] ?? '');
  } catch {
    return null;
  }
  return LINK_ID.test(segment) ? segment : null;
}

export interface RedirectDeps {
  readonly reader: LinkReader;
  readonly counter: ScanCounter;
  readonly blocklist: Blocklist;
  readonly now?: () => Date;
  readonly log?: (message: string, detail: Record<string, unknown>) => void;
}

const logError = (message: string, detail: Record<string, unknown>) =>
  console.error(JSON.stringify({ severity: 'ERROR', message, ...detail }));

export function createRedirect({
  reader,
  counter,
  blocklist,
  now = () => new Date(),
  log = logError,
}: RedirectDeps) {
  return async function answerScan(request: HttpRequest, response: HttpResponse) {
    response.setHeader('Cache-Control', 'no-store');
    const method = request.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') {
      response.statusCode = 405;
      response.setHeader('Allow', 'GET, HEAD');
      securityHeaders(response);
      response.end();
      return;
    }
    const id = shortLinkId(request.url);
    if (!id) {
      sendPage(response, method, pages.notFound(null));
      return;
    }
    const at = now();
    try {
      const link = await reader.read(id);
      if (!link) {
        sendPage(response, method, pages.notFound(id));
        return;
      }
      if (link.disabled) {
        sendPage(response, method, pages.disabled(id));
        return;
      }
      if (link.deleted) {
        sendPage(response, method, pages.noLongerActive(id));
        return;
      }
      // Checked again at every scan: the rule or the blocklist may have changed since it was saved.
      const target = canonicalTarget(link.target, { siteHosts: siteHosts(request) });
      if (!target.ok || isBlockedHost(target.host, blocklist)) {
        sendPage(response, method, pages.blocked(id));
        return;
      }
      if (method === 'HEAD') {
        counter.filtered(link, at, 'heads');
      } else {
        const facts = requestFacts(request);
        if (facts.bot) counter.filtered(link, at, 'bots');
        else counter.scan(link, at, facts);
      }
      counter.flushIfDue();
      response.setHeader('Location', target.href);
      sendPage(response, method, pages.redirecting(id, target.href));
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
