import { describe, expect, it } from 'vitest';
import { emptyContent } from './content';
import { type QrTypeId } from './qr-types';
import { defaultDesign, type QrDesign } from './design';
import { emptyDraft, ownFiles, type QrDraft } from './draft';
import {
  checkFields,
  codeName,
  draftFromSaved,
  duplicateFields,
  fieldsOf,
  listedCodes,
  savedCodeFrom,
  savedFields,
  CODE_NAME_MAX,
  LOGO_MAX_CHARS,
  SavedCodeError,
  UNTITLED_CODE,
  type SavedCode,
} from './saved-code';

const logo =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==';

const menuDraft: QrDraft<File> = {
  ...emptyDraft,
  step: 'demo',
  type: 'menu',
  content: {
    ...emptyContent,
    text: { ...emptyContent.text, qrName: 'Lunch menu', password: 'secret' },
    files: { menuFile: new File(['%PDF-1.7'], 'menu-2026.pdf', { type: 'application/pdf' }) },
  },
  design: {
    ...defaultDesign,
    pattern: 'dots',
    logo: new File(['png'], 'logo.png', { type: 'image/png' }),
  },
};

const none = { logo: null };

function withoutLogo({ logo: _, ...design }: QrDesign<unknown>) {
  return design;
}

function problemOf(write: () => unknown) {
  try {
    write();
  } catch (error) {
    if (error instanceof SavedCodeError) return error.problem;
    throw error;
  }
  return 'none';
}

describe('savedFields', () => {
  it('keeps the content and design, with file names for files and no logo in the design', () => {
    const fields = savedFields(menuDraft, '', { logo });
    expect(fields.type).toBe('menu');
    expect(fields.name).toBe('Lunch menu');
    // The password is never saved with the code: the server keeps a hash of it (a menu is a
    // hosted file, so its code is dynamic and can have one).
    expect(fields.content.text.password).toBe('');
    expect(fields.passwordProtected).toBe(true);
    expect(fields.content.files).toEqual({ menuFile: 'menu-2026.pdf' });
    expect(fields.files).toEqual(['menu-2026.pdf']);
    expect(fields.design.pattern).toBe('dots');
    expect('logo' in fields.design).toBe(false);
    expect(fields.logo).toBe(logo);
    expect(fields.dynamic).toBe(true);
    expect(fields.hosted).toEqual({});
    // Plain data only: what Firestore stores, nothing of a File.
    expect(JSON.parse(JSON.stringify(fields))).toEqual(fields);
  });

  it('names, hosts and uploads only its own type’s file, not those of types tried before', () => {
    const pdf = new File(['%PDF-1.7'], 'brochure.pdf', { type: 'application/pdf' });
    const tried: QrDraft<File> = {
      ...menuDraft,
      content: { ...menuDraft.content, files: { ...menuDraft.content.files, pdfFile: pdf } },
    };
    const file = { sha256: 'a'.repeat(64), name: 'x.pdf', size: 8, type: 'application/pdf' };
    const fields = savedFields(tried, '', {
      logo: null,
      hosted: { menuFile: file, pdfFile: file },
    });
    expect(fields.content.files).toEqual({ menuFile: 'menu-2026.pdf' });
    expect(fields.files).toEqual(['menu-2026.pdf']);
    expect(fields.hosted).toEqual({ menuFile: file });
    expect(ownFiles(tried)).toEqual({ menuFile: menuDraft.content.files.menuFile });
  });

  it('takes the name given over the draft’s, and writes it as the qrName', () => {
    const fields = savedFields(menuDraft, '  Dinner   menu ', none);
    expect(fields.name).toBe('Dinner menu');
    expect(fields.content.text.qrName).toBe('Dinner menu');
  });

  it('names a code without a name “Untitled code”, and leaves its qrName empty', () => {
    const draft: QrDraft<File> = { ...emptyDraft, type: 'web' };
    const fields = savedFields(draft, '   ', none);
    expect(fields.name).toBe(UNTITLED_CODE);
    expect(fields.content.text.qrName).toBe('');
  });

  it('cuts a long name to 100 characters, never in the middle of a character', () => {
    expect(codeName('x'.repeat(150))).toHaveLength(CODE_NAME_MAX);
    const emoji = codeName('a' + '😀'.repeat(60));
    expect(emoji.length).toBeLessThanOrEqual(CODE_NAME_MAX);
    expect(emoji).toBe('a' + '😀'.repeat(49));
  });

  it('refuses a draft without a type', () => {
    expect(problemOf(() => savedFields(emptyDraft, 'x', none))).toBe('no-type');
  });

  it('refuses a logo over the limit or that is no picture, with a message saying so', () => {
    const big = `data:image/png;base64,${'A'.repeat(LOGO_MAX_CHARS)}`;
    expect(problemOf(() => savedFields(menuDraft, '', { logo: big }))).toBe('logo-too-big');
    expect(() => savedFields(menuDraft, '', { logo: big })).toThrow(/logo is too large/);
    expect(problemOf(() => savedFields(menuDraft, '', { logo: 'https://example.com/a.png' }))).toBe(
      'logo-not-image',
    );
  });

  it('refuses content too large for a document', () => {
    const huge: QrDraft<File> = {
      ...menuDraft,
      content: { ...menuDraft.content, lists: { links: ['x'.repeat(1_100_000)], socialLinks: [] } },
    };
    expect(problemOf(() => savedFields(huge, '', none))).toBe('too-big');
  });
});

describe('checkFields', () => {
  it('checks the fields of an update too: a name of 1 to 100 characters, a known type', () => {
    expect(problemOf(() => checkFields({ name: 'Front door' }))).toBe('none');
    expect(problemOf(() => checkFields({ name: '' }))).toBe('bad-name');
    expect(problemOf(() => checkFields({ name: 'x'.repeat(101) }))).toBe('bad-name');
    expect(problemOf(() => checkFields({ type: 'website' as QrTypeId }))).toBe('no-type');
    expect(problemOf(() => checkFields({ files: Array.from({ length: 11 }, () => 'a.pdf') }))).toBe(
      'too-many-files',
    );
  });
});

describe('savedCodeFrom', () => {
  const created = new Date('2026-11-01T10:00:00Z');
  const timestamp = (date: Date) => ({ toDate: () => date });

  it('reads back what savedFields wrote, with the server times', () => {
    const fields = savedFields(menuDraft, '', { logo });
    const saved = savedCodeFrom('c1', {
      ...JSON.parse(JSON.stringify(fields)),
      createdAt: timestamp(created),
      updatedAt: timestamp(created),
    });
    expect(saved).not.toBeNull();
    expect(fieldsOf(saved!)).toEqual(fields);
    expect(saved!.id).toBe('c1');
    expect(saved!.design.logo).toBe(logo);
    expect(saved!.createdAt).toEqual(created);
    expect(saved!.updatedAt).toEqual(created);
  });

  it('gives null times while the server has not stamped them', () => {
    const saved = savedCodeFrom('c1', { ...savedFields(menuDraft, '', none), updatedAt: null });
    expect(saved!.createdAt).toBeNull();
    expect(saved!.updatedAt).toBeNull();
  });

  it('reads who made a code and who changed it last, or null where the code does not say', () => {
    const fields = savedFields(menuDraft, '', none);
    const teamCode = savedCodeFrom('c1', { ...fields, createdBy: 'thandi', updatedBy: 'sipho' });
    expect([teamCode!.createdBy, teamCode!.updatedBy]).toEqual(['thandi', 'sipho']);
    const older = savedCodeFrom('c1', { ...fields, createdBy: 7 });
    expect([older!.createdBy, older!.updatedBy]).toEqual([null, null]);
  });

  it('skips a document of an unknown type, or no document at all', () => {
    expect(savedCodeFrom('c1', { type: 'website', name: 'x' })).toBeNull();
    expect(savedCodeFrom('c1', undefined)).toBeNull();
    expect(savedCodeFrom('c1', 'web')).toBeNull();
  });

  it('opens an old or damaged document with defaults for what is missing or wrong', () => {
    const saved = savedCodeFrom('c1', {
      type: 'web',
      content: { text: { websiteUrl: 'https://example.com/', qrName: 7 } },
      design: { pattern: 'hearts', patternColor1: '#123456', transparentBackground: 'yes' },
      logo: 'https://example.com/logo.png',
      files: ['a.pdf', 3],
    });
    expect(saved).not.toBeNull();
    expect(saved!.name).toBe(UNTITLED_CODE);
    expect(saved!.content.text.websiteUrl).toBe('https://example.com/');
    expect(saved!.content.text.qrName).toBe('');
    expect(saved!.content.lists).toEqual(emptyContent.lists);
    expect(saved!.design.pattern).toBe(defaultDesign.pattern);
    expect(saved!.design.patternColor1).toBe('#123456');
    expect(saved!.design.transparentBackground).toBe(defaultDesign.transparentBackground);
    expect(saved!.logo).toBeNull();
    expect(saved!.files).toEqual(['a.pdf']);
    expect(saved!.dynamic).toBe(false);
    expect(saved!.createdAt).toBeNull();
  });

  // Until November 2026 a frame's id was its place in the list ('frame-5': the square border
  // with the text below); such documents stay in Cloud Firestore until their next save.
  it('reads an older version’s frame id as the same frame, and saves the new id', () => {
    const oldDocument = {
      ...JSON.parse(JSON.stringify(savedFields(menuDraft, 'Dinner', none))),
      design: { ...withoutLogo(defaultDesign), frame: 'frame-5', frameText: 'Order here' },
    };
    const saved = savedCodeFrom('c1', oldDocument);
    expect(saved!.design).toEqual({
      ...defaultDesign,
      frame: 'square-bottom',
      frameText: 'Order here',
      logo: null,
    });
    expect(draftFromSaved(saved!, 'design').design.frame).toBe('square-bottom');
    expect(fieldsOf(saved!).design.frame).toBe('square-bottom');
    expect(savedFields(draftFromSaved(saved!), 'Dinner', none).design.frame).toBe('square-bottom');
  });
});

describe('draftFromSaved', () => {
  const saved: SavedCode = savedCodeFrom('c1', {
    ...savedFields(menuDraft, 'Dinner', { logo }),
  })!;

  it('reopens the wizard on the code at its content, without the files', () => {
    const draft = draftFromSaved(saved);
    expect(draft.step).toBe('content');
    expect(draft.type).toBe('menu');
    expect(draft.content.files).toEqual({});
    expect(draft.content.text.qrName).toBe('Dinner');
    expect(draft.design.pattern).toBe('dots');
    expect(draftFromSaved(saved, 'design').step).toBe('design');
  });

  it('names the code it edits, and takes the files this device kept', () => {
    // A menu is a hosted file's code: dynamic, and its password kept by the server.
    expect(draftFromSaved(saved).editing).toEqual({
      id: 'c1',
      name: 'Dinner',
      dynamic: true,
      linkId: null,
      passwordProtected: true,
    });
    // Its hosted files come along: the form keeps them while their field is left empty.
    const file = { sha256: 'a'.repeat(64), name: 'menu.pdf', size: 10, type: 'application/pdf' };
    const hosted = { ...saved, hosted: { menuFile: file } };
    expect(draftFromSaved(hosted).editing?.hosted).toEqual({ menuFile: file });
    expect(savedFields(draftFromSaved(hosted), 'Dinner', { logo: null })).toMatchObject({
      content: { files: { menuFile: 'menu.pdf' } },
      hosted: { menuFile: file },
    });
    const dynamic = { ...saved, type: 'web' as const, dynamic: true };
    expect(draftFromSaved(dynamic).dynamic).toBe(true);
    expect(draftFromSaved(dynamic, 'demo', {}, 'AbCdEfGhJk').editing).toMatchObject({
      dynamic: true,
      linkId: 'AbCdEfGhJk',
    });
    // A team's code is edited for the team, whichever workspace is chosen meanwhile.
    expect(draftFromSaved(saved, 'content', {}, null, 'cafe').editing?.workspace).toBe('cafe');
    const menu = new File(['x'], 'menu.pdf', { type: 'application/pdf' });
    expect(draftFromSaved(saved, 'content', { menuFile: menu }).content.files).toEqual({
      menuFile: menu,
    });
  });

  it('rebuilds the logo as an image file', async () => {
    const file = draftFromSaved(saved).design.logo;
    expect(file).toBeInstanceOf(File);
    expect(file!.type).toBe('image/png');
    expect(file!.name).toBe('logo.png');
    const bytes = new Uint8Array(await file!.arrayBuffer());
    expect([...bytes.slice(1, 4)].map((byte) => String.fromCharCode(byte)).join('')).toBe('PNG');
  });

  it('saves again to the same fields', () => {
    const again = savedFields(draftFromSaved(saved), '', { logo });
    expect(again).toEqual({
      ...fieldsOf(saved),
      files: [],
      content: { ...saved.content, files: {} },
    });
  });
});

describe('duplicateFields', () => {
  const saved = savedCodeFrom('c1', savedFields(menuDraft, 'Dinner', { logo }))!;

  it('names the copy, renames its content, and keeps it dynamic (it gets its own link)', () => {
    const copy = duplicateFields(saved);
    expect(copy.name).toBe('Copy of Dinner');
    expect(copy.content.text.qrName).toBe('Copy of Dinner');
    expect(copy.dynamic).toBe(true);
    expect(duplicateFields({ ...saved, type: 'web', dynamic: false }).dynamic).toBe(false);
    expect(copy.logo).toBe(logo);
    expect(copy.design).toEqual(fieldsOf(saved).design);
    expect(() => checkFields(copy)).not.toThrow();
  });

  it('keeps the name within its limit', () => {
    const long = { ...saved, name: 'n'.repeat(CODE_NAME_MAX) };
    expect(duplicateFields(long).name).toHaveLength(CODE_NAME_MAX);
    expect(duplicateFields(long).name.startsWith('Copy of n')).toBe(true);
  });
});

describe('listedCodes', () => {
  const codes = [
    { id: 'c', name: 'Café menu' },
    { id: 'a', name: 'wifi 10' },
    { id: 'b', name: 'Wifi 9' },
  ];
  const ids = (list: { id: string }[]) => list.map((code) => code.id);

  it('keeps the newest first, or turns it round', () => {
    expect(ids(listedCodes(codes, '', 'newest'))).toEqual(['c', 'a', 'b']);
    expect(ids(listedCodes(codes, '', 'oldest'))).toEqual(['b', 'a', 'c']);
  });

  it('finds a name typed with its spaces doubled, as the list shows names with single ones', () => {
    expect(ids(listedCodes(codes, '  CAFE   MENU ', 'newest'))).toEqual(['c']);
    expect(ids(listedCodes(codes, 'wifi  1', 'newest'))).toEqual(['a']);
  });

  it('orders names as people read them: case aside, numbers by value', () => {
    expect(ids(listedCodes(codes, '', 'name'))).toEqual(['c', 'b', 'a']);
  });

  it('finds a name by any part of it, ignoring case and accents', () => {
    expect(ids(listedCodes(codes, 'WIFI', 'newest'))).toEqual(['a', 'b']);
    expect(ids(listedCodes(codes, ' cafe ', 'newest'))).toEqual(['c']);
    expect(listedCodes(codes, 'printer', 'name')).toEqual([]);
  });

  it('does not change the list it was given', () => {
    const before = [...codes];
    listedCodes(codes, '', 'oldest');
    expect(codes).toEqual(before);
  });
});
