// The wizard's draft value: read back field by field from whatever storage held, files mapped.
import { describe, expect, it } from 'vitest';
import { emptyContent, listFields, textFieldIds, type QrContent } from './content';
import { defaultDesign, FRAME_TEXT_MAX, type QrDesign } from './design';
import {
  DRAFT_VERSION,
  draftHasFiles,
  emptyDraft,
  hasProgress,
  mapDraftFiles,
  restoreDraft,
  wizardSteps,
  type QrDraft,
} from './draft';

/** A stand-in file: what storage keeps in place of one. */
interface Ref {
  readonly ref: string;
}
const isRef = (value: unknown): value is Ref =>
  typeof value === 'object' && value !== null && typeof (value as Ref).ref === 'string';
const ref = (name: string): Ref => ({ ref: name });

const text = Object.fromEntries(textFieldIds.map((id) => [id, `${id} value`])) as Record<
  (typeof textFieldIds)[number],
  string
>;

const fullContent: QrContent<Ref> = {
  text,
  lists: { links: ['https://a.example.co.za', 'https://b.example.co.za'], socialLinks: ['x'] },
  files: { pdfFile: ref('pdf'), menuFile: ref('menu') },
};

const fullDesign: QrDesign<Ref> = {
  frame: 'rounded-bottom-tab',
  frameText: 'Order here',
  pattern: 'classy',
  patternColor1: '#123456',
  patternGradient: false,
  patternColor2: '#abcdef',
  gradientStyle: 'vertical',
  transparentBackground: true,
  backgroundGradient: false,
  backgroundColor1: '#FFFFFF',
  backgroundColor2: '#000000',
  cornerFrame: 'classy-rounded',
  cornerFrameColor: '#010203',
  cornerCentre: 'extra-rounded',
  cornerCentreColor: '#040506',
  logo: ref('logo'),
};

const fullDraft: QrDraft<Ref> = {
  version: DRAFT_VERSION,
  step: 'design',
  type: 'menu',
  content: fullContent,
  design: fullDesign,
  editing: { id: 'code-1', name: 'Menu', dynamic: false, linkId: null, passwordProtected: false },
  dynamic: false,
};

/** The full draft, through JSON (as storage would), with some parts replaced. */
function stored(change: Record<string, unknown> = {}, design: Record<string, unknown> = {}) {
  const copy = JSON.parse(JSON.stringify(fullDraft)) as Record<string, unknown>;
  return {
    ...copy,
    design: { ...(copy.design as Record<string, unknown>), ...design },
    ...change,
  };
}

const restore = (value: unknown) => restoreDraft(value, isRef);

function restored(value: unknown): QrDraft<Ref> {
  const draft = restore(value);
  if (!draft) throw new Error('expected a draft');
  return draft;
}

describe('restoreDraft', () => {
  it('gives back a full draft as it was', () => {
    expect(restore(stored())).toEqual(fullDraft);
  });

  it('gives back every step and the empty draft', () => {
    for (const { id } of wizardSteps) expect(restored(stored({ step: id })).step).toBe(id);
    expect(restoreDraft(emptyDraft, (value): value is File => value instanceof File)).toEqual(
      emptyDraft,
    );
  });

  it('gives nothing for what is not a draft of this version', () => {
    for (const value of [
      undefined,
      null,
      'draft',
      42,
      [],
      {},
      stored({ version: DRAFT_VERSION + 1 }),
      stored({ version: String(DRAFT_VERSION) }),
      stored({ version: undefined }),
    ]) {
      expect(restore(value), JSON.stringify(value)).toBeNull();
    }
  });

  describe('falls back field by field', () => {
    it('an unknown type: no type, back on the type step', () => {
      for (const type of ['nope', 'WEB', null, 7, {}]) {
        const draft = restored(stored({ type }));
        expect(draft.type).toBeNull();
        expect(draft.step).toBe('type');
        // The rest of what was typed is kept.
        expect(draft.content).toEqual(fullContent);
        expect(draft.design).toEqual(fullDesign);
      }
    });

    it('an unknown step: the type step', () => {
      for (const step of ['preview', 'Design', null, 2]) {
        const draft = restored(stored({ step }));
        expect(draft.step).toBe('type');
        expect(draft.type).toBe('menu');
      }
    });

    it('bad colours: the default colour, each on its own', () => {
      const draft = restored(
        stored(
          {},
          {
            patternColor1: 'red',
            patternColor2: '#12345',
            backgroundColor1: 0xffffff,
            backgroundColor2: null,
            cornerFrameColor: '#GGGGGG',
          },
        ),
      );
      expect(draft.design).toEqual({
        ...fullDesign,
        patternColor1: defaultDesign.patternColor1,
        patternColor2: defaultDesign.patternColor2,
        backgroundColor1: defaultDesign.backgroundColor1,
        backgroundColor2: defaultDesign.backgroundColor2,
        cornerFrameColor: defaultDesign.cornerFrameColor,
      });
    });

    it('unknown option ids: the default option, each on its own', () => {
      const draft = restored(
        stored(
          {},
          {
            frame: 'frame-32',
            pattern: 'hearts',
            gradientStyle: 'spiral',
            cornerFrame: 'star',
            cornerCentre: 'dots', // a pattern id, not a corner centre
          },
        ),
      );
      expect(draft.design).toEqual({
        ...fullDesign,
        frame: defaultDesign.frame,
        pattern: defaultDesign.pattern,
        gradientStyle: defaultDesign.gradientStyle,
        cornerFrame: defaultDesign.cornerFrame,
        cornerCentre: defaultDesign.cornerCentre,
      });
    });

    it('flags that are not booleans: the default flag', () => {
      const draft = restored(
        stored({}, { patternGradient: 'no', transparentBackground: 1, backgroundGradient: null }),
      );
      expect(draft.design.patternGradient).toBe(defaultDesign.patternGradient);
      expect(draft.design.transparentBackground).toBe(defaultDesign.transparentBackground);
      expect(draft.design.backgroundGradient).toBe(defaultDesign.backgroundGradient);
    });

    it('a transparent background and a gradient background both on: the gradient goes', () => {
      const draft = restored(stored({}, { transparentBackground: true, backgroundGradient: true }));
      expect(draft.design.transparentBackground).toBe(true);
      expect(draft.design.backgroundGradient).toBe(false);
      const gradientOnly = restored(
        stored({}, { transparentBackground: false, backgroundGradient: true }),
      );
      expect(gradientOnly.design.backgroundGradient).toBe(true);
    });

    it('frame text: the default when not a string, cut to the maximum when too long', () => {
      expect(restored(stored({}, { frameText: 5 })).design.frameText).toBe(defaultDesign.frameText);
      const long = 'x'.repeat(FRAME_TEXT_MAX + 10);
      expect(restored(stored({}, { frameText: long })).design.frameText).toBe(
        'x'.repeat(FRAME_TEXT_MAX),
      );
      expect(restored(stored({}, { frameText: '' })).design.frameText).toBe('');
    });

    it('text that is not a string: empty, each field on its own', () => {
      const draft = restored(
        stored({
          content: {
            ...fullContent,
            text: { ...text, websiteUrl: 12, couponCode: null, qrName: ['a'], wifiSSID: {} },
          },
        }),
      );
      expect(draft.content.text).toEqual({
        ...text,
        websiteUrl: '',
        couponCode: '',
        qrName: '',
        wifiSSID: '',
      });
    });

    it('missing text fields: empty; unknown ones: dropped', () => {
      const draft = restored(
        stored({ content: { ...fullContent, text: { websiteUrl: 'kept', extra: 'x' } } }),
      );
      expect(draft.content.text).toEqual({ ...emptyContent.text, websiteUrl: 'kept' });
    });

    it('lists: not an array gives one empty entry; other items are dropped; cut to the maximum', () => {
      const tooMany = Array.from({ length: listFields.links.max + 5 }, (_, index) => `l${index}`);
      const draft = restored(
        stored({ content: { ...fullContent, lists: { links: 'a link', socialLinks: [] } } }),
      );
      expect(draft.content.lists).toEqual({ links: [''], socialLinks: [''] });
      expect(
        restored(
          stored({
            content: { ...fullContent, lists: { links: [1, 'a', null, 'b'], socialLinks: [2] } },
          }),
        ).content.lists,
      ).toEqual({ links: ['a', 'b'], socialLinks: [''] });
      expect(
        restored(stored({ content: { ...fullContent, lists: { links: tooMany } } })).content.lists,
      ).toEqual({ links: tooMany.slice(0, listFields.links.max), socialLinks: [''] });
    });

    it('files: only what isFile accepts, under known ids', () => {
      const draft = restored(
        stored({
          content: {
            ...fullContent,
            files: { pdfFile: 'not a file', videoFile: ref('video'), unknownFile: ref('x') },
          },
        }),
      );
      expect(draft.content.files).toEqual({ videoFile: ref('video') });
      expect(restored(stored({}, { logo: 'logo.png' })).design.logo).toBeNull();
      expect(restored(stored({}, { logo: undefined })).design.logo).toBeNull();
    });

    it('content or design that is not an object: all defaults, type and step kept', () => {
      const draft = restored(stored({ content: 'x', design: undefined }));
      expect(draft).toEqual({
        version: DRAFT_VERSION,
        step: 'design',
        type: 'menu',
        content: emptyContent,
        design: defaultDesign,
        editing: {
          id: 'code-1',
          name: 'Menu',
          dynamic: false,
          linkId: null,
          passwordProtected: false,
        },
        dynamic: false,
      });
      expect(restored(stored({ content: [] })).content).toEqual(emptyContent);
    });
  });

  it('does not change what it was given', () => {
    const value = stored({}, { transparentBackground: true, backgroundGradient: true });
    const before = structuredClone(value);
    restore(value);
    expect(value).toEqual(before);
  });
});

describe('mapDraftFiles', () => {
  it('converts every content file and the logo, and keeps the rest', async () => {
    const seen: string[] = [];
    const mapped = await mapDraftFiles(fullDraft, async (file) => {
      seen.push(file.ref);
      return file.ref.toUpperCase();
    });
    expect(seen.sort()).toEqual(['logo', 'menu', 'pdf']);
    expect(mapped.content.files).toEqual({ pdfFile: 'PDF', menuFile: 'MENU' });
    expect(mapped.design.logo).toBe('LOGO');
    expect(mapped.content.text).toBe(fullContent.text);
    expect(mapped.content.lists).toBe(fullContent.lists);
    expect({ ...mapped.design, logo: fullDesign.logo }).toEqual(fullDesign);
    expect(mapped).toMatchObject({ version: DRAFT_VERSION, step: 'design', type: 'menu' });
  });

  it('takes a converter that is not async', async () => {
    const mapped = await mapDraftFiles(fullDraft, (file) => file.ref.length);
    expect(mapped.content.files).toEqual({ pdfFile: 3, menuFile: 4 });
    expect(mapped.design.logo).toBe(4);
  });

  it('leaves no logo as none, without calling the converter for it', async () => {
    const seen: Ref[] = [];
    const draft: QrDraft<Ref> = { ...fullDraft, design: { ...fullDesign, logo: null } };
    const mapped = await mapDraftFiles(draft, (file) => {
      seen.push(file);
      return file.ref;
    });
    expect(mapped.design.logo).toBeNull();
    expect(seen).toHaveLength(2);
  });

  it('does not change the draft it was given', async () => {
    const before = structuredClone(fullDraft);
    await mapDraftFiles(fullDraft, () => 'x');
    expect(fullDraft).toEqual(before);
  });

  it('passes a converter failure on', async () => {
    await expect(
      mapDraftFiles(fullDraft, () => {
        throw new Error('unreadable');
      }),
    ).rejects.toThrow('unreadable');
  });
});

describe('draftHasFiles', () => {
  it('is false for the empty draft', () => {
    expect(draftHasFiles(emptyDraft)).toBe(false);
  });

  it('is true with a content file, or with a logo only', () => {
    expect(draftHasFiles(fullDraft)).toBe(true);
    expect(draftHasFiles({ ...fullDraft, content: { ...fullContent, files: {} } })).toBe(true);
    expect(
      draftHasFiles({
        ...fullDraft,
        content: { ...fullContent, files: { imageFile: ref('i') } },
        design: { ...fullDesign, logo: null },
      }),
    ).toBe(true);
    expect(
      draftHasFiles({
        ...fullDraft,
        content: { ...fullContent, files: {} },
        design: { ...fullDesign, logo: null },
      }),
    ).toBe(false);
  });
});

describe('hasProgress', () => {
  it('is whether a type was chosen', () => {
    expect(hasProgress(emptyDraft)).toBe(false);
    expect(hasProgress({ ...emptyDraft, type: 'web' })).toBe(true);
    expect(hasProgress({ ...emptyDraft, step: 'design' })).toBe(false);
    expect(hasProgress(fullDraft)).toBe(true);
  });
});

describe('editing', () => {
  it('keeps the saved code a draft edits, and forgets a malformed one or one without a type', () => {
    expect(restored(stored({})).editing).toEqual({
      id: 'code-1',
      name: 'Menu',
      dynamic: false,
      linkId: null,
      passwordProtected: false,
    });
    expect(
      restored(stored({ editing: { id: 'c', name: 'M', dynamic: true, linkId: 'abcdefgh12' } }))
        .editing,
    ).toEqual({
      id: 'c',
      name: 'M',
      dynamic: true,
      linkId: 'abcdefgh12',
      passwordProtected: false,
    });
    expect(
      restored(stored({ editing: { id: 'c', name: 'M', dynamic: true, linkId: '../x' } })).editing,
    ).toEqual({ id: 'c', name: 'M', dynamic: true, linkId: null, passwordProtected: false });
    for (const editing of [null, 'code-1', { id: 1, name: 'Menu' }, { id: 'code-1' }]) {
      expect(restored(stored({ editing })).editing).toBeNull();
    }
    expect(restored(stored({ type: 'nope' })).editing).toBeNull();
  });

  it('keeps the workspace the edited code is saved in; a draft from before teams names none', () => {
    const editing = { id: 'c', name: 'M', dynamic: false, linkId: null, workspace: 'cafe' };
    expect(restored(stored({ editing })).editing).toMatchObject({ workspace: 'cafe' });
    expect(restored(stored({ editing: { ...editing, workspace: 7 } })).editing).not.toHaveProperty(
      'workspace',
    );
  });
});

describe('dynamic', () => {
  it('is read as a flag, and from a draft of before, which held its own link id', () => {
    expect(restored(stored({ dynamic: true })).dynamic).toBe(true);
    expect(restored(stored({ shortLink: 'abcdefgh12' })).dynamic).toBe(true);
    for (const value of [undefined, 'yes', 1, null]) {
      expect(restored(stored({ dynamic: value })).dynamic).toBe(false);
    }
    for (const shortLink of ['short', 'has space 123', 42, '../../x/yyyy']) {
      expect(restored(stored({ shortLink })).dynamic).toBe(false);
    }
  });
});

describe('emptyDraft', () => {
  it('starts on the type step with no type, empty content and the default design', () => {
    expect(emptyDraft).toEqual({
      version: DRAFT_VERSION,
      step: 'type',
      type: null,
      content: emptyContent,
      design: defaultDesign,
      editing: null,
      dynamic: false,
    });
    expect(wizardSteps.map((step) => step.id)).toEqual(['type', 'content', 'design', 'demo']);
  });
});
