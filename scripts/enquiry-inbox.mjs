// A local stand-in for the hosted form service (Formspree-style) that contact enquiries are posted
// to, so `npm start` and the tests need no account and no internet. It answers as the service
// does: POST /f/<form> with a multipart or urlencoded body and `Accept: application/json` gets
// 200 {"ok":true,"next":...}, an empty body or a malformed email 422 with an `errors` list, an
// unknown form 404; CORS is open, as the service's is. Enquiries are kept in memory and printed.
//
//   GET  /f/<form>/submissions   what the form has received: {"submissions":[{receivedAt, fields}]}
//   POST /_inbox/faults          {"email", "status", "times", "form"?}: answer the next `times`
//                                posts from that address (to that form only, if given) with
//                                `status` (tests use it to make the service fail)
//
// Run alone with `node scripts/enquiry-inbox.mjs` (INBOX_PORT, default 9199); scripts/serve.mjs
// starts it beside the Firebase emulators.
import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

export const INBOX_PORT = 9199;
/** The two form endpoints the app posts every enquiry to (SPEC section 7). */
export const INBOX_FORMS = ['enquiries', 'enquiries-copy'];

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
    const send = (status, body) => {
      response.writeHead(status, { 'content-type': 'application/json', ...cors });
      response.end(body === undefined ? '' : JSON.stringify(body));
    };
    try {
      const url = new URL(request.url ?? '/', `http://${host}`);
      if (request.method === 'OPTIONS') {
        response.writeHead(204, cors).end();
        return;
      }
      const [, kind, form, tail] = url.pathname.split('/');
      if (kind === '_inbox' && form === 'faults' && request.method === 'POST') {
        const { email, form: only, status, times = 1 } = JSON.parse(await readText(request));
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
      const fields = Object.fromEntries(await readForm(request));
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
      submissions.get(form).push({ receivedAt: new Date().toISOString(), fields });
      log(`Enquiry on ${form}: ${fields.name ?? '?'} <${fields.email}> (${fields.inquiryType})`);
      send(200, { ok: true, next: '/thanks' });
    } catch (error) {
      send(400, { error: `Could not read the submission: ${error.message}` });
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

async function readText(request) {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

/** The body's fields, multipart or urlencoded, through the platform's own parser. */
async function readForm(request) {
  const body = new Request('http://inbox.local/', {
    method: 'POST',
    headers: { 'content-type': request.headers['content-type'] ?? '' },
    body: Readable.toWeb(request),
    duplex: 'half',
  });
  const form = await body.formData();
  return [...form.entries()].filter(([, value]) => typeof value === 'string');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.INBOX_PORT ?? INBOX_PORT);
  await startInbox({ port });
  console.log(`Enquiry inbox on http://127.0.0.1:${port}/f/{${INBOX_FORMS.join(',')}}`);
}
