// What a QR code holds for each type: the published formats (text-formats.ts: a URL,
// wa.me, the ZXing WIFI: string, vCard 3.0), a link to the site's own viewer page for the link list
// and the app links (viewer-fragment.ts), and a plain "needs hosting" for the upload types, never a
// code that points nowhere.
//
// Each type's entry in the type registry (qr-types.ts) names its builder from this file; payloadFor
// there runs it. The builders expect content already normalised by checkContent (trimmed, https://
// added, phone numbers as digits), but are also safe on raw form input, and answer 'incomplete'
// (with the reason) instead of encoding an empty or invalid value. Pure TypeScript: only URL,
// encodeURIComponent and TextEncoder from the platform.
import type { QrContent } from './content';
import type { FileFieldId } from './content-fields';
import type { HostedFile } from './hosting';
import { instagramUrl, vcardPayload, webUrl, whatsappPayload, wifiPayload } from './text-formats';
import { isViewerLink, VIEWER_MAX_LINKS, viewerUrl, type ViewerContent } from './viewer-fragment';

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
// The builders the type registry (qr-types.ts) gives its types, one for each kind of content

/**
 * The form's values as the builders read them, whatever the stored shape held. Fields are named
 * by their ids as strings: the ids are written in the registry's entries, which import these
 * builders (a test holds each type's builders to its own fields: qr-types.test.ts).
 */
export interface ContentReader {
  text(id: string): string;
  list(id: string): string[];
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
      const value: unknown = (content.text as Readonly<Record<string, unknown>> | undefined)?.[id];
      return typeof value === 'string' ? value : '';
    },
    list: (id) => {
      const items: unknown = (content.lists as Readonly<Record<string, unknown>> | undefined)?.[id];
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
/** The label of a field of the type's form, as the form shows it (payloadFor gives it). */
export type FieldLabel = (id: string) => string;

/** A web address typed in the text field `id`. */
export const webAddressPayload =
  (id: string) =>
  (read: ContentReader, label: FieldLabel): Payload => {
    if (read.text(id).trim() === '') return missing(label(id));
    const url = webUrl(read.text(id));
    return url === null ? invalid(label(id)) : { kind: 'text', text: url };
  };

/** The first web address of the list `id` (Social media keeps one). */
export const firstLinkPayload =
  (id: string) =>
  (read: ContentReader, label: FieldLabel): Payload => {
    const first = read.list(id).find((item) => item.trim() !== '');
    if (first === undefined) return missing(label(id));
    const url = webUrl(first);
    return url === null ? invalid(label(id)) : { kind: 'text', text: url };
  };

export function instagramPayload(read: ContentReader, label: FieldLabel): Payload {
  if (read.text('instagramUsername').trim() === '') return missing(label('instagramUsername'));
  const url = instagramUrl(read.text('instagramUsername'));
  return url === null
    ? incomplete(
        'The Instagram profile is neither a username nor a web address. Please correct it first.',
      )
    : { kind: 'text', text: url };
}

export function whatsappChatPayload(read: ContentReader, label: FieldLabel): Payload {
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

export function wifiNetworkPayload(read: ContentReader, label: FieldLabel): Payload {
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

export function contactCardPayload(read: ContentReader, label: FieldLabel): Payload {
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

export function couponPayload(read: ContentReader, label: FieldLabel): Payload {
  const code = read.text('couponCode').trim();
  return code === '' ? missing(label('couponCode')) : { kind: 'text', text: code };
}

export function linkListPayload(read: ContentReader, label: FieldLabel): Payload {
  const items = read
    .list('links')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .slice(0, VIEWER_MAX_LINKS);
  if (items.length === 0) return missing(label('links'));
  const links: string[] = [];
  for (const [index, item] of items.entries()) {
    const url = webUrl(item);
    if (url === null || !isViewerLink(url)) {
      return invalid(`${label('links')} ${index + 1}`);
    }
    links.push(url);
  }
  return viewer({ kind: 'links', links }, read.viewerOrigin);
}

export function appLinksPayload(read: ContentReader, label: FieldLabel): Payload {
  const urls: string[] = [];
  for (const id of ['appStoreLink', 'playStoreLink'] as const) {
    if (read.text(id).trim() === '') return missing(label(id));
    const url = webUrl(read.text(id));
    if (url === null || !isViewerLink(url)) return invalid(label(id));
    urls.push(url);
  }
  return viewer({ kind: 'apps', appStore: urls[0], googlePlay: urls[1] }, read.viewerOrigin);
}

/** A file the site hosts: the code holds the short link of its page once a file is chosen. */
export const hostedFilePayload =
  (file: FileFieldId) =>
  (read: ContentReader, label: FieldLabel): Payload =>
    read.hasFile(file) || read.hosted(file) !== null
      ? { kind: 'link-only', file }
      : missing(label(file));

const viewer = (content: ViewerContent, viewerOrigin: string): Payload => ({
  kind: 'viewer',
  text: viewerUrl(content, viewerOrigin),
  content,
});
