import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startFirestore } from '../../scripts/firestore-emulator.mjs';
import { freePort } from '../../scripts/ports.mjs';

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
