// The QR block of firestore.rules, written from the domain: the type ids (the type registry,
// src/domain/qr/qr-types.ts), the content fields and their limits (every type's own and the
// common ones, gathered by content.ts), the uploads (the keys of a code's content files and
// hosted files) and the design's keys (design.ts). `npm run rules:domain` (write-rules.mjs) writes it
// between its two marker comments; rules-blocks.test.mjs fails while the file holds another block.
// The rest of firestore.rules (who may write, the saved code's own fields, a hosted file's record,
// the logo) is written by hand.
//
// A request may evaluate at most 1,000 expressions, and a full code comes close: so the key names
// are held by one pattern per map rather than a list (`hasOnly` of 40 names costs more), the long
// texts (links, addresses, messages) by one limit on all the texts together, and only the short
// ones each by its own.
import {
  CONTENT_TEXT_MAX,
  fileFields,
  listFields,
  RULES_FIELD_LIMIT_MAX,
  textFields,
} from '../../src/domain/qr/content';
import { defaultDesign, FRAME_TEXT_MAX } from '../../src/domain/qr/design';
import { HOSTED_NAME_MAX } from '../../src/domain/qr/hosting';
import { qrTypeIds } from '../../src/domain/qr/qr-types';
import type { RulesBlock } from './rules-blocks';

export const BEGIN_MARK =
  '// BEGIN QR block: written by `npm run rules:domain` from src/domain/qr. Edit the domain, not this.';
export const END_MARK = '// END QR block';

/** The indent of the functions inside `match /users/{uid}/codes/{codeId}`. */
const INDENT = '      ';

/** Ids go into rule patterns and strings as they are: only plain words may. */
function words(ids: readonly string[], what: string): readonly string[] {
  for (const id of ids) {
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(id)) {
      throw new Error(`${what} "${id}" is not a plain word: firestore.rules could not name it.`);
    }
  }
  return ids;
}

/** A map whose keys are among `ids`: their names joined, matched by one pattern. */
const keysAmong = (map: string, ids: readonly string[], what: string) =>
  `${map}.keys().join(',').matches(\n      '((${words(ids, what).join('|')})(,|$))*')`;

const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

const quoted = (ids: readonly string[]) => ids.map((id) => `'${id}'`).join(', ');

/** The block's lines, without its marks and indent. */
function blockLines(): string[] {
  const uploads = Object.keys(fileFields);
  const lists = Object.entries(listFields);
  const texts = Object.entries(textFields);
  const designKeys = Object.keys(defaultDesign).filter((key) => key !== 'logo');
  const ownLimits = texts.filter(([, spec]) => spec.maxLength <= RULES_FIELD_LIMIT_MAX);
  const text = `
// A request may evaluate at most 1,000 expressions, and a full code comes close: so each
// map's keys are held by one pattern, not a list of names, and the long texts (links,
// addresses, messages) all together, each short one alone.
// One of the QR type ids (the type registry).
function isQrType(type) {
  return type is string && type.matches('${words(qrTypeIds, 'A type id').join('|')}');
}
// What the content form holds: each short text at most its field's length, all the texts
// of a code together at most ${thousands(CONTENT_TEXT_MAX)} characters, each list at most its number of
// links, each upload's name at most ${HOSTED_NAME_MAX} characters. Nothing else.
function isContent(content) {
  return content is map && content.keys().hasOnly(['text', 'lists', 'files'])
    && isContentText(content.text)
    && (!('lists' in content) || isContentLists(content.lists))
    && (!('files' in content) || isContentFiles(content.files));
}
function isContentLists(lists) {
  return lists is map && lists.keys().hasOnly([${quoted(words(Object.keys(listFields), 'A list id'))}])
${lists.map(([id, spec]) => `    && linksWithin(lists, '${id}', ${spec.max}, ${spec.item.maxLength})`).join('\n')};
}
// Rules cannot look at each item of a list: its length is held, and all its links together.
function linksWithin(lists, key, most, linkMost) {
  return lists.get(key, []) is list && lists.get(key, []).size() <= most
    && lists.get(key, []).join('').size() <= most * linkMost;
}
function isContentFiles(files) {
  return files is map
    && ${keysAmong('files', uploads, 'An upload id')}
    // Each upload's name at most ${HOSTED_NAME_MAX} characters (a name holds no '/').
    && files.values().join('/').matches('([^/]{0,${HOSTED_NAME_MAX}}(/|$))*');
}
function isContentText(text) {
  return text is map
    && text.values().join('').size() <= ${CONTENT_TEXT_MAX}
    && ${keysAmong(
      'text',
      texts.map(([id]) => id),
      'A text field id',
    )}
${ownLimits.map(([id, spec]) => `    && text.get('${id}', '').size() <= ${spec.maxLength}`).join('\n')};
}
// The hosted files, by upload (each checked by isHostedFile).
function isHosted(hosted) {
  return hosted is map
    && hosted.keys().hasOnly([${quoted(uploads)}])
${uploads.map((id) => `    && (!('${id}' in hosted) || isHostedFile(hosted.${id}))`).join('\n')};
}
// The design's own options, the frame's words at most ${FRAME_TEXT_MAX} characters. The options'
// values are left to the app, which reads an unknown one as the default and an older
// version's id as today's (design-migration.ts): a code saved with a former id stays
// editable until its next save.
function isDesign(design) {
  return design is map
    && ${keysAmong('design', designKeys, 'A design key')}
    && (!('frameText' in design)
        || (design.frameText is string && design.frameText.size() <= ${FRAME_TEXT_MAX}));
}`;
  return text.slice(1).split('\n');
}

/** The QR block as firestore.rules holds it: its marks, and the functions between, indented. */
export function qrRulesBlock(): string {
  return [BEGIN_MARK, ...blockLines(), END_MARK]
    .map((line) => (line === '' ? '' : `${INDENT}${line}`))
    .join('\n');
}

/** The QR block's place in firestore.rules, and what the domain writes there. */
export const qrBlock: RulesBlock = {
  name: 'QR',
  begin: BEGIN_MARK,
  end: END_MARK,
  write: qrRulesBlock,
};
