import { describe, expect, it } from 'vitest';
import { qrTypes } from './content';
import {
  canBeDynamic,
  DYNAMIC_ID,
  dynamicTypes,
  encodedText,
  isTarget,
  newDynamicId,
  shortLinkUrl,
} from './dynamic';

describe('newDynamicId', () => {
  it('makes ids the rules accept, different every time', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newDynamicId()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(DYNAMIC_ID);
    expect([...ids][0]).toHaveLength(20);
  });

  it('draws every character from random bytes', () => {
    expect(newDynamicId((bytes) => bytes.fill(0))).toBe('A'.repeat(20));
    expect(newDynamicId((bytes) => bytes.fill(63))).toBe('_'.repeat(20));
    expect(newDynamicId((bytes) => bytes.fill(64 + 26))).toBe('a'.repeat(20));
  });
});

describe('which codes can be dynamic', () => {
  it('the eight types whose code is a web address', () => {
    expect(qrTypes.filter((type) => canBeDynamic(type.id)).map((type) => type.id)).toEqual(
      qrTypes.map((type) => type.id).filter((id) => dynamicTypes.includes(id)),
    );
    expect(dynamicTypes).toHaveLength(8);
    for (const id of ['wifi', 'vcard', 'coup', 'pdf'] as const)
      expect(canBeDynamic(id)).toBe(false);
    expect(canBeDynamic(null)).toBe(false);
  });
});

describe('encodedText', () => {
  const origin = 'https://kempton.example/';
  it('is the short link for a dynamic code with a web target', () => {
    expect(encodedText('web', 'https://a.example/x', 'abcdefgh12', origin)).toBe(
      'https://kempton.example/q/abcdefgh12',
    );
    expect(shortLinkUrl('https://kempton.example', 'id-1_long')).toBe(
      'https://kempton.example/q/id-1_long',
    );
  });

  it('is the text itself for a static code, a type that cannot be dynamic, or no text', () => {
    expect(encodedText('web', 'https://a.example/x', null, origin)).toBe('https://a.example/x');
    expect(encodedText('wifi', 'WIFI:T:nopass;S:x;;', 'abcdefgh12', origin)).toBe(
      'WIFI:T:nopass;S:x;;',
    );
    expect(encodedText('web', null, 'abcdefgh12', origin)).toBeNull();
  });
});

describe('isTarget', () => {
  it('takes http and https addresses of at most 2000 characters only', () => {
    expect(isTarget('https://a.example/')).toBe(true);
    expect(isTarget('http://a.example/')).toBe(true);
    expect(isTarget('javascript:alert(1)')).toBe(false);
    expect(isTarget('https://a.example/ space')).toBe(false);
    expect(isTarget(`https://a.example/${'x'.repeat(2000)}`)).toBe(false);
  });
});
