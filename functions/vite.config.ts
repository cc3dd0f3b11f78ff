// Builds the Cloud Functions (functions/src, TypeScript, importing the app's domain code from
// src/domain) into one ES module, functions/lib/index.js, which the Functions emulator loads and
// `firebase deploy` uploads. The Admin SDK and firebase-functions stay outside the bundle:
// Cloud Functions installs them from functions/package.json. `npm run build` runs this.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  // The functions' own folder is the root, so the app's vite.config.ts (React, the PWA) is not read.
  root: here('.'),
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: here('src/index.ts'),
    outDir: here('lib'),
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    rollupOptions: {
      external: [/^firebase-(admin|functions)(\/|$)/],
      output: { format: 'es', entryFileNames: 'index.js' },
    },
  },
  ssr: { noExternal: true, target: 'node' },
});
