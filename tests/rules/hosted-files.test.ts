// Hosted files (functions/src/file-store.ts: files/{owner}_{sha256} and its chunks) are written
// and read through the `files` Cloud Function only, which checks who asks, the quota and the
// bytes. No client, not even the file's owner, reads or writes them in Firestore: firestore.rules
// has no rule for files/**, so they are refused like any path the rules do not name.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  Bytes,
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  setDoc,
  updateDoc,
  where,
  type Firestore,
} from 'firebase/firestore';
import { describe, it } from 'vitest';
import { db, useEmulator } from './emulator';

const { environment, as, asVerified, anonymous } = useEmulator();

const sha256 = 'c0ffee'.padEnd(64, '0');
const filePath = `files/alice_${sha256}`;
const chunkPath = `${filePath}/chunks/00000`;

/** Alice's complete file and its one chunk, as the file store writes them. */
async function storedFile() {
  await environment().withSecurityRulesDisabled(async (context) => {
    await setDoc(doc(db(context), filePath), {
      owner: 'alice',
      sha256,
      name: 'menu.pdf',
      size: 9,
      kind: 'pdf',
      type: 'application/pdf',
      received: 9,
      complete: true,
      createdAt: new Date(),
      completedAt: new Date(),
    });
    await setDoc(doc(db(context), chunkPath), {
      data: Bytes.fromUint8Array(new TextEncoder().encode('%PDF-1.7\n')),
    });
  });
}

/** Every way a client might reach the file, its chunks, or make one. */
async function refusedEverything(client: Firestore, owner: string) {
  await assertFails(getDoc(doc(client, filePath)));
  await assertFails(getDoc(doc(client, chunkPath)));
  await assertFails(getDocs(collection(client, 'files')));
  await assertFails(getDocs(query(collection(client, 'files'), where('owner', '==', owner))));
  await assertFails(getDocs(collection(client, `${filePath}/chunks`)));
  await assertFails(getDocs(query(collectionGroup(client, 'chunks'))));
  await assertFails(updateDoc(doc(client, filePath), { complete: true }));
  await assertFails(
    setDoc(doc(client, chunkPath), { data: Bytes.fromUint8Array(new Uint8Array([1])) }),
  );
  await assertFails(deleteDoc(doc(client, filePath)));
  await assertFails(deleteDoc(doc(client, chunkPath)));
  // Nor may a client make a file of its own, complete or not.
  const own = `files/${owner}_${'1'.repeat(64)}`;
  await assertFails(
    setDoc(doc(client, own), { owner, sha256: '1'.repeat(64), size: 1, complete: true }),
  );
  await assertFails(
    setDoc(doc(client, `${own}/chunks/00000`), { data: Bytes.fromUint8Array(new Uint8Array([1])) }),
  );
}

describe('hosted files', () => {
  it('are the server’s alone: their owner can neither read nor write them', async () => {
    await storedFile();
    await refusedEverything(asVerified('alice'), 'alice');
    await refusedEverything(as('alice'), 'alice');
  });

  it('nor can another account, or a visitor', async () => {
    await storedFile();
    await refusedEverything(asVerified('bob'), 'bob');
    await refusedEverything(anonymous(), 'alice');
  });

  it('the owner still reads their account, where the hosted bytes are counted', async () => {
    await environment().withSecurityRulesDisabled((context) =>
      setDoc(doc(db(context), 'accounts/alice'), { hostedBytes: 9 }),
    );
    await assertSucceeds(getDoc(doc(asVerified('alice'), 'accounts/alice')));
    await assertFails(getDoc(doc(asVerified('bob'), 'accounts/alice')));
    await assertFails(setDoc(doc(asVerified('alice'), 'accounts/alice'), { hostedBytes: 0 }));
  });
});
