// Serves the production build in dist/ on 127.0.0.1 (PORT, default 4173), with the SPA
// fallback to index.html. `npm start` builds first and then runs this.
import { existsSync } from 'node:fs';
import { preview } from 'vite';

if (!existsSync('dist/index.html')) {
  console.error('No production build in dist/. Run `npm run build` first (or `npm start`).');
  process.exit(1);
}

const port = Number(process.env.PORT ?? 4173);
const server = await preview({
  preview: { host: '127.0.0.1', port, strictPort: true, open: false },
});
server.printUrls();

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close().finally(() => process.exit(0)));
}
