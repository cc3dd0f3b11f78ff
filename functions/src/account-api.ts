// The account API (the paths and answers: src/domain/account-api.ts):
//   POST   /api/account/sessions/revoke  revokes the account's refresh tokens: every device is
//          signed out at its next token refresh or reload (the page signs itself in again)
//   DELETE /api/account                  deletes the account and everything it owns
//          (account-delete.ts); its workspace stays with other owners where it has them, and
//          the deletion is refused ('last-owner') while it has members but no other owner
// by the bearer of a Firebase ID token of a recent sign-in (RECENT_SIGN_IN_SECONDS): both undo
// something for every device, so a token left behind on a shared computer may do neither. The
// token is checked against revocation too (a device signed out by the first call cannot delete).
import {
  accountApi,
  ACCOUNT_API_PATH,
  RECENT_SIGN_IN_SECONDS,
  SIGN_IN_AGAIN_TO_DELETE,
  deletedMessage,
  type AccountAnswer,
} from '../../src/domain/account-api';
import { lastOwnerMessage } from '../../src/domain/account-deletion';
import type { Auth, Firestore } from './admin';
import { deleteAccount } from './account-delete';
import { serveApi } from './api-handler';
import type { Caller } from './caller';
import type { FileStore } from './file-store';
import { refusal } from './http';

export function createAccountApi({
  db,
  auth,
  files,
  now = () => new Date(),
  settleMs,
}: {
  db: Firestore;
  auth: Auth;
  /** The hosted files, deleted with the account. */
  files: FileStore;
  now?: () => Date;
  /** How long the deletion lets counting stop (account-delete.ts); the tests shorten it. */
  settleMs?: number;
}) {
  /** Both undo something for every device: only just after the owner signed in. */
  const recent = (caller: Caller) =>
    now().getTime() / 1000 - caller.signedInAt <= RECENT_SIGN_IN_SECONDS;

  // The two actions, by what the path ends with: Hosting sends /api/account/...; the function's
  // own address drops the /api/account. Another path is answered 400 whatever its method: it
  // names no action of this API.
  return serveApi(accountApi, {
    auth,
    signedOut: SIGN_IN_AGAIN_TO_DELETE,
    unavailable:
      'Your account could not be deleted completely just now. Try again in a moment: what is left is deleted then.',
    otherPath: refusal(
      'bad-request',
      `Send DELETE ${ACCOUNT_API_PATH} or POST ${ACCOUNT_API_PATH}/sessions/revoke.`,
    ),
    routes: [
      {
        method: 'POST',
        path: /\/sessions\/revoke$/,
        signedOut: 'Sign in again to sign out your other devices.',
        gone: refusal('unauthenticated', 'This account has been deleted.'),
        unavailable: 'Your other devices could not be signed out just now. Try again in a moment.',
        async answer({ caller }): Promise<AccountAnswer> {
          if (!recent(caller)) {
            return refusal('stale-sign-in', 'Sign in again to sign out your other devices.');
          }
          await auth.revokeRefreshTokens(caller.uid);
          return {
            ok: true,
            message: 'Every device signed in to your account will be signed out.',
          };
        },
      },
      {
        method: 'DELETE',
        path: /^(\/api\/account)?$/,
        // A token whose signature holds but whose account has been deleted: a deletion asked twice.
        gone: { ok: true, message: 'This account has been deleted already.' },
        async answer({ caller }): Promise<AccountAnswer> {
          if (!recent(caller)) return refusal('stale-sign-in', SIGN_IN_AGAIN_TO_DELETE);
          const outcome = await deleteAccount({ db, auth, files, settleMs }, caller.uid);
          if (!outcome.ok) return refusal('last-owner', lastOwnerMessage(outcome.blocking));
          const { removed, workspaceKept } = outcome;
          console.log(
            JSON.stringify({
              severity: 'INFO',
              message: 'account deleted',
              workspaceKept,
              ...removed,
            }),
          );
          return {
            ok: true,
            message: deletedMessage(workspaceKept, removed.memberships),
            removed,
          };
        },
      },
    ],
  });
}
