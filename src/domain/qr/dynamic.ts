// Dynamic codes: a code that holds a short link of the site, `/q/<id>`, instead of its target.
// The link's document (dynamic/{id} in Cloud Firestore, see firestore.rules) holds the target,
// which its owner can change after printing; the redirect function (functions/) sends each scan
// there and counts it. Only the types whose payload is a web address can be dynamic.
import type { QrTypeId } from './content';

/** The types whose code is a web address, so a short link can stand in for it. */
export const dynamicTypes: readonly QrTypeId[] = [
  'web',
  'biz',
  'fbook',
  'insta',
  'smedia',
  'whapp',
  'linklist',
  'apps',
];

export const canBeDynamic = (type: QrTypeId | null): boolean =>
  type !== null && dynamicTypes.includes(type);

/** Where short links live on the site (the Hosting rewrite to the function, firebase.json). */
export const SHORT_LINK_PATH = '/q/';

/** A short link's id: 8 to 64 of [A-Za-z0-9_-], as firestore.rules checks. */
export const DYNAMIC_ID = /^[A-Za-z0-9_-]{8,64}$/;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const ID_LENGTH = 20;

/**
 * A new short link id: 20 characters drawn at random from 64 (120 bits), so ids cannot be found
 * by counting or guessing.
 */
export function newDynamicId(
  randomBytes: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = fillRandom,
): string {
  const bytes = randomBytes(new Uint8Array(ID_LENGTH));
  return Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

const fillRandom = (bytes: Uint8Array<ArrayBuffer>) => crypto.getRandomValues(bytes);

/** The short link of `id` on the site at `origin`. */
export const shortLinkUrl = (origin: string, id: string): string =>
  `${origin.trim().replace(/\/+$/, '')}${SHORT_LINK_PATH}${id}`;

/** A target a short link may lead to, as firestore.rules and the function check it. */
export const isTarget = (text: string): boolean =>
  text.length <= 2000 && /^https?:\/\/\S+$/i.test(text);

/**
 * What a code encodes: its short link when it is dynamic (`shortLink` is its id) and its target
 * can be led to; otherwise its own text.
 */
export function encodedText(
  type: QrTypeId | null,
  text: string | null,
  shortLink: string | null,
  origin: string,
): string | null {
  if (text === null || shortLink === null || !canBeDynamic(type) || !isTarget(text)) return text;
  return shortLinkUrl(origin, shortLink);
}
