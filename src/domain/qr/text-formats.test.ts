// The text formats against their published specifications: wa.me links, the ZXing WIFI: string
// and vCard 3.0 (RFC 2426).
import { describe, expect, it } from 'vitest';
import {
  escapeVCardText,
  escapeWifi,
  instagramUrl,
  vcardPayload,
  webUrl,
  whatsappNumber,
  whatsappPayload,
  wifiPayload,
  type VCardFields,
} from './text-formats';
import { wifiSecurity } from './wifi';

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
