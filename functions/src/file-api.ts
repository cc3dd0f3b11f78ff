// The upload API of hosted files (the protocol: src/domain/qr/hosting.ts):
//   POST /api/files {"sha256", "size", "name", "field"}  starts or resumes an upload
//   PUT  /api/files/<sha256>?offset=<n>  adds the chunk that starts at byte n
// by the bearer of a Firebase ID token of an account whose email address is verified: the files
// are served from the company's domain, as its short links are, so an unverified account may not
// put anything there. Answers JSON, as filesApi describes it (its table gives each refusal's
// status), through the one wrapper of the site's APIs (api-handler.ts); the store
// (file-store.ts) decides. A file is hosted for a workspace (the start's `workspace`, a chunk's
// `?workspace=`; absent, the caller's own account): the caller's role there must let them change
// its codes (workspace.ts), read from their member document at every request, so a member
// removed mid-upload has their next chunk refused. The file, its bytes' quota and the plan it
// waits for are the workspace's.
import { isActive, PLAN_NEEDED_MESSAGE } from '../../src/domain/billing';
import { fileFields } from '../../src/domain/qr/content';
import { CHUNK_BYTES, filesApi } from '../../src/domain/qr/hosting';
import type { Auth, Firestore } from './admin';
import { serveApi } from './api-handler';
import type { FileStore } from './file-store';
import { refusal } from './http';
import type { AccountTermsReader } from './terms';
import { mayActIn, notAllowed, workspaceInQuery, workspaceOf } from './workspace';

/** The start of an upload is a small JSON object; a name is at most 200 characters. */
const START_LIMIT = 2048;

/** The offset of a PUT (`?offset=<n>`), or null. */
function offsetOf(url: URL): number | null {
  const offset = url.searchParams.get('offset') ?? '';
  return /^\d{1,15}$/.test(offset) ? Number(offset) : null;
}

export function createFileApi({
  db,
  auth,
  store,
  terms,
}: {
  /** Where the callers' member documents are read. */
  db: Firestore;
  auth: Auth;
  store: FileStore;
  /** The account's trial or plan: new files wait for one. */
  terms: AccountTermsReader;
}) {
  const unverified =
    'Verify your email address first (open the link we emailed you): files are hosted only for verified accounts.';
  return serveApi(filesApi, {
    auth,
    signedOut: 'Sign in again to upload files.',
    unavailable: 'The file could not be stored just now: try again in a moment.',
    routes: [
      {
        method: 'POST',
        request: 'start',
        body: {
          limit: START_LIMIT,
          tooLarge: refusal('bad-request', 'Send a small JSON.'),
          notJson: refusal('bad-request', 'Send {"sha256", "size", "name", "field"} as JSON.'),
        },
        unverified,
        async answer({ caller, input: { workspace: named, ...input } }) {
          const workspace = workspaceOf(caller, named);
          if (!(await mayActIn(db, caller, workspace, 'codes.write'))) return notAllowed();
          const start = { ...input, kind: fileFields[input.field].kindId };
          // Without a running trial or plan, only a file the server holds already may be
          // "uploaded" (a device resending one its codes show); a new one waits. Appending chunks
          // needs a begun upload, so the check at the start is enough.
          if (!isActive(await terms.standing(workspace, new Date()))) {
            const held = await store.stat(workspace, start.sha256);
            if (!held?.complete) return refusal('plan-needed', PLAN_NEEDED_MESSAGE);
          }
          return store.begin(workspace, start);
        },
      },
      {
        method: 'PUT',
        body: {
          limit: CHUNK_BYTES,
          tooLarge: refusal('bad-request', `Send a chunk of at most ${CHUNK_BYTES} bytes.`),
        },
        unverified,
        async answer({ caller, request, path, body }) {
          // The file's hash ends a PUT's path: /api/files/<sha256> through Hosting, /<sha256> at
          // the function's own address.
          const sha256 = /\/([0-9a-f]{64})$/.exec(path)?.[1];
          const offset = offsetOf(new URL(request.url ?? '/', 'http://localhost'));
          if (!sha256 || offset === null || body.length === 0) {
            return refusal(
              'bad-request',
              'Send PUT /api/files/<sha256>?offset=<n> with the bytes from n.',
            );
          }
          const named = workspaceInQuery(request);
          if (named === null) return notAllowed();
          const workspace = workspaceOf(caller, named);
          if (!(await mayActIn(db, caller, workspace, 'codes.write'))) return notAllowed();
          return store.append(workspace, sha256, offset, body);
        },
      },
    ],
  });
}
