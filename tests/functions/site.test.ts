// Where the functions say the site is (functions/src/site.ts): its origin only from SITE_ORIGINS,
// never from a request's headers, required at start; and every address of the site, the
// project's Firebase names and the functions' own, known to the loop guard at save and at scan.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Timestamp } from '../../functions/src/admin';
import {
  projectHosts,
  requireSiteConfig,
  SiteNotConfigured,
  siteHosts,
  siteOrigin,
} from '../../functions/src/site';
import { canonicalTarget } from '../../src/domain/qr/target';
import { useEmulator } from '../rules/emulator';
import {
  idToken,
  PROJECT_ID,
  scan,
  serverLink,
  syncRequest,
  useFunctions,
  webFields,
} from './servers';
import { codesPath } from '../../src/domain/records/codes';
import { FUNCTIONS_REGION } from '../../src/domain/region';

useEmulator();
const under = useFunctions();

/** A request as the functions see one: only its headers matter here. */
const forged = {
  headers: {
    host: 'evil.example',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-proto': 'https',
  },
};

describe('the site origin', () => {
  let saved: string | undefined;
  beforeEach(() => {
    saved = process.env.SITE_ORIGINS;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.SITE_ORIGINS;
    else process.env.SITE_ORIGINS = saved;
  });

  it('comes from SITE_ORIGINS alone, whatever a request says', () => {
    process.env.SITE_ORIGINS = 'https://kemptoncodeworks.co.za, https://kcw.web.app';
    expect(siteOrigin()).toBe('https://kemptoncodeworks.co.za');
    // A request's own names may only add to the hosts whose short links are refused.
    expect(siteHosts(forged)).toEqual(
      expect.arrayContaining(['kemptoncodeworks.co.za', 'kcw.web.app', 'evil.example']),
    );
  });

  it('is required: without it, or with something that is no origin, the functions do not start', () => {
    for (const value of [undefined, '', ' , ']) {
      if (value === undefined) delete process.env.SITE_ORIGINS;
      else process.env.SITE_ORIGINS = value;
      expect(() => requireSiteConfig(), String(value)).toThrow(SiteNotConfigured);
      expect(() => requireSiteConfig()).toThrow(/SITE_ORIGINS is not set/);
      expect(() => siteOrigin()).toThrow(SiteNotConfigured);
    }
    for (const value of [
      'kemptoncodeworks.co.za',
      'http://kemptoncodeworks.co.za',
      'https://kemptoncodeworks.co.za/UserBilling',
      'https://user@kemptoncodeworks.co.za',
      'https://kemptoncodeworks.co.za?x=1',
    ]) {
      process.env.SITE_ORIGINS = value;
      expect(() => requireSiteConfig(), value).toThrow(/is no origin/);
    }
    // The emulator serves the site on this machine over plain http.
    process.env.SITE_ORIGINS = 'http://127.0.0.1:4173';
    expect(siteOrigin()).toBe('http://127.0.0.1:4173');
    // The Functions emulator lists the functions without the workers' environment; a deploy, which
    // lists them the same way, still needs it.
    const listing = { FUNCTIONS_CONTROL_API: 'true' };
    expect(() => requireSiteConfig({ ...listing, FUNCTIONS_EMULATOR: 'true' })).not.toThrow();
    expect(() => requireSiteConfig(listing)).toThrow(SiteNotConfigured);
    expect(() => requireSiteConfig({ FUNCTIONS_EMULATOR: 'true' })).toThrow(SiteNotConfigured);
  });
});

describe('the loop guard knows every address of the project', () => {
  const id = 'AbCdEfGhJk';
  const functionUrls = [
    `https://${FUNCTIONS_REGION}-${PROJECT_ID}.cloudfunctions.net/qr/${id}`,
    `https://${FUNCTIONS_REGION}-${PROJECT_ID}.cloudfunctions.net/qr/q/${id}`,
    `https://qr-abc123xyz-uc.a.run.app/${id}`,
    `https://qr-abc123xyz-uc.a.run.app/q/${id}?qr=1`,
    `https://qr-123456789012.${FUNCTIONS_REGION}.run.app/${id}`,
  ];
  const loops = [
    `https://${PROJECT_ID}.web.app/q/${id}`,
    `https://${PROJECT_ID}.firebaseapp.com/q/${id}?qr=1`,
    ...functionUrls,
  ];

  it('knows the project’s names from the project the functions run under', () => {
    expect(siteHosts({ headers: {} })).toEqual(expect.arrayContaining(projectHosts(PROJECT_ID)));
    const hosts = siteHosts({ headers: {} });
    for (const target of loops) {
      expect(canonicalTarget(target, { siteHosts: hosts }), target).toMatchObject({
        ok: false,
        problem: 'short-link-loop',
      });
    }
    // The site's pages on those names stay valid targets; other services on Google's domains too.
    for (const target of [
      `https://${PROJECT_ID}.web.app/flyer`,
      'https://someone-else.a.run.app/AbCdEfGhJk',
      `https://${FUNCTIONS_REGION}-another-project.cloudfunctions.net/api/menu`,
    ]) {
      expect(canonicalTarget(target, { siteHosts: hosts }), target).toMatchObject({ ok: true });
    }
  });

  it.each(loops)('refuses %s when a code is saved', async (target) => {
    const uid = `site${Math.random().toString(36).slice(2, 8)}`;
    const ref = under.db.collection(codesPath(uid)).doc();
    await ref.set({ ...webFields(target), createdAt: Timestamp.now(), updatedAt: Timestamp.now() });
    const { status, answer } = await syncRequest(under.origin, ref.id, idToken(uid));
    expect(status).toBe(422);
    expect(answer).toMatchObject({ ok: false, problem: 'bad-target' });
    expect(!answer.ok && answer.message).toContain('short link of this site');
  });

  it.each(loops)('stops a link stored with %s when it is scanned', async (target) => {
    const stored = await serverLink(under, { target });
    const response = await scan(under.origin, `/q/${stored}`);
    expect(response.status).toBe(403);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('This link was stopped');
  });
});
