// The blocklist of short-link targets: host names that a short link of the site may not lead to
// (functions/blocked-domains.txt, one per line). A name blocks itself and every name under it:
// `evil.example` blocks `www.evil.example` too. Checked when a target is saved and again every
// time a link is followed, so an addition takes effect for links already printed.

export type Blocklist = ReadonlySet<string>;

/**
 * The names of a blocklist file: one per line, `#` starts a comment, a leading `*.` or `.` is
 * allowed (it means the same), case is ignored, and non-ASCII names are turned into punycode, as
 * URL host names are.
 */
export function parseBlocklist(text: string): Blocklist {
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    const entry = line
      .replace(/#.*/, '')
      .trim()
      .replace(/^\*?\./, '');
    if (!entry) continue;
    try {
      names.add(new URL(`http://${entry}/`).hostname.replace(/\.$/, ''));
    } catch {
      throw new Error(`The blocklist has a line that is not a host name: “${line.trim()}”.`);
    }
  }
  return names;
}

/** Whether `host` (a URL's hostname) or a domain above it is on the list. */
export function isBlockedHost(host: string, list: Blocklist): boolean {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  return labels.some((_, index) => list.has(labels.slice(index).join('.')));
}
