// The site the functions answer for.
//
// Its origin (the links in the company's emails, the viewer page a link list leads to) comes from
// SITE_ORIGINS alone (comma-separated, the first is the site's main address, e.g.
// `https://kemptoncodeworks.co.za,https://<project>.web.app`), never from a request: whoever calls
// a function at its own address writes X-Forwarded-Host and Host, so an origin taken from them
// would put an attacker's site into the company's own mail. SITE_ORIGINS is required: index.ts
// refuses to start without it (scripts/serve/serve.mjs sets it in the emulator, the tests in
// tests/functions/servers.ts), and the deploy check refuses a deploy whose functions settings
// lack it (scripts/deploy/deploy-config.mjs).
//
// The host names the site answers on are more, for the loop guard (a short link may not lead to
// another: src/domain/qr/target.ts): every configured origin's host, the project's own Firebase
// names (<project>.web.app, <project>.firebaseapp.com) and its functions' own address
// (<region>-<project>.cloudfunctions.net), and the hosts a request names. A name a request adds
// only refuses more of that request's targets, so there it may come from the client.
import { FUNCTIONS_REGION } from '../../src/domain/region';
import { header, type HttpRequest } from './http';

type Env = Readonly<Record<string, string | undefined>>;

/** SITE_ORIGINS is missing or malformed: the functions cannot say where the site is. */
export class SiteNotConfigured extends Error {}

/** Hosts the emulator and the tests serve the site on: the only ones allowed over plain http. */
const LOCAL_HOST = /^(127\.0\.0\.1|localhost)$/;

/** The configured origins, checked (SiteNotConfigured when missing or malformed). */
export function siteOrigins(env: Env = process.env): string[] {
  const values = (env.SITE_ORIGINS ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (values.length === 0) {
    throw new SiteNotConfigured(
      'SITE_ORIGINS is not set: the functions need the origins the site answers on ' +
        '(e.g. https://kemptoncodeworks.co.za), in functions/.env.<project-id> (docs/deploy.md).',
    );
  }
  return values.map((value) => {
    let url: URL | null = null;
    try {
      url = new URL(value);
    } catch {
      // Refused below.
    }
    const plain =
      url !== null &&
      (url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOST.test(url.hostname))) &&
      url.username === '' &&
      url.password === '' &&
      url.pathname === '/' &&
      url.search === '' &&
      url.hash === '' &&
      !value.endsWith('?') &&
      !value.endsWith('#');
    if (!url || !plain) {
      throw new SiteNotConfigured(
        `SITE_ORIGINS holds "${value}", which is no origin: give https://<host> (no path), ` +
          'comma-separated.',
      );
    }
    return url.origin;
  });
}

/**
 * Checks at start that the site is configured: throws SiteNotConfigured when it is not, so no
 * function starts (nor deploys: the deploy runs this code to list the functions, with the
 * settings of functions/.env.<project-id>). The one exception is the Functions emulator listing
 * the functions: it runs the code without the environment its workers then get (where
 * scripts/serve/serve.mjs sets SITE_ORIGINS), and each worker checks again when it starts.
 */
export function requireSiteConfig(env: Env = process.env): void {
  if (env.FUNCTIONS_EMULATOR === 'true' && env.FUNCTIONS_CONTROL_API === 'true') return;
  siteOrigins(env);
}

/** The site's origin, for links the functions write (emails, viewer pages): SITE_ORIGINS' first. */
export function siteOrigin(env: Env = process.env): string {
  return siteOrigins(env)[0];
}

/** The Firebase project the functions run under (GCLOUD_PROJECT or FIREBASE_CONFIG), if known. */
export function projectId(env: Env = process.env): string | null {
  if (env.GCLOUD_PROJECT) return env.GCLOUD_PROJECT;
  try {
    const config = JSON.parse(env.FIREBASE_CONFIG ?? '') as { projectId?: unknown };
    return typeof config.projectId === 'string' && config.projectId ? config.projectId : null;
  } catch {
    return null;
  }
}

/** The project's own names: Hosting's two default sites and the functions' address. */
export const projectHosts = (project: string): string[] => [
  `${project}.web.app`,
  `${project}.firebaseapp.com`,
  `${FUNCTIONS_REGION}-${project}.cloudfunctions.net`,
];

/**
 * Every host name (with port) the site answers on, as far as the configuration, the project and
 * this request tell. Unlike siteOrigin it never throws: at worst it knows fewer names, and
 * index.ts does not start without SITE_ORIGINS.
 */
export function siteHosts(request: HttpRequest, env: Env = process.env): string[] {
  const hosts = new Set<string>();
  try {
    for (const origin of siteOrigins(env)) hosts.add(new URL(origin).host);
  } catch {
    // Not configured: the project's names and the request's still count.
  }
  const project = projectId(env);
  if (project) for (const host of projectHosts(project)) hosts.add(host);
  for (const name of ['x-forwarded-host', 'host']) {
    const value = header(request, name);
    if (value) for (const host of value.split(',')) hosts.add(host.trim().toLowerCase());
  }
  return [...hosts];
}
