// Each type's payload through the type registry (payloadFor for every type), and its size.
import { describe, expect, it } from 'vitest';
import { checkContent, emptyContent, type QrContent, type TextFieldId } from './content';
import { findQrType, payloadFor, qrTypeIds, qrTypes, type QrTypeId } from './qr-types';
import { validText } from '../../../tests/support/valid-content';
import { payloadLength, payloadText, type Payload } from './payload';
import { decodeViewerFragment, viewerUrl, type ViewerContent } from './viewer-fragment';

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
    // Every field valid (a field of a type added later too), these as a person might type them.
    const valid = contentWith(
      {
        ...validText,
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
    // A hosted file's code can only hold its short link.
    const hosted = new Set(qrTypes.filter((type) => !type.modes.static).map((type) => type.id));
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
