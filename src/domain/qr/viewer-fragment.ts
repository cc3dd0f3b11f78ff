// The viewer page's fragment: what a Link List or Apps code's link (`${origin}/v#<fragment>`)
// carries to the page, and how the page reads it back. The fragment never reaches a server, and it
// comes from whoever made the link, so reading it is strict: the page shows only what
// decodeViewerFragment returns. Pure TypeScript, shared by the payload builders (payload.ts) and
// the viewer page.
import { VIEWER_PATH } from './viewer-path';

/** What the viewer page shows: a list of links or the two store buttons. */
export type ViewerContent =
  | { readonly kind: 'links'; readonly links: readonly string[] }
  | { readonly kind: 'apps'; readonly appStore: string; readonly googlePlay: string };

/** The most links the page shows, and so the most a Link List holds (its entry in qr-types.ts). */
export const VIEWER_MAX_LINKS = 20;
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
