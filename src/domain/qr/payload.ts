// What a QR code holds for each of the 16 types (issue 10, "Payloads"): the published formats
// (a URL, wa.me, the ZXing WIFI: string, vCard 3.0), a link to the site's own viewer page for the
// link list and the app links, and a plain "needs hosting" for the upload types, never a code that
// points nowhere.
//
// Each type's payload is chosen by its entry in the type registry (qr-types.ts: payloadFor), from
// the builders at the end of this file. They expect content already normalised by checkContent
// (trimmed, https:// added, phone numbers as digits), but are also safe on raw form input: they
// trim, add https://, drop phone punctuation, and answer 'incomplete' (with the reason) instead of
// encoding an empty or invalid value. Pure TypeScript: only URL, encodeURIComponent and
// TextEncoder from the platform.
import {
  fileFields,
  listFields,
  textFields,
  type FileFieldId,
  type ListFieldId,
  type QrContent,
  type TextFieldId,
} from './content';
import type { HostedFile } from './hosting';
import { VIEWER_PATH } from './viewer-path';
import { wifiSecurity } from './wifi';

export { wifiSecurity, type WifiSecurity } from './wifi';

// ---------------------------------------------------------------------------------------------
// The result

/** What the viewer page (`${origin}/v#…`) shows: a list of links or the two store buttons. */
export type ViewerContent =
  | { readonly kind: 'links'; readonly links: readonly string[] }
  | { readonly kind: 'apps'; readonly appStore: string; readonly googlePlay: string };

/**
 * What a code of a type holds:
 * - `text`: the exact text to encode (a URL, a WIFI: string, a vCard, a coupon code);
 * - `viewer`: `text` is the link to the site's viewer page, `content` what that page will show;
 * - `link-only`: the content is a file the site hosts, so the code can only hold its short link
 *   (a dynamic code: dynamic.ts's encodedText), never the content itself;
 * - `incomplete`: the content misses a value or has an invalid one (no code), with the reason.
 */
export type Payload =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'viewer'; readonly text: string; readonly content: ViewerContent }
  | { readonly kind: 'link-only'; readonly file: FileFieldId }
  | { readonly kind: 'incomplete'; readonly reason: string };

/** The text to encode in the code, or null when the payload makes no code. */
export function payloadText(payload: Payload): string | null {
  return payload.kind === 'text' || payload.kind === 'viewer' ? payload.text : null;
}

/** The size a text takes in a code: its UTF-8 bytes (QR byte mode), for the "too long" check. */
export function payloadLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

// ---------------------------------------------------------------------------------------------
// Web addresses

/**
 * A web address as the form normalises it (formats.httpUrl): trimmed, https:// added when no
 * scheme was typed, only http(s) with a dotted host name; null otherwise. The text is kept as
 * typed (no trailing slash added), unless it holds spaces or non-ASCII characters, which are
 * percent-encoded (and the host name punycoded) so that every scanner reads the same address.
 */
export function webUrl(raw: string): string | null {
  const trimmed = raw.trim();
  if (trimmed === '') return null;
  const text = /^[a-z][a-z\d+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname.includes('.')) {
    return null;
  }
  return /[^\x21-\x7e]/.test(text) ? url.href : text;
}

// ---------------------------------------------------------------------------------------------
// Instagram

const INSTAGRAM_USERNAME = /^@?[a-z\d._]{1,30}$/i;

/**
 * A username (with or without @) becomes `https://instagram.com/<name>`; an address stays as it
 * is (https:// added when typed without it). Null when it is neither. Which host an address
 * points at is checkContent's concern (it allows instagram.com and instagr.am only).
 */
export function instagramUrl(raw: string): string | null {
  const text = raw.trim();
  if (INSTAGRAM_USERNAME.test(text) && !/^(www\.)?instagram\.com$/i.test(text)) {
    return `https://instagram.com/${text.replace(/^@/, '')}`;
  }
  return webUrl(text);
}

// ---------------------------------------------------------------------------------------------
// WhatsApp

export interface WhatsAppFields {
  readonly countryCode: string;
  readonly number: string;
  readonly message: string;
}

/**
 * The digits wa.me wants: the country code then the number without its trunk 0.
 * - A number typed with + or 00 in front is already international: the country code field is
 *   ignored (`+27 82 123 4567` → 27821234567).
 * - A number starting with 0 is national: the 0 goes, the country code comes first
 *   (27, `082 123 4567` → 27821234567).
 * - A number that starts with the country code and has at least 8 digits after it is taken as
 *   already holding it (27, `27821234567` → 27821234567); a shorter one gets the code in front
 *   (27, `271234567` → 27271234567: an area code that happens to equal the country code).
 * Null when there are no digits, or no country code for a national number.
 */
export function whatsappNumber(countryCode: string, number: string): string | null {
  const trimmed = number.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (/^(\+|00)/.test(trimmed)) {
    const international = trimmed.startsWith('+') ? digits : digits.slice(2);
    return international === '' ? null : international;
  }
  const code = countryCode.replace(/\D/g, '').replace(/^0+/, '');
  if (digits === '' || code === '') return null;
  if (digits.startsWith('0')) return code + digits.slice(1);
  if (digits.startsWith(code) && digits.length >= code.length + 8) return digits;
  return code + digits;
}

/**
 * `https://wa.me/<digits>` with `?text=` the message, URL-encoded as UTF-8 (spaces as %20, & as
 * %26, emoji as their bytes), when there is one. Null when the number cannot be made (above).
 */
export function whatsappPayload({ countryCode, number, message }: WhatsAppFields): string | null {
  const digits = whatsappNumber(countryCode, number);
  if (digits === null) return null;
  const text = message.trim();
  return `https://wa.me/${digits}${text === '' ? '' : `?text=${encodeURIComponent(text)}`}`;
}

// ---------------------------------------------------------------------------------------------
// WiFi

export interface WifiFields {
  readonly ssid: string;
  /** The form's free text: 'No encryption', 'WEP', 'WPA/WPA2' and the like. */
  readonly encryption: string;
  readonly password: string;
}

/** The WIFI: format's escaping: `\ ; , : "` get a backslash, the backslash itself first. */
export function escapeWifi(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/([;,:"])/g, '\\$1');
}

/**
 * `WIFI:T:<WPA|WEP|nopass>;S:<ssid>;P:<password>;;` (the ZXing format phones read). The network
 * name and password are not trimmed: spaces in them are real. No P field for an open network (a
 * password typed for one is ignored) nor for an empty password. H (hidden network) is not used.
 */
export function wifiPayload({ ssid, encryption, password }: WifiFields): string {
  const security = wifiSecurity(encryption, password);
  const pass = security === 'nopass' || password === '' ? '' : `P:${escapeWifi(password)};`;
  return `WIFI:T:${security};S:${escapeWifi(ssid)};${pass};`;
}

// ---------------------------------------------------------------------------------------------
// vCard

export interface VCardFields {
  readonly firstName: string;
  readonly lastName: string;
  readonly phone?: string;
  readonly mobile?: string;
  readonly fax?: string;
  readonly email?: string;
  readonly website?: string;
  readonly company?: string;
  readonly job?: string;
  readonly street?: string;
  readonly city?: string;
  readonly postalCode?: string;
  readonly country?: string;
}

/** RFC 2426 text escaping: backslash first, then `,` and `;`, and line breaks as `\n`. */
export function escapeVCardText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/([,;])/g, '\\$1')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A phone number as digits with an optional leading + (spaces, dashes, brackets dropped). */
const phoneDigits = (raw: string) => raw.trim().replace(/[\s().-]/g, '');

/**
 * A vCard 3.0 (RFC 2426) with CRLF line ends, the last line included: N, FN, ORG, TITLE, TEL
 * (work voice, cell, fax), EMAIL, URL and a work ADR. Every value is trimmed; empty optional
 * fields are left out, and ADR when all its parts are empty. Text is kept as UTF-8 (vCard 3.0
 * has no CHARSET parameter); long lines are not folded (folding is a SHOULD, costs bytes and
 * could split a multi-byte character; readers take unfolded lines). FN is 'first last', or the
 * one name given. URL is a uri value, not text: it is not escaped, only normalised like a web
 * address (left out when it is not one).
 */
export function vcardPayload(fields: VCardFields): string {
  const value = (key: keyof VCardFields) => (fields[key] ?? '').trim();
  const esc = (key: keyof VCardFields) => escapeVCardText(value(key));
  const first = esc('firstName');
  const last = esc('lastName');
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `N:${last};${first};;;`];
  lines.push(`FN:${[first, last].filter((name) => name !== '').join(' ')}`);
  const optional = (name: string, text: string) => {
    if (text !== '') lines.push(`${name}:${text}`);
  };
  optional('ORG', esc('company'));
  optional('TITLE', esc('job'));
  optional('TEL;TYPE=WORK,VOICE', phoneDigits(value('phone')));
  optional('TEL;TYPE=CELL', phoneDigits(value('mobile')));
  optional('TEL;TYPE=FAX', phoneDigits(value('fax')));
  optional('EMAIL;TYPE=INTERNET', esc('email'));
  optional('URL', webUrl(value('website')) ?? '');
  const address = [esc('street'), esc('city'), esc('postalCode'), esc('country')];
  if (address.some((part) => part !== '')) {
    const [street, city, postalCode, country] = address;
    lines.push(`ADR;TYPE=WORK:;;${street};${city};;${postalCode};${country}`);
  }
  lines.push('END:VCARD');
  return lines.map((line) => `${line}\r\n`).join('');
}

// ---------------------------------------------------------------------------------------------
// The viewer page

export { VIEWER_PATH };
export const VIEWER_MAX_LINKS = listFields.links.max;
/** Longer fragments are refused unread: no code holds more than about 3 kB anyway. */
const VIEWER_MAX_FRAGMENT = 8192;

// The fragment is readable text, not base64 (base64 of JSON costs about 60% more bytes, and a
// bigger payload makes a denser code): a tag, then each link after a '!'.
//   links: `L!example.com/menu!http://old.example.org`    apps: `A!<App Store>!<Google Play>`
// A link's leading https:// is left out (http:// stays); a '%', a '!' and every character a
// fragment may not hold raw (space, non-ASCII, quotes, <, >, `…) are percent-encoded as UTF-8, so
// the browser passes the fragment on unchanged and decodeURIComponent gives each link back. New
// formats take new tags.
const TAG_LINKS = 'L';
const TAG_APPS = 'A';
const SEPARATOR = '!';

/** Characters a fragment holds raw (RFC 3986 pchar, / and ?), less the separator and %. */
const FRAGMENT_RAW = /[A-Za-z0-9\-._~$&'()*+,;=:@/?]/;

function encodeItem(link: string): string {
  const short = link.startsWith('https://') && !/^https:\/\/https?:\/\//i.test(link);
  const text = short ? link.slice('https://'.length) : link;
  return Array.from(text, (char) => {
    if (FRAGMENT_RAW.test(char)) return char;
    try {
      return encodeURIComponent(char).replace(/!/g, '%21');
    } catch {
      return '%EF%BF%BD'; // a lone surrogate: U+FFFD, as URL would make it
    }
  }).join('');
}

function decodeItem(item: string): string | null {
  let text: string;
  try {
    text = decodeURIComponent(item);
  } catch {
    return null;
  }
  const link = /^https?:\/\//i.test(text) ? text : `https://${text}`;
  return isViewerLink(link) ? link : null;
}

/**
 * A link the viewer may show: http(s) with a dotted host name, at most 2000 characters, no
 * spaces or control characters, and no user name or password before the host (which would let
 * `https://bank.example@evil.example` pass for the bank).
 */
export function isViewerLink(link: string): boolean {
  const control = Array.from(link).some((char) => char < ' ' || char === '\u007f');
  if (link.length > 2000 || control || /\s/.test(link)) return false;
  try {
    const url = new URL(link);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname.includes('.') &&
      url.username === '' &&
      url.password === ''
    );
  } catch {
    return false;
  }
}

/** The fragment (without '#') that carries viewer content. */
export function encodeViewerFragment(content: ViewerContent): string {
  const [tag, items] =
    content.kind === 'links'
      ? [TAG_LINKS, content.links]
      : [TAG_APPS, [content.appStore, content.googlePlay]];
  return [tag, ...items.map(encodeItem)].join(SEPARATOR);
}

/** `${viewerOrigin}/v#<fragment>`; a trailing slash on the origin is dropped. */
export function viewerUrl(content: ViewerContent, viewerOrigin: string): string {
  return `${viewerOrigin.trim().replace(/\/+$/, '')}${VIEWER_PATH}#${encodeViewerFragment(content)}`;
}

/**
 * Reads a viewer fragment (with or without its '#') back, or null for anything else: an unknown
 * tag, an empty or undecodable item, a link that is not http(s) (javascript:, data: …), more than
 * 20 links, other than two store links. The fragment comes from whoever made the link, so the
 * viewer shows only what this returns.
 */
export function decodeViewerFragment(fragment: string): ViewerContent | null {
  const text = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  if (text.length === 0 || text.length > VIEWER_MAX_FRAGMENT) return null;
  const [tag, ...items] = text.split(SEPARATOR);
  const links: string[] = [];
  for (const item of items) {
    const link = item === '' ? null : decodeItem(item);
    if (link === null) return null;
    links.push(link);
  }
  if (tag === TAG_LINKS && links.length >= 1 && links.length <= VIEWER_MAX_LINKS) {
    return { kind: 'links', links };
  }
  if (tag === TAG_APPS && links.length === 2) {
    return { kind: 'apps', appStore: links[0], googlePlay: links[1] };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Each kind of content: the builders the type registry (qr-types.ts) gives its types

/** The form's values as the builders read them, whatever the stored shape held. */
export interface ContentReader {
  text(id: TextFieldId): string;
  list(id: ListFieldId): string[];
  /** Whether a file has been chosen for the upload `id`. */
  hasFile(id: FileFieldId): boolean;
  /** The hosted file of the upload `id` (a saved code's, as the server keeps it), or null. */
  hosted(id: FileFieldId): HostedFile | null;
  /** The site's origin, such as 'https://kempton.example' (the viewer page lives there). */
  readonly viewerOrigin: string;
}

/** A reader over stored or typed content: anything that is not a string reads as empty. */
export function contentReader(
  content: QrContent<unknown>,
  viewerOrigin: string,
  hosted: Readonly<Partial<Record<FileFieldId, HostedFile>>> = {},
): ContentReader {
  return {
    text: (id) => {
      const value: unknown = content.text?.[id];
      return typeof value === 'string' ? value : '';
    },
    list: (id) => {
      const items: unknown = content.lists?.[id];
      return Array.isArray(items)
        ? items.filter((item): item is string => typeof item === 'string')
        : [];
    },
    hasFile: (id) => content.files?.[id] != null,
    hosted: (id) => hosted[id] ?? null,
    viewerOrigin,
  };
}

const incomplete = (reason: string): Payload => ({ kind: 'incomplete', reason });
const missing = (label: string) =>
  incomplete(`The content is not complete: ${label} is missing. Please fill it in first.`);
const invalid = (label: string) =>
  incomplete(
    `${label} is not a web address the code can use (one starting with http:// or https://). Please correct it first.`,
  );
const label = (id: TextFieldId) => textFields[id].label;

/** A web address typed in the text field `id`. */
export const webAddressPayload =
  (id: TextFieldId) =>
  (read: ContentReader): Payload => {
    if (read.text(id).trim() === '') return missing(label(id));
    const url = webUrl(read.text(id));
    return url === null ? invalid(label(id)) : { kind: 'text', text: url };
  };

/** The first web address of the list `id` (Social media keeps one). */
export const firstLinkPayload =
  (id: ListFieldId) =>
  (read: ContentReader): Payload => {
    const first = read.list(id).find((item) => item.trim() !== '');
    if (first === undefined) return missing(listFields[id].item.label);
    const url = webUrl(first);
    return url === null ? invalid(listFields[id].item.label) : { kind: 'text', text: url };
  };

export function instagramPayload(read: ContentReader): Payload {
  if (read.text('instagramUsername').trim() === '') return missing(label('instagramUsername'));
  const url = instagramUrl(read.text('instagramUsername'));
  return url === null
    ? incomplete(
        'The Instagram profile is neither a username nor a web address. Please correct it first.',
      )
    : { kind: 'text', text: url };
}

export function whatsappChatPayload(read: ContentReader): Payload {
  if (read.text('whatsappNumber').trim() === '') return missing(label('whatsappNumber'));
  if (!/\d/.test(read.text('whatsappNumber'))) {
    return incomplete('The WhatsApp number has no digits. Please correct it first.');
  }
  const url = whatsappPayload({
    countryCode: read.text('whatsappCountryCode'),
    number: read.text('whatsappNumber'),
    message: read.text('whatsappMessage'),
  });
  return url === null ? missing(label('whatsappCountryCode')) : { kind: 'text', text: url };
}

export function wifiNetworkPayload(read: ContentReader): Payload {
  if (read.text('wifiSSID') === '') return missing(label('wifiSSID'));
  return {
    kind: 'text',
    text: wifiPayload({
      ssid: read.text('wifiSSID'),
      encryption: read.text('encrypt'),
      password: read.text('wifiPassword'),
    }),
  };
}

export function contactCardPayload(read: ContentReader): Payload {
  const get = read.text;
  if (get('vcardFirstName').trim() === '' && get('vcardLastName').trim() === '') {
    return missing(label('vcardFirstName'));
  }
  return {
    kind: 'text',
    text: vcardPayload({
      firstName: get('vcardFirstName'),
      lastName: get('vcardLastName'),
      phone: get('vcardPhone'),
      mobile: get('vcardMobile'),
      fax: get('vcardFax'),
      email: get('vcardEmail'),
      website: get('vcardWebsite'),
      company: get('vcardCompany'),
      job: get('vcardJob'),
      street: get('vcardAddress'),
      city: get('vcardCity'),
      postalCode: get('vcardPostalCode'),
      country: get('vcardCountry'),
    }),
  };
}

export function couponPayload(read: ContentReader): Payload {
  const code = read.text('couponCode').trim();
  return code === '' ? missing(label('couponCode')) : { kind: 'text', text: code };
}

export function linkListPayload(read: ContentReader): Payload {
  const items = read
    .list('links')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .slice(0, VIEWER_MAX_LINKS);
  if (items.length === 0) return missing(listFields.links.item.label);
  const links: string[] = [];
  for (const [index, item] of items.entries()) {
    const url = webUrl(item);
    if (url === null || !isViewerLink(url)) {
      return invalid(`${listFields.links.item.label} ${index + 1}`);
    }
    links.push(url);
  }
  return viewer({ kind: 'links', links }, read.viewerOrigin);
}

export function appLinksPayload(read: ContentReader): Payload {
  const urls: string[] = [];
  for (const id of ['appStoreLink', 'playStoreLink'] as const) {
    if (read.text(id).trim() === '') return missing(label(id));
    const url = webUrl(read.text(id));
    if (url === null || !isViewerLink(url)) return invalid(label(id));
    urls.push(url);
  }
  return viewer({ kind: 'apps', appStore: urls[0], googlePlay: urls[1] }, read.viewerOrigin);
}

/** An uploaded file's type: no code until the file is hosted online. */
/** A file the site hosts: the code holds the short link of its page once a file is chosen. */
export const hostedFilePayload =
  (file: FileFieldId) =>
  (read: ContentReader): Payload =>
    read.hasFile(file) || read.hosted(file) !== null
      ? { kind: 'link-only', file }
      : missing(fileFields[file].label);

const viewer = (content: ViewerContent, viewerOrigin: string): Payload => ({
  kind: 'viewer',
  text: viewerUrl(content, viewerOrigin),
  content,
});
