// The page's calls about short links: POST /api/links asks the server to make a saved code's
// short link match the code (functions/src/link-api.ts), and sets its password. Every answer is
// one of linksApi's (src/domain/qr/link-policy.ts); a call that got none comes back as the
// answer the page acts on alike: 'unavailable' (asked again later) or 'unauthenticated'.
import { LINK_API_PATH, linksApi, type SyncAnswer } from '../../../domain/qr/link-policy';
import { callForAnswer } from '../../../lib/site-api';

/** Asks the server to make the link of the code `code` of `workspace` match it; never throws. */
export const requestLinkSync = (code: string, workspace: string): Promise<SyncAnswer> =>
  post(LINK_API_PATH, { code, workspace });

/** Sends the new password of the code's link (null removes it); never throws. */
export const requestLinkPassword = (
  code: string,
  password: string | null,
  workspace: string,
): Promise<SyncAnswer> => post(`${LINK_API_PATH}/password`, { code, password, workspace });

const post = (path: string, body: object): Promise<SyncAnswer> =>
  callForAnswer(linksApi, path, body, {
    offline: 'Its short link is made once you are back online.',
    signedOut: 'Sign in again to make or change short links.',
    notAnAnswer: (status) =>
      `The server could not update the short link just now (HTTP ${status}); it will be tried again.`,
  });
