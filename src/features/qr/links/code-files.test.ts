// The uploads of saved codes kept on the device (fake-indexeddb), beside the user's draft.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { emptyContent } from '../../../domain/qr/content';
import { emptyDraft, type QrDraft } from '../../../domain/qr/draft';
import { saveDraft } from '../draft/draft-storage';
import { codeFiles, forgetCodeFiles, keepCodeFiles } from './code-files';

const pdf = (name: string) => new File(['%PDF-1.7 menu'], name, { type: 'application/pdf' });
const draftWith = (file: File): QrDraft => ({
  ...emptyDraft,
  step: 'demo',
  type: 'menu',
  content: { ...emptyContent, files: { menuFile: file } },
});

describe('code files', () => {
  it('keeps a code’s upload under the code, apart from the draft, until it is forgotten', async () => {
    expect(await keepCodeFiles('u1', 'c1', draftWith(pdf('menu.pdf')))).toBe(true);
    const kept = await codeFiles('u1', 'c1');
    expect(kept.menuFile?.name).toBe('menu.pdf');
    expect(await kept.menuFile?.text()).toBe('%PDF-1.7 menu');
    expect(await codeFiles('u1', 'other')).toEqual({});
    expect(await codeFiles('u2', 'c1')).toEqual({});

    await forgetCodeFiles('u1', 'c1');
    expect(await codeFiles('u1', 'c1')).toEqual({});
  });

  it('writes nothing for a code without uploads', async () => {
    expect(await keepCodeFiles('u1', 'c2', { ...emptyDraft, type: 'web' })).toBe(true);
    expect(await codeFiles('u1', 'c2')).toEqual({});
  });

  it('takes the bytes from the stored draft when the chosen file can no longer be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await saveDraft('u3', draftWith(pdf('menu.pdf')));
    const changedOnDisk = pdf('menu.pdf');
    changedOnDisk.arrayBuffer = () =>
      Promise.reject(new DOMException('The file changed.', 'NotReadableError'));
    expect(await keepCodeFiles('u3', 'c3', draftWith(changedOnDisk))).toBe(true);
    expect(await (await codeFiles('u3', 'c3')).menuFile?.text()).toBe('%PDF-1.7 menu');
  });

  it('says so when the files cannot be kept at all, without throwing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const unreadable = pdf('gone.pdf');
    unreadable.arrayBuffer = () => Promise.reject(new DOMException('Gone.', 'NotReadableError'));
    expect(await keepCodeFiles('u4', 'c4', draftWith(unreadable))).toBe(false);
  });
});
