// The page's calls about short links: POST /api/links asks the server to make a saved code's
// short link match the code (functions/src/link-api.ts), and sets its password.
import { LINK_API_PATH, type SyncAnswer } from '../../../domain/qr/link-policy';
import { postToSite } from '../../../lib/site-api';

const OFFLINE: SyncAnswer = {
  ok: false,
  problem: 'unavailable',
  message: 'Its short link is made once you are back online.',
};

const isAnswer = (value: unknown): value is SyncAnswer =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { ok?: unknown }).ok === 'boolean' &&
  ((value as { ok: boolean }).ok || typeof (value as { message?: unknown }).message === 'string');

/** Asks the server to make the link of the code `code` match it; never throws. */
export const requestLinkSync = (code: string): Promise<SyncAnswer> => post(LINK_API_PATH, { code });

/** Sends the new password of the code's link (null removes it); never throws. */
export const requestLinkPassword = (code: string, password: string | null): Promise<SyncAnswer> =>
  post(`${LINK_API_PATH}/password`, { code, password });

async function post(path: string, body: object): Promise<SyncAnswer> {
  const reply = await postToSite(path, body);
  switch (reply.kind) {
    case 'offline':
      return OFFLINE;
    case 'signed-out':
      return {
        ok: false,
        problem: 'unauthenticated',
        message: 'Sign in again to make or change short links.',
      };
    case 'answer':
      return isAnswer(reply.body)
        ? reply.body
        : {
            ok: false,
            problem: 'unavailable',
            message: `The server could not update the short link just now (HTTP ${reply.status}); it will be tried again.`,
          };
  }
}
