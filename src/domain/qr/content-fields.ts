// The kinds of field a QR type's content form is made of, and the fields every form has. Each
// type's own fields are written in its entry of the type registry (qr-types.ts), with these
// builders; content.ts gathers them all (what a saved code stores) and checks a form. This module
// sits below the registry, so the payload and landing builders and the hosted files' API can use
// it without importing the registry. The upload fields are here too, as one table: the files API
// (`field` of POST /api/files), the hosted files' map of a saved code and the landing pages name
// them, so an upload is a fact of the server's protocol, not of one type alone.
import * as v from 'valibot';
import { field, formats, URL_MAX, type FieldSpec } from '../form';
import { PASSWORD_HINT, PASSWORD_MAX, PASSWORD_MIN } from './access';
import { fileKinds, type FileKind, type FileKindId } from './files';
import { INACTIVE_MESSAGE_MAX, isDay, SCAN_LIMIT_MAX } from './schedule';
import { formatCount } from '../counts';

// ---------------------------------------------------------------------------------------------
// Text fields

/** A required web address (https:// added when typed without a scheme). */
export const url = (label: string, placeholder = 'https://') =>
  field(label, {
    input: 'url',
    required: true,
    maxLength: URL_MAX,
    format: formats.httpUrl,
    placeholder,
    autoComplete: 'url',
  });

/** A required text field. */
export const required = (label: string, options: Parameters<typeof field>[1] = {}) =>
  field(label, { required: true, ...options });

/** A phone number: digits, with spaces and a leading + tolerated. */
export const phone = (label: string, isRequired: boolean, autoComplete = 'tel') =>
  field(label, {
    input: 'tel',
    required: isRequired,
    maxLength: 25,
    format: formats.phone,
    autoComplete,
  });

/**
 * A required web address on one of `hosts` (a store's, a network's own), refused elsewhere with
 * "Please enter a link on <first host>, <where>."
 */
export const linkOn = (
  label: string,
  placeholder: string,
  hosts: readonly string[],
  where: string,
): FieldSpec => ({
  ...url(label, placeholder),
  format: v.pipe(
    formats.httpUrl,
    v.check(
      (address) => hosts.includes(new URL(address).hostname.toLowerCase()),
      `Please enter a link on ${hosts[0]}, ${where}.`,
    ),
  ),
});

/** An Instagram username (with or without @), or the profile's address on instagram.com. */
export const instagramProfile = v.pipe(
  v.string(),
  v.transform((text) => {
    if (/^@?[a-z\d._]{1,30}$/i.test(text) && !/^(www\.)?instagram\.com$/i.test(text)) {
      return text.replace(/^@/, '');
    }
    const address = v.safeParse(formats.httpUrl, text);
    return address.success &&
      /^(www\.)?(instagram\.com|instagr\.am)$/i.test(new URL(address.output).hostname)
      ? address.output
      : '';
  }),
  v.nonEmpty(
    'Please enter an Instagram username (such as kemptoncodeworks) or the profile address on instagram.com.',
  ),
);

// ---------------------------------------------------------------------------------------------
// Lists and uploads

/** A list of entries of one field: the link list grows and shrinks; the social form shows one. */
export interface ListFieldSpec {
  readonly item: FieldSpec;
  readonly min: number;
  readonly max: number;
  /** The button that adds an entry ('' when the list holds one). */
  readonly addLabel: string;
}

/** A list of web addresses, at least one. */
export const linkList = (item: FieldSpec, max: number, addLabel = ''): ListFieldSpec => ({
  item,
  min: 1,
  max,
  addLabel,
});

/** The uploads a form can ask for, by field (see the top of this file for why one table). */
export const fileFields = {
  pdfFile: { label: 'PDF file', kind: fileKinds.pdf, kindId: 'pdf' },
  videoFile: { label: 'Video file', kind: fileKinds.video, kindId: 'video' },
  imageFile: { label: 'Image file', kind: fileKinds.image, kindId: 'image' },
  audioFile: { label: 'Audio file', kind: fileKinds.audio, kindId: 'audio' },
  menuFile: { label: 'Menu file', kind: fileKinds.menu, kindId: 'menu' },
} as const satisfies Record<string, { label: string; kind: FileKind; kindId: FileKindId }>;

export type FileFieldId = keyof typeof fileFields;

/** A section's upload: its key in the section names which of fileFields it is. */
export interface UploadField {
  readonly upload: true;
}
export const upload: UploadField = { upload: true };

// ---------------------------------------------------------------------------------------------
// Sections

/** What a section of a form holds, by field id (the id a saved code stores the value under). */
export type FormField = FieldSpec | ListFieldSpec | UploadField;
export type SectionFields = Readonly<Record<string, FormField>>;

type ItemKind<F> = F extends ListFieldSpec ? 'list' : F extends UploadField ? 'file' : 'text';

/** The items of a section's fields, in order: each field's kind and id. */
export type ItemsOf<F> = {
  [K in keyof F & string]: { readonly kind: ItemKind<F[K]>; readonly id: K };
}[keyof F & string];

/** A collapsible section of the content form, with its fields in the order they show. */
export interface Section {
  readonly title: string;
  readonly fields: SectionFields;
  readonly items: readonly { readonly kind: 'text' | 'list' | 'file'; readonly id: string }[];
}

/** A section as written, its fields' ids and kinds kept (content.ts gathers them). */
export interface SectionOf<F extends SectionFields> extends Section {
  readonly fields: F;
  readonly items: readonly ItemsOf<F>[];
}

const kindOf = (spec: FormField): 'text' | 'list' | 'file' =>
  'upload' in spec ? 'file' : 'item' in spec ? 'list' : 'text';

export function section<const F extends SectionFields>(title: string, fields: F): SectionOf<F> {
  const items = Object.entries(fields).map(([id, spec]) => ({ kind: kindOf(spec), id }));
  return { title, fields, items: items as unknown as ItemsOf<F>[] };
}

// ---------------------------------------------------------------------------------------------
// The sections every type has after its own

const day = (example: string) =>
  v.pipe(
    v.string(),
    v.check((text) => isDay(text), `Please enter a date, such as ${example}.`),
  );

export const commonSections = [
  section('Name of the QR Code', {
    qrName: field('Name of the QR Code', {
      maxLength: 100,
      hint: 'Only for you, to find the code later.',
    }),
  }),
  section('Password', {
    password: field('Password', {
      input: 'password',
      maxLength: PASSWORD_MAX,
      keepSpaces: true,
      autoComplete: 'new-password',
      hint: PASSWORD_HINT,
      format: v.pipe(
        v.string(),
        v.minLength(PASSWORD_MIN, `A password has at least ${PASSWORD_MIN} characters.`),
      ),
    }),
  }),
  // When a dynamic code leads to its content (schedule.ts).
  section('Active dates and scan limit', {
    activeFrom: field('Active from', {
      input: 'date',
      maxLength: 10,
      format: day('2026-12-01'),
      hint: 'Optional, for dynamic codes: before this day (South African time) scans get the page below instead.',
    }),
    activeUntil: field('Active until', {
      input: 'date',
      maxLength: 10,
      format: day('2026-12-31'),
      hint: 'Optional: after this day scans get the page below instead.',
    }),
    scanLimit: field('Scan limit', {
      input: 'number',
      maxLength: 8,
      format: v.pipe(
        v.string(),
        v.regex(/^\d+$/, 'Please enter a whole number of scans, such as 500.'),
        v.check(
          (text) => Number(text) >= 1 && Number(text) <= SCAN_LIMIT_MAX,
          `Please enter a number from 1 to ${formatCount(SCAN_LIMIT_MAX)}.`,
        ),
      ),
      hint: 'Optional: after this many scans, scans get the page below instead.',
    }),
    inactiveMessage: field('Message when it is not active', {
      input: 'textarea',
      maxLength: INACTIVE_MESSAGE_MAX,
      hint: 'What scans outside those days or past the limit see. Left empty: “This code is not active right now.”',
    }),
    inactiveUrl: field('Or send those scans to this address', {
      input: 'url',
      maxLength: URL_MAX,
      format: formats.httpUrl,
      placeholder: 'https://',
      hint: 'Optional, instead of the message.',
    }),
  }),
] as const;
