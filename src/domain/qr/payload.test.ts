// The payload encoders against their published formats: wa.me links, the ZXing WIFI: string,
// vCard 3.0 (RFC 2426), the viewer fragment's round trip, and payloadFor for all 16 types.
import { describe, expect, it } from 'vitest';
import { checkContent, emptyContent, type QrContent, type TextFieldId } from './content';
import { findQrType, payloadFor, qrTypeIds, type QrTypeId } from './qr-types';
import {
  decodeViewerFragment,
  encodeViewerFragment,
  escapeVCardText,
  escapeWifi,
  instagramUrl,
  isViewerLink,
  payloadLength,
  payloadText,
  vcardPayload,
  VIEWER_MAX_LINKS,
  viewerUrl,
  webUrl,
  whatsappNumber,
  whatsappPayload,
  wifiPayload,
  wifiSecurity,
  type Payload,
  type VCardFields,
  type ViewerContent,
} from './payload';

const origin = 'https://kempton.example';
const options = { viewerOrigin: origin };

function contentWith(
  text: Partial<Record<TextFieldId, string>>,
  lists: Partial<QrContent['lists']> = {},
): QrContent<unknown> {
  return {
    text: { ...emptyContent.text, ...text },
    lists: { ...emptyContent.lists, ...lists },
    files: {},
  };
}

const payload = (
  type: QrTypeId,
  text: Partial<Record<TextFieldId, string>>,
  lists?: Partial<QrContent['lists']>,
): Payload => payloadFor(type, contentWith(text, lists), options);

/** The text of a payload that makes a code; fails the test otherwise. */
function textOf(result: Payload): string {
  const text = payloadText(result);
  if (text === null) throw new Error(`no code: ${JSON.stringify(result)}`);
  return text;
}

const roundTripUtf8 = (text: string) => new TextDecoder().decode(new TextEncoder().encode(text));

describe('webUrl', () => {
  it('keeps an http(s) address as typed, trimmed', () => {
    expect(webUrl('  https://www.example.co.za  ')).toBe('https://www.example.co.za');
    expect(webUrl('http://example.com/a?b=1&c=2#d')).toBe('http://example.com/a?b=1&c=2#d');
  });

  it('adds https:// to an address typed without a scheme', () => {
    expect(webUrl('example.com/menu')).toBe('https://example.com/menu');
  });

  it('refuses other schemes, undotted hosts and empty text', () => {
    expect(webUrl('javascript:alert(1)')).toBeNull();
    expect(webUrl('ftp://example.com')).toBeNull();
    expect(webUrl('mailto:a@example.com')).toBeNull();
    expect(webUrl('localhost')).toBeNull();
    expect(webUrl('   ')).toBeNull();
  });

  it('percent-encodes spaces and non-ASCII so every scanner reads one address', () => {
    expect(webUrl('https://example.com/a b')).toBe('https://example.com/a%20b');
    expect(webUrl('https://bücher.example/ü')).toBe('https://xn--bcher-kva.example/%C3%BC');
  });
});

describe('instagramUrl', () => {
  it('turns a username into the profile address', () => {
    expect(instagramUrl('kemptoncodeworks')).toBe('https://instagram.com/kemptoncodeworks');
    expect(instagramUrl('  @kempton.code_works ')).toBe('https://instagram.com/kempton.code_works');
  });

  it('keeps a full address as it is', () => {
    expect(instagramUrl('https://www.instagram.com/kemptoncodeworks/')).toBe(
      'https://www.instagram.com/kemptoncodeworks/',
    );
    expect(instagramUrl('http://instagr.am/kempton')).toBe('http://instagr.am/kempton');
  });

  it('adds https:// to an address typed without it', () => {
    expect(instagramUrl('instagram.com/kempton')).toBe('https://instagram.com/kempton');
  });

  it('does not take the bare host name for a username', () => {
    expect(instagramUrl('instagram.com')).toBe('https://instagram.com');
  });

  it('refuses text that is neither', () => {
    expect(instagramUrl('not a user name!')).toBeNull();
    expect(instagramUrl('')).toBeNull();
  });
});

describe('whatsappNumber', () => {
  it('drops the trunk 0 and puts the country code first', () => {
    expect(whatsappNumber('27', '0821234567')).toBe('27821234567');
  });

  it('takes digits only from both fields', () => {
    expect(whatsappNumber('+27', '082 123-4567')).toBe('27821234567');
    expect(whatsappNumber('0027', '(082) 123 4567')).toBe('27821234567');
  });

  it('adds the country code to a number typed without its 0', () => {
    expect(whatsappNumber('27', '821234567')).toBe('27821234567');
  });

  it('takes a number with + or 00 as international and ignores the country code', () => {
    expect(whatsappNumber('27', '+44 7911 123456')).toBe('447911123456');
    expect(whatsappNumber('27', '0044 7911 123456')).toBe('447911123456');
    expect(whatsappNumber('', '+27821234567')).toBe('27821234567');
  });

  it('does not add the country code twice to a number that already holds it', () => {
    expect(whatsappNumber('27', '27821234567')).toBe('27821234567');
    expect(whatsappNumber('1', '12125551234')).toBe('12125551234');
  });

  it('adds the code to a short number that merely starts with the same digits', () => {
    expect(whatsappNumber('27', '271234567')).toBe('27271234567');
  });

  it('gives null without digits, or without a country code for a national number', () => {
    expect(whatsappNumber('27', '')).toBeNull();
    expect(whatsappNumber('27', '+')).toBeNull();
    expect(whatsappNumber('', '0821234567')).toBeNull();
  });
});

describe('whatsappPayload', () => {
  const base = { countryCode: '27', number: '0821234567' };

  it('is the wa.me link without a message', () => {
    expect(whatsappPayload({ ...base, message: '' })).toBe('https://wa.me/27821234567');
    expect(whatsappPayload({ ...base, message: '   ' })).toBe('https://wa.me/27821234567');
  });

  it('adds the URL-encoded message: spaces, & and emoji', () => {
    const url = whatsappPayload({ ...base, message: 'Hi there & welcome 👋' });
    expect(url).toBe('https://wa.me/27821234567?text=Hi%20there%20%26%20welcome%20%F0%9F%91%8B');
    expect(new URL(url ?? '').searchParams.get('text')).toBe('Hi there & welcome 👋');
  });

  it('encodes the characters that would break the query: ? = # + and line breaks', () => {
    const message = 'Price? 1+1=2 #deal\nThanks';
    const url = whatsappPayload({ ...base, message }) ?? '';
    expect(url).toBe('https://wa.me/27821234567?text=Price%3F%201%2B1%3D2%20%23deal%0AThanks');
    expect(new URL(url).searchParams.get('text')).toBe(message);
  });

  it('trims the message', () => {
    expect(whatsappPayload({ ...base, message: '  Hello  ' })).toBe(
      'https://wa.me/27821234567?text=Hello',
    );
  });

  it('is null when the number cannot be made', () => {
    expect(whatsappPayload({ countryCode: '', number: '0821234567', message: 'Hi' })).toBeNull();
  });
});

describe('wifiSecurity', () => {
  it.each([
    ['No encryption', 'nopass'],
    ['no encryption', 'nopass'],
    ['NONE', 'nopass'],
    ['nopass', 'nopass'],
    ['Open', 'nopass'],
    ['WEP', 'WEP'],
    ['wep', 'WEP'],
    ['WPA/WPA2', 'WPA'],
    ['wpa', 'WPA'],
    ['WPA2', 'WPA'],
    ['WPA3', 'WPA'],
    ['wpa2-psk', 'WPA'],
    [' WPA/WPA2 ', 'WPA'],
    ['something else', 'WPA'],
  ] as const)('maps %j to %s', (text, expected) => {
    expect(wifiSecurity(text, 'secret')).toBe(expected);
  });

  it('guesses from the password when left empty', () => {
    expect(wifiSecurity('', 'secret')).toBe('WPA');
    expect(wifiSecurity('', '')).toBe('nopass');
  });
});

describe('escapeWifi', () => {
  it.each([
    ['\\', '\\\\'],
    [';', '\\;'],
    [',', '\\,'],
    [':', '\\:'],
    ['"', '\\"'],
  ])('escapes %j', (char, expected) => {
    expect(escapeWifi(`a${char}b`)).toBe(`a${expected}b`);
  });

  it('escapes the backslash first, so added backslashes are not doubled', () => {
    expect(escapeWifi('\\;')).toBe('\\\\\\;');
    expect(escapeWifi('a\\b;c,d:e"f')).toBe('a\\\\b\\;c\\,d\\:e\\"f');
  });

  it('leaves other characters, spaces and non-ASCII alone', () => {
    expect(escapeWifi(' Café Wi-Fi 5G! ')).toBe(' Café Wi-Fi 5G! ');
  });
});

describe('wifiPayload', () => {
  /** Reads a WIFI: string the way ZXing's WifiResultParser does: `\x` is x, `;` ends a field. */
  function readWifi(text: string): Record<string, string> {
    expect(text.startsWith('WIFI:')).toBe(true);
    expect(text.endsWith(';;')).toBe(true);
    const fields: Record<string, string> = {};
    let rest = text.slice('WIFI:'.length, -1);
    while (rest !== '') {
      const key = rest.slice(0, rest.indexOf(':'));
      let value = '';
      let i = key.length + 1;
      for (; i < rest.length && rest[i] !== ';'; i++)
        value += rest[i] === '\\' ? rest[++i] : rest[i];
      fields[key] = value;
      rest = rest.slice(i + 1);
    }
    return fields;
  }

  it('reads back exactly, however odd the name and password', () => {
    const ssid = 'a\\;b,c:"d\\\\; 李 ';
    const password = ';;\\"p:a,s\\s"';
    expect(readWifi(wifiPayload({ ssid, encryption: 'WPA', password }))).toEqual({
      T: 'WPA',
      S: ssid,
      P: password,
    });
    expect(readWifi(wifiPayload({ ssid, encryption: 'none', password }))).toEqual({
      T: 'nopass',
      S: ssid,
    });
  });

  it('is the WIFI: string for a WPA network', () => {
    expect(wifiPayload({ ssid: 'Kempton', encryption: 'WPA/WPA2', password: 'secret123' })).toBe(
      'WIFI:T:WPA;S:Kempton;P:secret123;;',
    );
  });

  it('marks WEP', () => {
    expect(wifiPayload({ ssid: 'Old', encryption: 'WEP', password: 'abcde' })).toBe(
      'WIFI:T:WEP;S:Old;P:abcde;;',
    );
  });

  it('has no password field for an open network, even when one was typed', () => {
    expect(wifiPayload({ ssid: 'Guest', encryption: 'No encryption', password: '' })).toBe(
      'WIFI:T:nopass;S:Guest;;',
    );
    expect(wifiPayload({ ssid: 'Guest', encryption: 'none', password: 'left over' })).toBe(
      'WIFI:T:nopass;S:Guest;;',
    );
  });

  it('escapes the network name and the password', () => {
    expect(
      wifiPayload({ ssid: 'My;Net,"1":\\', encryption: 'WPA', password: 'p;a,s:s"w\\rd' }),
    ).toBe('WIFI:T:WPA;S:My\\;Net\\,\\"1\\"\\:\\\\;P:p\\;a\\,s\\:s\\"w\\\\rd;;');
  });

  it('keeps spaces at either end of the name and the password', () => {
    expect(wifiPayload({ ssid: ' Home ', encryption: 'WPA2', password: ' pass ' })).toBe(
      'WIFI:T:WPA;S: Home ;P: pass ;;',
    );
  });
});

describe('escapeVCardText', () => {
  it.each([
    ['\\', '\\\\'],
    [',', '\\,'],
    [';', '\\;'],
    ['\n', '\\n'],
    ['\r\n', '\\n'],
    ['\r', '\\n'],
  ])('escapes %j', (char, expected) => {
    expect(escapeVCardText(`a${char}b`)).toBe(`a${expected}b`);
  });

  it('escapes the backslash first', () => {
    expect(escapeVCardText('\\,')).toBe('\\\\\\,');
    expect(escapeVCardText('a\\n')).toBe('a\\\\n');
  });

  it('leaves colons alone (RFC 2426 does not escape them)', () => {
    expect(escapeVCardText('Unit 4: Gate B')).toBe('Unit 4: Gate B');
  });
});

describe('vcardPayload', () => {
  const full: VCardFields = {
    firstName: 'Thandi',
    lastName: 'Mokoena',
    phone: '+27111234567',
    mobile: '+27821234567',
    fax: '+27117654321',
    email: 'thandi@example.co.za',
    website: 'https://www.example.co.za',
    company: 'Kempton Code Works',
    job: 'Director',
    street: '12 Long Street',
    city: 'Kempton Park',
    postalCode: '1619',
    country: 'South Africa',
  };

  it('is a vCard 3.0 with every field, CRLF line ends', () => {
    expect(vcardPayload(full)).toBe(
      [
        'BEGIN:VCARD',
        'VERSION:3.0',
        'N:Mokoena;Thandi;;;',
        'FN:Thandi Mokoena',
        'ORG:Kempton Code Works',
        'TITLE:Director',
        'TEL;TYPE=WORK,VOICE:+27111234567',
        'TEL;TYPE=CELL:+27821234567',
        'TEL;TYPE=FAX:+27117654321',
        'EMAIL;TYPE=INTERNET:thandi@example.co.za',
        'URL:https://www.example.co.za',
        'ADR;TYPE=WORK:;;12 Long Street;Kempton Park;;1619;South Africa',
        'END:VCARD',
        '',
      ].join('\r\n'),
    );
  });

  it('has CRLF after every line and no bare CR or LF', () => {
    const card = vcardPayload({ ...full, street: 'Line 1\nLine 2', job: 'A\r\nB' });
    expect(card.endsWith('END:VCARD\r\n')).toBe(true);
    expect(card.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(card.split('\r\n').slice(0, 2)).toEqual(['BEGIN:VCARD', 'VERSION:3.0']);
  });

  it('leaves out empty optional fields and an empty address', () => {
    expect(vcardPayload({ firstName: 'Thandi', lastName: 'Mokoena', email: '  ' })).toBe(
      'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Mokoena;Thandi;;;\r\nFN:Thandi Mokoena\r\nEND:VCARD\r\n',
    );
  });

  it('keeps the address structure with some parts empty', () => {
    const card = vcardPayload({ firstName: 'A', lastName: 'B', city: 'Durban' });
    expect(card).toContain('\r\nADR;TYPE=WORK:;;;Durban;;;\r\n');
  });

  it('escapes text values: commas, semicolons, backslashes and line breaks', () => {
    const card = vcardPayload({
      firstName: 'Jo;Anne',
      lastName: 'Smith, Jr.',
      company: 'Smith; Sons \\ Co',
      job: 'Head, Sales',
      street: 'Unit 4\nGate B; Long St',
      city: 'Cape Town',
      postalCode: '8001',
      country: 'South Africa',
    });
    const lines = card.split('\r\n');
    expect(lines).toContain('N:Smith\\, Jr.;Jo\\;Anne;;;');
    expect(lines).toContain('FN:Jo\\;Anne Smith\\, Jr.');
    expect(lines).toContain('ORG:Smith\\; Sons \\\\ Co');
    expect(lines).toContain('TITLE:Head\\, Sales');
    expect(lines).toContain(
      'ADR;TYPE=WORK:;;Unit 4\\nGate B\\; Long St;Cape Town;;8001;South Africa',
    );
  });

  /** A structured value read as RFC 2426 says: split on unescaped ';', then unescaped. */
  function readParts(value: string): string[] {
    const parts = [''];
    for (let i = 0; i < value.length; i++) {
      const char = value[i];
      if (char === ';') parts.push('');
      else if (char === '\\') {
        const next = value[++i];
        parts[parts.length - 1] += next === 'n' || next === 'N' ? '\n' : next;
      } else parts[parts.length - 1] += char;
    }
    return parts;
  }

  it('reads back exactly: structured values split on unescaped ; and unescaped', () => {
    const first = 'Jo;Anne\\';
    const street = '4 Gate, B\nLong; St\\n';
    const card = vcardPayload({ firstName: first, lastName: 'Smith', street, city: 'X' });
    const lines = card.split('\r\n');
    const n = lines.find((line) => line.startsWith('N:')) ?? '';
    const adr = lines.find((line) => line.startsWith('ADR;TYPE=WORK:')) ?? '';
    expect(readParts(n.slice('N:'.length))).toEqual(['Smith', first, '', '', '']);
    expect(readParts(adr.slice('ADR;TYPE=WORK:'.length))).toEqual([
      '',
      '',
      street,
      'X',
      '',
      '',
      '',
    ]);
  });

  it('keeps non-ASCII names as UTF-8 text in N and FN', () => {
    const card = vcardPayload({ firstName: 'Zoë', lastName: 'Ndlovu-Müller', company: '李氏' });
    expect(roundTripUtf8(card)).toBe(card);
    const lines = card.split('\r\n');
    expect(lines).toContain('N:Ndlovu-Müller;Zoë;;;');
    expect(lines).toContain('FN:Zoë Ndlovu-Müller');
    expect(lines).toContain('ORG:李氏');

    const other = vcardPayload({ firstName: 'Thandiwe', lastName: '李' });
    expect(roundTripUtf8(other)).toBe(other);
    expect(other.split('\r\n')).toEqual(
      expect.arrayContaining(['N:李;Thandiwe;;;', 'FN:Thandiwe 李']),
    );
  });

  it('trims values and drops phone punctuation', () => {
    const card = vcardPayload({
      firstName: ' Thandi ',
      lastName: ' Mokoena ',
      phone: ' 011 (123) 45-67 ',
    });
    expect(card).toContain('\r\nN:Mokoena;Thandi;;;\r\nFN:Thandi Mokoena\r\n');
    expect(card).toContain('\r\nTEL;TYPE=WORK,VOICE:0111234567\r\n');
  });

  it('normalises the website and leaves out one that is not a web address', () => {
    expect(vcardPayload({ firstName: 'A', lastName: 'B', website: 'example.com' })).toContain(
      '\r\nURL:https://example.com\r\n',
    );
    expect(vcardPayload({ firstName: 'A', lastName: 'B', website: 'javascript:x' })).not.toContain(
      'URL',
    );
  });

  it('uses the one name given for FN', () => {
    expect(vcardPayload({ firstName: '', lastName: 'Mokoena' })).toContain('\r\nFN:Mokoena\r\n');
    expect(vcardPayload({ firstName: 'Thandi', lastName: '' })).toContain(
      '\r\nN:;Thandi;;;\r\nFN:Thandi\r\n',
    );
  });
});

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

describe('payloadLength', () => {
  it('counts UTF-8 bytes', () => {
    expect(payloadLength('')).toBe(0);
    expect(payloadLength('abc')).toBe(3);
    expect(payloadLength('ë')).toBe(2);
    expect(payloadLength('李')).toBe(3);
    expect(payloadLength('👋')).toBe(4);
    expect(payloadLength('\r\n')).toBe(2);
  });
});

describe('payloadFor', () => {
  it('gives the URL for web, biz, fbook and smedia', () => {
    expect(payload('web', { websiteUrl: ' www.example.co.za ' })).toEqual({
      kind: 'text',
      text: 'https://www.example.co.za',
    });
    expect(
      payload('biz', { businessName: 'Kempton', businessURL: 'https://biz.example.com' }),
    ).toEqual({ kind: 'text', text: 'https://biz.example.com' });
    expect(payload('fbook', { facebookUrl: 'https://www.facebook.com/kempton' })).toEqual({
      kind: 'text',
      text: 'https://www.facebook.com/kempton',
    });
    expect(
      payload('smedia', {}, { socialLinks: ['', ' x.com/kempton ', 'https://ignored.example'] }),
    ).toEqual({ kind: 'text', text: 'https://x.com/kempton' });
  });

  it('gives the Instagram profile address', () => {
    expect(payload('insta', { instagramUsername: 'kemptoncodeworks' })).toEqual({
      kind: 'text',
      text: 'https://instagram.com/kemptoncodeworks',
    });
    expect(payload('insta', { instagramUsername: 'https://instagram.com/kempton' })).toEqual({
      kind: 'text',
      text: 'https://instagram.com/kempton',
    });
  });

  it('gives the wa.me link', () => {
    expect(
      textOf(
        payload('whapp', {
          whatsappCountryCode: '27',
          whatsappNumber: '082 123 4567',
          whatsappMessage: 'Hello & welcome',
        }),
      ),
    ).toBe('https://wa.me/27821234567?text=Hello%20%26%20welcome');
  });

  it('gives the WIFI: string and the vCard', () => {
    expect(
      textOf(payload('wifi', { wifiSSID: 'Shop', encrypt: 'WPA/WPA2', wifiPassword: 'a;b' })),
    ).toBe('WIFI:T:WPA;S:Shop;P:a\\;b;;');
    const card = textOf(
      payload('vcard', {
        vcardFirstName: 'Zoë',
        vcardLastName: 'Ndlovu-Müller',
        vcardMobile: '082 123 4567',
      }),
    );
    expect(card).toBe(
      'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Ndlovu-Müller;Zoë;;;\r\nFN:Zoë Ndlovu-Müller\r\nTEL;TYPE=CELL:0821234567\r\nEND:VCARD\r\n',
    );
  });

  it('gives the coupon code as text', () => {
    expect(payload('coup', { couponCode: ' SAVE20 ' })).toEqual({ kind: 'text', text: 'SAVE20' });
  });

  it('links the link list to the viewer page, empty items left out', () => {
    const result = payload('linklist', {}, { links: ['example.com', ' ', 'http://b.example'] });
    const content: ViewerContent = {
      kind: 'links',
      links: ['https://example.com', 'http://b.example'],
    };
    expect(result).toEqual({ kind: 'viewer', text: viewerUrl(content, origin), content });
    expect(textOf(result)).toBe('https://kempton.example/v#L!example.com!http://b.example');
    expect(decodeViewerFragment(new URL(textOf(result)).hash)).toEqual(content);
  });

  it('links the app links to the viewer page', () => {
    const result = payload('apps', {
      appStoreLink: 'https://apps.apple.com/app/id1',
      playStoreLink: 'https://play.google.com/store/apps/details?id=a.b',
    });
    expect(result.kind).toBe('viewer');
    expect(decodeViewerFragment(new URL(textOf(result)).hash)).toEqual({
      kind: 'apps',
      appStore: 'https://apps.apple.com/app/id1',
      googlePlay: 'https://play.google.com/store/apps/details?id=a.b',
    });
  });

  it.each([
    ['pdf', 'pdfFile'],
    ['video', 'videoFile'],
    ['img', 'imageFile'],
    ['aud', 'audioFile'],
    ['menu', 'menuFile'],
  ] as const)('a %s code holds only its short link, once its file is chosen', (type, file) => {
    const result = payloadFor(type, { ...emptyContent, files: { [file]: 'bytes' } }, options);
    expect(result).toEqual({ kind: 'link-only', file });
    expect(payloadText(result)).toBeNull();
    expect(payloadFor(type, emptyContent, options)).toMatchObject({
      kind: 'incomplete',
      reason: expect.stringMatching(/file is missing/) as unknown as string,
    });
  });

  it('makes no code from missing or invalid content, and says why', () => {
    const cases: [QrTypeId, Partial<Record<TextFieldId, string>>, RegExp][] = [
      ['web', { websiteUrl: '  ' }, /Website URL is missing/],
      ['web', { websiteUrl: 'javascript:alert(1)' }, /Website URL is not a web address/],
      ['insta', { instagramUsername: 'not valid!' }, /Instagram profile/],
      ['whapp', { whatsappNumber: '0821234567' }, /Country code is missing/],
      ['whapp', { whatsappCountryCode: '27' }, /WhatsApp number is missing/],
      ['whapp', { whatsappCountryCode: '27', whatsappNumber: '+' }, /no digits/],
      ['wifi', { encrypt: 'WPA' }, /Network name/],
      ['vcard', { vcardEmail: 'a@example.com' }, /First name is missing/],
      ['coup', {}, /Coupon code is missing/],
      ['apps', { appStoreLink: 'https://apps.apple.com/x' }, /Google Play link is missing/],
      ['apps', { appStoreLink: 'x', playStoreLink: 'https://p.example' }, /App Store link/],
    ];
    for (const [type, text, reason] of cases) {
      const result = payload(type, text);
      expect(result.kind, type).toBe('incomplete');
      expect(result.kind === 'incomplete' && result.reason, type).toMatch(reason);
      expect(payloadText(result)).toBeNull();
    }
    expect(payload('linklist', {}, { links: ['', ' '] })).toMatchObject({ kind: 'incomplete' });
    expect(payload('linklist', {}, { links: ['a.example', 'nope'] })).toMatchObject({
      kind: 'incomplete',
      reason: expect.stringMatching(/^Link 2 /),
    });
    expect(payload('smedia', {}, { socialLinks: [''] })).toMatchObject({ kind: 'incomplete' });
  });

  it('survives content with fields or lists missing', () => {
    const broken = { text: {}, lists: {}, files: {} } as unknown as QrContent<unknown>;
    for (const type of qrTypeIds) {
      expect(() => payloadFor(type, broken, options)).not.toThrow();
    }
    expect(payloadFor('web', broken, options).kind).toBe('incomplete');
  });

  it('makes a code from every type checkContent accepts, except the upload types', () => {
    const valid = contentWith(
      {
        websiteUrl: 'www.example.co.za',
        vcardFirstName: 'Thandiwe',
        vcardLastName: '李',
        vcardPhone: '011 123 4567',
        vcardEmail: 'thandiwe@example.co.za',
        vcardWebsite: 'example.co.za',
        vcardCompany: 'Kempton, Code; Works',
        vcardJob: 'Director',
        vcardAddress: '12 Long Street',
        vcardCity: 'Kempton Park',
        vcardPostalCode: '1619',
        vcardCountry: 'South Africa',
        businessName: 'Kempton',
        businessURL: 'biz.example.com',
        facebookUrl: 'facebook.com/kempton',
        instagramUsername: '@kempton',
        whatsappCountryCode: '+27',
        whatsappNumber: '082 123 4567',
        whatsappMessage: 'Hi',
        appStoreLink: 'apps.apple.com/app/id1',
        playStoreLink: 'play.google.com/store/apps/details?id=a',
        couponCode: 'SAVE20',
        wifiSSID: 'Shop',
        encrypt: 'WPA/WPA2',
        wifiPassword: 'secret123',
      },
      { links: ['a.example.com', 'b.example.com'], socialLinks: ['x.com/kempton'] },
    );
    const hosted = new Set<QrTypeId>(['pdf', 'video', 'img', 'aud', 'menu']);
    for (const id of qrTypeIds) {
      const type = findQrType(id);
      if (!type) throw new Error(id);
      const checked = checkContent(type, valid as QrContent<never>);
      const result = payloadFor(id, checked.content, options);
      if (hosted.has(id)) {
        expect(result.kind, id).toBe('incomplete');
        continue;
      }
      expect(checked.errors, id).toEqual({});
      expect(payloadText(result), id).not.toBeNull();
      // Normalised content and raw content make the same code.
      expect(payloadFor(id, valid, options), id).toEqual(result);
    }
  });
});
