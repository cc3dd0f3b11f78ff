// The landing pages of dynamic codes (src/domain/qr/landing.ts says what each holds): plain HTML in
// the site's look, a few kilobytes, no app bundle, built here from the link's stored page. The
// only script is the site's /landing.js, for the coupon's Copy button (the code stays selectable
// text without it).
import { formatBytes, previewKind } from '../../src/domain/qr/files';
import { hostedFilePath } from '../../src/domain/qr/hosting';
import type { LandingPage } from '../../src/domain/qr/landing';
import { vcardPayload } from '../../src/domain/qr/text-formats';
import { escapeHtml, type Page } from './pages';

/** Where a contact card's "Save contact" downloads the card from. */
export const CONTACT_FILE = 'contact.vcf';

const link = (href: string, text: string, className = 'landing__button') =>
  `<a class="${className}" href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;

const actions = (items: readonly string[]) =>
  items.length > 0
    ? `<ul class="landing__actions">\n${items.map((item) => `<li>${item}</li>`).join('\n')}\n</ul>\n`
    : '';

/** A phone number as a tel: address keeps: digits and a leading +. */
const telephone = (number: string) => `tel:${number.replace(/[^\d+]/g, '')}`;

/** The host and path of an address, for its button's words. */
const shown = (href: string) => href.replace(/^https?:\/\//, '').replace(/\/$/, '');

function contactPage(page: Extract<LandingPage, { kind: 'contact' }>, id: string): Page {
  const { card } = page;
  const name = [card.firstName, card.lastName].filter(Boolean).join(' ');
  const role = [card.job, card.company].filter(Boolean).join(' · ');
  const address = [card.street, card.city, card.postalCode, card.country]
    .filter(Boolean)
    .join(', ');
  const items = [
    card.mobile ? link(telephone(card.mobile), `Call ${card.mobile}`) : '',
    card.phone ? link(telephone(card.phone), `Call ${card.phone}`) : '',
    card.email ? link(`mailto:${card.email}`, `Email ${card.email}`) : '',
    card.website ? link(card.website, `Website: ${shown(card.website)}`) : '',
    address
      ? link(
          `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`,
          `Map: ${address}`,
        )
      : '',
  ].filter(Boolean);
  return {
    status: 200,
    title: name,
    text: role ? [role] : [],
    body:
      actions(items) +
      `<p>${link(`/q/${id}/${CONTACT_FILE}`, 'Save contact', 'landing__button landing__button--primary')}</p>\n`,
    id,
  };
}

function businessPage(page: Extract<LandingPage, { kind: 'business' }>, id: string): Page {
  return {
    status: 200,
    title: page.name,
    text: [],
    body: `<p>${link(page.url, `Visit ${shown(page.url)}`, 'landing__button landing__button--primary')}</p>\n`,
    id,
  };
}

function couponPage(page: Extract<LandingPage, { kind: 'coupon' }>, id: string): Page {
  return {
    status: 200,
    title: page.title || 'Your coupon',
    text: ['Show this code at the till, or enter it when you order.'],
    body:
      `<p class="landing__code" id="coupon-code">${escapeHtml(page.code)}</p>\n` +
      `<p><button type="button" class="landing__button landing__button--primary" data-copy="coupon-code">Copy the code</button></p>\n` +
      `<p class="landing__copied" role="status"></p>\n`,
    scripts: ['/landing.js'],
    id,
  };
}

function linksPage(page: Extract<LandingPage, { kind: 'links' }>, id: string): Page {
  return {
    status: 200,
    title: page.links.length === 1 ? 'A link for you' : 'Links for you',
    text: [],
    body: actions(page.links.map((href) => link(href, shown(href)))),
    id,
  };
}

function appsPage(page: Extract<LandingPage, { kind: 'apps' }>, id: string): Page {
  return {
    status: 200,
    title: 'Get the app',
    text: ['Choose the store of your phone.'],
    body: actions([
      link(page.appStore, 'Download on the App Store'),
      link(page.googlePlay, 'Get it on Google Play'),
    ]),
    id,
  };
}

/**
 * A hosted file: a PDF (or a menu) to open in the phone's own viewer, a picture, a player. Media
 * load their metadata only until played (mobile data is dear), and the file comes in ranges. What
 * it is shown as goes by the type the server found in its bytes (previewKind, as the form's
 * preview does).
 */
function filePage(page: Extract<LandingPage, { kind: 'file' }>, id: string): Page {
  const { file } = page;
  const src = hostedFilePath(id, file.sha256);
  const source = escapeHtml(src);
  const title = page.title || file.name;
  const facts = [`${file.name} · ${formatBytes(file.size)}`];
  const download = `<p>${link(`${src}?download=1`, `Download ${file.name}`)}</p>\n`;
  const shown = previewKind(file.type, file.name);
  const answer = (text: string[], body: string): Page => ({ status: 200, title, text, body, id });
  switch (shown) {
    case 'image':
      return answer(
        [],
        `<figure class="landing__media"><img src="${source}" alt="${escapeHtml(title)}"></figure>\n${download}`,
      );
    case 'audio':
    case 'video': {
      const inline = shown === 'video' ? ' playsinline' : '';
      return answer(
        facts,
        `<${shown} class="landing__media" controls${inline} preload="metadata" src="${source}">${link(src, `Play ${file.name}`)}</${shown}>\n${download}`,
      );
    }
    case 'pdf': {
      const open = page.field === 'menuFile' ? 'Open the menu' : 'Open the PDF';
      return answer(
        facts,
        `<p>${link(src, open, 'landing__button landing__button--primary')}</p>\n${download}`,
      );
    }
  }
}

/** The page a dynamic code's short link shows. */
export function landingPage(page: LandingPage, id: string): Page {
  switch (page.kind) {
    case 'contact':
      return contactPage(page, id);
    case 'business':
      return businessPage(page, id);
    case 'coupon':
      return couponPage(page, id);
    case 'links':
      return linksPage(page, id);
    case 'apps':
      return appsPage(page, id);
    case 'file':
      return filePage(page, id);
  }
}

/** The contact card as a vCard file, for "Save contact". */
export function contactFile(page: Extract<LandingPage, { kind: 'contact' }>) {
  const name = [page.card.firstName, page.card.lastName].filter(Boolean).join(' ') || 'contact';
  return {
    body: vcardPayload(page.card),
    fileName: `${name.replace(/[^\p{L}\p{N} .-]/gu, '').trim() || 'contact'}.vcf`,
  };
}
