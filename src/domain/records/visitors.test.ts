import { describe, expect, it } from 'vitest';
import { readSalt, saltFields, saltPath, visitorFields, visitorPath } from './visitors';

describe('distinct visitors as stored', () => {
  it('are hashes under the link, and a salt per day', () => {
    expect(visitorPath('Abc12345', '2026-11-20', 'ff00')).toBe(
      'dynamic/Abc12345/visitors/2026-11-20_ff00',
    );
    expect(saltPath('2026-11-20')).toBe('salts/2026-11-20');
    expect(visitorFields('2026-11-20', 'expiry')).toEqual({
      day: '2026-11-20',
      expireAt: 'expiry',
    });
  });

  it('reads back the salt it stores, and none where there is none', () => {
    expect(readSalt(saltFields('c2FsdA==', 'expiry'))).toBe('c2FsdA==');
    for (const data of [undefined, null, {}, { salt: 7 }]) expect(readSalt(data)).toBeNull();
  });
});
