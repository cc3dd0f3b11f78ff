import { describe, expect, it } from 'vitest';
import {
  canonicalTarget,
  isCanonicalTarget,
  isPublicAddress,
  TARGET_MAX,
  type TargetProblem,
} from './target';

const site = { siteHosts: ['kemptoncodeworks.co.za', '127.0.0.1:4173'] };

const problemOf = (input: string) => {
  const check = canonicalTarget(input, site);
  return check.ok ? check.href : check.problem;
};

describe('canonicalTarget: accepted, in one canonical form', () => {
  it.each([
    ['https://example.co.za', 'https://example.co.za/'],
    ['HTTPS://Example.CO.ZA/Menu?x=1#top', 'https://example.co.za/Menu?x=1#top'],
    ['http://shop.example.com:8080/a', 'http://shop.example.com:8080/a'],
    ['https://my_shop.example.com/', 'https://my_shop.example.com/'],
    ['https://exa-mple.co.za./a b', 'https://exa-mple.co.za./a%20b'],
    ['https://例え.jp/', 'https://xn--r8jz45g.jp/'],
    ['https://bücher.de/straße', 'https://xn--bcher-kva.de/stra%C3%9Fe'],
    ['https://example.com/a b', 'https://example.com/a%20b'],
    ['  https://example.com/padded \n', 'https://example.com/padded'],
    ['\u00a0https://example.com/\u00a0', 'https://example.com/'],
    ['https://8.8.8.8/', 'https://8.8.8.8/'],
    ['https://[2a00:1450:4001:80b::200e]/', 'https://[2a00:1450:4001:80b::200e]/'],
    ['https://example.com/q/menu', 'https://example.com/q/menu'],
    ['https://kemptoncodeworks.co.za/custompc', 'https://kemptoncodeworks.co.za/custompc'],
    // The site's own pages, wherever it runs: the link list's viewer page in the tests' server.
    ['http://127.0.0.1:4173/v#L!example.com', 'http://127.0.0.1:4173/v#L!example.com'],
  ])('%j → %s', (input, href) => {
    expect(problemOf(input)).toBe(href);
    expect(isCanonicalTarget(href, site)).toBe(true);
  });

  it('a target typed differently from its canonical form is not canonical as it is', () => {
    expect(isCanonicalTarget('HTTPS://example.com', site)).toBe(false);
    expect(isCanonicalTarget('https://example.com/', site)).toBe(true);
  });
});

describe('canonicalTarget: refused, with a reason a user can act on', () => {
  it.each<[string, TargetProblem]>([
    ['', 'empty'],
    ['   ', 'empty'],
    ['https://exa\u0000mple.com/', 'hidden-characters'],
    ['https://example.com/\u0007', 'hidden-characters'],
    ['https://example.com/a\u000bb', 'hidden-characters'],
    ['https://example.com/a\u00a0b', 'hidden-characters'],
    ['https://exam\tple.com/', 'hidden-characters'],
    ['https://example.com/a\u2028b', 'hidden-characters'],
    ['https://example.com/\u202e', 'hidden-characters'],
    ['https://exa\u200bmple.com/', 'hidden-characters'],
    ['https://example.com/a\u0085b', 'hidden-characters'],
    ['https://example.com/a\u3000b', 'hidden-characters'],
    ['example.com', 'not-a-web-address'],
    ['https://', 'not-a-web-address'],
    ['https:example.com', 'not-a-web-address'],
    ['https:/example.com', 'not-a-web-address'],
    // A sign no domain has, refused the same in Node and in browsers (whose parsers take some).
    ['https://exa mple.com/', 'bad-host'],
    ['https://exa mple.com', 'bad-host'],
    ['https://exa%mple.com/', 'bad-host'],
    ['https://exa%20mple.com/', 'bad-host'],
    ['https://a"b.com/', 'bad-host'],
    ["https://a'b.com/", 'bad-host'],
    ['https://a,b.com/', 'bad-host'],
    ['https://a(b).com/', 'bad-host'],
    ['https://a{b}.com/', 'bad-host'],
    ['https://a!b.com/', 'bad-host'],
    ['https://user@exa mple.com:8080/', 'bad-host'],
    ['https://not a link', 'not-a-web-address'],
    ['javascript:alert(1)', 'scheme'],
    ['data:text/html,<h1>hi</h1>', 'scheme'],
    ['ftp://example.com/', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['mailto:a@example.com', 'scheme'],
    ['https://user:pw@bank.example@evil.example/', 'credentials'],
    ['https://bank.example@evil.example/', 'credentials'],
    ['https://:pw@example.com/', 'credentials'],
    ['http://192.168.1.1/', 'private-host'],
    ['http://10.0.0.5/admin', 'private-host'],
    ['http://172.16.0.1/', 'private-host'],
    ['http://172.31.255.255/', 'private-host'],
    ['http://127.0.0.2:4173/', 'private-host'],
    ['http://127.1/', 'private-host'],
    ['http://2130706433/', 'private-host'],
    ['http://0x7f000001/', 'private-host'],
    ['http://0.0.0.0/', 'private-host'],
    ['http://169.254.169.254/computeMetadata/v1/', 'private-host'],
    ['http://100.64.0.1/', 'private-host'],
    ['http://224.0.0.1/', 'private-host'],
    ['http://[::1]/', 'private-host'],
    ['http://[::]/', 'private-host'],
    ['http://[::ffff:192.168.1.1]/', 'private-host'],
    ['http://[::ffff:7f00:1]/', 'private-host'],
    ['http://[fd00::1]/', 'private-host'],
    ['http://[fe80::1]/', 'private-host'],
    ['http://[64:ff9b::a00:1]/', 'private-host'],
    ['http://localhost:3000/', 'private-host'],
    ['http://app.localhost/', 'private-host'],
    ['http://printer.local/', 'private-host'],
    ['http://metadata.google.internal/', 'private-host'],
    ['http://router/', 'single-label-host'],
    ['http://intranet./', 'single-label-host'],
    ['https://kemptoncodeworks.co.za/q/AbCdEfGhJk', 'short-link-loop'],
    ['https://KemptonCodeWorks.co.za/Q/AbCdEfGhJk?qr=1', 'short-link-loop'],
    ['http://127.0.0.1:4173/q/AbCdEfGhJk', 'short-link-loop'],
    ['http://127.0.0.1:4174/', 'private-host'],
    [`https://example.com/${'a'.repeat(TARGET_MAX)}`, 'too-long'],
  ])('%j: %s', (input, problem) => {
    const check = canonicalTarget(input, site);
    expect(check.ok ? check.href : check.problem).toBe(problem);
    if (!check.ok) expect(check.message.length).toBeGreaterThan(20);
  });

  it('says what is wrong with a host a domain cannot be, whatever follows it', () => {
    const check = canonicalTarget('https://exa mple.com/menu?a=b c', site);
    expect(check).toMatchObject({ ok: false, problem: 'bad-host' });
    expect(check.ok || check.message).toMatch(/^The address’s domain .* has a space or a sign/);
  });

  it('counts the length once canonical: non-ASCII grows when percent-encoded', () => {
    const path = 'é'.repeat(500); // 500 characters typed, 3000 once encoded
    expect(problemOf(`https://example.com/${path}`)).toBe('too-long');
  });

  it('knows a short link of the site only on the site’s hosts', () => {
    expect(canonicalTarget('https://kemptoncodeworks.co.za/q/x').ok).toBe(true);
    expect(problemOf('https://kemptoncodeworks.co.za/q/x')).toBe('short-link-loop');
  });
});

describe('isPublicAddress', () => {
  it('refuses every address of this machine, a private network or a cloud’s metadata server', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      '64:ff9b::a00:1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('passes public addresses of either family', () => {
    for (const address of ['8.8.8.8', '41.0.0.1', '2c0f:f4c0::1', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});
