// The QR content form as a whole: every field a saved code stores (the fields every form has, and
// each type's own, gathered from its entry in the type registry: qr-types.ts), the empty form, and
// the checks Next runs (the old site marked fields required and checked none). The kinds of field
// and the uploads: content-fields.ts.
import { checkField, type FieldErrors, type FieldSpec } from '../form';
import { PASSWORD_MIN } from './access';
import {
  commonSections,
  fileFields,
  type FileFieldId,
  type ListFieldSpec,
  type SectionFields,
} from './content-fields';
import { checkFile, type FileFacts } from './files';
import { qrTypes, type RegistryEntry } from './qr-types';

export { commonSections, fileFields, type FileFieldId } from './content-fields';

type CommonItem = (typeof commonSections)[number]['items'][number];
type TypeItem = RegistryEntry['sections'][number]['items'][number];

/** The text fields: those every form has, and every type's own. */
export type TextFieldId = Extract<CommonItem | TypeItem, { kind: 'text' }>['id'];
/** The lists of links (the link list's, social media's one link). */
export type ListFieldId = Extract<TypeItem, { kind: 'list' }>['id'];

export type ContentItem =
  | { readonly kind: 'text'; readonly id: TextFieldId }
  | { readonly kind: 'list'; readonly id: ListFieldId }
  | { readonly kind: 'file'; readonly id: FileFieldId };

/** A collapsible section of the content form: its fields, and their items in order. */
export interface ContentSection {
  readonly title: string;
  readonly fields: SectionFields;
  readonly items: readonly ContentItem[];
}

/** What the content form of a type asks for (the types themselves: qr-types.ts). */
export interface ContentForm {
  readonly sections: readonly ContentSection[];
  /** A check across the type's fields, after each field's own. */
  readonly rule?: (text: (id: string) => string) => FieldErrors;
}

/** Every section of every form: the common ones, then each type's own. */
const allSections: readonly ContentSection[] = [
  ...commonSections,
  ...qrTypes.flatMap((type) => type.sections),
];

/** The fields of one kind, by id, from every section. */
function fieldsOf<K extends ContentItem['kind'], Spec>(kind: K) {
  return Object.fromEntries(
    allSections.flatMap((entry) =>
      entry.items
        .filter((item) => item.kind === kind)
        .map((item) => [item.id, entry.fields[item.id] as Spec]),
    ),
  );
}

/** Every text field a saved code stores, with its label, limit and check. */
export const textFields = fieldsOf<'text', FieldSpec>('text') as Readonly<
  Record<TextFieldId, FieldSpec>
>;

/** The lists: the link list grows and shrinks; the social form shows its first entry only. */
export const listFields = fieldsOf<'list', ListFieldSpec>('list') as Readonly<
  Record<ListFieldId, ListFieldSpec>
>;

/** What the content form holds: every text field, the lists and the uploads. */
export interface QrContent<F = File> {
  readonly text: Readonly<Record<TextFieldId, string>>;
  readonly lists: Readonly<Record<ListFieldId, readonly string[]>>;
  readonly files: Readonly<Partial<Record<FileFieldId, F>>>;
}

export const textFieldIds = Object.keys(textFields) as TextFieldId[];

/**
 * The most characters all the texts of a saved code hold together (firestore.rules checks it,
 * with each short field's own limit): more than any one type's fields can hold.
 */
export const CONTENT_TEXT_MAX = 8000;

/** Fields this long or shorter have their own limit in firestore.rules; longer ones share CONTENT_TEXT_MAX. */
export const RULES_FIELD_LIMIT_MAX = 100;

export const emptyContent: QrContent = {
  text: Object.fromEntries(textFieldIds.map((id) => [id, ''])) as Record<TextFieldId, string>,
  lists: Object.fromEntries(Object.keys(listFields).map((id) => [id, ['']])) as Record<
    ListFieldId,
    string[]
  >,
  files: {},
};

/** The name a list item's input has, and its errors are keyed by: 'links.2'. */
export const listItemName = (id: ListFieldId, index: number) => `${id}.${index}`;

/** The items of a type, its own sections then the common ones. */
export function contentItems(type: ContentForm): ContentItem[] {
  return [...type.sections, ...commonSections].flatMap((entry) => entry.items);
}

/**
 * Checks what Next needs for a type: errors keyed by field name (list items as 'links.0'), and
 * the content with every checked value normalised (trimmed, https:// added, digits only).
 */
export function checkContent<F extends FileFacts>(
  type: ContentForm,
  content: QrContent<F>,
  /** An edited code's hosted files: an empty file field keeps its file. */
  kept: Readonly<Partial<Record<FileFieldId, unknown>>> = {},
): { errors: FieldErrors; content: QrContent<F> } {
  const errors: FieldErrors = {};
  const text: Record<string, string> = { ...content.text };
  const lists: Record<string, readonly string[]> = { ...content.lists };
  for (const item of contentItems(type)) {
    if (item.kind === 'text') {
      const result = checkField(textFields[item.id], content.text[item.id]);
      if (result.ok) text[item.id] = result.value;
      else errors[item.id] = result.message;
    } else if (item.kind === 'list') {
      const spec = listFields[item.id];
      const items = content.lists[item.id].slice(0, spec.max);
      while (items.length < spec.min) items.push('');
      lists[item.id] = items.map((value, index) => {
        const result = checkField(spec.item, value);
        if (result.ok) return result.value;
        errors[listItemName(item.id, index)] = result.message;
        return value;
      });
    } else {
      const { kind } = fileFields[item.id];
      const file = content.files[item.id];
      const problem = file
        ? checkFile(kind, file)
        : kept[item.id]
          ? undefined
          : `Please choose ${kind.noun} to upload.`;
      if (problem) errors[item.id] = problem;
    }
  }
  if (type.rule) {
    for (const [id, message] of Object.entries(type.rule((id) => text[id] ?? ''))) {
      errors[id] ??= message;
    }
  }
  if (
    !errors.activeFrom &&
    !errors.activeUntil &&
    text.activeUntil &&
    text.activeUntil < text.activeFrom
  ) {
    errors.activeUntil = 'The last day is before the first. Please correct one of them.';
  }
  return {
    errors,
    content: {
      text: text as Record<TextFieldId, string>,
      lists: lists as Record<ListFieldId, string[]>,
      files: content.files,
    },
  };
}

/** The password field's hint for a code that has a password already (Edit). */
export const KEEP_PASSWORD_HINT = `This code has a password. Type a new one (at least ${PASSWORD_MIN} characters) to change it, or leave this empty to keep it (My QR Codes can remove it).`;
