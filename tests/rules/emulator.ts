// The rules tests' shared set-up: a rules-unit-testing environment on the Firestore emulator that
// global-setup.ts starts, with firestore.rules loaded on this worker's own project (project.ts); each
// test begins with an empty database.
import { readFileSync } from 'node:fs';
import {
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  doc,
  increment,
  serverTimestamp,
  setDoc,
  setLogLevel,
  writeBatch,
  type DocumentReference,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { FIRESTORE_PROJECT } from './project';

/** Registers the set-up hooks in the calling test file; the environment once they have run. */
export function useEmulator() {
  let env: RulesTestEnvironment | undefined;
  // Every refused write is also logged by the SDK as a warning; the assertions say it all.
  setLogLevel('error');
  beforeAll(async () => {
    env = await initializeTestEnvironment({
      projectId: FIRESTORE_PROJECT,
      firestore: {
        ...inject('firestore'),
        rules: readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8'),
      },
    });
  });
  afterAll(() => env?.cleanup());
  beforeEach(() => env?.clearFirestore());

  const environment = () => {
    if (!env) throw new Error('The rules test environment is not set up yet.');
    return env;
  };
  return {
    environment,
    /** Writes a document past the rules, as the Cloud Functions (or seeding) do. */
    stored: (path: string, data: Record<string, unknown>) =>
      environment().withSecurityRulesDisabled((context) => setDoc(doc(db(context), path), data)),
    /**
     * A signed-in user's database (the modular functions the app uses accept the compat one),
     * with an email address not verified yet.
     */
    as: (uid: string) => db(environment().authenticatedContext(uid, { email_verified: false })),
    /** A signed-in user whose email address is verified (their token's email_verified). */
    asVerified: (uid: string) =>
      db(environment().authenticatedContext(uid, { email_verified: true })),
    anonymous: () => db(environment().unauthenticatedContext()),
  };
}

/**
 * Creates the saved code at `ref` (users/{uid}/codes/{id}) with `data`, or deletes it (null), as
 * the app does (src/features/qr/codes/saved-codes.ts): in one batch with the account's count of
 * codes, which the rules require.
 */
export function countedWrite(ref: DocumentReference, data: object | null): Promise<void> {
  const batch = writeBatch(ref.firestore);
  if (data) batch.set(ref, data);
  else batch.delete(ref);
  const uid = ref.path.split('/')[1];
  batch.set(
    doc(ref.firestore, 'users', uid),
    { codeCount: increment(data ? 1 : -1), changed: ref.id },
    { merge: true },
  );
  return batch.commit();
}

/** A code as the app writes it on create. */
export function newCode(fields: Record<string, unknown> = {}) {
  return {
    type: 'web',
    name: 'Shop window',
    content: { text: { websiteUrl: 'https://kemptoncodeworks.co.za/', qrName: 'Shop window' } },
    design: { frame: 'square-bottom', pattern: 'square', patternColor1: '#002D17' },
    logo: null,
    files: [],
    dynamic: false,
    createdAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
    ...fields,
  };
}

/** A context's database, for the modular functions. */
export const db = (context: RulesTestContext) => context.firestore() as unknown as Firestore;

/**
 * Whether the emulator holds the document at `path`, asked over its REST API as the project's
 * owner. The SDK's own getDoc shares the watch stream with a test's listeners; the emulator
 * sometimes garbles that stream right after a listened document is deleted
 * (firebase/firebase-tools#8654: RESOURCE_EXHAUSTED, "message larger than max"), so a check of
 * what the server holds goes this other way.
 */
export async function serverHas(path: string): Promise<boolean> {
  const { host, port } = inject('firestore');
  const response = await fetch(
    `http://${host}:${port}/v1/projects/${FIRESTORE_PROJECT}/databases/(default)/documents/${path}`,
    { headers: { Authorization: 'Bearer owner' } },
  );
  if (response.status !== 200 && response.status !== 404) {
    throw new Error(`The emulator answered ${response.status} for ${path}.`);
  }
  return response.status === 200;
}
