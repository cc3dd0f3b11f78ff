import { describe, expect, it } from 'vitest';
import {
  ID_ALPHABET,
  LINK_ID,
  LINK_ID_LENGTH,
  linkIdIn,
  mintLinkId,
  printedLinkUrl,
  shortLinkUrl,
} from './short-link';

const random = (bytes: Uint8Array<ArrayBuffer>) => crypto.getRandomValues(bytes);

describe('mintLinkId', () => {
  it('makes ids of the alphabet, different every time, that the redirect reads', () => {
    const ids = new Set(Array.from({ length: 500 }, () => mintLinkId(random)));
    expect(ids.size).toBe(500);
    for (const id of ids) {
      expect(id).toHaveLength(LINK_ID_LENGTH);
      expect([...id].every((character) => ID_ALPHABET.includes(character))).toBe(true);
      expect(id).toMatch(LINK_ID);
    }
  });

  it('has no characters that read alike on paper', () => {
    for (const character of '0O1lI') expect(ID_ALPHABET).not.toContain(character);
    expect(new Set(ID_ALPHABET).size).toBe(ID_ALPHABET.length);
  });

  it('draws bytes again rather than favour the first characters (no modulo bias)', () => {
    // 224 and above would map unevenly: they are skipped.
    let call = 0;
    const id = mintLinkId((bytes) => {
      call += 1;
      return bytes.fill(call === 1 ? 250 : 1);
    });
    expect(call).toBe(2);
    expect(id).toBe(ID_ALPHABET[1].repeat(LINK_ID_LENGTH));
  });
});

describe('links', () => {
  it('are shared plain and printed with the QR marker', () => {
    expect(shortLinkUrl('https://kempton.example/', 'AbCdEfGhJk')).toBe(
      'https://kempton.example/q/AbCdEfGhJk',
    );
    expect(printedLinkUrl('https://kempton.example', 'AbCdEfGhJk')).toBe(
      'https://kempton.example/q/AbCdEfGhJk?qr=1',
    );
  });
});

describe('a link id in what a person pasted', () => {
  it('takes it from an address, a path or the id alone', () => {
    for (const typed of [
      'https://kemptoncodeworks.co.za/q/AbCd234xyz?qr=1',
      '  /q/AbCd234xyz  ',
      'AbCd234xyz',
      'kemptoncodeworks.co.za/q/AbCd234xyz#top',
    ]) {
      expect(linkIdIn(typed), typed).toBe('AbCd234xyz');
    }
  });

  it('finds none in what holds none', () => {
    for (const typed of ['', 'https://kemptoncodeworks.co.za/', 'short', '/q/a b', 'a/b']) {
      expect(linkIdIn(typed), typed).toBeNull();
    }
  });
});
