// Landing pages of dynamic codes through the real handlers: a code of a type with a page is saved
// (through the app's store and the rules), the server makes its link with the page's content
// (POST /api/links), and the short link answers with the page: plain HTML of a few kilobytes, the
// content escaped, every address in canonical form; an app's page sends phones to their store.
import { describe, expect, it } from 'vitest';
import { emptyContent, type ListFieldId, type TextFieldId } from '../../src/domain/qr/content';
import { emptyDraft } from '../../src/domain/qr/draft';
import type { QrTypeId } from '../../src/domain/qr/qr-types';
import { savedFields } from '../../src/domain/qr/saved-code';
import { saveNewCode } from '../../src/features/qr/codes/saved-codes';
import { useEmulator } from '../rules/emulator';
import { countsOf, idToken, PHONE, scan, serverLink, syncRequest, useFunctions } from './servers';
import { codesPath } from '../../src/domain/records/codes';

const { asVerified } = useEmulator();
const under = useFunctions();

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const COMPUTER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** A dynamic code of `type` saved by Alice, and its short link as the server made it. */
async function dynamicCode(
  type: QrTypeId,
  text: Partial<Record<TextFieldId, string>>,
  lists: Partial<Record<ListFieldId, string[]>> = {},
) {
  const draft = {
    ...emptyDraft,
    step: 'demo' as const,
    type,
    content: {
      ...emptyContent,
      text: { ...emptyContent.text, ...text },
      lists: { ...emptyContent.lists, ...lists },
    },
    dynamic: true,
  };
  const { id: code, written } = saveNewCode(
    asVerified('alice'),
    'alice',
    'alice',
    savedFields(draft, text.qrName ?? '', { logo: null }),
  );
  await written;
  const { status, answer } = await syncRequest(under.origin, code, idToken('alice'));
  expect(status).toBe(200);
  if (!answer.ok || !answer.link) throw new Error(JSON.stringify(answer));
  return answer.link.id;
}

async function page(id: string, userAgent = PHONE) {
  const response = await scan(under.origin, `/q/${id}?qr=1`, { userAgent });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  const html = await response.text();
  // A page of a few kilobytes, no app bundle: only the site's stylesheet (and landing.js).
  expect(new TextEncoder().encode(html).length).toBeLessThan(20_000);
  expect(html).not.toMatch(/\/assets\//);
  expect(html).toContain('<link rel="stylesheet" href="/short-link.css">');
  expect(html).toContain(`<a href="/ContactPage?report=${id}">Report this link</a>`);
  return html;
}

describe('landing pages', () => {
  it('a contact card: tap to call, email, website and map, and “Save contact” as a vCard', async () => {
    const id = await dynamicCode('vcard', {
      vcardFirstName: 'Thandi',
      vcardLastName: '<Builder>',
      vcardMobile: '+27 82 555 0101',
      vcardEmail: 'thandi@kemptoncodeworks.co.za',
      vcardWebsite: 'Kemptoncodeworks.co.za/team',
      vcardCompany: 'Kempton Code Works',
      vcardJob: 'Builder',
      vcardCity: 'Kempton Park',
      vcardCountry: 'South Africa',
    });
    const html = await page(id);
    expect(html).toContain('<h1>Thandi &lt;Builder&gt;</h1>');
    expect(html).not.toContain('<Builder>');
    expect(html).toContain('<p>Builder · Kempton Code Works</p>');
    expect(html).toContain('href="tel:+27825550101">Call +27 82 555 0101</a>');
    expect(html).toContain('href="mailto:thandi@kemptoncodeworks.co.za"');
    expect(html).toContain(
      'href="https://kemptoncodeworks.co.za/team">Website: kemptoncodeworks.co.za/team</a>',
    );
    expect(html).toContain(
      'href="https://www.google.com/maps/search/?api=1&amp;query=Kempton%20Park%2C%20South%20Africa"',
    );
    expect(html).toContain(`href="/q/${id}/contact.vcf">Save contact</a>`);

    const card = await scan(under.origin, `/q/${id}/contact.vcf`);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('text/vcard; charset=utf-8');
    expect(card.headers.get('content-disposition')).toContain('attachment');
    const vcard = await card.text();
    expect(vcard).toContain('FN:Thandi <Builder>\r\n');
    expect(vcard).toContain('TEL;TYPE=CELL:+27825550101\r\n');
    // The page was a scan; saving the card is not another.
    expect(await countsOf(under, id)).toMatchObject({ scans: 1, qr: 1 });
  });

  it('a coupon: the code, selectable, with a Copy button', async () => {
    const id = await dynamicCode('coup', { couponCode: 'SPRING25', qrName: 'Spring sale' });
    const html = await page(id);
    expect(html).toContain('<h1>Spring sale</h1>');
    expect(html).toContain('<p class="landing__code" id="coupon-code">SPRING25</p>');
    expect(html).toContain('data-copy="coupon-code">Copy the code</button>');
    expect(html).toContain('<script src="/landing.js" defer></script>');
  });

  it('a business: its name and a way to its site', async () => {
    const id = await dynamicCode('biz', {
      businessName: 'Kempton Code Works',
      businessURL: 'kemptoncodeworks.co.za',
    });
    const html = await page(id);
    expect(html).toContain('<h1>Kempton Code Works</h1>');
    expect(html).toContain(
      'href="https://kemptoncodeworks.co.za/">Visit kemptoncodeworks.co.za</a>',
    );
  });

  it('a link list: each link, in canonical form', async () => {
    const id = await dynamicCode(
      'linklist',
      {},
      {
        links: ['Example.co.za/menu', 'https://例え.jp/'],
      },
    );
    const html = await page(id);
    expect(html).toContain('href="https://example.co.za/menu">example.co.za/menu</a>');
    expect(html).toContain('href="https://xn--r8jz45g.jp/">xn--r8jz45g.jp</a>');
  });

  it('an app: iPhones go to the App Store, Android phones to Google Play, others choose', async () => {
    const id = await dynamicCode('apps', {
      appStoreLink: 'https://apps.apple.com/za/app/kcw/id123',
      playStoreLink: 'https://play.google.com/store/apps/details?id=za.kcw',
    });
    // Three people (one person's repeats within half a minute count once).
    const iphone = await scan(under.origin, `/q/${id}?qr=1`, {
      userAgent: IPHONE,
      from: '196.25.8.1',
    });
    expect(iphone.status).toBe(302);
    expect(iphone.headers.get('location')).toBe('https://apps.apple.com/za/app/kcw/id123');
    const android = await scan(under.origin, `/q/${id}?qr=1`, { from: '196.25.8.2' });
    expect(android.headers.get('location')).toBe(
      'https://play.google.com/store/apps/details?id=za.kcw',
    );
    const html = await page(id, COMPUTER);
    expect(html).toContain('Download on the App Store');
    expect(html).toContain('Get it on Google Play');
    expect(await countsOf(under, id)).toMatchObject({
      scans: 3,
      os: { ios: 1, android: 1, windows: 1 },
    });
  });

  it('a WiFi code cannot be dynamic: the server refuses it, saying why', async () => {
    const draft = {
      ...emptyDraft,
      type: 'wifi' as const,
      content: { ...emptyContent, text: { ...emptyContent.text, wifiSSID: 'Guests' } },
      dynamic: true,
    };
    const fields = { ...savedFields(draft, 'WiFi', { logo: null }), dynamic: true };
    const ref = under.db.collection(codesPath('alice')).doc();
    await ref.set({ ...fields, createdAt: new Date(), updatedAt: new Date() });
    const { status, answer } = await syncRequest(under.origin, ref.id, idToken('alice'));
    expect(status).toBe(200);
    // The stored code reads back as static (a WiFi code cannot be dynamic): no link is made.
    expect(answer).toEqual({ ok: true, link: null });
  });

  it('a page stored with an address now on the blocklist is stopped, not shown', async () => {
    const id = await serverLink(under, {
      target: null,
      page: { kind: 'links', links: ['https://testsafebrowsing.appspot.com/s/phishing.html'] },
    });
    const response = await scan(under.origin, `/q/${id}`);
    expect(response.status).toBe(403);
    expect(await response.text()).not.toContain('testsafebrowsing');
  });

  it('a file of a link that is not a contact card is not there', async () => {
    const id = await serverLink(under);
    expect((await scan(under.origin, `/q/${id}/contact.vcf`)).status).toBe(404);
    expect((await scan(under.origin, `/q/${id}/other.txt`)).status).toBe(404);
  });
});
