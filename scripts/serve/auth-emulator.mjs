// Starts the Firebase Auth emulator (firebase-tools) alone, on a port of the caller's choosing,
// for the Cloud Functions' tests (`npm run test:rules`): the Admin SDK verifies ID tokens against
// it (in emulator mode it also asks the emulator whether the user exists), so the tests sign up
// real users and use real tokens. Its hub and logging ports are free ones too, so it runs beside
// `npm start` and the end-to-end tests.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * @param {{ projectId: string, port?: number, timeoutMs?: number }} options
 * @returns {Promise<{ host: string, port: number, stop: () => Promise<void> }>}
 */
export async function startAuthEmulator({ projectId, port, timeoutMs = 90_000 }) {
  const authPort = port ?? (await freePort());
  const folder = mkdtempSync(join(tmpdir(), 'kcw-auth-'));
  const config = join(folder, 'firebase.json');
  writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: authPort },
        hub: { host: '127.0.0.1', port: await freePort() },
        logging: { host: '127.0.0.1', port: await freePort() },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const child = spawn(
    join(root, 'node_modules/.bin/firebase'),
    ['emulators:start', '--only', 'auth', '--project', projectId, '--config', config],
    {
      cwd: folder,
      env: { ...process.env, CI: 'true', NO_UPDATE_NOTIFIER: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(folder, { recursive: true, force: true });
  };
  const killOnExit = () => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));
  try {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`not ready within ${timeoutMs / 1000} s`)),
        timeoutMs,
      );
      for (const stream of [child.stdout, child.stderr]) {
        stream.setEncoding('utf8');
        stream.on('data', (text) => {
          output = (output + text).slice(-4000);
          if (output.includes('All emulators ready')) {
            clearTimeout(timer);
            resolve(undefined);
          }
        });
      }
      void exited.then((code) => reject(new Error(`it exited with code ${code}`)));
    });
  } catch (error) {
    await stop();
    throw new Error(
      `The Firebase Auth emulator did not start: ${error instanceof Error ? error.message : error}.\n` +
        `Its last output:\n${output.trim() || '(none)'}`,
    );
  }
  return { host: '127.0.0.1', port: authPort, stop };
}
