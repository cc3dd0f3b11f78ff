// The QR content form: every field described once, the sections the types are made of (the types:
// qr-types.ts), and the checks Next runs (the old site marked fields required and checked none).
import * as v from 'valibot';
import {
  checkField,
  field,
  formats,
  EMAIL_MAX,
  URL_MAX,
  type FieldErrors,
  type FieldSpec,
  type FormSpec,
} from '../form';
import { PASSWORD_HINT, PASSWORD_MAX, PASSWORD_MIN } from './access';
import { INACTIVE_MESSAGE_MAX, isDay, SCAN_LIMIT_MAX } from './schedule';
import { wifiProblems } from './wifi';
import { checkFile, fileKinds, type FileFacts, type FileKind, type FileKindId } from './files';

const url = (label: string, placeholder = 'https://') =>
  field(label, {
    input: 'url',
    required: true,
    maxLength: URL_MAX,
    format: formats.httpUrl,
    placeholder,
    autoComplete: 'url',
  });
const required = (label: string, options: Parameters<typeof field>[1] = {}) =>
  field(label, { required: true, ...options });
const phone = (label: string, isRequired: boolean, autoComplete = 'tel') =>
  field(label, {
    input: 'tel',
    required: isRequired,
    maxLength: 25,
    format: formats.phone,
    autoComplete,
  });

/** A link into an app store: a web address on one of the store's own hosts. */
const storeLink = (label: string, placeholder: string, hosts: readonly string[]) => ({
  ...url(label, placeholder),
  format: v.pipe(
    formats.httpUrl,
    v.check(
      (address) => hosts.includes(new URL(address).hostname.toLowerCase()),
      `Please enter a link on ${hosts[0]}, where the store shows your app.`,
    ),
  ),
});

/** An Instagram username (with or without @), or the profile's address on instagram.com. */
const instagram = v.pipe(
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

export const textFields = {
  qrName: field('Name of the QR Code', {
    maxLength: 100,
    hint: 'Only for you, to find the code later.',
  }),
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
  websiteUrl: url('Website URL', 'https://www.example.co.za'),
  vcardFirstName: required('First name', { autoComplete: 'given-name', maxLength: 100 }),
  vcardLastName: required('Last name', { autoComplete: 'family-name', maxLength: 100 }),
  vcardPhone: phone('Phone', true),
  vcardMobile: phone('Mobile', false, 'tel'),
  vcardFax: phone('Fax', false, 'off'),
  vcardEmail: required('Email', {
    input: 'email',
    maxLength: EMAIL_MAX,
    format: formats.email,
    autoComplete: 'email',
    requiredMessage: 'Please enter an email address.',
  }),
  vcardWebsite: url('Website'),
  vcardCompany: required('Company', { autoComplete: 'organization', maxLength: 100 }),
  vcardJob: required('Job title', { autoComplete: 'organization-title', maxLength: 100 }),
  vcardAddress: required('Street address', { autoComplete: 'street-address' }),
  vcardCity: required('City', { autoComplete: 'address-level2', maxLength: 100 }),
  vcardPostalCode: required('Postal code', { autoComplete: 'postal-code', maxLength: 12 }),
  vcardCountry: required('Country', { autoComplete: 'country-name', maxLength: 100 }),
  businessName: required('Business name', { autoComplete: 'organization', maxLength: 100 }),
  businessURL: url('Business URL'),
  facebookUrl: url('Facebook page URL', 'https://www.facebook.com/your-page'),
  instagramUsername: required('Instagram profile URL', {
    input: 'url',
    maxLength: URL_MAX,
    format: instagram,
    placeholder: 'https://instagram.com/your-name',
    hint: 'The profile address, or just the username.',
    requiredMessage: 'Please enter your Instagram profile address or username.',
  }),
  whatsappCountryCode: required('Country code', {
    input: 'number',
    maxLength: 4,
    format: formats.countryCode,
    placeholder: '27',
    hint: 'Digits only: 27 for South Africa.',
  }),
  whatsappNumber: phone('WhatsApp number', true),
  // Every WhatsApp field is required, the message too: the code opens the chat with it.
  whatsappMessage: required('Message', {
    input: 'textarea',
    maxLength: 1000,
    hint: 'The text the chat opens with; it can be changed before sending.',
    requiredMessage: 'Please enter the message the chat opens with.',
  }),
  appStoreLink: storeLink('App Store link', 'https://apps.apple.com/…', [
    'apps.apple.com',
    'itunes.apple.com',
  ]),
  playStoreLink: storeLink('Google Play link', 'https://play.google.com/store/apps/…', [
    'play.google.com',
  ]),
  couponCode: required('Coupon code', { maxLength: 100 }),
  wifiSSID: required('Network name (SSID)', {
    maxLength: 32,
    keepSpaces: true,
    requiredMessage: 'Please enter the network name.',
  }),
  encrypt: required('Encryption', {
    maxLength: 20,
    suggestions: ['No encryption', 'WEP', 'WPA/WPA2'],
    placeholder: 'WPA/WPA2',
    requiredMessage: 'Please choose the encryption (No encryption, WEP or WPA/WPA2).',
  }),
  wifiPassword: field('Network password', {
    input: 'password',
    maxLength: 63,
    keepSpaces: true,
    autoComplete: 'off',
  }),
  // When a dynamic code leads to its content (schedule.ts).
  activeFrom: field('Active from', {
    input: 'date',
    maxLength: 10,
    format: v.pipe(
      v.string(),
      v.check((text) => isDay(text), 'Please enter a date, such as 2026-12-01.'),
    ),
    hint: 'Optional, for dynamic codes: before this day (South African time) scans get the page below instead.',
  }),
  activeUntil: field('Active until', {
    input: 'date',
    maxLength: 10,
    format: v.pipe(
      v.string(),
      v.check((text) => isDay(text), 'Please enter a date, such as 2026-12-31.'),
    ),
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
        `Please enter a number from 1 to ${SCAN_LIMIT_MAX.toLocaleString('en-ZA')}.`,
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
} satisfies FormSpec;

export type TextFieldId = keyof typeof textFields;

/** Lists of links: the link list grows and shrinks; the social form shows its first entry only. */
export const listFields = {
  links: { item: url('Link'), min: 1, max: 20, addLabel: 'Add link' },
  socialLinks: { item: url('Social media link'), min: 1, max: 1, addLabel: '' },
} as const satisfies Record<
  string,
  { item: FieldSpec; min: number; max: number; addLabel: string }
>;

export type ListFieldId = keyof typeof listFields;

export const fileFields = {
  pdfFile: { label: 'PDF file', kind: fileKinds.pdf, kindId: 'pdf' },
  videoFile: { label: 'Video file', kind: fileKinds.video, kindId: 'video' },
  imageFile: { label: 'Image file', kind: fileKinds.image, kindId: 'image' },
  audioFile: { label: 'Audio file', kind: fileKinds.audio, kindId: 'audio' },
  menuFile: { label: 'Menu file', kind: fileKinds.menu, kindId: 'menu' },
} as const satisfies Record<string, { label: string; kind: FileKind; kindId: FileKindId }>;

export type FileFieldId = keyof typeof fileFields;

export type ContentItem =
  | { readonly kind: 'text'; readonly id: TextFieldId }
  | { readonly kind: 'list'; readonly id: ListFieldId }
  | { readonly kind: 'file'; readonly id: FileFieldId };

export interface ContentSection {
  readonly title: string;
  readonly items: readonly ContentItem[];
}

/** Items of the text fields `ids`, in order. */
export const text = (...ids: TextFieldId[]): ContentItem[] =>
  ids.map((id) => ({ kind: 'text', id }));
/** A collapsible section of the content form. */
export const section = (title: string, items: ContentItem[]): ContentSection => ({ title, items });
/** The one item of a list or file field. */
export const listItem = (id: ListFieldId): ContentItem[] => [{ kind: 'list', id }];
export const fileItem = (id: FileFieldId): ContentItem[] => [{ kind: 'file', id }];

/** What the content form of a type asks for (the types themselves: qr-types.ts). */
export interface ContentForm {
  readonly sections: readonly ContentSection[];
}

/** The two sections every type has after its own. */
export const commonSections: readonly ContentSection[] = [
  section('Name of the QR Code', text('qrName')),
  section('Password', text('password')),
  section(
    'Active dates and scan limit',
    text('activeFrom', 'activeUntil', 'scanLimit', 'inactiveMessage', 'inactiveUrl'),
  ),
];

/** What the content form holds: every text field, the two link lists and the uploads. */
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
  lists: { links: [''], socialLinks: [''] },
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
  if (contentItems(type).some((item) => item.id === 'encrypt')) {
    const wifi = wifiProblems(text.encrypt ?? '', text.wifiPassword ?? '');
    for (const [id, message] of Object.entries(wifi)) errors[id] ??= message;
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
