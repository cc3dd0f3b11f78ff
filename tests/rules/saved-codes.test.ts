// The saved codes' store (src/features/qr/codes/saved-codes.ts) against the real Cloud Firestore
// emulator and firestore.rules, which global-setup.ts starts. Each test begins with an empty
// database.
import { doc, getDoc, serverTimestamp, setDoc, type Firestore } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { emptyContent } from '../../src/domain/qr/content';
import { defaultDesign } from '../../src/domain/qr/design';
import { emptyDraft, type QrDraft } from '../../src/domain/qr/draft';
import {
  savedFields,
  LOGO_MAX_CHARS,
  SavedCodeError,
  type SavedCode,
} from '../../src/domain/qr/saved-code';
import {
  deleteCode,
  restoreCode,
  saveNewCode,
  updateCode,
  watchCodes,
  type CodesState,
} from '../../src/features/qr/codes/saved-codes';
import { db as unchecked, serverHas, useEmulator } from './emulator';

const { environment, as, asVerified } = useEmulator();

const logo =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==';

const menuDraft: QrDraft = {
  ...emptyDraft,
  step: 'demo',
  type: 'menu',
  content: {
    ...emptyContent,
    text: { ...emptyContent.text, qrName: 'Lunch menu' },
    files: { menuFile: new File(['%PDF-1.7'], 'menu-2026.pdf', { type: 'application/pdf' }) },
  },
  design: { ...defaultDesign, pattern: 'dots', logo: new File(['png'], 'logo.png') },
};
const webDraft: QrDraft = {
  ...emptyDraft,
  type: 'web',
  content: {
    ...emptyContent,
    text: { ...emptyContent.text, websiteUrl: 'https://kemptoncodeworks.co.za/' },
  },
};

interface Listing {
  readonly codes: SavedCode[];
  readonly state: CodesState;
}

/** Every listing watchCodes reports, and a way to wait for one that matches. */
function watch(db: Firestore, uid: string) {
  const seen: Listing[] = [];
  const waiting = new Set<() => void>();
  let failure: Error | undefined;
  const stop = watchCodes(
    db,
    uid,
    (codes, state) => {
      seen.push({ codes, state });
      waiting.forEach((check) => check());
    },
    (error) => {
      failure = error;
      waiting.forEach((check) => check());
    },
  );
  const until = (matches: (listing: Listing) => boolean) =>
    new Promise<Listing>((resolve, reject) => {
      const check = () => {
        const found = seen.find(matches);
        if (found) resolve(found);
        else if (failure) reject(failure);
        else return;
        waiting.delete(check);
      };
      waiting.add(check);
      check();
    });
  return { seen, until, stop, failed: () => failure };
}

describe('saved codes through the store', () => {
  it('saves a code from a draft with a file and a logo, pending at once, then confirmed', async () => {
    // A menu is a hosted file: its code is dynamic, which takes a verified account.
    const alice = asVerified('alice');
    const list = watch(alice, 'alice');
    await list.until(({ state }) => !state.fromCache);

    const fields = savedFields(menuDraft, '', { logo });
    const { id, written } = saveNewCode(alice, 'alice', 'alice', fields);
    expect(id).toMatch(/^[A-Za-z0-9]{20}$/);

    // Shown before the server answers: pending, with no server time yet.
    const pending = await list.until(({ codes }) => codes.length === 1);
    expect(pending.state.pendingIds.has(id)).toBe(true);
    expect(pending.codes[0].updatedAt).toBeNull();
    expect(pending.codes[0].name).toBe('Lunch menu');

    await written;
    const confirmed = await list.until(
      ({ codes, state }) => codes.length === 1 && state.pendingIds.size === 0,
    );
    const [code] = confirmed.codes;
    expect(code.id).toBe(id);
    expect(code.type).toBe('menu');
    expect(code.files).toEqual(['menu-2026.pdf']);
    expect(code.content.files).toEqual({ menuFile: 'menu-2026.pdf' });
    expect(code.logo).toBe(logo);
    expect(code.design.logo).toBe(logo);
    expect(code.design.pattern).toBe('dots');
    expect(code.createdAt).toBeInstanceOf(Date);
    expect(code.updatedAt).toEqual(code.createdAt);
    list.stop();
  });

  it('lists the codes waiting for the server first, then the latest updated', async () => {
    const alice = as('alice');
    const first = saveNewCode(alice, 'alice', 'alice', savedFields(webDraft, 'First', noExtras));
    await first.written;
    const second = saveNewCode(alice, 'alice', 'alice', savedFields(webDraft, 'Second', noExtras));
    await second.written;
    const list = watch(alice, 'alice');
    const names = (listing: Listing) => listing.codes.map((code) => code.name).join(',');
    await list.until((listing) => names(listing) === 'Second,First');

    // Offline-first: the write is listed at once, before `written` settles.
    const renamed = updateCode(alice, 'alice', 'alice', first.id, { name: 'First, renamed' });
    const pending = await list.until((listing) => listing.state.pendingIds.size === 1);
    expect(names(pending)).toBe('First, renamed,Second');
    await renamed;
    list.stop();
  });

  it('keeps createdAt on update and moves updatedAt on', async () => {
    // A menu is a hosted file: its code is dynamic, which takes a verified account.
    const alice = asVerified('alice');
    const { id, written } = saveNewCode(
      alice,
      'alice',
      'alice',
      savedFields(webDraft, 'Shop', noExtras),
    );
    await written;
    const before = (await getDoc(doc(alice, 'users/alice/codes', id))).data()!;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await updateCode(alice, 'alice', 'alice', id, savedFields(menuDraft, 'Menu', { logo }));
    const after = (await getDoc(doc(alice, 'users/alice/codes', id))).data()!;
    expect(after.createdAt).toEqual(before.createdAt);
    expect(after.updatedAt.toMillis()).toBeGreaterThan(before.updatedAt.toMillis());
    expect(after.type).toBe('menu');
    expect(after.name).toBe('Menu');
  });

  it('deletes a code, and Undo brings it back with the same id and fields', async () => {
    // A menu is a hosted file: its code is dynamic, which takes a verified account.
    const alice = asVerified('alice');
    const fields = savedFields(menuDraft, 'Menu', { logo });
    const { id, written } = saveNewCode(alice, 'alice', 'alice', fields);
    await written;
    const list = watch(alice, 'alice');
    const saved = (await list.until(({ codes }) => codes.length === 1)).codes[0];

    const deleted = deleteCode(alice, 'alice', id);
    await list.until(({ codes }) => codes.length === 0);
    await deleted;
    expect(await serverHas(`users/alice/codes/${id}`)).toBe(false);

    await restoreCode(alice, 'alice', 'alice', saved);
    const back = await list.until(
      ({ codes, state }) => codes.length === 1 && state.pendingIds.size === 0,
    );
    expect({ ...back.codes[0], createdAt: null, updatedAt: null }).toEqual({
      ...saved,
      createdAt: null,
      updatedAt: null,
    });
    list.stop();
  });

  it('shows another user nothing, and refuses their writes', async () => {
    const alice = as('alice');
    const { id, written } = saveNewCode(
      alice,
      'alice',
      'alice',
      savedFields(webDraft, 'Shop', noExtras),
    );
    await written;

    const bob = as('bob');
    const own = watch(bob, 'bob');
    expect((await own.until(({ state }) => !state.fromCache)).codes).toEqual([]);
    own.stop();

    const theirs = watch(bob, 'alice');
    await expect(theirs.until(() => false)).rejects.toMatchObject({ code: 'permission-denied' });
    expect(theirs.seen.every(({ codes }) => codes.length === 0)).toBe(true);

    await expect(
      saveNewCode(bob, 'alice', 'bob', savedFields(webDraft, 'Mine', noExtras)).written,
    ).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(updateCode(bob, 'alice', 'bob', id, { name: 'Mine' })).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await expect(deleteCode(bob, 'alice', id)).rejects.toMatchObject({
      code: 'permission-denied',
    });
    const stored = await getDoc(doc(alice, 'users/alice/codes', id));
    expect(stored.data()?.name).toBe('Shop');
  });

  it('refuses a code too big before writing anything, with a clear error', async () => {
    const alice = as('alice');
    const fields = savedFields(webDraft, 'Shop', noExtras);
    const big = `data:image/png;base64,${'A'.repeat(LOGO_MAX_CHARS)}`;
    expect(() => saveNewCode(alice, 'alice', 'alice', { ...fields, logo: big })).toThrow(
      SavedCodeError,
    );
    expect(() => saveNewCode(alice, 'alice', 'alice', { ...fields, logo: big })).toThrow(
      /logo is too large to save/,
    );
    const eleven = Array.from({ length: 11 }, (_, index) => `f${index}.pdf`);
    expect(() => saveNewCode(alice, 'alice', 'alice', { ...fields, files: eleven })).toThrow(
      /at most 10 files/,
    );
    expect(() => updateCode(alice, 'alice', 'alice', 'c1', { name: 'x'.repeat(101) })).toThrow(
      SavedCodeError,
    );
    // Nothing reached the database.
    await environment().withSecurityRulesDisabled(async (context) => {
      const all = await getDoc(doc(unchecked(context), 'users/alice/codes/c1'));
      expect(all.exists()).toBe(false);
    });
  });

  it('is refused by the rules too when the limits are skipped', async () => {
    // The rules are the last word: a logo over the limit written past the store's check.
    const fields = savedFields(webDraft, 'Shop', noExtras);
    const big = `data:image/png;base64,${'A'.repeat(LOGO_MAX_CHARS)}`;
    await expect(
      setDoc(doc(as('alice'), 'users/alice/codes/c1'), {
        ...fields,
        logo: big,
        createdAt: serverTimestamp(),
        updatedAt: serverTimestamp(),
      }),
    ).rejects.toMatchObject({ code: 'permission-denied' });
  });
});

const noExtras = { logo: null };
