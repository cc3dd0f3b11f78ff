// The production build in dist/: service worker, precache list and manifest.
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

/** The URLs the built service worker precaches (read when a test runs, not at import). */
const precachedUrls = () =>
  [...readFileSync('dist/sw.js', 'utf8').matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]);

test('the service worker precaches every JS and CSS chunk exactly once', () => {
  const precached = precachedUrls();
  // jsPDF's optional helpers are left out on purpose (vite.config.ts globIgnores).
  const assets = readdirSync('dist/assets').filter(
    (file) => /\.(js|css)$/.test(file) && !/^(html2canvas|purify|index\.es-)/.test(file),
  );
  expect(assets.length).toBeGreaterThan(10);
  for (const asset of assets) {
    expect(
      precached.filter((url) => url === `assets/${asset}`),
      asset,
    ).toHaveLength(1);
  }
  for (const page of [
    'home-page',
    'about-page',
    'services-page',
    'custom-pc-page',
    'contact-page',
    'not-found-page',
  ]) {
    expect(
      precached.some((url) => url.startsWith(`assets/${page}-`)),
      page,
    ).toBe(true);
  }
  expect(precached).toContain('index.html');
  expect(new Set(precached).size).toBe(precached.length);
  // Photos have their own runtime cache rather than the precache.
  expect(precached.filter((url) => url.startsWith('gallery/'))).toEqual([]);
});

test('the manifest has what installation and the home screen need', () => {
  const precached = precachedUrls();
  const manifest = JSON.parse(readFileSync('dist/manifest.webmanifest', 'utf8'));
  expect(manifest).toMatchObject({
    name: expect.any(String),
    short_name: expect.any(String),
    description: expect.any(String),
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#002D17',
  });
  const purposes = manifest.icons.map(
    (icon: { sizes: string; purpose?: string }) => `${icon.sizes} ${icon.purpose ?? 'any'}`,
  );
  expect(purposes).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );
  expect(manifest.shortcuts.map((shortcut: { url: string }) => shortcut.url)).toEqual([
    '/ContactPage',
    '/QR_Dashboard',
  ]);
  for (const icon of manifest.icons) expect(precached).toContain(icon.src.replace(/^\//, ''));
  expect(readFileSync('dist/index.html', 'utf8')).toContain(
    '<link rel="manifest" href="/manifest.webmanifest">',
  );
});
