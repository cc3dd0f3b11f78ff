// A local stand-in for the hosted form service (Formspree-style) that contact enquiries are posted
// to, so `npm start` and the tests need no account and no internet. It answers as the service
// does: POST /f/<form> with a multipart or urlencoded body and `Accept: application/json` gets
// 200 {"ok":true,"next":...}, an empty body or a malformed email 422 with an `errors` list, an
// unknown form 404, a body over 1 MB 413; CORS is open for the submission (and its preflight), as
// the service's is, and for nothing else. Enquiries are kept in memory and printed.
//
//   GET  /f/<form>/submissions   what the form has received: {"submissions":[{receivedAt, accept,
//                                contentType, fields}]} (the request's Accept and media type)
//   POST /_inbox/faults          {"email", "status", "times", "form"?}: answer the next `times`
//                                posts from that address (to that form only, if given) with
//                                `status` (tests use it to make the service fail)
//
// Run alone with `node scripts/enquiry-inbox.mjs` (INBOX_PORT, default 9199); scripts/serve.mjs
// starts it beside the Firebase emulators.
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import busboy from 'busboy';

export const INBOX_PORT = 9199;
/** The two form endpoints the app posts every enquiry to (SPEC section 7). */
export const INBOX_FORMS = ['enquiries', 'enquiries-copy'];

/** The largest body any request may have; an enquiry is a few kilobytes. */
export const INBOX_MAX_BODY_BYTES = 1024 * 1024;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const cors = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'Accept, Content-Type',
};

export function startInbox({ port = INBOX_PORT, host = '127.0.0.1', log = console.log } = {}) {
  const submissions = new Map(INBOX_FORMS.map((form) => [form, []]));
  const faults = []; // { email, form?, status, times }

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
      if (kind === '_inbox' && form === 'faults' && request.method === 'POST') {
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
      submissions.get(form).push({
        receivedAt: new Date().toISOString(),
        accept: request.headers.accept ?? null,
        contentType: (request.headers['content-type'] ?? '').split(';')[0].trim() || null,
        fields,
      });
      log(`Enquiry on ${form}: ${fields.name ?? '?'} <${fields.email}> (${fields.inquiryType})`);
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
