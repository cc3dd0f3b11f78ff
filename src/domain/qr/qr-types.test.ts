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
import { findQrType, payloadFor, qrTypeIds, qrTypes } from './qr-types';
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

describe('the type registry', () => {
  it('has the 16 types, each once, in the type screen’s order', () => {
    expect(qrTypeIds).toEqual([
      'web',
      'pdf',
      'linklist',
      'vcard',
      'biz',
      'video',
      'img',
      'fbook',
      'insta',
      'smedia',
      'whapp',
      'aud',
      'menu',
      'apps',
      'coup',
      'wifi',
    ]);
    expect(new Set(qrTypes.map((type) => type.label)).size).toBe(16);
    expect(findQrType('nope')).toBeUndefined();
  });

  it('is the list firestore.rules accepts as a saved code’s type', () => {
    const list = /data\.type\.matches\('([^']*)'\)/.exec(rules)?.[1];
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

  it('makes a type whose content is a hosted file dynamic only, with its file’s page', () => {
    for (const type of qrTypes.filter((entry) => !entry.modes.static)) {
      expect(type.modes.dynamic, type.id).toBe(true);
      const upload = contentItems(type).find((item) => item.kind === 'file');
      expect(upload, type.id).toBeDefined();
      expect(type.landing, type.id).toBeDefined();
    }
  });
});
