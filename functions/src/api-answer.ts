// Answers of the site's APIs from their one description (src/domain/api.ts): the status of each
// answer is the one its table gives, so the page, which checks answers against the same table,
// reads every refusal the function can send.
import { statusOf, type AnswerOf, type AnyApi } from '../../src/domain/api';
import { sendJson, type HttpResponse } from './http';

/** Sends `answer` as JSON, with the status `api` gives it. */
export function sendAnswer<A extends AnyApi>(api: A, response: HttpResponse, answer: AnswerOf<A>) {
  sendJson(response, statusOf(api, answer), answer);
}
