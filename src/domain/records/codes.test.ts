import { describe, expect, it } from 'vitest';
import { savedCodeFrom } from '../qr/saved-code';
import { codeCountFields, codePath, codesPath, readCode, readCodeCount, userPath } from './codes';

describe('saved codes as stored', () => {
  it('live under their user', () => {
    expect(userPath('alice')).toBe('users/alice');
    expect(codesPath('alice')).toBe('users/alice/codes');
    expect(codePath('alice', 'c1')).toBe('users/alice/codes/c1');
  });

  it('are read as saved-code.ts reads them: nothing the app cannot show', () => {
    const stored = {
      type: 'web',
      name: 'Shop window',
      content: { text: { websiteUrl: 'https://kemptoncodeworks.co.za/', qrName: '' } },
      design: {},
      logo: null,
      files: [],
      dynamic: false,
    };
    expect(readCode('c1', stored)).toEqual(savedCodeFrom('c1', stored));
    expect(readCode('c1', stored)).toMatchObject({ id: 'c1', name: 'Shop window' });
    expect(readCode('c1', { ...stored, type: 'no-such-type' })).toBeNull();
    expect(readCode('c1', undefined)).toBeNull();
  });

  it('are counted in the user’s document, 0 before the first', () => {
    expect(readCodeCount({ codeCount: 12, changed: 'c1' })).toBe(12);
    for (const data of [undefined, {}, { codeCount: '12' }]) expect(readCodeCount(data)).toBe(0);
    expect(codeCountFields('+1', 'c1')).toEqual({ codeCount: '+1', changed: 'c1' });
  });
});
