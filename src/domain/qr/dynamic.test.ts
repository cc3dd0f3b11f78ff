import { describe, expect, it } from 'vitest';
import { emptyContent } from './content';
import { qrTypes } from './qr-types';
import {
  canBeDynamic,
  encodedText,
  isDynamic,
  mustBeDynamic,
  linkDestination,
  SAMPLE_LINK_ID,
} from './dynamic';
import { LINK_ID_LENGTH } from './short-link';

describe('which codes can be dynamic', () => {
  it('every type but WiFi; the hosted files’ types only so', () => {
    expect(qrTypes.filter((type) => !canBeDynamic(type.id)).map((type) => type.id)).toEqual([
      'wifi',
    ]);
    expect(qrTypes.filter((type) => mustBeDynamic(type.id)).map((type) => type.id)).toEqual([
      'pdf',
      'video',
      'img',
      'aud',
      'menu',
    ]);
    expect(canBeDynamic(null)).toBe(false);
    expect(isDynamic('pdf', false)).toBe(true);
    expect(isDynamic('web', false)).toBe(false);
    expect(isDynamic('web', true)).toBe(true);
    expect(isDynamic('wifi', true)).toBe(false);
  });
});

describe('encodedText', () => {
  const text = (value: string) => ({ kind: 'text', text: value }) as const;
  const origin = 'https://kempton.example/';
  it('is the printed short link, with its QR marker, for a dynamic code', () => {
    expect(encodedText('web', text('https://a.example/x'), 'AbCdEfGhJk', origin)).toBe(
      'https://kempton.example/q/AbCdEfGhJk?qr=1',
    );
    // A hosted file's code holds nothing but its link.
    expect(encodedText('pdf', { kind: 'link-only', file: 'pdfFile' }, 'AbCdEfGhJk', origin)).toBe(
      'https://kempton.example/q/AbCdEfGhJk?qr=1',
    );
  });

  it('is the text itself for a static code, a type that cannot be dynamic, or no text', () => {
    expect(encodedText('web', text('https://a.example/x'), null, origin)).toBe(
      'https://a.example/x',
    );
    expect(encodedText('wifi', text('WIFI:T:nopass;S:x;;'), 'AbCdEfGhJk', origin)).toBe(
      'WIFI:T:nopass;S:x;;',
    );
    const missing = { kind: 'incomplete', reason: 'Missing.' } as const;
    expect(encodedText('web', missing, 'AbCdEfGhJk', origin)).toBeNull();
    expect(encodedText('pdf', missing, 'AbCdEfGhJk', origin)).toBeNull();
  });

  it('has a sample link as long as a real one, for previews', () => {
    expect(SAMPLE_LINK_ID).toHaveLength(LINK_ID_LENGTH);
  });
});

describe('linkDestination', () => {
  const origin = 'https://kempton.example';
  const content = (websiteUrl: string) => ({
    ...emptyContent,
    text: { ...emptyContent.text, websiteUrl },
  });

  it('is a redirect to the code’s web address in canonical form', () => {
    expect(linkDestination('web', content('Example.co.za/Menu'), origin)).toEqual({
      ok: true,
      destination: { kind: 'redirect', target: 'https://example.co.za/Menu' },
      hosts: ['example.co.za'],
    });
  });

  it('is a landing page for a type that has one, its addresses canonical', () => {
    const links = {
      ...emptyContent,
      lists: { ...emptyContent.lists, links: ['example.com/a', ' HTTP://Shop.example.co.za '] },
    };
    expect(linkDestination('linklist', links, origin)).toEqual({
      ok: true,
      destination: {
        kind: 'page',
        page: { kind: 'links', links: ['https://example.com/a', 'http://shop.example.co.za/'] },
      },
      hosts: ['example.com', 'shop.example.co.za'],
    });
    const coupon = { ...emptyContent, text: { ...emptyContent.text, couponCode: ' SPRING25 ' } };
    expect(linkDestination('coup', coupon, origin)).toMatchObject({
      ok: true,
      destination: { kind: 'page', page: { kind: 'coupon', code: 'SPRING25' } },
      hosts: [],
    });
  });

  it('refuses a page holding an address a link may not lead to', () => {
    const links = {
      ...emptyContent,
      lists: { ...emptyContent.lists, links: ['http://10.0.0.1/'] },
    };
    expect(linkDestination('linklist', links, origin)).toMatchObject({
      ok: false,
      problem: 'private-host',
    });
  });

  it('refuses a type that cannot be dynamic, content that is incomplete, and a bad target', () => {
    expect(linkDestination('wifi', emptyContent, origin)).toMatchObject({
      ok: false,
      message: expect.stringContaining('A WiFi code cannot be dynamic'),
    });
    expect(linkDestination('pdf', emptyContent, origin)).toMatchObject({
      ok: false,
      message: expect.stringContaining('PDF file is missing'),
    });
    expect(linkDestination('web', content(''), origin)).toMatchObject({
      ok: false,
      message: expect.stringContaining('is missing'),
    });
    expect(linkDestination('web', content('http://192.168.0.1/'), origin)).toMatchObject({
      ok: false,
      problem: 'private-host',
    });
    expect(
      linkDestination('web', content('https://kempton.example/q/AbCdEfGhJk'), origin, [
        'other.example',
      ]),
    ).toMatchObject({ ok: false, problem: 'short-link-loop' });
    expect(
      linkDestination('web', content('https://other.example/q/AbCdEfGhJk'), origin, [
        'other.example',
      ]),
    ).toMatchObject({ ok: false, problem: 'short-link-loop' });
  });
});
