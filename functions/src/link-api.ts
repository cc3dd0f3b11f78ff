// POST /api/links/password {"code", "password"}: sets (null: removes) the password of the code's
// link, kept by the server as a hash only (link-sync.ts setLinkPassword); at most
// PASSWORD_CHANGES_PER_HOUR an hour per account (each runs the slow hash), 429 past it.
//
// POST /api/links {"code": "<id of a saved code>"}: the page asks the server to make the code's
// short link match the code (link-sync.ts) once the code has reached Firestore: after a save, an
// edit, a delete or an Undo, and when My QR Codes finds a code whose link is not as it should be.
// The caller is the bearer of a Firebase ID token (verified by the Admin SDK), so nobody acts on
// another's codes. Answers JSON (SyncAnswer): 200 with the link, or a refusal with its message.
import { problemStatus, type SyncAnswer } from '../../src/domain/qr/link-policy';
import type { Auth, Firestore } from './admin';
import { callerOf } from './caller';
import type { FileStore } from './file-store';
import {
  acceptApiRequest,
  jsonObject,
  readBody,
  refusal,
  requestPath,
  sendJson,
  type HttpRequest,
  type HttpResponse,
} from './http';
import { setLinkPassword, syncLink } from './link-sync';
import { siteHosts, siteOrigin } from './site';
import type { AccountTermsReader } from './terms';

/** Saved codes' ids as Firestore makes them (20 letters and digits), with room to spare. */
const CODE_ID = /^[A-Za-z0-9_-]{1,128}$/;
const BODY_LIMIT = 1024;

const statusOf = (answer: SyncAnswer) => {
  if (answer.ok) return 200;
  switch (answer.problem) {
    case 'unauthenticated':
      return 401;
    case 'bad-request':
      return 400;
    case 'unavailable':
      return 503;
    case 'file-missing':
      return 409;
    default:
      return problemStatus[answer.problem];
  }
};

function send(response: HttpResponse, answer: SyncAnswer) {
  sendJson(response, statusOf(answer), answer);
}

const badRequest = (message: string): SyncAnswer => ({
  ok: false,
  problem: 'bad-request',
  message,
});

export function createLinkApi({
  db,
  auth,
  files,
  terms,
  now = () => new Date(),
}: {
  db: Firestore;
  auth: Auth;
  /** The account's trial or plan: new links and new targets wait for one. */
  terms: AccountTermsReader;
  /** The hosted files: a file page's link waits for its file, and lets go of unused ones. */
  files: FileStore;
  now?: () => Date;
}) {
  return async function answerLinkRequest(request: HttpRequest, response: HttpResponse) {
    if (!acceptApiRequest(request, response, ['POST'])) return;
    const caller = await callerOf(auth, request);
    if (!caller) {
      send(response, refusal('unauthenticated', 'Sign in again to make or change short links.'));
      return;
    }
    const body = await readBody(request, BODY_LIMIT).catch(() => null);
    // JSON that is no object (`null`, a list) is as good as none: the checks below refuse it.
    const { code, password } = jsonObject(body) ?? {};
    if (typeof code !== 'string' || !CODE_ID.test(code)) {
      send(response, badRequest('Send {"code": "<the id of one of your saved codes>"}.'));
      return;
    }
    const path = requestPath(request);
    try {
      if (path.endsWith('/password')) {
        if (password !== null && typeof password !== 'string') {
          send(response, badRequest('Send {"code": "…", "password": "<the new one>" or null}.'));
          return;
        }
        send(response, await setLinkPassword(db, caller, code, password, now()));
        return;
      }
      const site = { origin: siteOrigin(), hosts: siteHosts(request) };
      send(response, await syncLink(db, caller, code, site, now(), files, terms));
    } catch (error) {
      console.error(
        JSON.stringify({
          severity: 'ERROR',
          message: 'link sync failed',
          code,
          error: String(error),
        }),
      );
      send(response, {
        ok: false,
        problem: 'unavailable',
        message: 'The short link could not be updated just now; it will be tried again.',
      });
    }
  };
}
