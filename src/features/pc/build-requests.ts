// What the PC dashboard asks of the `builds` function beyond a new request (which waits in the
// outbox, build-outbox.ts): accepting a quote and asking a question. Both need the connection at
// once: accepting makes an order to pay, and a question is typed in a field that keeps it until it
// goes. Every reply is the API's answer, or one of its refusals in the page's words.
import type { RequestOf } from '../../domain/api';
import { BUILDS_API_PATH, buildsApi, type BuildsAnswer } from '../../domain/pc-builds';
import { callForAnswer, type NoAnswerWords } from '../../lib/site-api';

const NO_ANSWER: NoAnswerWords = {
  offline:
    'You are offline: this needs a connection. What you typed stays here; try again once you are back online.',
  signedOut: 'Sign in again to go on.',
  notAnAnswer: (status) =>
    `That did not reach us just now (HTTP ${status}). Try again in a moment.`,
};

type BuildsRequest = 'accept' | 'message';

/** Sends request `name` of the builds API with `body`; never throws. */
export const askBuilds = <K extends BuildsRequest>(
  name: K,
  body: RequestOf<typeof buildsApi, K>,
): Promise<BuildsAnswer> =>
  callForAnswer(buildsApi, `${BUILDS_API_PATH}/${name}`, body as object, NO_ANSWER);
