// The security rules of firestore.rules against the real Cloud Firestore emulator, which
// global-setup.ts starts. Each test begins with an empty database.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  increment,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import {
  contentItems,
  fileFields,
  listFields,
  RULES_FIELD_LIMIT_MAX,
  textFields,
} from '../../src/domain/qr/content';
import { defaultDesign } from '../../src/domain/qr/design';
import { qrTypes } from '../../src/domain/qr/qr-types';
import { SAVED_CODES_MAX } from '../../src/domain/qr/saved-code';
import { countedWrite, newCode, useEmulator } from './emulator';

const { as, asVerified, anonymous, stored } = useEmulator();

const earlier = Timestamp.fromDate(new Date('2026-11-01T10:00:00Z'));

/** A short link as the server (functions/src/link-sync.ts) writes it. */
function newLink(owner: string, fields: Record<string, unknown> = {}) {
  return {
    owner,
    code: 'c1',
    target: 'https://kemptoncodeworks.co.za/',
    deletedAt: null,
    disabled: null,
    createdAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
    ...fields,
  };
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
    await assertSucceeds(countedWrite(code, newCode()));
    const read = await assertSucceeds(getDoc(code));
    expect(read.data()?.name).toBe('Shop window');
    await assertSucceeds(
      countedWrite(doc(alice, 'users/alice/codes/c2'), newCode({ type: 'wifi' })),
    );
    const list = await assertSucceeds(getDocs(collection(alice, 'users/alice/codes')));
    expect(list.size).toBe(2);
    await assertSucceeds(
      updateDoc(code, { name: 'Front door', design: {}, updatedAt: serverTimestamp() }),
    );
    await assertSucceeds(countedWrite(code, null));
  });

  // Until November 2026 the app stored a frame by its place in the list ('frame-5'). It reads
  // such a code as the same frame and writes the frame's name on the next save; in between, the
  // code must stay as editable as any other.
  it('keeps a code stored with an older version’s frame id editable, and takes the new id', async () => {
    await stored(
      aliceCode,
      newCode({
        design: { frame: 'frame-5', frameText: 'Order here' },
        createdAt: earlier,
        updatedAt: earlier,
      }),
    );
    const code = doc(as('alice'), aliceCode);
    await assertSucceeds(updateDoc(code, { name: 'Front door', updatedAt: serverTimestamp() }));
    await assertSucceeds(
      updateDoc(code, {
        design: { frame: 'square-bottom', frameText: 'Order here' },
        updatedAt: serverTimestamp(),
      }),
    );
  });

  it('takes every field of a full code: a logo and file names', async () => {
    const logo = `data:image/png;base64,${'iVBORw0KGgo'.repeat(100)}=`;
    await assertSucceeds(
      countedWrite(
        doc(as('alice'), aliceCode),
        newCode({ type: 'pdf', logo, files: ['menu.pdf'] }),
      ),
    );
  });

  // A full code of every type the registry has: each short text at its own limit (a draft keeps
  // every type's fields), every list full, every upload named, its own file hosted, the whole
  // design, a logo and ten file names. A request may evaluate at most 1,000 expressions: a type or
  // field added to the domain (and so to the rules' generated QR block) must leave room for this.
  it('takes a full code of every type, within the rules’ expression budget', async () => {
    const alice = asVerified('alice');
    const text = Object.fromEntries(
      Object.entries(textFields).map(([id, spec]) => [
        id,
        spec.maxLength <= RULES_FIELD_LIMIT_MAX ? 'x'.repeat(spec.maxLength) : 'https://a.example/',
      ]),
    );
    const lists = Object.fromEntries(
      Object.entries(listFields).map(([id, spec]) => [
        id,
        Array.from({ length: spec.max }, () => 'https://a.example/'),
      ]),
    );
    const uploads = Object.keys(fileFields);
    const hostedFile = { sha256: 'b'.repeat(64), name: 'file.bin', size: 1, type: 'x/y' };
    const design = Object.fromEntries(
      Object.entries(defaultDesign).filter(([key]) => key !== 'logo'),
    );
    for (const type of qrTypes) {
      const own = contentItems(type).flatMap((item) => (item.kind === 'file' ? [item.id] : []));
      await assertSucceeds(
        countedWrite(
          doc(alice, `users/alice/codes/full-${type.id}`),
          newCode({
            type: type.id,
            content: {
              text,
              lists,
              files: Object.fromEntries(uploads.map((id) => [id, 'file.bin'])),
            },
            design,
            logo: `data:image/png;base64,${'iVBORw0KGgo'.repeat(100)}=`,
            files: Array.from({ length: 10 }, (_, index) => `file-${index}.bin`),
            hosted: Object.fromEntries(own.map((id) => [id, hostedFile])),
            dynamic: true,
            passwordProtected: true,
          }),
        ),
      ).catch((error: Error) => {
        throw new Error(`${type.id}: ${error.message}`);
      });
    }
  });

  it('takes hosted files named by their hash, bounded; refuses anything else in their place', async () => {
    const alice = asVerified('alice');
    const file = {
      sha256: 'a'.repeat(64),
      name: 'menu.pdf',
      size: 52_000,
      type: 'application/pdf',
    };
    const menu = (hosted: unknown) =>
      countedWrite(doc(alice, aliceCode), newCode({ type: 'menu', dynamic: true, hosted }));
    await assertSucceeds(menu({ menuFile: file }));
    for (const wrong of [
      { logo: file },
      { menuFile: { ...file, sha256: 'not-a-hash' } },
      { menuFile: { ...file, sha256: 'A'.repeat(64) } },
      { menuFile: { ...file, name: '' } },
      { menuFile: { ...file, name: 'x'.repeat(201) } },
      { menuFile: { ...file, size: 0 } },
      { menuFile: { ...file, size: 1.5 } },
      { menuFile: { ...file, type: 'x'.repeat(101) } },
      { menuFile: { ...file, url: 'https://evil.example/' } },
      { menuFile: 'menu.pdf' },
      'menu.pdf',
    ]) {
      await assertFails(menu(wrong));
    }
  });

  it('refuses an SVG logo, a design with keys of its own making, and frame words past the limit', async () => {
    const alice = as('alice');
    const code = doc(alice, aliceCode);
    const svg = `data:image/svg+xml;base64,${btoa('<svg onload="alert(1)"/>')}`;
    await assertFails(countedWrite(code, newCode({ logo: svg })));
    await assertFails(
      countedWrite(code, newCode({ design: { frame: 'none', logo: 'javascript:alert(1)' } })),
    );
    await assertFails(countedWrite(code, newCode({ design: { frame: 'none', script: 'x' } })));
    await assertFails(countedWrite(code, newCode({ design: { frameText: 'x'.repeat(25) } })));
    await assertSucceeds(
      countedWrite(
        code,
        newCode({
          logo: `data:image/webp;base64,${'UklGR'.repeat(10)}`,
          design: { frameText: 'Scan for the menu' },
        }),
      ),
    );
  });

  it('holds every content field to the form’s own limit, and takes no field of its own making', async () => {
    const code = doc(as('alice'), aliceCode);
    const content = (extra: Record<string, unknown>) => ({
      text: { websiteUrl: 'https://kemptoncodeworks.co.za/', qrName: 'Shop window' },
      lists: { links: ['https://kemptoncodeworks.co.za/'], socialLinks: [''] },
      files: {},
      ...extra,
    });
    // Each wrong one is a new code: refused for its content alone.
    await assertSucceeds(
      countedWrite(doc(as('alice'), 'users/alice/codes/full'), newCode({ content: content({}) })),
    );
    const text = (fields: Record<string, unknown>) =>
      content({ text: { websiteUrl: 'https://example.co.za/', ...fields } });
    for (const wrong of [
      // A 900 KB field (all texts together take 8,000 characters); a network name longer than
      // WiFi's 32.
      text({ websiteUrl: `https://example.co.za/${'a'.repeat(900_000)}` }),
      text({ wifiSSID: 'x'.repeat(33) }),
      text({ couponCode: 'x'.repeat(101) }),
      // A short field that is no string (a long one the app reads back as empty).
      text({ wifiSSID: 42 }),
      text({ notes: 'a field the form does not have' }),
      content({ lists: { links: Array.from({ length: 21 }, () => 'https://example.co.za/') } }),
      content({ lists: { links: ['x'.repeat(40_001)] } }),
      content({ lists: { links: 'https://example.co.za/' } }),
      content({ files: { menuFile: 'x'.repeat(201) } }),
      content({ files: { notes: 'x' } }),
      content({ extra: {} }),
      'https://example.co.za/',
    ]) {
      await assertFails(countedWrite(code, newCode({ content: wrong }))).catch((error: Error) => {
        throw new Error(`${JSON.stringify(wrong).slice(0, 80)}: ${error.message}`);
      });
    }
    const another = doc(as('alice'), 'users/alice/codes/atTheLimit');
    await assertSucceeds(
      countedWrite(another, newCode({ content: text({ wifiSSID: 'x'.repeat(32) }) })),
    );
  });

  it('counts the codes with every create and delete, and takes no more than the limit', async () => {
    const alice = as('alice');
    const code = doc(alice, aliceCode);
    const counter = doc(alice, 'users/alice');
    // Not without its count, nor with a count that is wrong or names another code.
    await assertFails(setDoc(code, newCode()));
    const batchOf = (count: Record<string, unknown>) => {
      const batch = writeBatch(alice);
      batch.set(code, newCode());
      batch.set(counter, count, { merge: true });
      return batch.commit();
    };
    await assertFails(batchOf({ codeCount: increment(2), changed: 'c1' }));
    await assertFails(batchOf({ codeCount: increment(1), changed: 'c2' }));
    await assertFails(batchOf({ codeCount: 0, changed: 'c1' }));
    await assertSucceeds(countedWrite(code, newCode()));
    expect((await getDoc(counter)).data()).toEqual({ codeCount: 1, changed: 'c1' });
    // The count moves only with a code that comes or goes in the same write.
    await assertFails(setDoc(counter, { codeCount: 0, changed: 'c1' }));
    await assertFails(setDoc(counter, { codeCount: 2, changed: 'c7' }));
    await assertFails(deleteDoc(code));
    await assertSucceeds(countedWrite(code, null));
    expect((await getDoc(counter)).data()).toEqual({ codeCount: 0, changed: 'c1' });
    // Another user neither reads nor moves it.
    await assertFails(getDoc(doc(as('bob'), 'users/alice')));
    await assertFails(countedWrite(doc(as('bob'), 'users/alice/codes/c9'), newCode()));

    // At SAVED_CODES_MAX, one more is refused; after a delete there is room again.
    await stored('users/alice', { codeCount: SAVED_CODES_MAX, changed: 'old' });
    await stored('users/alice/codes/old', { ...newCode(), createdAt: earlier, updatedAt: earlier });
    await assertFails(countedWrite(code, newCode()));
    await assertSucceeds(countedWrite(doc(alice, 'users/alice/codes/old'), null));
    await assertSucceeds(countedWrite(code, newCode()));
  });

  it('takes a dynamic code only from an account whose email address is verified', async () => {
    await assertFails(countedWrite(doc(as('alice'), aliceCode), newCode({ dynamic: true })));
    await assertSucceeds(
      countedWrite(doc(asVerified('alice'), aliceCode), newCode({ dynamic: true })),
    );
    // Nor can an unverified account make a static code dynamic later, or edit a dynamic one.
    await assertFails(
      updateDoc(doc(as('alice'), aliceCode), { name: 'Flyer', updatedAt: serverTimestamp() }),
    );
    await storedCode('users/alice/codes/c2');
    await assertFails(
      updateDoc(doc(as('alice'), 'users/alice/codes/c2'), {
        dynamic: true,
        updatedAt: serverTimestamp(),
      }),
    );
    // Its owner's Undo of a delete writes the code again: allowed, verified.
    await assertSucceeds(countedWrite(doc(asVerified('alice'), aliceCode), null));
    await assertSucceeds(
      countedWrite(doc(asVerified('alice'), aliceCode), newCode({ dynamic: true })),
    );
  });

  it('keeps another user out: no read, list, create, update or delete', async () => {
    await storedCode(aliceCode);
    const bob = as('bob');
    await assertFails(getDoc(doc(bob, aliceCode)));
    await assertFails(getDocs(collection(bob, 'users/alice/codes')));
    await assertFails(countedWrite(doc(bob, 'users/alice/codes/c9'), newCode()));
    await assertFails(
      updateDoc(doc(bob, aliceCode), { name: 'Mine', updatedAt: serverTimestamp() }),
    );
    await assertFails(countedWrite(doc(bob, aliceCode), null));
  });

  it('keeps anonymous visitors out: no read, list or write', async () => {
    await storedCode(aliceCode);
    const visitor = anonymous();
    await assertFails(getDoc(doc(visitor, aliceCode)));
    await assertFails(getDocs(collection(visitor, 'users/alice/codes')));
    await assertFails(countedWrite(doc(visitor, 'users/alice/codes/c9'), newCode()));
    await assertFails(countedWrite(doc(visitor, aliceCode), null));
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
    ['a dynamic flag that is not a boolean', { dynamic: 'yes' }],
    ['a short link id of its own choosing', { dynamicId: 'kempton-password-reset' }],
    ['a createdAt from the client', { createdAt: earlier }],
    ['an updatedAt from the client', { updatedAt: earlier }],
  ])('refuses a code with %s', async (_, fields) => {
    await assertFails(countedWrite(doc(as('alice'), aliceCode), newCode(fields)));
  });

  it('refuses a code with a field missing', async () => {
    const withoutFiles: Record<string, unknown> = newCode();
    delete withoutFiles.files;
    await assertFails(countedWrite(doc(as('alice'), aliceCode), withoutFiles));
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

describe('short links: the server’s alone', () => {
  it('no client creates a link, whatever its id: a chosen one, a minted-looking one', async () => {
    for (const id of ['kempton-password-reset', linkId, 'AbCdEfGhJk']) {
      await assertFails(setDoc(doc(asVerified('alice'), `dynamic/${id}`), newLink('alice')));
    }
    await assertFails(setDoc(doc(anonymous(), `dynamic/${linkId}`), newLink('alice')));
  });

  it('a deleted link cannot be taken over: not recreated, retargeted or brought back by anyone', async () => {
    await storedLink(linkId, 'alice', { deletedAt: earlier });
    const bob = asVerified('bob');
    await assertFails(setDoc(doc(bob, `dynamic/${linkId}`), newLink('bob')));
    await assertFails(
      updateDoc(doc(bob, `dynamic/${linkId}`), {
        owner: 'bob',
        target: 'https://evil.example/',
        deletedAt: null,
      }),
    );
    // Not even its owner restores it by hand: Undo goes through the server (POST /api/links).
    const alice = asVerified('alice');
    await assertFails(updateDoc(doc(alice, `dynamic/${linkId}`), { deletedAt: null }));
    await assertFails(deleteDoc(doc(alice, `dynamic/${linkId}`)));
  });

  it('the owner cannot retarget, retire, or switch back on their own link', async () => {
    await storedLink(linkId, 'alice', { disabled: { reason: 'phishing', at: earlier } });
    const link = doc(asVerified('alice'), `dynamic/${linkId}`);
    await assertFails(updateDoc(link, { disabled: null }));
    await assertFails(updateDoc(link, { target: 'https://example.com/new' }));
    await assertFails(updateDoc(link, { deletedAt: serverTimestamp() }));
    await assertFails(deleteDoc(link));
  });

  it('lets the owner read their link and list their links, and nobody else', async () => {
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
    const bob = as('bob');
    await assertFails(getDoc(doc(bob, `dynamic/${linkId}`)));
    await assertFails(getDocs(query(collection(bob, 'dynamic'), where('owner', '==', 'alice'))));
    await assertFails(getDoc(doc(anonymous(), `dynamic/${linkId}`)));
  });

  it('counts: the owner reads them, across links too; nobody writes them', async () => {
    await storedLink(linkId, 'alice');
    const shard = { owner: 'alice', link: linkId, day: '2026-11-20', scans: 7 };
    await stored(`dynamic/${linkId}/counts/2026-11-20_3`, shard);
    await stored(`dynamic/bobsLink00000001/counts/2026-11-20_0`, { ...shard, owner: 'bob' });
    const alice = asVerified('alice');
    const mine = await assertSucceeds(
      getDocs(query(collectionGroup(alice, 'counts'), where('owner', '==', 'alice'))),
    );
    expect(mine.docs.map((count) => count.data().scans)).toEqual([7]);
    await assertFails(getDocs(collectionGroup(alice, 'counts')));
    await assertFails(
      getDocs(query(collectionGroup(as('bob'), 'counts'), where('owner', '==', 'alice'))),
    );
    for (const write of [
      setDoc(doc(alice, `dynamic/${linkId}/counts/2026-11-21_0`), { ...shard, scans: 1000 }),
      updateDoc(doc(alice, `dynamic/${linkId}/counts/2026-11-20_3`), { scans: 1000 }),
      deleteDoc(doc(alice, `dynamic/${linkId}/counts/2026-11-20_3`)),
    ]) {
      await assertFails(write);
    }
  });

  it('visitors, salts and the account’s usage are the server’s: no client writes them', async () => {
    await storedLink(linkId, 'alice');
    await stored(`dynamic/${linkId}/visitors/2026-11-20_abc`, { day: '2026-11-20' });
    await stored('salts/2026-11-20', { salt: 'secret' });
    await stored('accounts/alice', {
      activeLinks: 3,
      day: '2026-11-20',
      newLinks: 1,
      targetChanges: 0,
    });
    const alice = asVerified('alice');
    await assertFails(getDoc(doc(alice, `dynamic/${linkId}/visitors/2026-11-20_abc`)));
    await assertFails(getDoc(doc(alice, 'salts/2026-11-20')));
    await assertSucceeds(getDoc(doc(alice, 'accounts/alice')));
    await assertFails(getDoc(doc(as('bob'), 'accounts/alice')));
    await assertFails(updateDoc(doc(alice, 'accounts/alice'), { activeLinks: 0 }));
    await assertFails(setDoc(doc(alice, 'accounts/alice'), { activeLinks: 0 }));
  });

  it('a link’s password hash, its attempts and the unlock key are read by no client, not even the owner', async () => {
    await storedLink(linkId, 'alice');
    await stored(`dynamic/${linkId}/private/password`, { hash: 'aa', salt: 'bb' });
    await stored(`dynamic/${linkId}/private/attempts`, { total: 3 });
    await stored('system/unlock', { key: 'secret' });
    for (const reader of [asVerified('alice'), as('bob')]) {
      await assertFails(getDoc(doc(reader, `dynamic/${linkId}/private/password`)));
      await assertFails(getDocs(collection(reader, `dynamic/${linkId}/private`)));
      await assertFails(getDoc(doc(reader, 'system/unlock')));
    }
    const alice = asVerified('alice');
    await assertFails(setDoc(doc(alice, `dynamic/${linkId}/private/password`), { hash: 'mine' }));
    await assertFails(deleteDoc(doc(alice, `dynamic/${linkId}/private/attempts`)));
    await assertFails(setDoc(doc(alice, 'system/unlock'), { key: 'chosen' }));
  });
});
