// Builds the Cloud Functions (functions/src, TypeScript, importing the app's domain code from
// src/domain) into ES modules, functions/lib/index.js (with lib/billing-admin.js, lib/link-admin.js,
// lib/staff-admin.js and their shared chunks), which the Functions emulator loads and
// `firebase deploy` uploads. The Admin SDK, firebase-functions and nodemailer stay outside the
// bundle: Cloud Functions installs them from functions/package.json. So do the emailed code's
// renderers (functions/src/code-files.ts), which read files of their packages as they run: resvg
// its platform's binary, pdfkit its font metrics; svg-to-pdfkit is loaded with require(), and the
// WebP decoder's WebAssembly and the Roboto font are read from their packages by path, as is the
// country database of the scans' figures (geo.ts, with its reader mmdb-lib).
// `npm run build` runs this.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  // The functions' own folder is the root, so the app's vite.config.ts (React, the PWA) is not read.
  root: here('.'),
  publicDir: false,
  logLevel: 'warn',
  build: {
    // The functions, and what the company's admin scripts run (scripts/admin/billing-admin.mjs
    // its billing step, link-admin.mjs the links' switch, staff-admin.mjs who is staff).
    ssr: true,
    outDir: here('lib'),
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    rollupOptions: {
      external: [
        /^firebase-(admin|functions)(\/|$)/,
        /^nodemailer(\/|$)/,
        /^@resvg\/resvg-js(\/|$)/,
        /^pdfkit(\/|$)/,
        /^mmdb-lib(\/|$)/,
      ],
      input: {
        index: here('src/index.ts'),
        'billing-admin': here('src/billing-admin.ts'),
        'link-admin': here('src/link-admin.ts'),
        'staff-admin': here('src/staff-admin.ts'),
      },
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'shared-[hash].js' },
    },
  },
  ssr: { noExternal: true, target: 'node' },
});
