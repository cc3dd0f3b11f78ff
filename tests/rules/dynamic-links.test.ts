// The short links' store (src/features/qr/saved/dynamic-links.ts) against the real Cloud Firestore
// emulator and firestore.rules: what the owner may do with a link, what nobody else may.
import { doc, getDoc, updateDoc, type Firestore } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { newDynamicId } from '../../src/domain/qr/dynamic';
import {
  createDynamicLink,
  deleteDynamicLink,
  retarget,
  watchDynamicLinks,
  type DynamicLink,
} from '../../src/features/qr/saved/dynamic-links';
import { useEmulator } from './emulator';

const { as, anonymous } = useEmulator();

/** How Firestore refuses what the rules do not allow. */
const denied = { code: 'permission-denied' };

/** The first listing of the user's links that satisfies `matches`. */
function linksOf(
  db: Firestore,
  uid: string,
  matches: (links: ReadonlyMap<string, DynamicLink>) => boolean,
) {
  return new Promise<ReadonlyMap<string, DynamicLink>>((resolve, reject) => {
    const stop = watchDynamicLinks(
      db,
      uid,
      (links) => {
        if (!matches(links)) return;
        stop();
        resolve(links);
      },
      reject,
    );
  });
}

describe('short links through the store', () => {
  it('the owner creates a link, lists it with no scans, retargets it and deletes it', async () => {
    const alice = as('alice');
    const id = newDynamicId();
    await createDynamicLink(alice, 'alice', id, 'https://kemptoncodeworks.co.za/a');
    const listed = await linksOf(alice, 'alice', (links) => links.has(id));
    expect(listed.get(id)).toEqual({
      id,
      target: 'https://kemptoncodeworks.co.za/a',
      scans: 0,
      days: {},
    });

    await retarget(alice, id, 'https://kemptoncodeworks.co.za/b');
    expect((await getDoc(doc(alice, 'dynamic', id))).get('target')).toBe(
      'https://kemptoncodeworks.co.za/b',
    );

    await deleteDynamicLink(alice, id);
    await linksOf(alice, 'alice', (links) => !links.has(id));
  });

  it('nobody else reads, retargets or deletes it, and no one writes its count', async () => {
    const alice = as('alice');
    const id = newDynamicId();
    await createDynamicLink(alice, 'alice', id, 'https://kemptoncodeworks.co.za/a');
    const bob = as('bob');
    await expect(getDoc(doc(bob, 'dynamic', id))).rejects.toMatchObject(denied);
    await expect(getDoc(doc(anonymous(), 'dynamic', id))).rejects.toMatchObject(denied);
    await expect(retarget(bob, id, 'https://evil.example/')).rejects.toMatchObject(denied);
    await expect(deleteDynamicLink(bob, id)).rejects.toMatchObject(denied);
    await expect(updateDoc(doc(alice, 'dynamic', id), { scans: 100 })).rejects.toMatchObject(
      denied,
    );
    // Bob's own list holds none of Alice's links.
    expect((await linksOf(bob, 'bob', () => true)).size).toBe(0);
  });

  it('a target that is not a web address is refused', async () => {
    const alice = as('alice');
    await expect(
      createDynamicLink(alice, 'alice', newDynamicId(), 'javascript:alert(1)'),
    ).rejects.toMatchObject(denied);
    const id = newDynamicId();
    await createDynamicLink(alice, 'alice', id, 'https://kemptoncodeworks.co.za/a');
    await expect(retarget(alice, id, 'ftp://files.example/')).rejects.toMatchObject(denied);
  });
});
