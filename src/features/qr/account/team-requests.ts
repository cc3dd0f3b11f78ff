// What the Users page and the join page ask of the team API (teamApi in src/domain/team-api.ts,
// answered by functions/src/team-api.ts). Each request is named by the description's own request
// names and sends the body that request takes; every reply is the API's answer, or one of its
// refusals in the page's words when no answer came.
import type { RequestOf } from '../../../domain/api';
import { TEAM_API_PATH, teamApi, type TeamAnswer } from '../../../domain/team-api';
import { callForAnswer, type NoAnswerWords } from '../../../lib/site-api';

type TeamRequest = keyof typeof teamApi.requests & string;

const NO_ANSWER: NoAnswerWords = {
  offline:
    'You are offline: changes to the team need a connection. Try again once you are back online.',
  signedOut: 'Sign in again to manage your team.',
  notAnAnswer: (status) =>
    `That could not be done just now (HTTP ${status}). Try again in a moment.`,
};

/** Sends request `name` of the team API with `body`; never throws. */
export const askTeam = <K extends TeamRequest>(
  name: K,
  body: RequestOf<typeof teamApi, K>,
): Promise<TeamAnswer> =>
  callForAnswer(teamApi, `${TEAM_API_PATH}/${name}`, body as object, NO_ANSWER);
