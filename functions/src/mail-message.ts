// The email that carries a code: a short plain-text body and the same as simple HTML, with the
// code's PNG, SVG and PDF attached under the code's name. Every part of it is the saved code's or
// the site's: the name the person gave the code (escaped in the HTML), where it leads, and the
// files the server drew of it (code-files.ts); the request brings only the address. It also says
// why the recipient gets it, since anyone signed in may send a code to an address (a few a day).
import { fileBaseName } from '../../src/domain/file-name';
import { noticeText, type NoticeMessage } from '../../src/domain/notice-text';
import { mailName } from '../../src/domain/mail';

export interface MailAttachment {
  readonly filename: string;
  readonly content: Buffer;
  readonly contentType: string;
}

/** A message ready for the SMTP transport (nodemailer's fields); `from` is the transport's. */
export interface OutgoingMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly attachments: readonly MailAttachment[];
  /** Extra headers (the weekly summary's one-click List-Unsubscribe). */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface CodeMailContent {
  readonly to: string;
  readonly name: string;
  /** Where the code leads (its checked web address, or its short link), if anywhere. */
  readonly link: string | null;
  readonly png: Buffer;
  readonly svg: string;
  readonly pdf: Buffer;
  /** The site's origin, for the link back to My QR Codes. */
  readonly origin: string;
}

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );

/**
 * A notice (notice-text.ts) as the email to `to`: its plain text, and simple HTML of the same
 * parts; `more` is HTML after the footnote (a link that stops the notices), escaped already.
 */
export function noticeMail(
  to: string,
  notice: NoticeMessage,
  { more = '', headers }: { more?: string; headers?: Readonly<Record<string, string>> } = {},
): OutgoingMail {
  return {
    to,
    subject: notice.subject,
    text: noticeText(notice),
    html: mailHtml(
      [
        'Hello,',
        ...notice.paragraphs.map((lines) => lines.map(escapeHtml).join('<br>')),
        `<a href="${escapeHtml(notice.link.url)}">${escapeHtml(notice.link.label)}</a>`,
      ],
      `${escapeHtml(notice.footnote)}${more}`,
    ),
    attachments: [],
    ...(headers ? { headers } : {}),
  };
}

/** My QR Codes on the site at `origin`, where the emails about codes send their readers. */
export const myCodesUrl = (origin: string) => `${origin}/UserQRCodes`;

export function codeMail({ to, name, link, png, svg, pdf, origin }: CodeMailContent): OutgoingMail {
  const shown = mailName(name);
  const base = fileBaseName(shown);
  const myCodes = myCodesUrl(origin);
  const files = [`${base}.png`, `${base}.svg`, `${base}.pdf`];
  const lines = [
    'Hello,',
    '',
    shown ? `Here is your QR code “${shown}”.` : 'Here is your QR code.',
    ...(link ? [`Scanning it opens ${link}`] : []),
    '',
    `Attached: ${files[0]} for screens and documents, ${files[1]} and ${files[2]} for sharp print at any size.`,
    '',
    `Find, edit and download your codes in My QR Codes: ${myCodes}`,
    '',
    `You get this email because someone signed in at ${origin} asked us to send this code to ${to}. If that was not you, you can ignore it.`,
  ];
  const html = mailHtml(
    [
      'Hello,',
      shown
        ? `Here is your QR code “<strong>${escapeHtml(shown)}</strong>”.`
        : 'Here is your QR code.',
      ...(link ? [`Scanning it opens <span>${escapeHtml(link)}</span>`] : []),
      `Attached: ${escapeHtml(files[0])} for screens and documents, ${escapeHtml(files[1])} and ${escapeHtml(files[2])} for sharp print at any size.`,
      `Find, edit and download your codes in <a href="${escapeHtml(myCodes)}">My QR Codes</a>.`,
    ],
    `You get this email because someone signed in at ${escapeHtml(origin)} asked us to send this code to ${escapeHtml(to)}. If that was not you, you can ignore it.`,
  );
  return {
    to,
    subject: shown ? `Your QR code “${shown}”` : 'Your QR code',
    text: `${lines.join('\n')}\n`,
    html,
    attachments: [
      { filename: files[0], content: png, contentType: 'image/png' },
      { filename: files[1], content: Buffer.from(svg, 'utf8'), contentType: 'image/svg+xml' },
      { filename: files[2], content: pdf, contentType: 'application/pdf' },
    ],
  };
}

/** A message's HTML body: its paragraphs (HTML, escaped by the caller) and a small footnote. */
export function mailHtml(paragraphs: readonly string[], footnote: string): string {
  return [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a">',
    ...paragraphs.map((html) => `<p style="margin:0 0 16px">${html}</p>`),
    `<p style="margin:0;font-size:13px;color:#555">${footnote}</p>`,
    '</body></html>',
  ].join('\n');
}
