import { describe, expect, it } from 'vitest';
import { sameSitePath } from './return-path';

describe('sameSitePath', () => {
  it.each(['/', '/Profile', '/QR_Design?step=2', '/UserFAQ#billing', '/a/b?next=//x'])(
    'keeps the path %s',
    (path) => expect(sameSitePath(path)).toBe(path),
  );

  it.each([
    '//evil.com',
    '//evil.com/Profile',
    '/\\evil.com',
    '/\\/evil.com',
    '\\\\evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    '/..//evil.com',
    '/./..//evil.com/Profile',
    'https://evil.com',
    'http://127.0.0.1:4173/Profile',
    'javascript:alert(1)',
    'evil.com',
    'Profile',
    '',
    ' /Profile',
  ])('refuses %j', (value) => expect(sameSitePath(value)).toBeUndefined());

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 42, { pathname: '/Profile' }, ['/Profile']]) {
      expect(sameSitePath(value)).toBeUndefined();
    }
  });
});
