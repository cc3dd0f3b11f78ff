// The security rules of firestore.rules against the real Cloud Firestore emulator, which
// global-setup.ts starts. Each test begins with an empty database.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { db, useEmulator } from './emulator';

const { environment, as, anonymous } = useEmulator();

const earlier = Timestamp.fromDate(new Date('2026-11-01T10:00:00Z'));

/** A code as the app writes it on create. */
function newCode(fields: Record<string, unknown> = {}) {
  return {
    type: 'web',
    name: 'Shop window',
    content: { text: { websiteUrl: 'https://kemptoncodeworks.co.za/', qrName: 'Shop window' } },
    design: { frame: 'frame-0', pattern: 'square', patternColor1: '#002D17' },
    logo: null,
    files: [],
    dynamicId: null,
    createdAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
    ...fields,
  };
}

/** A short link as the app writes it on create. */
function newLink(owner: string, fields: Record<string, unknown> = {}) {
  return {
    owner,
    target: 'https://kemptoncodeworks.co.za/',
    scans: 0,
    days: {},
    createdAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
    ...fields,
  };
}

/** Writes a document past the rules, as seeding or the redirect function would. */
function stored(path: string, data: Record<string, unknown>) {
  return environment().withSecurityRulesDisabled((context) => setDoc(doc(db(context), path), data));
}
const storedCode = (path: string) =>
  stored(path, newCode({ createdAt: earlier, updatedAt: earlier }));
const storedLink = (id: string, owner: string, fields: Record<string, unknown> = {}) =>
  stored(`dynamic/${id}`, newLink(owner, { createdAt: earlier, updatedAt: earlier, ...fields }));

const aliceCode = 'users/alice/codes/c1';
const linkId = 'Xb7pQ2mZr4Lk9sTv';

describe('saved codes', () => {
  it('lets the owner create, read, list, update and delete their codes', async () => {
    const alice = as('alice');
    const code = doc(alice, aliceCode);
    await assertSucceeds(setDoc(code, newCode()));
    const read = await assertSucceeds(getDoc(code));
    expect(read.data()?.name).toBe('Shop window');
    await assertSucceeds(setDoc(doc(alice, 'users/alice/codes/c2'), newCode({ type: 'wifi' })));
    const list = await assertSucceeds(getDocs(collection(alice, 'users/alice/codes')));
    expect(list.size).toBe(2);
    await assertSucceeds(
      updateDoc(code, { name: 'Front door', design: {}, updatedAt: serverTimestamp() }),
    );
    await assertSucceeds(deleteDoc(code));
  });

  it('takes every field of a full code: a logo, file names and a dynamic link', async () => {
    const logo = `data:image/png;base64,${'iVBORw0KGgo'.repeat(100)}=`;
    await assertSucceeds(
      setDoc(
        doc(as('alice'), aliceCode),
        newCode({ type: 'pdf', logo, files: ['menu.pdf'], dynamicId: linkId }),
      ),
    );
  });

  it('keeps another user out: no read, list, create, update or delete', async () => {
    await storedCode(aliceCode);
    const bob = as('bob');
    await assertFails(getDoc(doc(bob, aliceCode)));
    await assertFails(getDocs(collection(bob, 'users/alice/codes')));
    await assertFails(setDoc(doc(bob, 'users/alice/codes/c9'), newCode()));
    await assertFails(
      updateDoc(doc(bob, aliceCode), { name: 'Mine', updatedAt: serverTimestamp() }),
    );
    await assertFails(deleteDoc(doc(bob, aliceCode)));
  });

  it('keeps anonymous visitors out: no read, list or write', async () => {
    await storedCode(aliceCode);
    const visitor = anonymous();
    await assertFails(getDoc(doc(visitor, aliceCode)));
    await assertFails(getDocs(collection(visitor, 'users/alice/codes')));
    await assertFails(setDoc(doc(visitor, 'users/alice/codes/c9'), newCode()));
    await assertFails(deleteDoc(doc(visitor, aliceCode)));
  });

  it.each([
    ['an unknown field', { owner: 'alice' }],
    ['a name that is not a string', { name: 42 }],
    ['an empty name', { name: '' }],
    ['a name over 100 characters', { name: 'x'.repeat(101) }],
    ['an unknown type id', { type: 'website' }],
    ['content that is not a map', { content: 'https://example.com' }],
    ['design that is not a map', { design: ['square'] }],
    ['files that are not a list', { files: 'menu.pdf' }],
    ['more than 10 files', { files: Array.from({ length: 11 }, (_, i) => `f${i}.pdf`) }],
    ['a logo that is not a data URL', { logo: 'https://example.com/logo.png' }],
    ['a logo over 200000 characters', { logo: `data:image/png;base64,${'A'.repeat(200_000)}` }],
    ['a malformed dynamic id', { dynamicId: '../x' }],
    ['a createdAt from the client', { createdAt: earlier }],
    ['an updatedAt from the client', { updatedAt: earlier }],
  ])('refuses a code with %s', async (_, fields) => {
    await assertFails(setDoc(doc(as('alice'), aliceCode), newCode(fields)));
  });

  it('refuses a code with a field missing', async () => {
    const withoutFiles: Record<string, unknown> = newCode();
    delete withoutFiles.files;
    await assertFails(setDoc(doc(as('alice'), aliceCode), withoutFiles));
  });

  it('keeps createdAt on update and stamps updatedAt with the server time', async () => {
    await storedCode(aliceCode);
    const code = doc(as('alice'), aliceCode);
    await assertFails(
      updateDoc(code, { createdAt: serverTimestamp(), updatedAt: serverTimestamp() }),
    );
    await assertFails(updateDoc(code, { name: 'Front door' }));
    await assertFails(updateDoc(code, { name: '', updatedAt: serverTimestamp() }));
    await assertSucceeds(updateDoc(code, { name: 'Front door', updatedAt: serverTimestamp() }));
  });
});

describe('dynamic links', () => {
  it('lets a user create their own link with no scans yet', async () => {
    await assertSucceeds(setDoc(doc(as('alice'), `dynamic/${linkId}`), newLink('alice')));
  });

  it.each([
    ['scans already counted', { scans: 5 }],
    ['days already counted', { days: { '2026-11-20': 3 } }],
    ['another owner', { owner: 'bob' }],
    ['a target that is not http(s)', { target: 'javascript:alert(1)' }],
    ['an ftp target', { target: 'ftp://example.com/file' }],
    ['a target over 2000 characters', { target: `https://example.com/${'a'.repeat(2000)}` }],
    ['an unknown field', { label: 'Shop' }],
    ['a createdAt from the client', { createdAt: earlier }],
  ])('refuses a new link with %s', async (_, fields) => {
    await assertFails(setDoc(doc(as('alice'), `dynamic/${linkId}`), newLink('alice', fields)));
  });

  it('refuses an id short enough to guess', async () => {
    await assertFails(setDoc(doc(as('alice'), 'dynamic/1'), newLink('alice')));
  });

  it('refuses an anonymous link', async () => {
    await assertFails(setDoc(doc(anonymous(), `dynamic/${linkId}`), newLink('alice')));
  });

  it('lets the owner read their link and list their links', async () => {
    await storedLink(linkId, 'alice');
    await storedLink('bobsLink00000001', 'bob');
    const alice = as('alice');
    await assertSucceeds(getDoc(doc(alice, `dynamic/${linkId}`)));
    const mine = await assertSucceeds(
      getDocs(query(collection(alice, 'dynamic'), where('owner', '==', 'alice'))),
    );
    expect(mine.docs.map((link) => link.id)).toEqual([linkId]);
    // A query that could return another user's links is refused as a whole.
    await assertFails(getDocs(collection(alice, 'dynamic')));
  });

  it('lets the owner change the target, and nothing else', async () => {
    await storedLink(linkId, 'alice', { scans: 7, days: { '2026-11-20': 7 } });
    const link = doc(as('alice'), `dynamic/${linkId}`);
    const now = serverTimestamp();
    await assertSucceeds(updateDoc(link, { target: 'https://example.com/new', updatedAt: now }));
    await assertFails(updateDoc(link, { target: 'mailto:a@example.com', updatedAt: now }));
    await assertFails(updateDoc(link, { target: 'https://example.com/old' }));
    await assertFails(updateDoc(link, { scans: 8, updatedAt: now }));
    await assertFails(updateDoc(link, { scans: 0, updatedAt: now }));
    await assertFails(updateDoc(link, { days: {}, updatedAt: now }));
    await assertFails(updateDoc(link, { owner: 'bob', updatedAt: now }));
    await assertFails(updateDoc(link, { createdAt: now, updatedAt: now }));
    await assertSucceeds(deleteDoc(link));
  });

  it('keeps another user out: no read, list, update or delete', async () => {
    await storedLink(linkId, 'alice');
    const bob = as('bob');
    await assertFails(getDoc(doc(bob, `dynamic/${linkId}`)));
    await assertFails(getDocs(query(collection(bob, 'dynamic'), where('owner', '==', 'alice'))));
    await assertFails(
      updateDoc(doc(bob, `dynamic/${linkId}`), {
        target: 'https://evil.example/',
        updatedAt: serverTimestamp(),
      }),
    );
    await assertFails(updateDoc(doc(bob, `dynamic/${linkId}`), { owner: 'bob' }));
    await assertFails(deleteDoc(doc(bob, `dynamic/${linkId}`)));
  });

  it('keeps anonymous visitors out: no read, list or write', async () => {
    await storedLink(linkId, 'alice');
    const visitor = anonymous();
    await assertFails(getDoc(doc(visitor, `dynamic/${linkId}`)));
    await assertFails(
      getDocs(query(collection(visitor, 'dynamic'), where('owner', '==', 'alice'))),
    );
    await assertFails(updateDoc(doc(visitor, `dynamic/${linkId}`), { scans: 8 }));
    await assertFails(deleteDoc(doc(visitor, `dynamic/${linkId}`)));
  });
});
