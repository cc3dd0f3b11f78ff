// What a deploy build needs and what it ships: the checks of `npm run build:deploy`
// (scripts/deploy/build-deploy.mjs) and of the pre-deploy steps (scripts/deploy/deploy-check.mjs), and the
// Content-Security-Policy of the deployed site. Pure but for reading the functions' settings
// files, so that the unit tests (deploy-config.test.mjs) hold it to the rules below.
//
// `npm start` and the tests build with no variables and talk to the local emulators and inbox on
// 127.0.0.1 (firebase.json's CSP allows those). A deploy build must not: it needs the real
// project's web config and the form service's endpoints, sets no emulator host, and its CSP
// names exactly the origins it uses.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';

/** The variables a deploy build cannot do without, with what each is. */
export const requiredVariables = [
  ['VITE_FIREBASE_API_KEY', "the Firebase web app's API key"],
  ['VITE_FIREBASE_AUTH_DOMAIN', "the project's auth domain (e.g. <project>.firebaseapp.com)"],
  ['VITE_FIREBASE_PROJECT_ID', 'the Firebase project id'],
  ['VITE_FIREBASE_APP_ID', "the Firebase web app's id"],
  ['VITE_FORM_ENDPOINT_1', "the form service's endpoint for enquiries (https://...)"],
];

/** Variables that point the app at local emulators: never in a deploy build. */
export const localOnlyVariables = [
  'VITE_FIREBASE_AUTH_EMULATOR_HOST',
  'VITE_FIRESTORE_EMULATOR_HOST',
];

/**
 * Why `env` cannot make a deploy build: one plain sentence per problem, none when it can.
 * @param {Record<string, string | undefined>} env
 * @returns {string[]}
 */
export function deployProblems(env) {
  const problems = [];
  for (const [name, what] of requiredVariables) {
    if (!env[name]?.trim()) problems.push(`${name} is not set: ${what}.`);
  }
  for (const name of localOnlyVariables) {
    if (env[name]?.trim()) {
      problems.push(`${name} is set (${env[name]}): a deployed site must not use an emulator.`);
    }
  }
  for (const name of ['VITE_FORM_ENDPOINT_1', 'VITE_FORM_ENDPOINT_2']) {
    const value = env[name]?.trim();
    if (value && !isPublicHttps(value)) {
      problems.push(`${name} must be an https:// address of the form service, not ${value}.`);
    }
  }
  const domain = env.VITE_FIREBASE_AUTH_DOMAIN?.trim();
  if (domain && !/^[a-z0-9.-]+\.[a-z]{2,}$/i.test(domain)) {
    problems.push(
      `VITE_FIREBASE_AUTH_DOMAIN must be a host name such as kcw.firebaseapp.com, not ${domain}.`,
    );
  }
  return problems;
}

/** An https URL of a public host (no localhost, no 127.x or other private address). */
function isPublicHttps(value) {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !isLocalHost(url.hostname);
  } catch {
    return false;
  }
}

const isLocalHost = (host) =>
  host === 'localhost' || /^(127\.|10\.|192\.168\.|0\.0\.0\.0|\[::1\])/.test(host);

/**
 * The deployed Content-Security-Policy: firebase.json's (`local`) with every local address
 * removed, connect-src naming the form endpoints' own origins instead of any form service, and the
 * project's auth domain instead of `*.firebaseapp.com` in frame-src. Google's scripts stay allowed
 * from the whole of https://apis.google.com, as Firebase documents for Auth under a policy: the
 * loader (/js/api.js) then loads gapi.iframes from other paths of that host, which a path-exact
 * source would block (GOOGLE_SIGN_IN_REQUESTS lists them).
 * @param {string} local the policy of firebase.json
 * @param {Record<string, string | undefined>} env a deploy build's variables (deployProblems: none)
 * @returns {string}
 */
export function deployCsp(local, env) {
  const formOrigins = ['VITE_FORM_ENDPOINT_1', 'VITE_FORM_ENDPOINT_2']
    .map((name) => env[name]?.trim())
    .filter(Boolean)
    .map((value) => new URL(value).origin);
  const authDomain = `https://${env.VITE_FIREBASE_AUTH_DOMAIN?.trim()}`;
  const directives = local
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
    .map((directive) => {
      const [name, ...sources] = directive.split(/\s+/);
      let kept = sources.filter((source) => !/^https?:\/\/(127\.|localhost)/.test(source));
      if (name === 'connect-src') {
        kept = unique([
          ...kept.filter((source) => source !== 'https://formspree.io'),
          ...formOrigins,
        ]);
      }
      if (name === 'frame-src') {
        kept = unique(
          kept.map((source) => (source === 'https://*.firebaseapp.com' ? authDomain : source)),
        );
      }
      return [name, ...kept].join(' ');
    });
  return directives.join('; ');
}

const unique = (values) => [...new Set(values)];

/**
 * What sign-in with Google (signInWithPopup) asks of the page, by the directive that must allow
 * it; `{authDomain}` is the project's. `recorded`: seen in a run against the Auth emulator
 * (tests/headers.spec.ts records them again); the rest come from Google's loader once it runs,
 * which needs the internet, so they are checked here against the policy only, from the URLs
 * Firebase's gapi loader uses. The popup itself (accounts.google.com) is a window of its own, not
 * governed by this page's policy.
 */
export const GOOGLE_SIGN_IN_REQUESTS = [
  {
    directive: 'script-src',
    url: 'https://apis.google.com/js/api.js?onload=__iframefcb123456',
    recorded: true,
  },
  {
    directive: 'script-src',
    url: 'https://apis.google.com/_/scs/abc-static/_/js/k=gapi.lb.en.Fv8hMMAq6bU.O/m=gapi_iframes,googleapis_client/rt=j/sv=1/d=1/ed=1/rs=AHpOoo-3b/cb=gapi.loaded_0',
    recorded: false,
  },
  {
    directive: 'frame-src',
    url: 'https://{authDomain}/__/auth/iframe?apiKey=AIza-key&appName=%5BDEFAULT%5D&v=12.0.0',
    recorded: true,
  },
];

/**
 * Whether `policy` lets `url` be loaded under `name` (script-src, frame-src...): its sources as a
 * browser matches them (CSP Level 3: scheme, host with `*.` wildcards, a path that is exact or, ending
 * in '/', a prefix). Only what this site's policies use: no nonces or hashes.
 * @param {string} policy
 * @param {string} name
 * @param {string} url
 */
export function cspAllows(policy, name, url) {
  const target = new URL(url);
  const sources = directiveOf(policy, name) ?? directiveOf(policy, 'default-src') ?? [];
  return sources.some((source) => {
    if (source === "'none'") return false;
    if (/^[a-z][a-z0-9+.-]*:$/.test(source)) return target.protocol === source;
    const match = /^(https?):\/\/(\*\.)?([^/:]+)(?::(\d+))?(\/.*)?$/.exec(source);
    if (!match) return false;
    const [, scheme, wildcard, host, port, path] = match;
    if (target.protocol !== `${scheme}:`) return false;
    const hostOk = wildcard ? target.hostname.endsWith(`.${host}`) : target.hostname === host;
    if (!hostOk || (target.port || '') !== (port ?? '')) return false;
    if (!path) return true;
    return path.endsWith('/') ? target.pathname.startsWith(path) : target.pathname === path;
  });
}

/** The sources of directive `name` in `policy`, or undefined. */
export const directiveOf = (policy, name) =>
  policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([first]) => first === name)
    ?.slice(1);

/**
 * The local addresses (127.0.0.1, with a port or as a URL) written in a built file's text, to
 * refuse shipping a build that would talk to this machine. (`http://localhost` alone is left: the
 * Firebase SDK itself names it.)
 * @param {string} text
 * @returns {string[]}
 */
export function localAddressesIn(text) {
  return unique(text.match(/https?:\/\/127\.0\.0\.1(?::\d+)?|127\.0\.0\.1:\d+/g) ?? []);
}

/** The command Hosting runs before a deploy: it refuses a config meant for this machine. */
export const predeployCheck = (config) =>
  `node "$PROJECT_DIR/scripts/deploy/deploy-check.mjs" "$PROJECT_DIR/${config}"`;

/**
 * The command the functions' deploy runs first: it refuses settings the functions cannot start
 * with. Firebase gives a predeploy step the project (GCLOUD_PROJECT) and the functions' folder
 * (RESOURCE_DIR), whose `.env` and `.env.<project-id>` the deploy reads.
 */
export const FUNCTIONS_PREDEPLOY_CHECK =
  'node "$PROJECT_DIR/scripts/deploy/deploy-check.mjs" --functions "$RESOURCE_DIR"';

/**
 * The settings files of the functions for `projectId`, in the order the deploy reads them (a later
 * one wins): `.env`, then `.env.<project-id>`. (A `.env.<alias>` the deploy would also read is not
 * looked at: docs/deploy.md asks for the project id's.)
 * @param {string} projectId
 */
export const functionsSettingsFiles = (projectId) => ['.env', `.env.${projectId}`];

/**
 * The functions' settings for `projectId` as the deploy reads them from the folder `dir`.
 * @param {string} dir
 * @param {string} projectId
 * @returns {Record<string, string>}
 */
export function readFunctionsSettings(dir, projectId) {
  return Object.assign(
    {},
    ...functionsSettingsFiles(projectId)
      .map((name) => join(dir, name))
      .filter((file) => existsSync(file))
      .map((file) => parseEnv(readFileSync(file, 'utf8'))),
  );
}

/**
 * Why the functions' settings (`settings`: the variables of functions/.env and
 * functions/.env.<project-id>, merged) cannot be deployed: one sentence per problem, none when they
 * can. The functions refuse to start without SITE_ORIGINS (functions/src/site.ts); deployed, it
 * must name the site's public https origins.
 * @param {Record<string, string | undefined>} settings
 * @param {string} projectId
 * @returns {string[]}
 */
export function functionsSettingsProblems(settings, projectId) {
  const file = `functions/.env.${projectId}`;
  const origins = (settings.SITE_ORIGINS ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (origins.length === 0) {
    return [
      `SITE_ORIGINS is not set in ${file}: the origins the site answers on, comma-separated ` +
        `(e.g. SITE_ORIGINS=https://kemptoncodeworks.co.za,https://${projectId}.web.app). The ` +
        'functions put the first in the links of their emails, and do not start without it.',
    ];
  }
  return origins
    .filter((origin) => !isPublicHttpsOrigin(origin))
    .map(
      (origin) =>
        `SITE_ORIGINS in ${file} holds ${origin}: each must be an https:// origin of the site ` +
        '(no path), on a public host.',
    );
}

/** `https://<public host>[:port]` and nothing more. */
function isPublicHttpsOrigin(value) {
  try {
    const url = new URL(value);
    return isPublicHttps(value) && url.href === `${url.origin}/`;
  } catch {
    return false;
  }
}

/**
 * The deploy config from firebase.json's (`local`, parsed): every Content-Security-Policy as
 * deployCsp makes it, no emulator settings, Hosting's pre-deploy check pointed at itself, and the
 * functions' settings checked before the functions' own pre-deploy build.
 * @param {any} local
 * @param {Record<string, string | undefined>} env
 * @param {string} name the file it is written to
 */
export function deployConfig(local, env, name) {
  const config = structuredClone(local);
  for (const rule of config.hosting.headers) {
    for (const header of rule.headers) {
      if (header.key === 'Content-Security-Policy') header.value = deployCsp(header.value, env);
    }
  }
  delete config.emulators;
  config.hosting.predeploy = [predeployCheck(name)];
  for (const codebase of [config.functions ?? []].flat()) {
    codebase.predeploy = [FUNCTIONS_PREDEPLOY_CHECK, ...[codebase.predeploy ?? []].flat()];
  }
  return config;
}

/**
 * Where the functions are: their region and the ones Hosting may send a request to.
 * @typedef {{ region: string, served: readonly string[] }} FunctionsPlace
 */

/**
 * The functions' place as the functions are deployed with it (src/domain/region.ts; the domain is
 * TypeScript, which Vite's module runner loads).
 * @returns {Promise<FunctionsPlace>}
 */
export async function functionsPlace() {
  const { runnerImport } = await import('vite');
  const { module } = await runnerImport(
    fileURLToPath(new URL('../../src/domain/region.ts', import.meta.url)),
    { configFile: false, logLevel: 'warn' },
  );
  return { region: module.FUNCTIONS_REGION, served: module.SERVED_FUNCTIONS };
}

/**
 * Why Hosting's rewrites and the functions disagree (none: they agree): a rewrite to a function
 * Hosting cannot reach there (another region, or none named, which Hosting takes as us-central1),
 * or to a function that does not answer requests. Such a rewrite answers every request it takes
 * with an error, or sends it across an ocean to an old copy.
 * @param {any} config a parsed Firebase config
 * @param {FunctionsPlace} functions
 * @returns {string[]}
 */
export function rewriteProblems(config, { region, served }) {
  const problems = [];
  for (const rewrite of [config.hosting ?? []].flat().flatMap((site) => site.rewrites ?? [])) {
    if (!rewrite.function) continue;
    const target =
      typeof rewrite.function === 'string' ? { functionId: rewrite.function } : rewrite.function;
    const named = target.region ?? rewrite.region;
    if (!served.includes(target.functionId)) {
      problems.push(
        `its rewrite of ${rewrite.source} names ${target.functionId}, which is not a function ` +
          `that answers requests (${served.join(', ')})`,
      );
    }
    if (named !== region) {
      problems.push(
        `its rewrite of ${rewrite.source} sends requests to ${target.functionId} in ` +
          `${named ?? 'us-central1 (no region named)'}, but the functions run in ${region}`,
      );
    }
  }
  return problems;
}

/**
 * Why a Firebase config must not be deployed (none: it may): it names a local address, or it
 * holds emulator settings, as firebase.json does for `npm start` and the tests; or its rewrites
 * and the functions disagree (rewriteProblems).
 * @param {string} text the config file's text
 * @param {FunctionsPlace} functions
 * @returns {string[]}
 */
export function deployConfigProblems(text, functions) {
  const problems = localAddressesIn(text).map(
    (address) => `it names ${address}, an address of this machine`,
  );
  const config = JSON.parse(text);
  if ('emulators' in config) problems.push("it holds the emulators' settings");
  return [...problems, ...rewriteProblems(config, functions)];
}
