// The small pages the short links answer with when they do not redirect: in the site's look
// (/short-link.css is a static file of the site, allowed by its Content-Security-Policy), without
// the app, so a phone that scanned a code gets a few kilobytes. Every one of them offers to report
// the link to the company (the contact form, which keeps an enquiry until it is delivered).
import type { ScheduleState } from '../../src/domain/qr/schedule';
import { securityHeaders, type HttpResponse } from './http';

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );

/** Where a visitor reports a link: the contact page, with the link named in the enquiry. */
export const reportPath = (id: string) => `/ContactPage?report=${encodeURIComponent(id)}`;

export interface Page {
  readonly status: number;
  readonly title: string;
  /** Paragraphs of plain text. */
  readonly text: readonly string[];
  /** HTML after the paragraphs, escaped already (a landing page's content: landing.ts). */
  readonly body?: string;
  /** Scripts of the site to load (a landing page's Copy button). */
  readonly scripts?: readonly string[];
  /** The link's id, for the report path (none when the path held no id). */
  readonly id: string | null;
  readonly warning?: boolean;
  /** Where the visitor may go on to (the redirect's own body, shown by rare clients). */
  readonly continueTo?: string;
  /** A same-site path the browser opens at once (a new navigation, not a redirect). */
  readonly refresh?: string;
}

function html({ title, text, body, scripts, id, warning, continueTo, refresh }: Page) {
  const paragraphs = text.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  const next = continueTo
    ? `<p><a href="${escapeHtml(continueTo)}">Continue to ${escapeHtml(continueTo)}</a></p>\n`
    : '';
  const report = id
    ? `<p class="short-link__report"><a href="${escapeHtml(reportPath(id))}">Report this link</a></p>\n`
    : '';
  return `<!doctype html>
<html lang="en-ZA">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${refresh ? `<meta http-equiv="refresh" content="0; url=${escapeHtml(refresh)}">\n` : ''}<title>${escapeHtml(title)} | Kempton Code Works</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/short-link.css">
${(scripts ?? []).map((src) => `<script src="${escapeHtml(src)}" defer></script>\n`).join('')}</head>
<body>
<main${warning ? ' class="short-link--warning"' : ''}>
<img src="/logo.svg" alt="" width="64" height="64">
<h1>${escapeHtml(title)}</h1>
${paragraphs}
${body ?? ''}${next}${report}<p><a href="/">Kempton Code Works</a></p>
</main>
</body>
</html>
`;
}

/** Answers with `page` (no body for a HEAD). */
export function sendPage(response: HttpResponse, method: string, page: Page) {
  response.statusCode = page.status;
  response.setHeader('Content-Type', 'text/html; charset=utf-8');
  securityHeaders(response);
  response.end(method === 'HEAD' ? undefined : html(page));
}

export const pages = {
  notFound: (id: string | null): Page => ({
    status: 404,
    title: 'This code leads nowhere',
    text: [
      'There is no short link at this address: it may have been mistyped. If you scanned it from a printed code, ask whoever printed it for a new one.',
    ],
    id,
  }),
  noLongerActive: (id: string): Page => ({
    status: 410,
    title: 'This code is no longer active',
    text: [
      'Its owner has switched this QR code off, so it no longer leads anywhere. Ask whoever printed it for a current one.',
    ],
    id,
  }),
  disabled: (id: string): Page => ({
    status: 403,
    title: 'This link has been switched off',
    text: [
      'Kempton Code Works switched this short link off because it was reported as harmful or misused. We have not sent you on to where it led.',
      'If you trusted this code, contact whoever printed it.',
    ],
    id,
    warning: true,
  }),
  blocked: (id: string): Page => ({
    status: 403,
    title: 'This link was stopped',
    text: [
      'This short link leads to an address on our list of harmful or abused sites, so we have not sent you on.',
      'If you trusted this code, contact whoever printed it.',
    ],
    id,
    warning: true,
  }),
  unavailable: (id: string): Page => ({
    status: 503,
    title: 'Try again in a moment',
    text: [
      'We could not look this code up just now. Scan it again in a minute: it should work then.',
    ],
    id,
  }),
  /** The question a locked link asks before it opens; `action` is where the form posts. */
  password: (id: string, action: string, problem?: { status: number; message: string }): Page => ({
    status: problem?.status ?? 200,
    title: 'This code is protected',
    text: ['Its owner has protected it with a password. Enter the password to open it.'],
    body:
      `<form class="landing__form" method="post" action="${escapeHtml(action)}">\n` +
      '<label for="password">Password</label>\n' +
      '<input id="password" name="password" type="password" autocomplete="current-password" required' +
      (problem ? ' aria-invalid="true" aria-describedby="password-problem"' : '') +
      ' autofocus>\n' +
      (problem
        ? `<p id="password-problem" class="landing__problem" role="alert">${escapeHtml(problem.message)}</p>\n`
        : '') +
      '<button type="submit" class="landing__button landing__button--primary">Open</button>\n' +
      '</form>\n',
    id,
  }),
  /**
   * The right password: the page opens the link again, now unlocked. Not a redirect: a form's
   * redirects are held to the page's form-action policy, which would stop the one to the target.
   */
  unlocked: (id: string, action: string): Page => ({
    status: 200,
    title: 'Opening the code',
    text: ['That is the password. Opening it now…'],
    body: `<p><a class="landing__button landing__button--primary" href="${escapeHtml(action)}">Open it</a></p>\n`,
    id,
    refresh: action,
  }),
  /** A scheduled code outside its days or past its scan limit: the owner's message, or ours. */
  notActive: (
    id: string,
    state: Exclude<ScheduleState, 'active'>,
    message: string | null,
  ): Page => ({
    status: 200,
    title: {
      'not-yet': 'This code is not active yet',
      ended: 'This code has ended',
      'used-up': 'This code has reached its limit',
    }[state],
    text: [message ?? 'This code is not active right now.'],
    id,
  }),
  passwordNotSet: (id: string): Page => ({
    status: 403,
    title: 'This code is not ready yet',
    text: [
      'Its owner is protecting it with a password that has not been set yet. Try again later, or ask whoever printed it.',
    ],
    id,
  }),
  redirecting: (id: string, target: string): Page => ({
    status: 302,
    title: 'Redirecting',
    text: ['This code leads to another site.'],
    id,
    continueTo: target,
  }),
};
