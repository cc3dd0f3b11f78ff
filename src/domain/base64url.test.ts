import { describe, expect, it } from 'vitest';
import { base64url, randomBase64url } from './base64url';

describe('base64url', () => {
  it('writes - and _ for + and /, and no padding', () => {
    expect(base64url(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe('-_-_');
    expect(base64url(new Uint8Array([1]))).toBe('AQ');
  });

  it('makes `count` random bytes into their text', () => {
    expect(randomBase64url(15, (bytes) => bytes.fill(255))).toBe('_'.repeat(20));
  });
});
