// What the desk asks of the `desk` function (deskApi in src/domain/desk-api.ts, answered by
// functions/src/desk-api.ts). Each request is named by the description's own names and sends the
// body it takes; every reply is the API's answer, or one of its refusals in the desk's words when
// no answer came.
import type { RequestOf } from '../../domain/api';
import { DESK_API_PATH, deskApi, type DeskAnswer } from '../../domain/desk-api';
import { STAFF_CLAIM } from '../../domain/records/staff';
import { hasClaim } from '../../lib/auth/session';
import { callForAnswer, type NoAnswerWords } from '../../lib/site-api';

export type DeskRequest = keyof typeof deskApi.requests & string;

const NO_ANSWER: NoAnswerWords = {
  offline: 'You are offline: the desk needs a connection. Try again once you are back online.',
  signedOut: 'Sign in again to use the desk.',
  notAnAnswer: (status) =>
    `The desk could not do that just now (HTTP ${status}). Try again in a moment.`,
};

/** Sends request `name` of the desk with `body`; never throws. */
export const askDesk = <K extends DeskRequest>(
  name: K,
  body: RequestOf<typeof deskApi, K>,
): Promise<DeskAnswer> =>
  callForAnswer(deskApi, `${DESK_API_PATH}/${name}`, body as object, NO_ANSWER);

/**
 * Whether the signed-in person's token says they are staff: the page's first look, to show the
 * desk or say it is not theirs. The server decides each request again (the claim and the staff
 * document), so a removed person sees the desk refuse them.
 */
export const staffHere = () => hasClaim(STAFF_CLAIM, { renew: true });
