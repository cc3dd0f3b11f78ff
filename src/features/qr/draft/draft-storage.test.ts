// QR drafts in IndexedDB (fake-indexeddb): one per user, files kept as records of their own and
// written only when they change, storage failures told apart. The real browser round trip (a
// 5 MB file byte for byte across reloads) is tested end to end in tests/wizard.spec.ts.
import 'fake-indexeddb/auto';
import { clear, createStore, del, get, keys, set } from 'idb-keyval';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyContent, type QrContent } from '../../../domain/qr/content';
import { defaultDesign } from '../../../domain/qr/design';
import { emptyDraft, type QrDraft } from '../../../domain/qr/draft';
import { deleteDraft, DraftStorageError, loadDraft, saveDraft } from './draft-storage';

/** The same database and store the drafts live in, to look at what was written. */
const raw = createStore('kcw-qr-drafts', 'drafts');
const storedKeys = async () => (await keys(raw)).map(String).sort();
const fileKeys = async (uid: string) =>
  (await storedKeys()).filter((key) => key.startsWith(`file:${uid}:`));

beforeEach(async () => {
  await clear(raw);
});

/** Bytes that all differ, so a round trip is checked byte for byte. */
function patterned(size: number, seed = 7): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  let state = seed;
  for (let index = 0; index < size; index += 1) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[index] = state >>> 24;
  }
  return bytes;
}

const pdf = (seed = 1, name = 'brochure.pdf') =>
  new File([patterned(4096, seed)], name, {
    type: 'application/pdf',
    lastModified: 1_700_000_000_000 + seed,
  });
const logo = (seed = 2) =>
  new File([patterned(300, seed)], 'logo.png', {
    type: 'image/png',
    lastModified: 1_600_000_000_000,
  });

function draftWith(
  files: QrContent['files'] = {},
  logoFile: File | null = null,
  text: Partial<QrContent['text']> = {},
): QrDraft {
  return {
    ...emptyDraft,
    step: 'design',
    type: 'menu',
    content: {
      text: { ...emptyContent.text, qrName: 'Lunch menu', ...text },
      lists: { links: ['https://a.example.co.za', 'https://b.example.co.za'], socialLinks: [''] },
      files,
    },
    design: {
      ...defaultDesign,
      frame: 'square-bottom',
      pattern: 'dots',
      patternColor1: '#111111',
      transparentBackground: true,
      logo: logoFile,
    },
  };
}

async function load(uid: string): Promise<QrDraft> {
  const draft = await loadDraft(uid);
  if (!draft) throw new Error(`no draft for ${uid}`);
  return draft;
}

async function expectSameFile(actual: File | null | undefined, expected: File) {
  expect(actual).toBeInstanceOf(File);
  const file = actual as File;
  expect({
    name: file.name,
    type: file.type,
    size: file.size,
    lastModified: file.lastModified,
  }).toEqual({
    name: expected.name,
    type: expected.type,
    size: expected.size,
    lastModified: expected.lastModified,
  });
  expect(new Uint8Array(await file.arrayBuffer())).toEqual(
    new Uint8Array(await expected.arrayBuffer()),
  );
}

describe('saveDraft and loadDraft', () => {
  it('give nothing when the user has no draft', async () => {
    expect(await loadDraft('nobody')).toBeNull();
  });

  it('give back the text, lists, design and step as saved', async () => {
    const draft = draftWith({}, null, { websiteUrl: 'https://example.co.za', password: ' p w ' });
    await saveDraft('alice', draft);
    expect(await loadDraft('alice')).toEqual(draft);
  });

  it('give back files with the same name, type, last-modified time and bytes', async () => {
    const file = pdf();
    const image = logo();
    const menu = new File([patterned(2000, 9)], 'MENU.JPG', { type: '', lastModified: 5 });
    const draft = draftWith({ pdfFile: file, menuFile: menu }, image);
    await saveDraft('alice', draft);

    const loaded = await load('alice');
    expect(Object.keys(loaded.content.files).sort()).toEqual(['menuFile', 'pdfFile']);
    await expectSameFile(loaded.content.files.pdfFile, file);
    await expectSameFile(loaded.content.files.menuFile, menu);
    await expectSameFile(loaded.design.logo, image);
    // Everything else as it was.
    expect(loaded.content.text).toEqual(draft.content.text);
    expect(loaded.content.lists).toEqual(draft.content.lists);
    expect({ ...loaded.design, logo: null }).toEqual({ ...draft.design, logo: null });
    expect(loaded).toMatchObject({ step: 'design', type: 'menu' });
  });

  it('keep the bytes apart from the draft record, one record per file', async () => {
    await saveDraft('alice', draftWith({ pdfFile: pdf() }, logo()));
    expect(await storedKeys()).toHaveLength(3);
    expect(await fileKeys('alice')).toHaveLength(2);
    const record = await get<{ draft: QrDraft<unknown> }>('draft:alice', raw);
    // The record holds where the bytes are, not the bytes.
    expect(JSON.stringify(record)).not.toContain('bytes');
    expect(record?.draft.content.files).toMatchObject({
      pdfFile: { name: 'brochure.pdf', type: 'application/pdf', size: 4096 },
    });
  });

  it('keep one draft per user', async () => {
    await saveDraft('alice', draftWith({ pdfFile: pdf() }));
    expect(await loadDraft('bob')).toBeNull();

    const bobs = draftWith({}, null, { qrName: 'Bob' });
    await saveDraft('bob', bobs);
    expect(await loadDraft('bob')).toEqual(bobs);
    const alices = await load('alice');
    expect(alices.content.text.qrName).toBe('Lunch menu');
    expect(Object.keys(alices.content.files)).toEqual(['pdfFile']);
  });

  it('replace the previous draft of the same user', async () => {
    await saveDraft('alice', draftWith());
    const next = { ...draftWith(), step: 'content' as const, type: 'web' as const };
    await saveDraft('alice', next);
    expect(await loadDraft('alice')).toEqual(next);
  });

  it('save the empty draft', async () => {
    await saveDraft('alice', emptyDraft);
    expect(await loadDraft('alice')).toEqual(emptyDraft);
  });
});

describe('files already written', () => {
  it('are not written again when the draft is saved again', async () => {
    const file = pdf();
    await saveDraft('alice', draftWith({ pdfFile: file }));
    const first = await fileKeys('alice');
    expect(first).toHaveLength(1);

    await saveDraft('alice', draftWith({ pdfFile: file }, null, { qrName: 'Typed more' }));
    await saveDraft('alice', draftWith({ pdfFile: file }, null, { qrName: 'And more' }));
    expect(await fileKeys('alice')).toEqual(first);
    expect(await storedKeys()).toHaveLength(2);
    const loaded = await load('alice');
    expect(loaded.content.text.qrName).toBe('And more');
    await expectSameFile(loaded.content.files.pdfFile, file);
  });

  it('are not written again after a load either', async () => {
    await saveDraft('alice', draftWith({ pdfFile: pdf() }, logo()));
    const before = await fileKeys('alice');
    const loaded = await load('alice');
    await saveDraft('alice', {
      ...loaded,
      content: { ...loaded.content, text: { ...loaded.content.text, qrName: 'After reload' } },
    });
    expect(await fileKeys('alice')).toEqual(before);
    expect((await load('alice')).content.text.qrName).toBe('After reload');
  });

  it('a replaced file: its old bytes are deleted and the new ones kept', async () => {
    const first = pdf(1, 'first.pdf');
    await saveDraft('alice', draftWith({ pdfFile: first }));
    const [oldKey] = await fileKeys('alice');

    const second = pdf(2, 'second.pdf');
    await saveDraft('alice', draftWith({ pdfFile: second }));
    const now = await fileKeys('alice');
    expect(now).toHaveLength(1);
    expect(now).not.toContain(oldKey);
    expect(await get(oldKey, raw)).toBeUndefined();
    await expectSameFile((await load('alice')).content.files.pdfFile, second);
  });

  it('a removed file or logo: its bytes are deleted, the others kept', async () => {
    const file = pdf();
    await saveDraft('alice', draftWith({ pdfFile: file }, logo()));
    expect(await fileKeys('alice')).toHaveLength(2);

    await saveDraft('alice', draftWith({ pdfFile: file }, null));
    expect(await fileKeys('alice')).toHaveLength(1);
    const loaded = await load('alice');
    expect(loaded.design.logo).toBeNull();
    await expectSameFile(loaded.content.files.pdfFile, file);

    await saveDraft('alice', draftWith({}, null));
    expect(await storedKeys()).toEqual(['draft:alice']);
    expect((await load('alice')).content.files).toEqual({});
  });

  it('a file moved from one field to another keeps its bytes', async () => {
    const file = new File([patterned(100)], 'menu.pdf', { type: 'application/pdf' });
    await saveDraft('alice', draftWith({ pdfFile: file }));
    const before = await fileKeys('alice');
    await saveDraft('alice', draftWith({ menuFile: file }));
    expect(await fileKeys('alice')).toEqual(before);
    const loaded = await load('alice');
    expect(Object.keys(loaded.content.files)).toEqual(['menuFile']);
    await expectSameFile(loaded.content.files.menuFile, file);
  });

  it('a file whose bytes are gone is left out; the rest of the draft loads', async () => {
    await saveDraft('alice', draftWith({ pdfFile: pdf() }, logo()));
    const record = await get<{ draft: QrDraft<{ fileKey: string }> }>('draft:alice', raw);
    const pdfKey = record?.draft.content.files.pdfFile?.fileKey;
    expect(pdfKey).toBeDefined();
    await del(pdfKey as string, raw);

    const loaded = await load('alice');
    expect(loaded.content.files).toEqual({});
    expect(loaded.design.logo).toBeInstanceOf(File);
    expect(loaded.content.text.qrName).toBe('Lunch menu');
  });

  // deleteDraft forgets which files it had written, so their bytes are written again.
  it('a file saved again after deleteDraft is written again', async () => {
    const file = pdf();
    await saveDraft('alice', draftWith({ pdfFile: file }));
    await deleteDraft('alice');
    await saveDraft('alice', draftWith({ pdfFile: file }));
    await expectSameFile((await load('alice')).content.files.pdfFile, file);
  });

  it('the same file saved for two users gets bytes of its own for each', async () => {
    const file = pdf();
    await saveDraft('alice', draftWith({ pdfFile: file }));
    await saveDraft('bob', draftWith({ pdfFile: file }));
    await deleteDraft('alice');
    await expectSameFile((await load('bob')).content.files.pdfFile, file);
  });
});

describe('deleteDraft', () => {
  it('removes the draft and its files, and only that user’s', async () => {
    await saveDraft('alice', draftWith({ pdfFile: pdf() }, logo()));
    await saveDraft('bob', draftWith({ pdfFile: pdf(3) }));
    expect(await storedKeys()).toHaveLength(5);

    await deleteDraft('alice');
    expect(await loadDraft('alice')).toBeNull();
    expect((await storedKeys()).filter((key) => key.includes('alice'))).toEqual([]);
    const bobs = await load('bob');
    await expectSameFile(bobs.content.files.pdfFile, pdf(3));
  });

  it('does nothing when there is no draft', async () => {
    await saveDraft('bob', draftWith());
    await expect(deleteDraft('alice')).resolves.toBeUndefined();
    expect(await storedKeys()).toEqual(['draft:bob']);
  });
});

describe('damaged records', () => {
  it('a record that is not a draft loads as none', async () => {
    await set('draft:alice', { draft: 'nonsense', savedAt: 1 }, raw);
    expect(await loadDraft('alice')).toBeNull();
    await set('draft:alice', 'nonsense', raw);
    expect(await loadDraft('alice')).toBeNull();
  });

  it('a draft of another version loads as none', async () => {
    await saveDraft('alice', draftWith());
    const record = await get<{ draft: QrDraft }>('draft:alice', raw);
    await set('draft:alice', { ...record, draft: { ...record?.draft, version: 99 } }, raw);
    expect(await loadDraft('alice')).toBeNull();
  });

  it('damaged fields fall back to their defaults', async () => {
    await saveDraft('alice', draftWith());
    const record = await get<{ draft: QrDraft }>('draft:alice', raw);
    const draft = record?.draft as QrDraft;
    await set(
      'draft:alice',
      {
        ...record,
        draft: {
          ...draft,
          type: 'nope',
          design: { ...draft.design, pattern: 'hearts', logo: { fileKey: 42 } },
        },
      },
      raw,
    );
    const loaded = await load('alice');
    expect(loaded.type).toBeNull();
    expect(loaded.step).toBe('type');
    expect(loaded.design.pattern).toBe(defaultDesign.pattern);
    expect(loaded.design.logo).toBeNull();
    expect(loaded.content.text.qrName).toBe('Lunch menu');
  });
});

describe('a draft saved by an older version', () => {
  // Until November 2026 a frame's id was its place in the list: 'frame-9' was the rounded border
  // with the text below. The record is written as that version wrote it.
  const oldRecord = {
    draft: {
      version: 1,
      step: 'design',
      type: 'web',
      content: { text: { websiteUrl: 'https://example.co.za/' }, lists: {}, files: {} },
      design: { ...defaultDesign, frame: 'frame-9', frameText: 'Menu', pattern: 'dots' },
      editing: null,
      dynamic: false,
    },
    savedAt: 1_763_000_000_000,
  };

  it('loads with its frame under the frame’s name, the rest as it was', async () => {
    await set('draft:alice', oldRecord, raw);
    const loaded = await load('alice');
    expect(loaded.design).toEqual({
      ...defaultDesign,
      frame: 'rounded-bottom',
      frameText: 'Menu',
      pattern: 'dots',
    });
    expect(loaded.content.text.websiteUrl).toBe('https://example.co.za/');
    expect(loaded.step).toBe('design');
  });

  it('is written with the new id when it is saved again', async () => {
    await set('draft:alice', oldRecord, raw);
    await saveDraft('alice', await load('alice'));
    const record = await get<{ draft: QrDraft }>('draft:alice', raw);
    expect(record?.draft.design.frame).toBe('rounded-bottom');
  });
});

describe('storage failures', () => {
  it('a full store is a DraftStorageError saying full, and nothing is half written', async () => {
    const before = draftWith();
    await saveDraft('alice', before);
    const quota = new DOMException('full', 'QuotaExceededError');
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementationOnce(() => {
      throw quota;
    });

    const error = await saveDraft('alice', draftWith({ pdfFile: pdf() })).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(DraftStorageError);
    expect(error).toMatchObject({ name: 'DraftStorageError', problem: 'full', cause: quota });
    expect((error as Error).message).toBe('Storage is full.');
    expect(await loadDraft('alice')).toEqual(before);
    expect(await fileKeys('alice')).toEqual([]);

    // With room again, the same file is written (it was not marked as written).
    const file = pdf();
    await saveDraft('alice', draftWith({ pdfFile: file }));
    await expectSameFile((await load('alice')).content.files.pdfFile, file);
  });

  it('Firefox’s quota error is full too', async () => {
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementationOnce(() => {
      throw new DOMException('full', 'NS_ERROR_DOM_QUOTA_REACHED');
    });
    await expect(saveDraft('alice', draftWith())).rejects.toMatchObject({ problem: 'full' });
  });

  it('another failure while writing is unavailable', async () => {
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementationOnce(() => {
      throw new DOMException('closing', 'InvalidStateError');
    });
    await expect(saveDraft('alice', draftWith())).rejects.toMatchObject({
      name: 'DraftStorageError',
      problem: 'unavailable',
      message: 'Storage is unavailable.',
    });
  });

  it('a database that cannot be opened is unavailable, and a later try opens it', async () => {
    await saveDraft('alice', draftWith());
    // A fresh module, so the database is opened again rather than reused.
    vi.resetModules();
    const fresh = await import('./draft-storage');
    const blocked = new DOMException('blocked', 'SecurityError');
    vi.spyOn(indexedDB, 'open').mockImplementationOnce(() => {
      throw blocked;
    });

    const error = await fresh.loadDraft('alice').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(fresh.DraftStorageError);
    expect(error).toMatchObject({ problem: 'unavailable', cause: blocked });
    await expect(fresh.saveDraft('alice', draftWith())).resolves.toBeUndefined();
    expect(await fresh.loadDraft('alice')).toEqual(draftWith());
  });

  it('an open that fails with an error event is unavailable too', async () => {
    vi.resetModules();
    const fresh = await import('./draft-storage');
    const realOpen = indexedDB.open.bind(indexedDB);
    vi.spyOn(indexedDB, 'open').mockImplementationOnce((name: string) => {
      const request = realOpen(`${name}-never`);
      // Fail it as a browser does when the user blocked storage.
      queueMicrotask(() => {
        Object.defineProperty(request, 'error', { value: new DOMException('no', 'UnknownError') });
        request.onerror?.(new Event('error'));
      });
      return request;
    });
    await expect(fresh.deleteDraft('alice')).rejects.toMatchObject({ problem: 'unavailable' });
  });
});
