import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { cspAllows, deployCsp, GOOGLE_SIGN_IN_REQUESTS } from '../scripts/deploy/deploy-config.mjs';
import { projectId } from './support/auth-emulator';
import { chunkPath, filePath } from '../src/domain/records/files';
import { linkPath } from '../src/domain/records/links';

// What firebase.json makes Firebase Hosting (here its emulator) send. Exact values on purpose:
// a change to the deploy config's headers should be a change to this spec too.
const contentSecurityPolicy = [
  "default-src 'self'",
  // Google sign-in loads Google's iframe loader (apis.google.com) and the auth domain's iframe.
  // 'wasm-unsafe-eval' lets the QR scan check compile its own ZXing WebAssembly (no eval).
  "script-src 'self' 'wasm-unsafe-eval' https://apis.google.com",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  // Previews of the QR wizard's uploads (video, audio, PDF) play from blob: URLs.
  "media-src 'self' blob:",
  // Firebase Auth and Cloud Firestore with their local emulators; the form service and its local
  // stand-in, the inbox.
  "connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com http://127.0.0.1:9099 https://firestore.googleapis.com http://127.0.0.1:8181 https://formspree.io http://127.0.0.1:9199",
  "frame-src 'self' blob: https://*.firebaseapp.com http://127.0.0.1:9099",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  'upgrade-insecure-requests',
].join('; ');
const securityHeaders = {
  'content-security-policy': contentSecurityPolicy,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy':
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
  'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
  'cross-origin-opener-policy': 'same-origin-allow-popups',
};
const immutable = 'public, max-age=31536000, immutable';
const oneDay = 'public, max-age=86400, stale-while-revalidate=604800';

const appShell = /<div id="root"><\/div>/;
const spaPaths = ['/', '/AboutPage', '/custompc', '/CustomPC', '/no-such-page', '/a/b/c'];

/** The hashed entry script and stylesheet that index.html links. */
async function entryAssets(request: APIRequestContext) {
  const html = await (await request.get('/')).text();
  const script = html.match(/<script type="module"[^>]*\ssrc="([^"]+)"/)?.[1];
  const style = html.match(/<link rel="stylesheet"[^>]*\shref="([^"]+)"/)?.[1];
  expect(script).toMatch(/^\/assets\/.+-[\w-]{8}\.js$/);
  expect(style).toMatch(/^\/assets\/.+-[\w-]{8}\.css$/);
  return [script!, style!];
}

test('routes and unknown paths get the app shell, as index.html itself', async ({ request }) => {
  const index = await request.get('/index.html');
  expect(index.status()).toBe(200);
  const shell = await index.text();
  expect(shell).toMatch(appShell);
  for (const path of spaPaths) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toMatch(/^text\/html/);
    expect(await response.text(), path).toBe(shell);
  }
});

test('a missing file under /assets/, /gallery/ or /icons/ is a 404, not the app shell', async ({
  request,
}) => {
  for (const path of ['/assets/index-00000000.js', '/gallery/no-such.webp', '/icons/no-such.png']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).not.toMatch(appShell);
  }
});

test('the page, service worker and manifest are revalidated on every use', async ({ request }) => {
  for (const path of [...spaPaths, '/index.html', '/sw.js', '/manifest.webmanifest']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['cache-control'], path).toBe('no-cache');
  }
  const worker = await request.get('/sw.js');
  expect(worker.headers()['content-type']).toMatch(/^(application|text)\/javascript/);
});

test('hashed assets are cached for a year as immutable', async ({ request }) => {
  for (const path of await entryAssets(request)) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['cache-control'], path).toBe(immutable);
  }
});

test('files that keep their names when replaced are cached for a day', async ({ request }) => {
  const files = [
    '/gallery/build-1.webp',
    '/icons/icon-192.png',
    '/favicon.svg',
    '/logo.svg',
    '/apple-touch-icon.png',
  ];
  for (const path of files) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['cache-control'], path).toBe(oneDay);
  }
});

test('security headers on the page, a route, assets, the service worker and a 404', async ({
  request,
}) => {
  const [script, style] = await entryAssets(request);
  const paths = ['/', '/AboutPage', script, style, '/sw.js', '/assets/index-00000000.js'];
  for (const path of paths) {
    const headers = (await request.get(path)).headers();
    for (const [name, value] of Object.entries(securityHeaders)) {
      expect(headers[name], `${name} on ${path}`).toBe(value);
    }
  }
});

test.describe('in the browser', () => {
  test.use({ reducedMotion: 'no-preference' });

  /** Console messages about CSP or Permissions-Policy and CSP violation events of the page. */
  function watchPolicies(page: Page) {
    const messages: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy|Permissions.Policy/i.test(message.text())) {
        messages.push(`${message.type()}: ${message.text()}`);
      }
    });
    return async () => ({
      violations: await page.evaluate(
        () => (window as unknown as { violations: string[] }).violations,
      ),
      messages,
    });
  }

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      const violations: string[] = [];
      Object.assign(window, { violations });
      document.addEventListener('securitypolicyviolation', (event) =>
        violations.push(`${event.effectiveDirective} ${event.blockedURI}`),
      );
    });
  });

  for (const path of ['/', '/CustomPC']) {
    test(`${path} loads, with its background worker and images, under the policy`, async ({
      page,
    }) => {
      const policyProblems = watchPolicies(page);
      const worker = page.waitForEvent('worker', {
        predicate: (w) => w.url().includes('matrix.worker'),
        timeout: 10_000,
      });
      const response = await page.goto(path);
      // Its exact value is checked above; here only that a policy is in force.
      expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Every image, lazy ones too, loads (img-src) and decodes.
      const images = await page.evaluate(async () => {
        const all = [...document.images];
        for (const image of all) image.loading = 'eager';
        await Promise.all(all.map((image) => image.decode().catch(() => undefined)));
        return all.map((image) => ({ src: image.src, width: image.naturalWidth }));
      });
      expect(images.length).toBeGreaterThan(0);
      expect(images.filter((image) => image.width === 0)).toEqual([]);
      // Stylesheets applied: the layout's fixed background canvas is styled by them.
      await expect(page.locator('canvas.matrix-background')).toHaveCSS('position', 'fixed');
      expect(await policyProblems()).toEqual({ violations: [], messages: [] });
      await worker;
    });
  }

  test('the policy is enforced: an injected inline script does not run', async ({ page }) => {
    await page.goto('/');
    const outcome = await page.evaluate(async () => {
      const violation = new Promise<string>((resolve) =>
        document.addEventListener('securitypolicyviolation', (e) => resolve(e.effectiveDirective)),
      );
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.head.append(script);
      return { ran: 'inlineRan' in window, directive: await violation };
    });
    expect(outcome).toEqual({ ran: false, directive: 'script-src-elem' });
  });

  test('Google sign-in may load its script and the auth frames under the policy', async ({
    page,
  }) => {
    const policyProblems = watchPolicies(page);
    await page.goto('/Login');
    // A request event means the policy let it out; here it then fails (no internet).
    const loader = page.waitForEvent('request', (r) =>
      r.url().startsWith('https://apis.google.com/js/api.js'),
    );
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const loaded = new URL((await loader).url());
    await expect(page.getByRole('alert')).toContainText('Google sign-in could not be reached');
    // What this run records is what the deploy's policy is checked against, and it allows it.
    const recorded = GOOGLE_SIGN_IN_REQUESTS.filter((request) => request.recorded);
    expect(
      recorded.some(
        ({ url }) =>
          new URL(url).origin + new URL(url).pathname === loaded.origin + loaded.pathname,
      ),
    ).toBe(true);
    const deployed = deployCsp(contentSecurityPolicy, {
      VITE_FIREBASE_AUTH_DOMAIN: 'kempton-codeworks.firebaseapp.com',
    });
    expect(cspAllows(deployed, 'script-src', loaded.href)).toBe(true);

    const frames = [
      'http://127.0.0.1:9099/emulator/auth/iframe',
      'https://demo-kcw.firebaseapp.com/__/auth/iframe',
    ];
    const requested = frames.map((url) => page.waitForEvent('request', (r) => r.url() === url));
    await page.evaluate((urls) => {
      for (const url of urls) {
        const frame = document.createElement('iframe');
        frame.src = url;
        document.body.append(frame);
      }
    }, frames);
    await Promise.all(requested);
    expect(await policyProblems()).toEqual({ violations: [], messages: [] });
    expect(
      cspAllows(deployed, 'frame-src', 'https://kempton-codeworks.firebaseapp.com/__/auth/iframe'),
    ).toBe(true);
  });

  test('the local Auth emulator origin is allowed and not upgraded to https', async ({ page }) => {
    const policyProblems = watchPolicies(page);
    await page.goto('/');
    const request = page.waitForEvent('request', (r) => r.url().includes(':9099/'));
    // Nothing need listen there: only whether the browser lets the request out matters.
    await page.evaluate(() => fetch('http://127.0.0.1:9099/').catch(() => undefined));
    expect((await request).url()).toBe('http://127.0.0.1:9099/');
    expect(await policyProblems()).toEqual({ violations: [], messages: [] });
  });
});

/** The policy of the functions' own pages (functions/src/http.ts), which Hosting leaves alone. */
const functionPagePolicy =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; media-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

test('a short link goes to the function, never cached, with the security headers', async ({
  request,
}) => {
  // An id no code has: the function's own 404 page, not the app shell.
  const response = await request.get('/q/noSuchShortLink2026', { maxRedirects: 0 });
  expect(response.status()).toBe(404);
  expect(await response.text()).not.toMatch(appShell);
  // Hosting adds the headers the function does not set; those it sets are its own (its caching,
  // its policy, its referrer policy), not the site's.
  expect(response.headers()).toMatchObject({
    'permissions-policy': securityHeaders['permissions-policy'],
    'strict-transport-security': securityHeaders['strict-transport-security'],
    'cross-origin-opener-policy': securityHeaders['cross-origin-opener-policy'],
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'content-security-policy': functionPagePolicy,
    'cache-control': 'private, no-store',
    'content-type': 'text/html; charset=utf-8',
  });
});

test('the links API goes to its function: JSON, never cached, and nobody unsigned gets in', async ({
  request,
}) => {
  const response = await request.post('/api/links', { data: { code: 'anything' } });
  expect(response.status()).toBe(401);
  expect(response.headers()).toMatchObject({
    'cache-control': 'no-store',
    'content-type': 'application/json; charset=utf-8',
    'x-content-type-options': 'nosniff',
  });
  expect(await response.json()).toMatchObject({ ok: false, problem: 'unauthenticated' });
  const get = await request.get('/api/links', { maxRedirects: 0 });
  expect(get.status()).toBe(405);
  expect(await get.text()).not.toMatch(appShell);
});

/** Firestore's REST form of a plain value (bytes as a Buffer). */
function firestoreValue(value: unknown): Record<string, unknown> {
  if (value === null) return { nullValue: null };
  if (Buffer.isBuffer(value)) return { bytesValue: value.toString('base64') };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number') return { integerValue: String(value) };
  if (typeof value === 'string') return { stringValue: value };
  const fields = Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [
      key,
      firestoreValue(item),
    ]),
  );
  return { mapValue: { fields } };
}

/** Writes `fields` at `path` in the test server's Firestore emulator, as the functions would. */
async function writeDocument(path: string, fields: Record<string, unknown>) {
  const { port } = (
    JSON.parse(readFileSync(new URL('../firebase.json', import.meta.url), 'utf8')) as {
      emulators: { firestore: { port: number } };
    }
  ).emulators.firestore;
  const response = await fetch(
    `http://127.0.0.1:${port}/v1/projects/${projectId}/databases/(default)/documents/${path}`,
    {
      method: 'PATCH',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      // A document's body is its fields, as a map value holds them.
      body: JSON.stringify((firestoreValue(fields) as { mapValue: object }).mapValue),
    },
  );
  expect(response.status, `writing ${path}`).toBe(200);
}

/**
 * A PNG hosted for an image code's short link, as the upload API and the link API leave them
 * (functions/src/file-store.ts, link-sync.ts); `locked` protects the link with a password not set
 * yet. Its link id and the file's hash.
 */
async function hostedImage({ locked = false } = {}) {
  const bytes = randomBytes(3000);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).copy(bytes);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const owner = `headers${randomBytes(4).toString('hex')}`;
  const id = `hdr${randomBytes(6).toString('hex')}`;
  const file = { sha256, name: 'poster.png', size: bytes.length, type: 'image/png' };
  await writeDocument(chunkPath(owner, sha256, 0), { data: bytes });
  await writeDocument(filePath(owner, sha256), {
    owner,
    ...file,
    kind: 'image',
    received: bytes.length,
    complete: true,
  });
  await writeDocument(linkPath(id), {
    owner,
    code: `code-${id}`,
    target: null,
    page: { kind: 'file', field: 'imageFile', file, title: 'Poster' },
    schedule: null,
    locked,
    passwordSet: false,
    deletedAt: null,
    disabled: null,
  });
  return { id, sha256, bytes };
}

test('a hosted file keeps the function’s own headers; its 404 and password pages are not kept', async ({
  request,
}) => {
  // A file of a link that does not exist, and one its page does not show.
  const { id, sha256, bytes } = await hostedImage();
  for (const path of [`/q/noSuchShortLink2026/f/${sha256}`, `/q/${id}/f/${'0'.repeat(64)}`]) {
    const missing = await request.get(path, { maxRedirects: 0 });
    expect(missing.status(), path).toBe(404);
    expect(await missing.text(), path).not.toMatch(appShell);
    expect(missing.headers()['cache-control'], path).toBe('private, no-store');
  }

  // The file itself: the browser keeps it for good, a shared cache never; a picture opens with
  // nothing to run, in a sandbox of its own.
  const file = await request.get(`/q/${id}/f/${sha256}`);
  expect(file.status()).toBe(200);
  expect(file.headers()).toMatchObject({
    'content-type': 'image/png',
    'cache-control': 'private, max-age=31536000, immutable',
    'content-security-policy':
      "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
    'x-content-type-options': 'nosniff',
  });
  expect(Buffer.compare(await file.body(), bytes)).toBe(0);

  // A locked link's file address answers its page, which must not be kept either.
  const locked = await hostedImage({ locked: true });
  const page = await request.get(`/q/${locked.id}/f/${locked.sha256}`);
  expect(page.status()).toBe(403);
  expect(page.headers()['cache-control']).toBe('private, no-store');
  // The function's policy for its pages, not the file's.
  expect(page.headers()['content-security-policy']).toBe(functionPagePolicy);
});
