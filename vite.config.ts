import { execSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import type { ManifestTransform } from 'workbox-build';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { MEMBER_ASSETS_FILE, memberFiles, staffFiles } from './scripts/build/precache-groups.mjs';
import { defineConfig } from 'vitest/config';

// The top-level manifest.webmanifest is the one source; the plugin emits it and links it.
const manifest = JSON.parse(
  readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'),
) as Partial<ManifestOptions>;

// Names the build in index.html (<meta name="build-id">): support can tell which version a
// visitor runs, and a new deploy changes index.html, so the service worker sees an update.
process.env.VITE_BUILD_ID ??= buildId();

function buildId(): string {
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'local';
  }
}

const unitFiles = ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'];
/**
 * Unit test files that need a module graph of their own: those that stand a module in with
 * vi.mock, and those that install a fake IndexedDB (its globals and idb-keyval's open database
 * would outlive the file in a shared one). Read only when Vitest runs, not for every build.
 */
const mockingFiles = !process.env.VITEST
  ? []
  : ['src', 'scripts']
      .flatMap((dir) =>
        readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => `${dir}/${f}`),
      )
      .filter((file) => /\.test\.(ts|tsx|mjs)$/.test(file))
      .filter((file) => /\bvi\.(do)?[mM]ock\(|fake-indexeddb/.test(readFileSync(file, 'utf8')));

// jsPDF's optional helpers (html2canvas, DOMPurify, canvg): the vector PDF download never loads
// them, so they are neither precached nor cached at sign-in.
const unusedHelpers = ['html2canvas', 'purify', 'index.es-'];
const isUnusedHelper = (file: string) =>
  unusedHelpers.some((name) => file.slice(file.lastIndexOf('/') + 1).startsWith(name));

// The built files only signed-in users need (scripts/build/precache-groups.mjs): left out of the
// precache, listed in member-assets.json for the service worker to cache at sign-in. The staff's
// (the desk) are in neither: fetched when a member of staff opens the desk.
let members = new Set<string>();
let staff = new Set<string>();
const memberAssets: Plugin = {
  name: 'kcw-member-assets',
  apply: 'build',
  // After Vite's own plugins, so the chunks' code and imports are final.
  enforce: 'post',
  generateBundle(_options, bundle) {
    staff = staffFiles(bundle);
    members = memberFiles(bundle);
    this.emitFile({
      type: 'asset',
      fileName: MEMBER_ASSETS_FILE,
      source: `${JSON.stringify(
        [...members]
          .filter((file) => !isUnusedHelper(file))
          .map((file) => `/${file}`)
          .sort(),
      )}\n`,
    });
  },
};

/** The precache without the members' files, nor the staff's. */
const withoutMembers: ManifestTransform = (entries) =>
  Promise.resolve({
    manifest: entries.filter((entry) => !members.has(entry.url) && !staff.has(entry.url)),
    warnings: [],
  });

export default defineConfig({
  plugins: [
    react(),
    memberAssets,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      // Registered from src/features/pwa after the first render, not by an inline script.
      injectRegister: false,
      manifest,
      includeAssets: ['apple-touch-icon.png'],
      injectManifest: {
        // Icons and the manifest are added by the plugin itself; gallery photos have their own
        // runtime cache (src/sw/caches.ts). The .wasm is the scan check's ZXing reader (about
        // 950 KB, under the default 2 MB precache limit), so the check works offline.
        globPatterns: ['**/*.{js,css,html,svg,woff2,wasm}'],
        // jsPDF's unused helpers (above); short-link.css and landing.js: the short-link function's pages (functions/src/pages.ts,
        // landing.ts), not the app's.
        globIgnores: [
          ...unusedHelpers.map((name) => `**/${name}*.js`),
          '**/short-link.css',
          '**/landing.js',
        ],
        rollupFormat: 'iife',
        // A visitor's install holds the visitor's files only; a member's device adds the rest.
        manifestTransforms: [withoutMembers],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    // Cloud Firestore with its persistent cache is one 516 KB chunk (153 KB gzip), loaded only on
    // the screens of saved codes; Vite's default warning starts at 500 KB.
    chunkSizeWarningLimit: 600,
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    strictPort: true,
  },
  test: {
    // Component tests opt in with a `// @vitest-environment jsdom` comment.
    environment: 'node',
    // Fails a test that tries to reach anything but 127.0.0.1 (see docs/testing.md).
    setupFiles: ['tests/support/loopback-guard.setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
    // Threads, and files sharing a worker's modules: a fresh process and module graph per file
    // cost the unit run 87 s for 10 s of tests; shared, it takes about 25. The files that cannot
    // share (below) keep a module graph of their own.
    pool: 'threads',
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: unitFiles, exclude: mockingFiles, isolate: false },
      },
      { extends: true, test: { name: 'unit (own modules)', include: mockingFiles } },
    ],
  },
});
