import { describe, expect, it } from 'vitest';
import {
  decodeViewerFragment,
  encodeViewerFragment,
  isViewerLink,
  VIEWER_MAX_LINKS,
  viewerUrl,
  type ViewerContent,
} from './viewer-fragment';

const origin = 'https://kempton.example';

describe('the viewer fragment', () => {
  const links: ViewerContent = {
    kind: 'links',
    links: [
      'https://www.example.co.za',
      'http://old.example.org/page?a=1&b=2#top',
      'https://shop.example.com/a%20b/!/ü?q="x"',
      'https://example.com/100%',
    ],
  };
  const apps: ViewerContent = {
    kind: 'apps',
    appStore: 'https://apps.apple.com/za/app/kempton/id123456789',
    googlePlay: 'https://play.google.com/store/apps/details?id=za.kempton.app',
  };

  it('round-trips a link list and the app links', () => {
    expect(decodeViewerFragment(encodeViewerFragment(links))).toEqual(links);
    expect(decodeViewerFragment(`#${encodeViewerFragment(apps)}`)).toEqual(apps);
  });

  it('round-trips %, !, # and non-ASCII in links exactly', () => {
    const odd: ViewerContent = {
      kind: 'links',
      links: [
        'https://example.com/100%25/!x#frag',
        'https://bücher.example/ü',
        'HTTPS://A.example',
      ],
    };
    expect(decodeViewerFragment(encodeViewerFragment(odd))).toEqual(odd);
  });

  it('round-trips through a real URL: the fragment the browser gives back decodes the same', () => {
    const url = new URL(viewerUrl({ kind: 'links', links: ['https://a.example/ü x"<>`'] }, origin));
    expect(url.hash).toBe(
      `#${encodeViewerFragment({ kind: 'links', links: ['https://a.example/ü x"<>`'] })}`,
    );
  });

  it('is compact: readable links, https:// left out, no base64', () => {
    expect(encodeViewerFragment(links)).toBe(
      'L!www.example.co.za!http://old.example.org/page?a=1&b=2%23top!shop.example.com/a%2520b/%21/%C3%BC?q=%22x%22!example.com/100%25',
    );
    expect(encodeViewerFragment(apps)).toBe(
      'A!apps.apple.com/za/app/kempton/id123456789!play.google.com/store/apps/details?id=za.kempton.app',
    );
  });

  it('links to the viewer page on the given origin', () => {
    expect(viewerUrl(apps, 'https://kempton.example/')).toBe(
      `https://kempton.example/v#${encodeViewerFragment(apps)}`,
    );
  });

  it('round-trips 20 links and refuses 21', () => {
    const many = Array.from({ length: VIEWER_MAX_LINKS + 1 }, (_, i) => `https://l${i}.example`);
    const twenty: ViewerContent = { kind: 'links', links: many.slice(0, 20) };
    expect(decodeViewerFragment(encodeViewerFragment(twenty))).toEqual(twenty);
    expect(decodeViewerFragment(encodeViewerFragment({ kind: 'links', links: many }))).toBeNull();
  });

  it('refuses javascript:, data: and other schemes', () => {
    for (const link of [
      'javascript:alert(1)',
      'javascript:alert(document.domain)//a.example',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://files.example.com',
    ]) {
      expect(decodeViewerFragment(`L!${encodeURIComponent(link)}`), link).toBeNull();
      expect(decodeViewerFragment(`L!${link}`), link).toBeNull();
      expect(decodeViewerFragment(`L!https://ok.example!${link}`), link).toBeNull();
    }
    expect(decodeViewerFragment('L!javascript%3Aalert(1)')).toBeNull();
  });

  it('refuses junk', () => {
    for (const junk of [
      '',
      '#',
      'L',
      'L!',
      'L!!example.com',
      'L!example.com!',
      'X!example.com',
      'l!example.com',
      'A!apps.apple.com/x',
      'A!apps.apple.com/x!play.google.com/y!third.example',
      'L!%E0%A4%A',
      'L!exa mple.com',
      'L!localhost',
      'L!bank.example@evil.example',
      'eyJ0IjoibGlua3MifQ',
      `L!${'a'.repeat(9000)}.example`,
    ]) {
      expect(decodeViewerFragment(junk), junk).toBeNull();
    }
  });

  it('accepts only plain http(s) links in isViewerLink', () => {
    expect(isViewerLink('https://example.com/a')).toBe(true);
    expect(isViewerLink('http://example.com')).toBe(true);
    expect(isViewerLink('https://user:pw@example.com')).toBe(false);
    expect(isViewerLink('https://example.com/\u0000')).toBe(false);
    expect(isViewerLink('https://example.com/ a')).toBe(false);
  });
});
