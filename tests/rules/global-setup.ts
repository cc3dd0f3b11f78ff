import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../../scripts/serve/auth-emulator.mjs';
import { startFirestore } from '../../scripts/serve/firestore-emulator.mjs';
import { freePort } from '../../scripts/serve/ports.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    firestore: { host: string; port: number };
    auth: { host: string; port: number };
  }
}

/**
 * The Firestore emulator with firestore.rules, and the Auth emulator the Cloud Functions' tests
 * sign users up on (their handlers verify real ID tokens), both on free ports, started at once.
 */
export default async function setup(project: TestProject) {
  const [firestore, auth] = await Promise.all([
    (async () =>
      startFirestore({
        port: await freePort(),
        rulesPath: fileURLToPath(new URL('../../firestore.rules', import.meta.url)),
        projectId: 'demo-kcw-rules',
      }))(),
    startAuthEmulator({ projectId: 'demo-kcw-rules' }),
  ]);
  project.provide('firestore', { host: firestore.host, port: firestore.port });
  project.provide('auth', { host: auth.host, port: auth.port });
  return () => Promise.all([firestore.stop(), auth.stop()]);
}
