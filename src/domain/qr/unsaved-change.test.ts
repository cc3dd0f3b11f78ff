import { describe, expect, it } from 'vitest';
import { emptyContent } from './content';
import { emptyDraft, type QrDraft } from './draft';
import { savedFields } from './saved-code';
import {
  heldByServer,
  readUnsavedChange,
  refusedBecause,
  unsavedChangeJson,
  type UnsavedChange,
} from './unsaved-change';

const draft: QrDraft = {
  ...emptyDraft,
  type: 'web',
  content: {
    ...emptyContent,
    text: { ...emptyContent.text, websiteUrl: 'https://cafe.example.co.za/menu' },
  },
};
const fields = savedFields(draft, 'Menu', { logo: null });
const change: UnsavedChange = {
  id: 'k1',
  uid: 'anna',
  workspace: 'cafe',
  workspaceName: 'owner@cafe.co.za',
  code: 'c1',
  name: 'Menu',
  kind: 'change',
  fields,
  at: Date.UTC(2026, 11, 5, 8),
  state: 'refused',
  page: 'p1',
};

describe('a change kept on the device', () => {
  it('is read back as stored, and not when it is something else', () => {
    const stored = JSON.parse(JSON.stringify(change)) as unknown;
    expect(readUnsavedChange(stored)).toEqual(change);
    expect(readUnsavedChange({ ...change, kind: 'delete', fields: null })?.fields).toBeNull();
    for (const broken of [null, 'x', { ...change, state: 'lost' }, { ...change, kind: 'move' }]) {
      expect(readUnsavedChange(broken)).toBeNull();
    }
    // Fields this version cannot read as a code (an unknown type) are not offered.
    expect(readUnsavedChange({ ...change, fields: { ...fields, type: 'hologram' } })).toBeNull();
  });

  it('is held by the server when its fields are there, or the code is gone after a deletion', () => {
    const stored = { ...fields, createdAt: new Date(), updatedBy: 'bob' };
    expect(heldByServer(change, stored)).toBe(true);
    expect(heldByServer(change, { ...stored, name: 'Dinner' })).toBe(false);
    expect(heldByServer(change, undefined)).toBe(false);
    const deletion = { ...change, kind: 'delete' as const, fields: null };
    expect(heldByServer(deletion, undefined)).toBe(true);
    expect(heldByServer(deletion, stored)).toBe(false);
  });

  it('says why it was refused from the role the person has now', () => {
    expect(refusedBecause('cafe', { role: 'viewer', ownCodesOnly: false })).toBe(
      'you are now a viewer of cafe, who may not change its codes',
    );
    expect(refusedBecause('cafe', { role: 'billing', ownCodesOnly: false })).toBe(
      'you are now a billing member of cafe, who may not change its codes',
    );
    expect(refusedBecause('cafe', { role: 'editor', ownCodesOnly: true })).toBe(
      'in cafe you may now change only the codes you made',
    );
    expect(refusedBecause('cafe', null)).toBe('you are no longer a member of cafe');
    expect(refusedBecause('cafe', { role: 'admin', ownCodesOnly: false })).toMatch(
      /did not take it/,
    );
  });

  it('is exported as readable JSON of what was to be saved', () => {
    expect(JSON.parse(unsavedChangeJson(change))).toEqual({
      code: 'Menu',
      workspace: 'owner@cafe.co.za',
      change: 'Changes',
      madeAt: '2026-12-05T08:00:00.000Z',
      fields: JSON.parse(JSON.stringify(fields)),
    });
  });
});
