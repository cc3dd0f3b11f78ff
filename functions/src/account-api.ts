// The account API (the paths and answers: src/domain/account-api.ts):
//   POST   /api/account/sessions/revoke  revokes the account's refresh tokens: every device is
//          signed out at its next token refresh or reload (the page signs itself in again)
//   DELETE /api/account                  deletes the account and everything it owns
//          (account-delete.ts)
// by the bearer of a Firebase ID token of a recent sign-in (RECENT_SIGN_IN_SECONDS): both undo
// something for every device, so a token left behind on a shared computer may do neither. The
// token is checked against revocation too (a device signed out by the first call cannot delete).
import {
  accountProblemStatus,
  ACCOUNT_API_PATH,
  RECENT_SIGN_IN_SECONDS,
  SIGN_IN_AGAIN_TO_DELETE,
  type AccountAnswer,
} from '../../src/domain/account-api';
import type { Auth, Firestore } from './admin';
import { deleteAccount } from './account-delete';
import type { FileStore } from './file-store';
import {
  acceptApiRequest,
  header,
  refusal,
  requestPath,
  sendJson,
  type HttpRequest,
  type HttpResponse,
} from './http';

function send(response: HttpResponse, answer: AccountAnswer) {
  sendJson(response, answer.ok ? 200 : accountProblemStatus[answer.problem], answer);
}

/** The two actions, by what the path ends with (Hosting sends /api/account/...; the function's
 * own address drops the /api/account). */
const actions = {
  revoke: {
    method: 'POST',
    matches: (path: string) => path.endsWith('/sessions/revoke'),
    signInAgain: 'Sign in again to sign out your other devices.',
  },
  delete: {
    method: 'DELETE',
    matches: (path: string) => path === '' || path === ACCOUNT_API_PATH,
    signInAgain: SIGN_IN_AGAIN_TO_DELETE,
  },
} as const;

type Action = keyof typeof actions;

/** Who asks, from their verified ID token: `gone` when the token is good but the account is not. */
type AccountCaller =
  | { readonly kind: 'signed-in'; readonly uid: string; readonly signedInAt: number }
  | { readonly kind: 'gone' }
  | null;

async function callerOf(auth: Auth, request: HttpRequest): Promise<AccountCaller> {
  const token = /^Bearer (\S+)$/.exec(header(request, 'authorization') ?? '')?.[1];
  if (!token) return null;
  try {
    // checkRevoked: also asks Auth whether the account exists and its tokens still count.
    const claims = await auth.verifyIdToken(token, true);
    return { kind: 'signed-in', uid: claims.uid, signedInAt: claims.auth_time };
  } catch (error) {
    // A token whose signature holds but whose account has been deleted: a deletion asked twice.
    return (error as { code?: string }).code === 'auth/user-not-found' ? { kind: 'gone' } : null;
  }
}

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
  async function answer(action: Action, caller: AccountCaller): Promise<AccountAnswer> {
    if (caller?.kind === 'gone') {
      return action === 'delete'
        ? { ok: true, message: 'This account has been deleted already.' }
        : refusal('unauthenticated', 'This account has been deleted.');
    }
    if (!caller) return refusal('unauthenticated', actions[action].signInAgain);
    if (now().getTime() / 1000 - caller.signedInAt > RECENT_SIGN_IN_SECONDS) {
      return refusal('stale-sign-in', actions[action].signInAgain);
    }
    if (action === 'revoke') {
      await auth.revokeRefreshTokens(caller.uid);
      return {
        ok: true,
        message: 'Every device signed in to your account will be signed out.',
      };
    }
    const removed = await deleteAccount({ db, auth, files, settleMs }, caller.uid);
    console.log(JSON.stringify({ severity: 'INFO', message: 'account deleted', ...removed }));
    return { ok: true, message: 'Your account has been deleted.', removed };
  }

  return async function answerAccountRequest(request: HttpRequest, response: HttpResponse) {
    const action = (Object.keys(actions) as Action[]).find((name) =>
      actions[name].matches(requestPath(request)),
    );
    // Another path is answered 400 whatever its method: it names no action of this API.
    const methods = action ? [actions[action].method] : [request.method ?? 'POST'];
    if (!acceptApiRequest(request, response, methods)) return;
    if (!action) {
      send(
        response,
        refusal(
          'bad-request',
          `Send DELETE ${ACCOUNT_API_PATH} or POST ${ACCOUNT_API_PATH}/sessions/revoke.`,
        ),
      );
      return;
    }
    const caller = await callerOf(auth, request);
    try {
      send(response, await answer(action, caller));
    } catch (error) {
      console.error(
        JSON.stringify({
          severity: 'ERROR',
          message: `account ${action} failed`,
          uid: caller?.kind === 'signed-in' ? caller.uid : null,
          error: String(error),
        }),
      );
      send(
        response,
        refusal(
          'unavailable',
          action === 'delete'
            ? 'Your account could not be deleted completely just now. Try again in a moment: what is left is deleted then.'
            : 'Your other devices could not be signed out just now. Try again in a moment.',
        ),
      );
    }
  };
}
