// What a code's picture encodes, worked out in this one place for every picture of a code: the
// live preview, the download, My QR Codes' thumbnails.
import type { QrContent } from './content';
import { encodedText } from './dynamic';
import type { HostedFiles } from './hosting';
import type { Payload } from './payload';
import { payloadFor, type QrTypeId } from './qr-types';

/** What a code is made of: its type (none while a draft has not chosen one), content and files. */
export interface CodeSource {
  readonly type: QrTypeId | null;
  readonly content: QrContent<unknown>;
  readonly hosted?: HostedFiles;
}

export interface CodeText {
  /** What the content itself makes (a text, the viewer page's link, or why there is no code). */
  readonly payload: Payload;
  /** The text the picture holds: the payload's, or the short link `linkId`; null for no code. */
  readonly text: string | null;
}

/**
 * The payload of `code` and the text its picture encodes: the printed short link `linkId` when it
 * is given, the type can be dynamic and the content is complete (dynamic.ts: encodedText), else
 * the payload's own text. `origin` is the site's: the viewer page and short links live there.
 */
export function codeText(code: CodeSource, linkId: string | null, origin: string): CodeText {
  const payload = payloadFor(code.type, code.content, {
    viewerOrigin: origin,
    hosted: code.hosted,
  });
  return { payload, text: encodedText(code.type, payload, linkId, origin) };
}
