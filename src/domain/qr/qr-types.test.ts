import { describe, expect, it } from 'vitest';
import rules from '../../../firestore.rules?raw';
import { defaultDesign, FRAME_TEXT_MAX } from './design';
import { HOSTED_NAME_MAX } from './hosting';
import {
  CONTENT_TEXT_MAX,
  contentItems,
  emptyContent,
  fileFields,
  listFields,
  RULES_FIELD_LIMIT_MAX,
  textFields,
} from './content';
import type { ContentReader } from './payload';
import { fieldOf, findQrType, payloadFor, qrTypeIds, qrTypes } from './qr-types';
import { SAVED_CODES_MAX } from './saved-code';

/**
 * The key names firestore.rules lets a map `name` hold: `name.keys().join(',').matches('((a|b)(,|$))*')`
 * (one pattern, cheaper for the rules' expression budget than a list).
 */
function keysPattern(name: string): string[] {
  const pattern = new RegExp(
    `${name}\\.keys\\(\\)\\.join\\(','\\)\\.matches\\(\\s*'\\(\\(([^)]*)\\)`,
  ).exec(rules)?.[1];
  expect(pattern, name).toBeDefined();
  return pattern!.split('|');
}

/**
 * The product's promise, pinned here and nowhere else (every other test reads the list from the
 * registry): the types customers know, in the type screen's order, by id (saved codes and short
 * links store it) and label, each with its form's sections and their fields (saved codes store
 * the values by these ids, so a renamed one would lose what drafts and saved codes hold).
 */
const promised: readonly (readonly [id: string, label: string, form: Record<string, string[]>])[] =
  [
    ['web', 'Website', { 'Website Information': ['websiteUrl'] }],
    ['pdf', 'PDF', { 'PDF Upload': ['pdfFile'] }],
    ['linklist', 'Link List', { 'Link List': ['links'] }],
    [
      'vcard',
      'Virtual Card',
      {
        'Full Name': ['vcardFirstName', 'vcardLastName'],
        'Contact Information': [
          'vcardPhone',
          'vcardMobile',
          'vcardEmail',
          'vcardWebsite',
          'vcardFax',
        ],
        'Company Information': ['vcardCompany', 'vcardJob'],
        Location: ['vcardAddress', 'vcardCity', 'vcardPostalCode', 'vcardCountry'],
      },
    ],
    ['biz', 'Business', { 'Business Information': ['businessName', 'businessURL'] }],
    ['video', 'Video', { 'Video Upload': ['videoFile'] }],
    ['img', 'Images', { 'Image Upload': ['imageFile'] }],
    ['fbook', 'Facebook', { 'Facebook Page': ['facebookUrl'] }],
    ['insta', 'Instagram', { 'Instagram Profile': ['instagramUsername'] }],
    ['smedia', 'Social Media', { 'Social Media Links': ['socialLinks'] }],
    [
      'whapp',
      'Whatsapp',
      { 'WhatsApp Number': ['whatsappCountryCode', 'whatsappNumber', 'whatsappMessage'] },
    ],
    ['aud', 'MP3', { 'Audio Upload': ['audioFile'] }],
    ['menu', 'Menu', { 'Menu Upload': ['menuFile'] }],
    ['apps', 'Apps', { 'App Links': ['appStoreLink', 'playStoreLink'] }],
    ['coup', 'Coupon', { 'Coupon Details': ['couponCode'] }],
    ['wifi', 'WiFi', { 'WiFi Credentials': ['wifiSSID', 'encrypt', 'wifiPassword'] }],
  ];

describe('the type registry', () => {
  it('has the types promised, each once, in the type screen’s order, with their labels', () => {
    expect(qrTypeIds).toEqual(promised.map(([id]) => id));
    expect(qrTypes.map((type) => [type.id, type.label])).toEqual(
      promised.map(([id, label]) => [id, label]),
    );
    expect(qrTypes).toHaveLength(promised.length);
    expect(new Set(qrTypes.map((type) => type.id)).size).toBe(qrTypes.length);
    expect(new Set(qrTypes.map((type) => type.label)).size).toBe(qrTypes.length);
    expect(findQrType('nope')).toBeUndefined();
  });

  it.each(promised)('%s (%s) has its sections, with its fields', (id, _label, form) => {
    const type = findQrType(id)!;
    expect(type.sections.map((section) => section.title)).toEqual(Object.keys(form));
    expect(type.sections.flatMap((section) => section.items.map((item) => item.id))).toEqual(
      Object.values(form).flat(),
    );
  });

  it('is the list firestore.rules accepts as a saved code’s type', () => {
    const list = /type\.matches\('([^']*)'\)/.exec(rules)?.[1];
    expect(list).toBeDefined();
    expect(list!.split('|')).toEqual(qrTypeIds);
  });

  it('has the design keys firestore.rules accepts in a saved code, and its frame text limit', () => {
    const keys = keysPattern('design');
    expect(keys.sort()).toEqual(
      Object.keys(defaultDesign)
        .filter((key) => key !== 'logo')
        .sort(),
    );
    expect(rules).toContain(`design.frameText.size() <= ${FRAME_TEXT_MAX}`);
  });

  it('has the upload fields and name limit firestore.rules accepts in a code’s hosted files', () => {
    const fields = /hosted\.keys\(\)\.hasOnly\(\[([^\]]*)\]/.exec(rules)?.[1];
    expect(fields).toBeDefined();
    expect([...fields!.matchAll(/'([^']+)'/g)].map((match) => match[1]).sort()).toEqual(
      Object.keys(fileFields).sort(),
    );
    expect(rules).toContain(`file.name.size() <= ${HOSTED_NAME_MAX}`);
  });

  it('has the content fields and limits firestore.rules accepts in a saved code', () => {
    expect(keysPattern('text')).toEqual(Object.keys(textFields));
    for (const [id, spec] of Object.entries(textFields)) {
      if (spec.maxLength <= RULES_FIELD_LIMIT_MAX) {
        expect(rules).toContain(`text.get('${id}', '').size() <= ${spec.maxLength}`);
      }
    }
    expect(rules).toContain(`text.values().join('').size() <= ${CONTENT_TEXT_MAX}`);
    for (const [id, spec] of Object.entries(listFields)) {
      expect(rules).toContain(`linksWithin(lists, '${id}', ${spec.max}, ${spec.item.maxLength})`);
    }
    expect(keysPattern('files')).toEqual(Object.keys(fileFields));
    expect(rules).toContain(`([^/]{0,${HOSTED_NAME_MAX}}(/|$))*`);
  });

  it('lets every type save its longest texts within what the rules take together', () => {
    for (const type of qrTypes) {
      // Its own fields and every type's: name, password, a dynamic code's active days and limit.
      const ids = new Set<string>();
      for (const item of contentItems(type)) if (item.kind === 'text') ids.add(item.id);
      const longest = [...ids].reduce(
        (sum, id) => sum + textFields[id as keyof typeof textFields].maxLength,
        0,
      );
      expect(longest, type.id).toBeLessThanOrEqual(CONTENT_TEXT_MAX);
    }
  });

  it('has the most saved codes an account keeps, as firestore.rules counts them', () => {
    expect(rules).toContain(`after.codeCount <= ${SAVED_CODES_MAX}`);
  });

  it('gives every type a form, an icon and a way to make its code', () => {
    for (const type of qrTypes) {
      expect(type.sections.length, type.id).toBeGreaterThan(0);
      expect(contentItems(type).length, type.id).toBeGreaterThan(2);
      expect(type.icon, type.id).toMatch(/^[a-z-]+$/);
      // An empty form never makes a code, whatever the type.
      expect(
        payloadFor(type.id, emptyContent, { viewerOrigin: 'https://k.example' }).kind,
      ).not.toBe('text');
    }
  });

  it('gives each type a payload and a page that read only its own fields and the common ones', () => {
    // Builders name fields by id (the entries import them): one naming a field of no form, or of
    // another type's, would read an empty value for ever.
    for (const type of qrTypes) {
      const own = new Set<string>(contentItems(type).map((item) => item.id));
      const named = new Set<string>();
      for (const value of ['', 'x', 'https://a.example.co.za/', '27']) {
        const reader: ContentReader = {
          text: (id) => (named.add(id), value),
          list: (id) => (named.add(id), [value]),
          hasFile: (id) => (named.add(id), value !== ''),
          hosted: (id) => (named.add(id), null),
          viewerOrigin: 'https://k.example',
        };
        type.payload(reader, (id) => (named.add(id), id));
        type.landing?.(reader);
      }
      expect(named.size, type.id).toBeGreaterThan(0);
      expect(
        [...named].filter((id) => !own.has(id)),
        type.id,
      ).toEqual([]);
    }
  });

  it('names the fields of a form by its entry: a label for every field a payload may name', () => {
    for (const type of qrTypes) {
      for (const item of contentItems(type)) expect(fieldOf(type, item.id), item.id).toBeDefined();
      expect(fieldOf(type, 'nope')).toBeUndefined();
    }
    // A field of another type's form is not this one's.
    expect(fieldOf(findQrType('web')!, 'wifiSSID')).toBeUndefined();
  });

  it('makes a type whose content is a hosted file dynamic only, with its file’s page', () => {
    for (const type of qrTypes.filter((entry) => !entry.modes.static)) {
      expect(type.modes.dynamic, type.id).toBe(true);
      const upload = contentItems(type).find((item) => item.kind === 'file');
      expect(upload, type.id).toBeDefined();
      expect(type.landing, type.id).toBeDefined();
    }
  });
});
