// Bytes as URL-safe base64 (RFC 4648 §5, no padding): what tokens and ids minted from random
// bytes or a hash are written as, in a link or a Firestore document id. Pure, for the page and the
// functions alike (Node's Buffer is not the page's).

/** `bytes` as base64url, without `=` padding. */
export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** `count` random bytes from `fill` (crypto.getRandomValues), as base64url. */
export function randomBase64url(
  count: number,
  fill: (bytes: Uint8Array<ArrayBuffer>) => void,
): string {
  const bytes = new Uint8Array(count);
  fill(bytes);
  return base64url(bytes);
}
