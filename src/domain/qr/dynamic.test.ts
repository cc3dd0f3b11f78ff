import { describe, expect, it } from 'vitest';
import { emptyContent } from './content';
import { qrTypes } from './qr-types';
import {
  canBeDynamic,
  encodedText,
  linkTarget,
  NOT_DYNAMIC_MESSAGE,
  SAMPLE_LINK_ID,
} from './dynamic';
import { LINK_ID_LENGTH } from './short-link';

describe('which codes can be dynamic', () => {
  it('the eight types whose code is a web address', () => {
    expect(qrTypes.filter((type) => canBeDynamic(type.id)).map((type) => type.id)).toEqual([
      'web',
      'linklist',
      'biz',
      'fbook',
      'insta',
      'smedia',
      'whapp',
      'apps',
    ]);
    for (const id of ['wifi', 'vcard', 'coup', 'pdf'] as const)
      expect(canBeDynamic(id)).toBe(false);
    expect(canBeDynamic(null)).toBe(false);
  });
});

describe('encodedText', () => {
  const origin = 'https://kempton.example/';
  it('is the printed short link, with its QR marker, for a dynamic code', () => {
    expect(encodedText('web', 'https://a.example/x', 'AbCdEfGhJk', origin)).toBe(
      'https://kempton.example/q/AbCdEfGhJk?qr=1',
    );
  });

  it('is the text itself for a static code, a type that cannot be dynamic, or no text', () => {
    expect(encodedText('web', 'https://a.example/x', null, origin)).toBe('https://a.example/x');
    expect(encodedText('wifi', 'WIFI:T:nopass;S:x;;', 'AbCdEfGhJk', origin)).toBe(
      'WIFI:T:nopass;S:x;;',
    );
    expect(encodedText('web', null, 'AbCdEfGhJk', origin)).toBeNull();
  });

  it('has a sample link as long as a real one, for previews', () => {
    expect(SAMPLE_LINK_ID).toHaveLength(LINK_ID_LENGTH);
  });
});

describe('linkTarget', () => {
  const origin = 'https://kempton.example';
  const content = (websiteUrl: string) => ({
    ...emptyContent,
    text: { ...emptyContent.text, websiteUrl },
  });

  it('is the code’s web address in canonical form', () => {
    expect(linkTarget('web', content('Example.co.za/Menu'), origin)).toEqual({
      ok: true,
      href: 'https://example.co.za/Menu',
      host: 'example.co.za',
    });
  });

  it('leads a link list to the site’s own viewer page, wherever the site runs', () => {
    const links = { ...emptyContent, lists: { ...emptyContent.lists, links: ['example.com/a'] } };
    const local = linkTarget('linklist', links, 'http://127.0.0.1:4173');
    expect(local.ok && local.href).toMatch(/^http:\/\/127\.0\.0\.1:4173\/v#/);
  });

  it('refuses a type that cannot be dynamic, content that is incomplete, and a bad target', () => {
    expect(linkTarget('wifi', emptyContent, origin)).toMatchObject({
      ok: false,
      message: NOT_DYNAMIC_MESSAGE,
    });
    expect(linkTarget('web', content(''), origin)).toMatchObject({
      ok: false,
      message: expect.stringContaining('is missing'),
    });
    expect(linkTarget('web', content('http://192.168.0.1/'), origin)).toMatchObject({
      ok: false,
      problem: 'private-host',
    });
    expect(
      linkTarget('web', content('https://kempton.example/q/AbCdEfGhJk'), origin, ['other.example']),
    ).toMatchObject({ ok: false, problem: 'short-link-loop' });
    expect(
      linkTarget('web', content('https://other.example/q/AbCdEfGhJk'), origin, ['other.example']),
    ).toMatchObject({ ok: false, problem: 'short-link-loop' });
  });
});
