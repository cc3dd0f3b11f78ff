import repositoryList from '../../../functions/blocked-domains.txt?raw';
import { describe, expect, it } from 'vitest';
import { isBlockedHost, parseBlocklist } from './blocklist';

describe('parseBlocklist', () => {
  it('reads one host a line, with comments, wildcards, case and non-ASCII names', () => {
    const list = parseBlocklist(`
      # a comment
      Evil.Example   # trailing comment
      *.phish.test
      .spam.test
      bücher.example
    `);
    expect([...list].sort()).toEqual([
      'evil.example',
      'phish.test',
      'spam.test',
      'xn--bcher-kva.example',
    ]);
  });

  it('refuses a line that is no host name, rather than block nothing quietly', () => {
    expect(() => parseBlocklist('evil example\n')).toThrow(/not a host name/);
  });

  it('the repository’s list parses', () => {
    expect(parseBlocklist(repositoryList).has('testsafebrowsing.appspot.com')).toBe(true);
  });
});

describe('isBlockedHost', () => {
  const list = parseBlocklist('evil.example\n');
  it('blocks a listed name and every name under it, not names that merely end alike', () => {
    expect(isBlockedHost('evil.example', list)).toBe(true);
    expect(isBlockedHost('www.EVIL.example.', list)).toBe(true);
    expect(isBlockedHost('a.b.evil.example', list)).toBe(true);
    expect(isBlockedHost('notevil.example', list)).toBe(false);
    expect(isBlockedHost('evil.example.com', list)).toBe(false);
  });
});
