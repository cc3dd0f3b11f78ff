// A short link of the site, `/q/<id>`: what a dynamic code holds instead of its target. Shared by
// the app and the Cloud Functions (functions/), which mint the ids and answer the links.

/** Where short links live on the site (Hosting rewrites it to the redirect function). */
export const SHORT_LINK_PATH = '/q/';

/**
 * The marker a printed code adds to its short link (`/q/<id>?qr=1`, as Dub does), so the redirect
 * can tell a scan of the code from a click on the link copied from My QR Codes.
 */
export const QR_MARKER = 'qr=1';

/**
 * Any short link id the redirect will look up. New ids are LINK_ID_LENGTH characters of
 * ID_ALPHABET, minted by the server; links made before that had 8 to 64 of [A-Za-z0-9_-].
 */
export const LINK_ID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * The characters of a minted id: letters and digits without those that read alike on paper
 * (0 O o, 1 l I), in case someone types a link off a flyer. 56 characters: 5.8 bits each.
 */
export const ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/**
 * 10 characters: 58 bits, so ids cannot be found by counting or guessing (a billion random
 * tries find one of a million links with odds of about 1 in 300), while the code stays small.
 */
export const LINK_ID_LENGTH = 10;

/** A new id from `randomBytes` (crypto's getRandomValues or randomFillSync), without modulo bias. */
export function mintLinkId(randomBytes: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array): string {
  // 56 divides 224: bytes of 224 and more are drawn again, so every character is equally likely.
  const limit = 256 - (256 % ID_ALPHABET.length);
  let id = '';
  while (id.length < LINK_ID_LENGTH) {
    for (const byte of randomBytes(new Uint8Array(LINK_ID_LENGTH * 2))) {
      if (byte < limit && id.length < LINK_ID_LENGTH) id += ID_ALPHABET[byte % ID_ALPHABET.length];
    }
  }
  return id;
}

/** The short link of `id` on the site at `origin`, as it is copied and shared. */
export const shortLinkUrl = (origin: string, id: string): string =>
  `${origin.trim().replace(/\/+$/, '')}${SHORT_LINK_PATH}${id}`;

/**
 * The link id in what a person pasted: a short link's address (`https://…/q/<id>?qr=1`), a path,
 * or the id alone; null when it holds none.
 */
export function linkIdIn(text: string): string | null {
  const trimmed = text.trim();
  const id = new RegExp(`${SHORT_LINK_PATH}([^/?#\\s]+)`).exec(trimmed)?.[1] ?? trimmed;
  return LINK_ID.test(id) ? id : null;
}

/** The short link as a printed code holds it: with the marker that tells scans from clicks. */
export const printedLinkUrl = (origin: string, id: string): string =>
  `${shortLinkUrl(origin, id)}?${QR_MARKER}`;
