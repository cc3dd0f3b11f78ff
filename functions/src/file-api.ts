// The upload API of hosted files (the protocol: src/domain/qr/hosting.ts):
//   POST /api/files {"sha256", "size", "name", "field"}  starts or resumes an upload
//   PUT  /api/files/<sha256>?offset=<n>  adds the chunk that starts at byte n
// by the bearer of a Firebase ID token of an account whose email address is verified: the files
// are served from the company's domain, as its short links are, so an unverified account may not
// put anything there. Answers JSON, as filesApi describes it (its table gives each refusal's
// status); the store (file-store.ts) decides.
import * as v from 'valibot';
import { fileFields } from '../../src/domain/qr/content';
import {
  CHUNK_BYTES,
  filesApi,
  uploadStartSchema,
  type UploadAnswer,
} from '../../src/domain/qr/hosting';
import { isActive, PLAN_NEEDED_MESSAGE } from '../../src/domain/billing';
import type { Auth } from './admin';
import { sendAnswer } from './api-answer';
import { callerOf } from './caller';
import type { FileStore, HostingStart } from './file-store';
import {
  acceptApiRequest,
  jsonObject,
  readBody,
  refusal,
  type HttpRequest,
  type HttpResponse,
} from './http';
import type { AccountTermsReader } from './terms';

/** The start of an upload is a small JSON object; a name is at most 200 characters. */
const START_LIMIT = 2048;

const send = (response: HttpResponse, answer: UploadAnswer) =>
  sendAnswer(filesApi, response, answer);

/** The start of an upload from a POST's body, or why it is not one. */
function uploadStart(body: Buffer): HostingStart | string {
  const fields = jsonObject(body);
  if (!fields) return 'Send {"sha256", "size", "name", "field"} as JSON.';
  const start = v.safeParse(uploadStartSchema, fields);
  if (!start.success) return start.issues[0].message;
  return { ...start.output, kind: fileFields[start.output.field].kindId };
}

/** The offset of a PUT (`?offset=<n>`), or null. */
function offsetOf(url: URL): number | null {
  const offset = url.searchParams.get('offset') ?? '';
  return /^\d{1,15}$/.test(offset) ? Number(offset) : null;
}

/** The uid of a caller who may upload, or the answer that refuses them. */
async function uploaderOf(auth: Auth, request: HttpRequest): Promise<string | UploadAnswer> {
  const caller = await callerOf(auth, request);
  if (!caller) return refusal('unauthenticated', 'Sign in again to upload files.');
  if (!caller.verified) {
    return refusal(
      'unverified',
      'Verify your email address first (open the link we emailed you): files are hosted only for verified accounts.',
    );
  }
  return caller.uid;
}

/** What the store answers to a request of `caller` whose body has been read. */
async function answerOf(
  { store, terms }: { store: FileStore; terms: AccountTermsReader },
  caller: string,
  method: 'POST' | 'PUT',
  url: URL,
  body: Buffer,
): Promise<UploadAnswer> {
  if (method === 'POST') {
    const start = uploadStart(body);
    if (typeof start === 'string') return refusal('bad-request', start);
    // Without a running trial or plan, only a file the server holds already may be "uploaded"
    // (a device resending one its codes show); a new one waits. Appending chunks needs a begun
    // upload, so the check at the start is enough.
    if (!isActive(await terms.standing(caller, new Date()))) {
      const held = await store.stat(caller, start.sha256);
      if (!held?.complete) return refusal('plan-needed', PLAN_NEEDED_MESSAGE);
    }
    return store.begin(caller, start);
  }
  // The file's hash ends a PUT's path: /api/files/<sha256> through Hosting, /<sha256> at the
  // function's own address.
  const sha256 = /\/([0-9a-f]{64})\/?$/.exec(url.pathname)?.[1];
  const offset = offsetOf(url);
  if (!sha256 || offset === null || body.length === 0) {
    return refusal('bad-request', 'Send PUT /api/files/<sha256>?offset=<n> with the bytes from n.');
  }
  return store.append(caller, sha256, offset, body);
}

export function createFileApi({
  auth,
  store,
  terms,
}: {
  auth: Auth;
  store: FileStore;
  /** The account's trial or plan: new files wait for one. */
  terms: AccountTermsReader;
}) {
  return async function answerFileRequest(request: HttpRequest, response: HttpResponse) {
    if (!acceptApiRequest(request, response, ['POST', 'PUT'])) return;
    const method = request.method as 'POST' | 'PUT';
    // The body is read first, whoever sends it: answering before it is read would cut the
    // connection under a client still sending a chunk.
    const limit = method === 'PUT' ? CHUNK_BYTES : START_LIMIT;
    const body = await readBody(request, limit).catch(() => null);
    const caller = await uploaderOf(auth, request);
    if (typeof caller !== 'string') {
      send(response, caller);
      return;
    }
    if (!body) {
      const most = method === 'PUT' ? `a chunk of at most ${CHUNK_BYTES} bytes` : 'a small JSON';
      send(response, refusal('bad-request', `Send ${most}.`));
      return;
    }
    const url = new URL(request.url ?? '/', 'http://localhost');
    try {
      send(response, await answerOf({ store, terms }, caller, method, url, body));
    } catch (error) {
      console.error(
        JSON.stringify({
          severity: 'ERROR',
          message: 'file upload failed',
          method,
          url: url.pathname,
          error: String(error),
        }),
      );
      send(
        response,
        refusal('unavailable', 'The file could not be stored just now: try again in a moment.'),
      );
    }
  };
}
