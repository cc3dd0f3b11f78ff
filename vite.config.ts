import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Serves and emits the top-level manifest.webmanifest, the one source of the app's manifest, at
 * a stable URL. The link is injected here because Vite would hash one written in index.html.
 */
function webManifest(): Plugin {
  const read = () => readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8');
  return {
    name: 'web-manifest',
    configureServer(server) {
      server.middlewares.use('/manifest.webmanifest', (_request, response) => {
        response.setHeader('Content-Type', 'application/manifest+json');
        response.end(read());
      });
    },
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' }, injectTo: 'head' },
    ],
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: read() });
    },
  };
}

export default defineConfig({
  plugins: [react(), webManifest()],
  build: {
    target: 'es2022',
    sourcemap: false,
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    strictPort: true,
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    // Component tests opt in with a `// @vitest-environment jsdom` comment.
    environment: 'node',
    restoreMocks: true,
  },
});
