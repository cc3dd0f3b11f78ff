// An email the site sends on its own to someone who asked for it (the notice of a new destination,
// the weekly summary): a subject, paragraphs, one link and a footnote that says why it came and
// how to stop it. Each notice words its own (history-notice.ts, weekly-summary.ts); the plain text
// is written here once, and the functions write the HTML from the same parts (mail-message.ts).

export interface NoticeMessage {
  readonly subject: string;
  /** The body's paragraphs after the greeting, each a few lines of plain text. */
  readonly paragraphs: readonly (readonly string[])[];
  /** The one way on: the code's history, the figures. */
  readonly link: { readonly label: string; readonly url: string };
  /** Why the reader gets it, and how to stop it. */
  readonly footnote: string;
}

/** The notice as plain text: greeting, paragraphs, the link, the footnote. */
export const noticeText = (notice: NoticeMessage): string =>
  [
    'Hello,',
    ...notice.paragraphs.map((lines) => lines.join('\n')),
    `${notice.link.label}: ${notice.link.url}`,
    notice.footnote,
  ].join('\n\n') + '\n';
