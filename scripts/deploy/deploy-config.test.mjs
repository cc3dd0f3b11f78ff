// The checks and the Content-Security-Policy of a deploy build (scripts/deploy/deploy-config.mjs), against
// firebase.json's own policy.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  deployConfig,
  deployConfigProblems,
  cspAllows,
  deployCsp,
  deployProblems,
  directiveOf,
  FUNCTIONS_PREDEPLOY_CHECK,
  functionsSettingsProblems,
  GOOGLE_SIGN_IN_REQUESTS,
  localAddressesIn,
  predeployCheck,
  readFunctionsSettings,
  requiredVariables,
  rewriteProblems,
} from './deploy-config.mjs';
import { FUNCTIONS_REGION, SERVED_FUNCTIONS } from '../../src/domain/region.ts';

/** Where the functions are deployed (src/domain/region.ts). */
const place = { region: FUNCTIONS_REGION, served: SERVED_FUNCTIONS };

const real = {
  VITE_FIREBASE_API_KEY: 'AIza-real-key',
  VITE_FIREBASE_AUTH_DOMAIN: 'kempton-codeworks.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'kempton-codeworks',
  VITE_FIREBASE_APP_ID: '1:123:web:abc',
  VITE_FORM_ENDPOINT_1: 'https://formspree.io/f/abcd1234',
  VITE_FORM_ENDPOINT_2: 'https://forms.example.net/f/second',
};

const localCsp = JSON.parse(readFileSync(new URL('../../firebase.json', import.meta.url), 'utf8'))
  .hosting.headers.flatMap((rule) => rule.headers)
  .find((header) => header.key === 'Content-Security-Policy').value;

const directive = directiveOf;

describe('deployProblems', () => {
  it('has none for a real configuration', () => {
    expect(deployProblems(real)).toEqual([]);
    expect(deployProblems({ ...real, VITE_FORM_ENDPOINT_2: undefined })).toEqual([]);
  });

  it('names every variable missing, and what it is', () => {
    const problems = deployProblems({});
    expect(problems).toHaveLength(requiredVariables.length);
    expect(problems[0]).toBe("VITE_FIREBASE_API_KEY is not set: the Firebase web app's API key.");
    expect(deployProblems({ ...real, VITE_FIREBASE_APP_ID: '  ' })).toEqual([
      "VITE_FIREBASE_APP_ID is not set: the Firebase web app's id.",
    ]);
  });

  it('refuses emulators, local or plain-http endpoints and a malformed auth domain', () => {
    expect(deployProblems({ ...real, VITE_FIRESTORE_EMULATOR_HOST: '127.0.0.1:8181' })).toEqual([
      'VITE_FIRESTORE_EMULATOR_HOST is set (127.0.0.1:8181): a deployed site must not use an emulator.',
    ]);
    for (const endpoint of [
      'http://127.0.0.1:9199/f/enquiries',
      'http://formspree.io/f/x',
      'not a url',
    ]) {
      expect(deployProblems({ ...real, VITE_FORM_ENDPOINT_1: endpoint })).toEqual([
        `VITE_FORM_ENDPOINT_1 must be an https:// address of the form service, not ${endpoint}.`,
      ]);
    }
    expect(
      deployProblems({ ...real, VITE_FIREBASE_AUTH_DOMAIN: 'https://x.firebaseapp.com/' }),
    ).toHaveLength(1);
  });
});

describe('deployCsp', () => {
  const csp = deployCsp(localCsp, real);

  it('names no local address', () => {
    expect(localCsp).toContain('127.0.0.1');
    expect(csp).not.toMatch(/127\.0\.0\.1|localhost/);
  });

  it("connects to Firebase and exactly the configured form services' origins", () => {
    expect(directive(csp, 'connect-src')).toEqual([
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://firestore.googleapis.com',
      'https://formspree.io',
      'https://forms.example.net',
    ]);
  });

  it("frames only the project's own auth domain, and loads Google's scripts from its API host", () => {
    expect(directive(csp, 'frame-src')).toEqual([
      "'self'",
      'blob:',
      'https://kempton-codeworks.firebaseapp.com',
    ]);
    expect(directive(csp, 'script-src')).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
      'https://apis.google.com',
    ]);
  });

  it('allows every script and frame that sign-in with Google asks for, and no other site', () => {
    for (const { directive: name, url } of GOOGLE_SIGN_IN_REQUESTS) {
      const wanted = url.replace('{authDomain}', real.VITE_FIREBASE_AUTH_DOMAIN);
      expect(cspAllows(csp, name, wanted), `${name} ${wanted}`).toBe(true);
    }
    // The loader's path alone (the old policy) blocked gapi.iframes, which Google's loader then
    // fetches from another path of the same host.
    const narrowed = csp.replace('https://apis.google.com', 'https://apis.google.com/js/api.js');
    const gapi = GOOGLE_SIGN_IN_REQUESTS.find((request) => !request.recorded);
    expect(cspAllows(narrowed, 'script-src', gapi.url)).toBe(false);
    expect(cspAllows(csp, 'script-src', 'https://evil.example/js/api.js')).toBe(false);
    expect(cspAllows(csp, 'frame-src', 'https://someone-else.firebaseapp.com/__/auth/iframe')).toBe(
      false,
    );
  });

  it('keeps every other directive as it is', () => {
    for (const name of ['default-src', 'img-src', 'object-src', 'frame-ancestors', 'worker-src']) {
      expect(directive(csp, name)).toEqual(directive(localCsp, name));
    }
    expect(csp).toContain('upgrade-insecure-requests');
  });
});

describe('localAddressesIn', () => {
  it('finds the local emulator and inbox addresses a build would ship', () => {
    expect(
      localAddressesIn('a="127.0.0.1:9099";b="http://127.0.0.1:9199/f/x";c="http://localhost"'),
    ).toEqual(['127.0.0.1:9099', 'http://127.0.0.1:9199']);
    expect(localAddressesIn('https://firestore.googleapis.com 10.0.0.1')).toEqual([]);
  });
});

describe('the pre-deploy check', () => {
  const localText = readFileSync(new URL('../../firebase.json', import.meta.url), 'utf8');
  const local = JSON.parse(localText);
  const deployed = deployConfig(local, real, 'firebase.deploy.json');

  /** Runs the check as Hosting does before a deploy, on `config` written to a file. */
  function check(config) {
    const folder = mkdtempSync(join(tmpdir(), 'deploy-check-'));
    const file = join(folder, 'firebase.json');
    writeFileSync(file, JSON.stringify(config));
    return spawnSync(
      process.execPath,
      [new URL('./deploy-check.mjs', import.meta.url).pathname, file],
      {
        encoding: 'utf8',
      },
    );
  }

  it('runs before every Hosting deploy of either config', () => {
    expect(local.hosting.predeploy).toEqual([predeployCheck('firebase.json')]);
    expect(deployed.hosting.predeploy).toEqual([predeployCheck('firebase.deploy.json')]);
  });

  it('refuses firebase.json, the config of npm start and the tests, and says how to deploy', () => {
    expect(deployConfigProblems(localText, place)).toEqual(
      expect.arrayContaining([
        'it names http://127.0.0.1:9099, an address of this machine',
        "it holds the emulators' settings",
      ]),
    );
    const refused = check(local);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('npx firebase deploy --config firebase.deploy.json');
  });

  it('passes the config npm run build:deploy writes', () => {
    expect(deployConfigProblems(JSON.stringify(deployed), place)).toEqual([]);
    expect(check(deployed).status).toBe(0);
  });

  it("refuses rewrites that send requests anywhere but to a served function in the functions' region", () => {
    const moved = structuredClone(deployed);
    const rewrites = moved.hosting.rewrites;
    const qr = rewrites.find((rewrite) => rewrite.function?.functionId === 'qr');
    qr.function.region = 'us-central1';
    const links = rewrites.find((rewrite) => rewrite.function?.functionId === 'links');
    delete links.function.region;
    rewrites.unshift({
      source: '/api/old',
      function: { functionId: 'old', region: FUNCTIONS_REGION },
    });
    expect(rewriteProblems(moved, place)).toEqual([
      'its rewrite of /api/old names old, which is not a function that answers requests ' +
        `(${SERVED_FUNCTIONS.join(', ')})`,
      `its rewrite of /q/** sends requests to qr in us-central1, but the functions run in ${FUNCTIONS_REGION}`,
      `its rewrite of /api/links sends requests to links in us-central1 (no region named), but the functions run in ${FUNCTIONS_REGION}`,
    ]);
    const refused = check(moved);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('sends requests to qr in us-central1');
    expect(refused.stderr).toContain("name the functions' region");
  });
});

describe("firebase.json's rewrites", () => {
  const local = JSON.parse(readFileSync(new URL('../../firebase.json', import.meta.url), 'utf8'));

  it("send each request to a served function in the functions' region, and reach them all", () => {
    expect(rewriteProblems(local, place)).toEqual([]);
    const named = new Set(local.hosting.rewrites.map((rewrite) => rewrite.function?.functionId));
    expect(SERVED_FUNCTIONS.filter((name) => !named.has(name))).toEqual([]);
  });
});

describe("the functions' settings", () => {
  const project = 'kempton-codeworks';
  const site = 'https://kemptoncodeworks.co.za,https://kempton-codeworks.web.app';

  /** A functions folder with these settings files. */
  function folder(files) {
    const dir = mkdtempSync(join(tmpdir(), 'functions-settings-'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return dir;
  }

  /** Runs the functions' pre-deploy check as Firebase does, in `dir`, for `project`. */
  const check = (dir, env = { GCLOUD_PROJECT: project }) =>
    spawnSync(
      process.execPath,
      [new URL('./deploy-check.mjs', import.meta.url).pathname, '--functions', dir],
      { encoding: 'utf8', env: { PATH: process.env.PATH, ...env } },
    );

  it('refuses a deploy without SITE_ORIGINS, saying where it goes and what it is', () => {
    expect(functionsSettingsProblems({}, project)).toEqual([
      'SITE_ORIGINS is not set in functions/.env.kempton-codeworks: the origins the site answers on, comma-separated (e.g. SITE_ORIGINS=https://kemptoncodeworks.co.za,https://kempton-codeworks.web.app). The functions put the first in the links of their emails, and do not start without it.',
    ]);
    expect(functionsSettingsProblems({ SITE_ORIGINS: ' , ' }, project)).toHaveLength(1);
    const refused = check(folder({ '.env': 'MAIL_FROM=Codes <codes@kemptoncodeworks.co.za>\n' }));
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('SITE_ORIGINS is not set in functions/.env.kempton-codeworks');
    // Without the project Firebase names, the check cannot tell which settings the deploy reads.
    expect(check(folder({}), {}).status).toBe(1);
  });

  it('refuses origins that are not the public https site', () => {
    for (const origin of [
      'http://kemptoncodeworks.co.za',
      'https://127.0.0.1:4173',
      'https://kemptoncodeworks.co.za/UserBilling',
      'kemptoncodeworks.co.za',
    ]) {
      expect(functionsSettingsProblems({ SITE_ORIGINS: origin }, project), origin).toEqual([
        `SITE_ORIGINS in functions/.env.kempton-codeworks holds ${origin}: each must be an https:// origin of the site (no path), on a public host.`,
      ]);
    }
  });

  it("passes the project's settings, read as the deploy reads them", () => {
    expect(functionsSettingsProblems({ SITE_ORIGINS: site }, project)).toEqual([]);
    // .env.<project-id> wins over .env, as in the deploy.
    const dir = folder({
      '.env': 'SITE_ORIGINS=http://127.0.0.1:4173\nSMTP_PORT=587\n',
      [`.env.${project}`]: `SITE_ORIGINS="${site}"\n`,
      '.env.other-project': 'SITE_ORIGINS=\n',
    });
    expect(readFunctionsSettings(dir, project)).toEqual({ SITE_ORIGINS: site, SMTP_PORT: '587' });
    const passed = check(dir);
    expect(passed.stderr).toBe('');
    expect(passed.status).toBe(0);
    expect(check(dir, { GCLOUD_PROJECT: 'other-project' }).status).toBe(1);
  });

  it("runs before the functions' own pre-deploy build in the deploy config", () => {
    const local = JSON.parse(readFileSync(new URL('../../firebase.json', import.meta.url), 'utf8'));
    const deployed = deployConfig(local, real, 'firebase.deploy.json');
    for (const [index, codebase] of deployed.functions.entries()) {
      expect(codebase.predeploy).toEqual([
        FUNCTIONS_PREDEPLOY_CHECK,
        ...[local.functions[index].predeploy ?? []].flat(),
      ]);
    }
    expect(deployed.functions.length).toBeGreaterThan(0);
  });
});
