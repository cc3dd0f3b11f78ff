// The page's calls about short links: POST /api/links asks the server to make a saved code's
// short link match the code (functions/src/link-api.ts), sets its password, checks where it leads
// now, and turns its daily check on or off. Every answer is
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

/** Asks the server to check now where the code's link leads; never throws. */
export const requestLinkCheck = (code: string, workspace: string): Promise<SyncAnswer> =>
  post(
    `${LINK_API_PATH}/check`,
    { code, workspace },
    'Where it leads can be checked once you are back online.',
  );

/** Turns the daily check of the code's destination on or off; never throws. */
export const requestLinkWatch = (
  code: string,
  watch: boolean,
  workspace: string,
): Promise<SyncAnswer> =>
  post(
    `${LINK_API_PATH}/watch`,
    { code, watch, workspace },
    'This can be changed once you are back online.',
  );

const post = (
  path: string,
  body: object,
  offline = 'Its short link is made once you are back online.',
): Promise<SyncAnswer> =>
  callForAnswer(linksApi, path, body, {
    offline,
    signedOut: 'Sign in again to make or change short links.',
    notAnAnswer: (status) =>
      `The server could not update the short link just now (HTTP ${status}); it will be tried again.`,
  });
