// The published text formats a code can hold, as phones' scanners read them: a web address, an
// Instagram profile, a wa.me chat link, the ZXing WIFI: string and a vCard 3.0. Plain string
// functions, safe on raw form input (they trim, add https://, drop phone punctuation); the payload
// builders (payload.ts) choose among them, and the server draws a contact page's .vcf with the
// same vCard.
import { wifiSecurity } from './wifi';

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
