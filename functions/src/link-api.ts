// POST /api/links/password {"code", "password"}: sets (null: removes) the password of the code's
// link, kept by the server as a hash only (link-sync.ts setLinkPassword); at most
// PASSWORD_CHANGES_PER_HOUR an hour per account (each runs the slow hash), 429 past it.
//
// POST /api/links/check {"code"}: checks now where the code's link leads (destination-check.ts),
// at most CHECKS_PER_HOUR an hour per workspace; POST /api/links/watch {"code", "watch"}: turns
// its daily check on or off.
//
// POST /api/links {"code": "<id of a saved code>"}: the page asks the server to make the code's
// short link match the code (link-sync.ts) once the code has reached Firestore: after a save, an
// edit, a delete or an Undo, and when My QR Codes finds a code whose link is not as it should be.
// The caller is the bearer of a Firebase ID token (verified by the Admin SDK). Both requests may
// name a `workspace` (absent: the caller's own account) and need the caller's role there to let
// them change codes (workspace.ts); each change is appended to the workspace's history, naming
// the caller (the page asks after each write it makes). Answers JSON as linksApi (src/domain/qr/link-policy.ts) describes it: 200 with the
// link, or a refusal with its message and the status the API's table gives it. A change of where a
// printed code leads is emailed, once committed, to the workspace's owners and admins who asked
// for it (destination-notices.ts), before the answer and at most a few seconds of it.
import { linksApi } from '../../src/domain/qr/link-policy';
import type { Auth, Firestore } from './admin';
import { serveApi } from './api-handler';
import type { FileStore } from './file-store';
import { checkNow, setWatch, type DestinationCheckDeps } from './destination-check';
import { noticeDestinationChange } from './destination-notices';
import { refusal } from './http';
import { setLinkPassword, syncLink } from './link-sync';
import type { SendMail } from './mail-transport';
import type { HashCost } from './passwords';
import { siteHosts, siteOrigin } from './site';
import type { AccountTermsReader } from './terms';
import { workspaceOf } from './workspace';

const BODY_LIMIT = 1024;

/** JSON that is no object (`null`, a list), or too long, is answered as a body without a code. */
const NO_CODE = refusal('bad-request', 'Send {"code": "<the id of one of your saved codes>"}.');

const body = { limit: BODY_LIMIT, tooLarge: NO_CODE, notJson: NO_CODE };

export function createLinkApi({
  db,
  auth,
  files,
  terms,
  now = () => new Date(),
  passwordCost,
  send,
  check,
}: {
  db: Firestore;
  auth: Auth;
  /** The account's trial or plan: new links and new targets wait for one. */
  terms: AccountTermsReader;
  /** The hosted files: a file page's link waits for its file, and lets go of unused ones. */
  files: FileStore;
  now?: () => Date;
  /**
   * The cost a new password is hashed at, if not the deployed one (PASSWORD_COST, which
   * setLinkPassword uses without it): the tests that check dozens of guesses set a cheaper one
   * (docs/testing.md).
   */
  passwordCost?: () => HashCost | undefined;
  /** How the owners' notices of a new destination are emailed; without it none is. */
  send?: SendMail;
  /** How "Check now" checks a destination (the daily check's probe and files). */
  check: Omit<DestinationCheckDeps, 'db' | 'auth' | 'send' | 'origin'>;
}) {
  const notices = send && { db, auth, send, origin: siteOrigin };
  return serveApi(linksApi, {
    auth,
    signedOut: 'Sign in again to make or change short links.',
    unavailable: 'The short link could not be updated just now; it will be tried again.',
    routes: [
      {
        method: 'POST',
        path: /\/check$/,
        request: 'check',
        body,
        answer: ({ caller, input: { code, workspace } }) =>
          checkNow(
            { db, auth, send: send ?? (async () => {}), origin: siteOrigin, ...check },
            caller,
            code,
            workspaceOf(caller, workspace),
          ),
      },
      {
        method: 'POST',
        path: /\/watch$/,
        request: 'watch',
        body,
        answer: ({ caller, input: { code, workspace, watch } }) =>
          setWatch(db, caller, code, workspaceOf(caller, workspace), watch),
      },
      {
        method: 'POST',
        path: /\/password$/,
        request: 'password',
        body,
        async answer({ caller, input: { code, password, workspace } }) {
          const cost = passwordCost?.();
          return setLinkPassword(
            db,
            caller,
            code,
            password,
            now(),
            cost,
            workspaceOf(caller, workspace),
          );
        },
      },
      {
        method: 'POST',
        request: 'sync',
        body,
        async answer({ caller, input: { code, workspace }, request }) {
          const site = { origin: siteOrigin(), hosts: siteHosts(request) };
          const acting = workspaceOf(caller, workspace);
          const at = now();
          return syncLink(
            db,
            caller,
            code,
            site,
            at,
            files,
            terms,
            acting,
            notices && ((change) => noticeDestinationChange(notices, acting, caller, change, at)),
          );
        },
      },
    ],
  });
}
