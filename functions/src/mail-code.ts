// The code an email request names, read for the account that asks (mail-api.ts): the saved code
// at users/{uid}/codes/{code}, which is the caller's by its path (another account's is never
// found), what its picture holds (a dynamic code: its short link, from the link the server made
// for it), and the web address the email may name. Nothing of the request but the id is read.
import { isBlockedHost, type Blocklist } from '../../src/domain/qr/blocklist';
import { codeText } from '../../src/domain/qr/code-text';
import { shortLinkUrl } from '../../src/domain/qr/short-link';
import { canonicalTarget } from '../../src/domain/qr/target';
import type { RenderDesign } from '../../src/domain/qr/drawing/code-drawing';
import { codePath, readCode } from '../../src/domain/records/codes';
import { LINKS, readLink } from '../../src/domain/records/links';
import type { Firestore } from './admin';

export type MailCode =
  | {
      readonly ok: true;
      /** The name the person gave the code; '' when they gave none. */
      readonly name: string;
      /** What the code's picture holds. */
      readonly text: string;
      /** The web address the email says the code opens, if it opens one. */
      readonly link: string | null;
      readonly design: RenderDesign;
    }
  | {
      readonly ok: false;
      readonly problem: 'no-code' | 'not-ready' | 'blocked-link' | 'undrawable';
    };

const hostOf = (url: string): string | null => {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
};

export async function mailCode(
  db: Firestore,
  uid: string,
  codeId: string,
  site: { readonly origin: string; readonly hosts: readonly string[] },
  blocklist: Blocklist,
): Promise<MailCode> {
  const snapshot = await db.doc(codePath(uid, codeId)).get();
  const code = snapshot.exists ? readCode(codeId, snapshot.data()) : null;
  if (!code) return { ok: false, problem: 'no-code' };
  const name = code.content.text.qrName ? code.name : '';

  if (code.dynamic) {
    // A code's link is found by its owner and code, as link-sync.ts finds it.
    const links = await db
      .collection(LINKS)
      .where('owner', '==', uid)
      .where('code', '==', codeId)
      .limit(1)
      .get();
    const found = links.docs[0];
    const link = found ? readLink(found.id, found.data()) : null;
    // Made by the server once the code reached it (POST /api/links): soon, if not yet.
    if (!link || link.deleted) return { ok: false, problem: 'not-ready' };
    const { destination } = link;
    const target = destination?.kind === 'redirect' ? hostOf(destination.target) : null;
    if (link.disabled || (target && isBlockedHost(target, blocklist))) {
      return { ok: false, problem: 'blocked-link' };
    }
    const { text } = codeText(code, link.id, site.origin);
    if (text === null) return { ok: false, problem: 'undrawable' };
    return { ok: true, name, text, link: shortLinkUrl(site.origin, link.id), design: code.design };
  }

  const { text } = codeText(code, null, site.origin);
  if (text === null) return { ok: false, problem: 'undrawable' };
  let link: string | null = null;
  if (/^https?:\/\//i.test(text)) {
    // The web address as a short link would keep it; the site's own pages as they are.
    const check = canonicalTarget(text, { siteHosts: [...site.hosts] });
    const host = hostOf(text);
    if (host && isBlockedHost(host, blocklist)) return { ok: false, problem: 'blocked-link' };
    if (check.ok) link = check.href;
    else if (check.problem === 'short-link-loop') link = new URL(text).href;
  }
  return { ok: true, name, text, link, design: code.design };
}
