// Serves the production build in dist/ on http://127.0.0.1:PORT (default 4173) through the
// Firebase Hosting emulator, so firebase.json's rewrites and headers apply exactly as deployed.
// `npm start` builds first and then runs this; the end-to-end tests start it with PORT set.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(join(root, 'dist/index.html'))) {
  console.error('No production build in dist/. Run `npm run build` first (or `npm start`).');
  process.exit(1);
}

// The emulator's port is fixed in firebase.json; for another PORT, write a copy with that port
// to the git-ignored .firebase/. The emulator resolves `public` against the config's folder.
let configPath = join(root, 'firebase.json');
const config = JSON.parse(readFileSync(configPath, 'utf8'));
const port = Number(process.env.PORT ?? config.emulators.hosting.port);
if (port !== config.emulators.hosting.port) {
  const folder = join(root, '.firebase');
  mkdirSync(folder, { recursive: true });
  config.hosting.public = relative(folder, join(root, config.hosting.public));
  config.emulators.hosting.port = port;
  configPath = join(folder, `serve-${port}.json`);
  writeFileSync(configPath, `${JSON.stringify(config, null, 2)}\n`);
}

// Not detached: the emulator stays in this process group, so a kill of the group (Playwright
// stops its web server that way) ends it too.
const emulator = spawn(
  join(root, 'node_modules/.bin/firebase'),
  ['emulators:start', '--only', 'hosting', '--project', 'demo-kcw', '--config', configPath],
  {
    cwd: root,
    env: { ...process.env, CI: 'true', NO_UPDATE_NOTIFIER: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
emulator.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (String(chunk).includes('All emulators ready')) {
    console.log(`\nServing dist/ on http://127.0.0.1:${port}\n`);
  }
});
emulator.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const signal of ['SIGINT', 'SIGTERM']) {
  // The emulator ignores a repeat of a signal within 100 ms (Ctrl-C reaches both processes).
  process.on(signal, () => emulator.kill(signal));
}
