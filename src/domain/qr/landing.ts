// What a dynamic code's short link shows: a redirect to a web address, or a small page of the
// site's own (a landing page) for the types whose content is more than an address: a contact
// card, a business, a coupon, a list of links, an app in two stores. The server stores the
// destination on the link (dynamic/{id}: `target` or `page`) when the code is saved, and the
// redirect function answers with it (functions/src/landing.ts draws the pages). Every web address
// a page holds passes the same target rule as a redirect (target.ts), so a page can no more lead
// somewhere harmful than a redirect can.
import { fileFields, type FileFieldId } from './content-fields';
import { formatBytes } from './files';
import type { HostedFile } from './hosting';
import type { ContentReader } from './payload';
import type { VCardFields } from './text-formats';
import { describeSchedule, type LinkSchedule } from './schedule';
import { canonicalTarget, type TargetCheck, type TargetOptions } from './target';

export type LandingPage =
  | { readonly kind: 'contact'; readonly card: VCardFields }
  | { readonly kind: 'business'; readonly name: string; readonly url: string }
  | { readonly kind: 'coupon'; readonly code: string; readonly title: string }
  | { readonly kind: 'links'; readonly links: readonly string[] }
  | { readonly kind: 'apps'; readonly appStore: string; readonly googlePlay: string }
  | {
      readonly kind: 'file';
      /** The upload it came from: says what the page is (a PDF, a menu, a video…). */
      readonly field: FileFieldId;
      readonly file: HostedFile;
      readonly title: string;
    };

export type LandingKind = LandingPage['kind'];

/**
 * Where a short link sends a scan: a redirect or a page, and when (a schedule, only when the code
 * sets one: schedule.ts).
 */
export type Destination = (
  | { readonly kind: 'redirect'; readonly target: string }
  | { readonly kind: 'page'; readonly page: LandingPage }
) & { readonly schedule?: LinkSchedule };

export type DestinationCheck =
  | { readonly ok: true; readonly destination: Destination; readonly hosts: readonly string[] }
  | Extract<TargetCheck, { ok: false }>;

/** A page's draft, before its addresses are checked: what a type's landing builder returns. */
export type LandingDraft = LandingPage | { readonly kind: 'incomplete'; readonly reason: string };

const incomplete = (reason: string): LandingDraft => ({ kind: 'incomplete', reason });

/** The contact card of a vCard's form. */
export function contactLanding(read: ContentReader): LandingDraft {
  const get = read.text;
  const first = get('vcardFirstName').trim();
  const last = get('vcardLastName').trim();
  if (!first && !last) {
    return incomplete(
      'The content is not complete: First name is missing. Please fill it in first.',
    );
  }
  const card: Record<string, string> = { firstName: first, lastName: last };
  const fields = {
    phone: 'vcardPhone',
    mobile: 'vcardMobile',
    fax: 'vcardFax',
    email: 'vcardEmail',
    website: 'vcardWebsite',
    company: 'vcardCompany',
    job: 'vcardJob',
    street: 'vcardAddress',
    city: 'vcardCity',
    postalCode: 'vcardPostalCode',
    country: 'vcardCountry',
  } as const;
  for (const [key, id] of Object.entries(fields)) {
    const value = get(id).trim();
    if (value) card[key] = value;
  }
  return { kind: 'contact', card: card as unknown as VCardFields };
}

export function businessLanding(read: ContentReader): LandingDraft {
  const name = read.text('businessName').trim();
  const url = read.text('businessURL').trim();
  if (!name) return incomplete('The content is not complete: Business name is missing.');
  if (!url) return incomplete('The content is not complete: Business URL is missing.');
  return { kind: 'business', name, url };
}

export function couponLanding(read: ContentReader): LandingDraft {
  const code = read.text('couponCode').trim();
  if (!code) return incomplete('The content is not complete: Coupon code is missing.');
  return { kind: 'coupon', code, title: read.text('qrName').trim() };
}

export function linksLanding(read: ContentReader): LandingDraft {
  const links = read
    .list('links')
    .map((link) => link.trim())
    .filter(Boolean);
  if (links.length === 0) return incomplete('The content is not complete: add at least one link.');
  return { kind: 'links', links };
}

export function appsLanding(read: ContentReader): LandingDraft {
  const appStore = read.text('appStoreLink').trim();
  const googlePlay = read.text('playStoreLink').trim();
  if (!appStore || !googlePlay) {
    return incomplete('The content is not complete: both store links are needed.');
  }
  return { kind: 'apps', appStore, googlePlay };
}

/** A hosted file's page: the PDF or menu to open, the picture, a player. */
export const fileLanding =
  (field: FileFieldId) =>
  (read: ContentReader): LandingDraft => {
    const file = read.hosted(field);
    if (!file) {
      return incomplete(
        `The content is not complete: ${fileFields[field].label} is missing. Please choose it first.`,
      );
    }
    return { kind: 'file', field, file, title: read.text('qrName').trim() };
  };

/** The web addresses a page holds, by where they are in it. */
function addressesOf(page: LandingPage): string[] {
  switch (page.kind) {
    case 'contact':
      return page.card.website ? [page.card.website] : [];
    case 'business':
      return [page.url];
    case 'coupon':
    case 'file':
      return [];
    case 'links':
      return [...page.links];
    case 'apps':
      return [page.appStore, page.googlePlay];
  }
}

/** Writes the canonical addresses back into the page, in the order addressesOf read them. */
function withAddresses(page: LandingPage, hrefs: readonly string[]): LandingPage {
  switch (page.kind) {
    case 'contact':
      return page.card.website ? { ...page, card: { ...page.card, website: hrefs[0] } } : page;
    case 'business':
      return { ...page, url: hrefs[0] };
    case 'coupon':
    case 'file':
      return page;
    case 'links':
      return { ...page, links: hrefs };
    case 'apps':
      return { ...page, appStore: hrefs[0], googlePlay: hrefs[1] };
  }
}

/** A web address as typed in a form, https:// added when no scheme was typed. */
export const typedAddress = (address: string) =>
  /^[a-z][a-z\d+.-]*:/i.test(address.trim()) ? address.trim() : `https://${address.trim()}`;

/**
 * A landing page with every address in canonical form, or why one cannot be used; `hosts` are
 * the addresses' hosts (for the blocklist).
 */
export function checkedPage(draft: LandingDraft, options: TargetOptions): DestinationCheck {
  if (draft.kind === 'incomplete') {
    return { ok: false, problem: 'not-a-web-address', message: draft.reason };
  }
  const hrefs: string[] = [];
  const hosts: string[] = [];
  for (const address of addressesOf(draft)) {
    const check = canonicalTarget(typedAddress(address), options);
    if (!check.ok) return check;
    hrefs.push(check.href);
    hosts.push(check.host);
  }
  return { ok: true, destination: { kind: 'page', page: withAddresses(draft, hrefs) }, hosts };
}

/**
 * A value's JSON with object keys sorted, so two equal destinations give the same text whatever
 * order their keys were stored in (Firestore hands maps back sorted).
 */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * A destination as compared: a file's page is its file's hash, whatever type the browser said it
 * was (the server stores the type it finds in the bytes).
 */
const compared = (destination: Destination): Destination =>
  destination.kind === 'page' && destination.page.kind === 'file'
    ? {
        ...destination,
        page: { ...destination.page, file: { ...destination.page.file, type: '' } },
      }
    : destination;

/** Whether two destinations send a scan to the same place. */
export const sameDestination = (a: Destination, b: Destination): boolean =>
  stableJson(compared(a)) === stableJson(compared(b));

/** A short description of a destination, for the owner's list ("Leads to …", "Shows …"). */
export function describeDestination(destination: Destination): string {
  const what = describeWhere(destination);
  return destination.schedule ? `${what} · ${describeSchedule(destination.schedule)}` : what;
}

function describeWhere(destination: Destination): string {
  if (destination.kind === 'redirect') return `Leads to ${destination.target}`;
  const { page } = destination;
  switch (page.kind) {
    case 'contact':
      return `Shows the contact card of ${[page.card.firstName, page.card.lastName].filter(Boolean).join(' ')}`;
    case 'business':
      return `Shows ${page.name}, with a link to ${page.url}`;
    case 'coupon':
      return `Shows the coupon code ${page.code}`;
    case 'links':
      return page.links.length === 1 ? 'Shows 1 link' : `Shows ${page.links.length} links`;
    case 'apps':
      return 'Opens the App Store or Google Play, by phone';
    case 'file':
      return `Shows ${page.file.name} (${formatBytes(page.file.size)})`;
  }
}
