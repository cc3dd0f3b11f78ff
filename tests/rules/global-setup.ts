import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startFirestore } from '../../scripts/firestore-emulator.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    firestore: { host: string; port: number };
  }
}

export default async function setup(project: TestProject) {
  const emulator = await startFirestore({
    port: await freePort(),
    rulesPath: fileURLToPath(new URL('../../firestore.rules', import.meta.url)),
    projectId: 'demo-kcw-rules',
  });
  project.provide('firestore', { host: emulator.host, port: emulator.port });
  return () => emulator.stop();
}

/** A port nothing listens on now; the emulator takes it a moment later. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}
