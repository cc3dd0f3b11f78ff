// The page's reading of the site's API answers: each one is checked against the API's one
// description (src/domain/api.ts), which the Cloud Function answers from, so the page acts only on
// answers it knows and every problem the function can send is one the page's types name.
import { answerOf, type AnswerOf, type AnyApi } from '../domain/api';

/**
 * The answer of `api` in a response's `text` with its HTTP `status`, or null when it is none: not
 * JSON (a proxy's or the platform's own error page), or JSON the description does not allow.
 */
export function readAnswer<A extends AnyApi>(
  api: A,
  status: number,
  text: string,
): AnswerOf<A> | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  return answerOf(api, status, body);
}
