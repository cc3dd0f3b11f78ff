// Which built files are a visitor's and which only a member's (scripts/build/precache-groups.mjs), on a
// bundle shaped as Rollup hands it over.
import { describe, expect, it } from 'vitest';
import { memberFiles, staffFiles } from './precache-groups.mjs';

const chunk = (fileName, fields = {}) => ({
  type: 'chunk',
  fileName,
  code: '',
  imports: [],
  dynamicImports: [],
  isEntry: false,
  facadeModuleId: null,
  viteMetadata: { importedCss: new Set(), importedAssets: new Set() },
  ...fields,
});
const asset = (fileName, source = '') => ({ type: 'asset', fileName, source });
const page = (path) => `/work/site/src/features/${path}.tsx`;

const bundle = Object.fromEntries(
  [
    chunk('assets/index.js', {
      isEntry: true,
      facadeModuleId: '/work/site/src/app/main.tsx',
      imports: ['assets/react.js'],
      dynamicImports: [
        'assets/home-page.js',
        'assets/design-page.js',
        'assets/auth-core.js',
        'assets/desk-page.js',
      ],
      code: 'new Worker(new URL("/assets/matrix.worker.js", import.meta.url))',
    }),
    chunk('assets/react.js'),
    chunk('assets/auth-core.js', { facadeModuleId: '/work/site/src/lib/auth/auth-core.ts' }),
    chunk('assets/home-page.js', {
      facadeModuleId: page('marketing/home-page'),
      imports: ['assets/field.js'],
      viteMetadata: { importedCss: new Set(['assets/home-page.css']), importedAssets: new Set() },
    }),
    chunk('assets/field.js'),
    chunk('assets/design-page.js', {
      facadeModuleId: page('qr/wizard/design-page'),
      imports: ['assets/field.js', 'assets/wizard.js', 'assets/hosting.js'],
      dynamicImports: ['assets/firestore-core.js', 'assets/jspdf.js'],
      code: 'new Worker(new URL("/assets/scan-worker.js", import.meta.url))',
      viteMetadata: { importedCss: new Set(['assets/wizard.css']), importedAssets: new Set() },
    }),
    chunk('assets/wizard.js'),
    chunk('assets/hosting.js'),
    // The staff's desk: its own chunk and CSS, a form it shares with the public pages, and the
    // upload protocol it shares with the QR screens alone.
    chunk('assets/desk-page.js', {
      facadeModuleId: page('desk/desk-page'),
      imports: ['assets/field.js', 'assets/hosting.js'],
      viteMetadata: { importedCss: new Set(['assets/desk-page.css']), importedAssets: new Set() },
    }),
    asset('assets/desk-page.css'),
    chunk('assets/firestore-core.js', {
      facadeModuleId: '/work/site/src/lib/firestore/firestore-core.ts',
    }),
    // A library reached by a lazy import from the QR feature only.
    chunk('assets/jspdf.js', { facadeModuleId: '/work/site/node_modules/jspdf/dist/jspdf.js' }),
    asset('assets/home-page.css'),
    asset('assets/wizard.css'),
    asset('assets/matrix.worker.js', 'self.onmessage = () => {}'),
    asset('assets/scan-worker.js', 'fetch("/assets/zxing_reader.wasm")'),
    asset('assets/zxing_reader.wasm', new Uint8Array([0, 97, 115, 109])),
    asset('favicon.svg', '<svg/>'),
  ].map((file) => [file.fileName, file]),
);

describe('memberFiles', () => {
  it('gives members what only the QR feature and Firestore reach, with their CSS, worker and wasm', () => {
    expect([...memberFiles(bundle)].sort()).toEqual([
      'assets/design-page.js',
      'assets/firestore-core.js',
      // Shared by the QR screens and the desk, which is no visitor's page either.
      'assets/hosting.js',
      'assets/jspdf.js',
      'assets/scan-worker.js',
      'assets/wizard.css',
      'assets/wizard.js',
      'assets/zxing_reader.wasm',
    ]);
  });

  it('keeps for visitors what a public page shares with the QR screens, and what no file names', () => {
    const members = memberFiles(bundle);
    for (const visitor of [
      'assets/index.js',
      'assets/react.js',
      'assets/auth-core.js',
      'assets/field.js',
      'assets/home-page.css',
      'assets/matrix.worker.js',
      'favicon.svg',
    ]) {
      expect(members.has(visitor), visitor).toBe(false);
    }
  });
});

describe('staffFiles', () => {
  it('gives the staff the desk alone, never what customers’ pages share with it', () => {
    expect([...staffFiles(bundle)].sort()).toEqual(['assets/desk-page.css', 'assets/desk-page.js']);
    // A member's sign-in does not cache the desk's files.
    expect(memberFiles(bundle).has('assets/desk-page.js')).toBe(false);
  });
});
