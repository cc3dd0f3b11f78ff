// @ts-check
// The short links of dynamic codes: a scan of a printed code opens /q/<id> on the site, and Hosting
// hands that path to this function (firebase.json's rewrite), which answers with an HTTP redirect
// to the code's current target and counts the scan, so a phone that has never seen the site goes
// straight on without booting the app. The link's document, dynamic/{id} (see firestore.rules),
// holds the target its owner set; its counters `scans` and `days.<YYYY-MM-DD>` (UTC) are written
// here alone, with the Admin SDK, which the rules do not govern.
//
// Only Node's own response API is used (statusCode, setHeader, end), so the handler runs the same
// under Cloud Functions (an Express response) and under a plain node:http server in the tests.

import { FieldValue } from 'firebase-admin/firestore';

/** A short link's id, as the app makes it and firestore.rules checks it. */
const ID = /^[A-Za-z0-9_-]{8,64}$/;

/** The path of a short link: /q/<id> through Hosting, /<id> at the function's own address. */
const PATH = /^\/(?:q\/)?([^/]+)\/?$/;

/** A target the link may lead to, as the app and firestore.rules check it when it is saved. */
export const isTarget = (/** @type {unknown} */ target) =>
  typeof target === 'string' && target.length <= 2000 && /^https?:\/\/\S+$/i.test(target);

/** The day a scan is counted under: its UTC date, as /UserAnalysis reads it. */
export const scanDay = (/** @type {Date} */ now) => now.toISOString().slice(0, 10);

/**
 * The id in a request's path, or null when the path is not a short link.
 * @param {string | undefined} url the request's path and query
 */
export function shortLinkId(url) {
  const path = (url ?? '/').split(/[?#]/, 1)[0];
  let segment;
  try {
    segment = decodeURIComponent(PATH.exec(path)?.[1] ?? '');
  } catch {
    return null;
  }
  return ID.test(segment) ? segment : null;
}

/**
 * @typedef {{ method?: string, url?: string }} ScanRequest
 * @typedef {{
 *   statusCode: number,
 *   setHeader: (name: string, value: string) => unknown,
 *   end: (body?: string) => unknown,
 * }} ScanResponse
 */

/**
 * Answers one request for a short link: 302 to the target and one more scan counted (GET only:
 * a HEAD is answered alike and not counted), or a small page of the site saying the link leads
 * nowhere (404), or 405 for other methods. Never cached, so every scan reaches the function.
 *
 * @param {import('firebase-admin/firestore').Firestore} db
 * @param {ScanRequest} request
 * @param {ScanResponse} response
 * @param {Date} [now] when the scan happened
 */
export async function answerScan(db, request, response, now = new Date()) {
  response.setHeader('Cache-Control', 'no-store');
  const method = request.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') {
    response.statusCode = 405;
    response.setHeader('Allow', 'GET, HEAD');
    response.end();
    return;
  }
  const id = shortLinkId(request.url);
  const link = id ? db.collection('dynamic').doc(id) : null;
  const snapshot = link ? await link.get() : null;
  const target = snapshot?.get('target');
  if (!link || !snapshot?.exists || !isTarget(target)) {
    sendPage(response, 404, method, notFoundPage);
    return;
  }
  if (method === 'GET') {
    // Atomic on the server: concurrent scans are each counted once. A link deleted since the read
    // has nothing left to count; the scan still goes where the code led when it was made.
    await link
      .update({
        scans: FieldValue.increment(1),
        [`days.${scanDay(now)}`]: FieldValue.increment(1),
      })
      .catch((error) => {
        if (error?.code !== 5) throw error; // 5: NOT_FOUND
      });
  }
  response.setHeader('Location', target);
  response.setHeader('Referrer-Policy', 'no-referrer');
  sendPage(response, 302, method, redirectPage(target));
}

/**
 * @param {ScanResponse} response
 * @param {number} status
 * @param {string} method
 * @param {string} html
 */
function sendPage(response, status, method, html) {
  response.statusCode = status;
  response.setHeader('Content-Type', 'text/html; charset=utf-8');
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.end(method === 'HEAD' ? undefined : html);
}

/** @param {string} text */
const escapeHtml = (text) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      /** @type {Record<string, string>} */ ({
        '&': '&amp;',
        '<': '&lt;',
        '>': '&gt;',
        '"': '&quot;',
        "'": '&#39;',
      })[character],
  );

/**
 * A page of the site's look without the app: /short-link.css is a static file of the site
 * (public/), so the site's Content-Security-Policy (style-src 'self') lets it in.
 * @param {string} title
 * @param {string} body
 */
const page = (title, body) => `<!doctype html>
<html lang="en-ZA">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} | Kempton Code Works</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/short-link.css">
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;

const notFoundPage = page(
  'This code leads nowhere',
  `<img src="/logo.svg" alt="" width="64" height="64">
<h1>This code leads nowhere</h1>
<p>The QR code you scanned was deleted by its owner, or its link was mistyped. Ask whoever printed it for a new one.</p>
<p><a href="/">Kempton Code Works</a></p>`,
);

/** @param {string} target */
const redirectPage = (target) =>
  page(
    'Redirecting',
    `<h1>Redirecting</h1>
<p><a href="${escapeHtml(target)}">Continue to ${escapeHtml(target)}</a></p>`,
  );
