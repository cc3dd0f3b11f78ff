// A local stand-in for the hosted form service (Formspree-style) that contact enquiries are posted
// to, so `npm start` and the tests need no account and no internet. It answers as the service
// does: POST /f/<form> with a multipart or urlencoded body and `Accept: application/json` gets
// 200 {"ok":true,"next":...}, an empty body or a malformed email 422 with an `errors` list, an
// unknown form 404, a body over 1 MB 413; CORS is open for the submission (and its preflight), as
// the service's is, and for nothing else. Enquiries are kept in memory (the newest INBOX_KEEP) and
// printed with every control character escaped, so an enquiry cannot forge log lines.
//
// An enquiry can be posted twice (the page timed out after the service had taken it): one that
// carries an `enquiryId` the form has already received is answered 200 and shown as one enquiry,
// with `repeats` counting the copies, as a receiving service should. (The hosted form service does
// no such thing: there a repeat is a second message.)
//
//   GET  /f/<form>/submissions   what the form has received: {"submissions":[{receivedAt, accept,
//                                contentType, fields, repeats}]} (the request's Accept and type)
//   POST /_inbox/faults          {"email", "status", "times", "form"?}: answer the next `times`
//                                posts from that address (to that form only, if given) with
//                                `status` (tests use it to make the service fail)
//
// Those two are for the tests and the person running the inbox, on this machine only: they need
// the Host the inbox listens on (a page of another site that rebinds its name to 127.0.0.1 sends
// its own), no Origin of another site, and the faults a JSON body (which a page of another site
// cannot send without asking first).
//
// Run alone with `node scripts/serve/enquiry-inbox.mjs` (INBOX_PORT, default 9199); scripts/serve/serve.mjs
// starts it beside the Firebase emulators.
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import busboy from 'busboy';

export const INBOX_PORT = 9199;
/** The two form endpoints the app posts every enquiry to (src/config/form-endpoints.ts). */
export const INBOX_FORMS = ['enquiries', 'enquiries-copy'];

/** The largest body any request may have; an enquiry is a few kilobytes. */
export const INBOX_MAX_BODY_BYTES = 1024 * 1024;

/** At most this many enquiries per form, and this many bytes of them, are kept: the oldest go. */
export const INBOX_KEEP = { count: 500, bytes: 16 * 1024 * 1024 };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Text for the log: control characters (CR, LF, ESC…) escaped, and at most 200 characters. */
export function printable(text) {
  const shown = String(text).replace(
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return shown.length > 200 ? `${shown.slice(0, 200)}…` : shown;
}

/** Bytes an enquiry takes in memory, about. */
const sizeOf = (submission) => Buffer.byteLength(JSON.stringify(submission));
const cors = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'Accept, Content-Type',
};

export function startInbox({ port = INBOX_PORT, host = '127.0.0.1', log = console.log } = {}) {
  const submissions = new Map(INBOX_FORMS.map((form) => [form, []]));
  const faults = []; // { email, form?, status, times }

  const bytesKept = new Map(INBOX_FORMS.map((form) => [form, 0]));
  const sizes = new WeakMap(); // submission → its bytes, measured once

  /** A request of this machine's own: to the inbox's own address, from no other site. */
  const local = (request) => {
    const { port: listening } = server.address();
    const ownHosts = [`127.0.0.1:${listening}`, `localhost:${listening}`];
    const origin = request.headers.origin;
    return (
      ownHosts.includes(request.headers.host ?? '') &&
      (origin === undefined || ownHosts.some((own) => origin === `http://${own}`))
    );
  };

  /** Keeps `submission`, then lets the oldest go while the form holds too many or too much. */
  const keep = (form, submission) => {
    const list = submissions.get(form);
    list.push(submission);
    sizes.set(submission, sizeOf(submission));
    bytesKept.set(form, bytesKept.get(form) + sizes.get(submission));
    while (list.length > INBOX_KEEP.count || bytesKept.get(form) > INBOX_KEEP.bytes) {
      bytesKept.set(form, bytesKept.get(form) - sizes.get(list.shift()));
    }
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', `http://${host}`);
    const [, kind, form, tail] = url.pathname.split('/');
    // Only the submission address is for pages of other origins; the listing and the faults are
    // for the tests and the person running the inbox.
    const submission = kind === 'f' && submissions.has(form) && tail === undefined;
    const headers = submission ? cors : {};
    const send = (status, body, extra = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers, ...extra });
      response.end(body === undefined ? '' : JSON.stringify(body));
    };
    try {
      if (request.method === 'OPTIONS') {
        if (submission) response.writeHead(204, cors).end();
        else send(404, { error: 'Not found' });
        return;
      }
      const control =
        (kind === '_inbox' && form === 'faults') || (kind === 'f' && tail === 'submissions');
      if (control && !local(request)) {
        send(403, { error: 'The inbox answers this only on this machine.' });
        return;
      }
      if (kind === '_inbox' && form === 'faults' && request.method === 'POST') {
        const type = (request.headers['content-type'] ?? '').split(';')[0].trim();
        if (type !== 'application/json') {
          send(415, { error: 'Send the fault as application/json.' });
          return;
        }
        const body = await readBody(request);
        const { email, form: only, status, times = 1 } = JSON.parse(body.toString('utf8'));
        faults.push({ email, form: only, status, times });
        send(204);
        return;
      }
      if (kind !== 'f' || !submissions.has(form)) {
        send(404, { error: 'Form not found' });
        return;
      }
      if (request.method === 'GET' && tail === 'submissions') {
        send(200, { submissions: submissions.get(form) });
        return;
      }
      if (request.method !== 'POST' || tail) {
        send(405, { error: 'Method not allowed' });
        return;
      }
      const fields = Object.fromEntries(await readForm(request, await readBody(request)));
      const fault = faults.find(
        (f) => f.times > 0 && f.email === fields.email && (!f.form || f.form === form),
      );
      if (fault && fault.times > 0) {
        fault.times -= 1;
        send(fault.status, { error: 'The form service failed (simulated by the local inbox).' });
        return;
      }
      if (Object.keys(fields).length === 0) {
        send(422, { error: 'Empty form', errors: [{ code: 'EMPTY', message: 'empty form' }] });
        return;
      }
      if ('email' in fields && !EMAIL.test(fields.email)) {
        const error = { field: 'email', code: 'TYPE_EMAIL', message: 'should be an email' };
        send(422, { error: 'email should be an email', errors: [error] });
        return;
      }
      const repeated =
        fields.enquiryId !== undefined &&
        submissions.get(form).find((earlier) => earlier.fields.enquiryId === fields.enquiryId);
      if (repeated) {
        repeated.repeats += 1;
        log(`Repeat of enquiry ${printable(fields.enquiryId)} on ${form}: shown once`);
        send(200, { ok: true, next: '/thanks' });
        return;
      }
      keep(form, {
        receivedAt: new Date().toISOString(),
        accept: request.headers.accept ?? null,
        contentType: (request.headers['content-type'] ?? '').split(';')[0].trim() || null,
        fields,
        repeats: 0,
      });
      log(
        `Enquiry on ${form}: ${printable(fields.name ?? '?')} <${printable(fields.email)}> (${printable(fields.inquiryType)})`,
      );
      send(200, { ok: true, next: '/thanks' });
    } catch (error) {
      if (error instanceof TooLarge) {
        // The rest is read and dropped, so the sender gets the answer rather than a reset.
        request.resume();
        const limit = `${INBOX_MAX_BODY_BYTES} bytes`;
        send(413, { error: `The body is larger than ${limit}.` }, { connection: 'close' });
        return;
      }
      send(400, { error: `Could not read the submission: ${error.message}` });
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

class TooLarge extends Error {}

/**
 * The whole body as bytes, decoded only once complete (a character split between two chunks
 * stays whole). Throws TooLarge once it passes INBOX_MAX_BODY_BYTES; past that the rest is read
 * and dropped (nothing more is kept), so the sender finishes writing and then gets the answer
 * instead of a broken connection (leaving a for-await loop early would destroy the request).
 */
async function readBody(request) {
  if (Number(request.headers['content-length']) > INBOX_MAX_BODY_BYTES) throw new TooLarge();
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    if (size <= INBOX_MAX_BODY_BYTES) chunks.push(chunk);
  }
  if (size > INBOX_MAX_BODY_BYTES) throw new TooLarge();
  return Buffer.concat(chunks);
}

/** The text fields of a multipart or urlencoded body (files are ignored), parsed by busboy. */
function readForm(request, body) {
  return new Promise((resolve, reject) => {
    const fields = [];
    const parser = busboy({ headers: request.headers, defParamCharset: 'utf8' });
    parser.on('field', (name, value) => fields.push([name, value]));
    parser.on('file', (_name, file) => file.resume());
    parser.on('close', () => resolve(fields));
    parser.on('error', reject);
    parser.end(body);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.INBOX_PORT ?? INBOX_PORT);
  await startInbox({ port });
  console.log(`Enquiry inbox on http://127.0.0.1:${port}/f/{${INBOX_FORMS.join(',')}}`);
}
