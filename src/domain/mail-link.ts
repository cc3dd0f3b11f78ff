// A mailto: address that opens the person's own email app with a message ready to send.
// Spaces are encoded as %20 (not "+", which mail apps show literally) and line breaks as CRLF,
// as RFC 6068 asks.

export interface MailDraft {
  readonly to: string;
  readonly subject: string;
  readonly body: string;
}

const encode = (text: string) => encodeURIComponent(text.replace(/\r?\n/g, '\r\n'));

export function mailLink({ to, subject, body }: MailDraft): string {
  return `mailto:${encodeURIComponent(to.trim()).replace('%40', '@')}?subject=${encode(subject)}&body=${encode(body)}`;
}
