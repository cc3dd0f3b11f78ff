// Every API's request bodies are described once, in its describeApi entry, and the one wrapper
// (functions/src/api-handler.ts) parses each body against it: a field of the wrong type or a
// missing one is answered 'bad-request' with that field's own message, and a body past the
// route's limit (an extra field that makes it too long) with the route's answer, each with the
// status its API's table gives. The account API's requests send no body (it reads none).
import { describe, expect, it } from 'vitest';
import { answerOf, type AnyApi } from '../../src/domain/api';
import { BILLING_API_PATH, billingApi, CHOOSE_A_PLAN_MESSAGE } from '../../src/domain/billing';
import { MAIL_BODY_MAX, MAIL_CODE_PATH, mailApi, mailMessages } from '../../src/domain/mail';
import { FILES_API_PATH, filesApi } from '../../src/domain/qr/hosting';
import { LINK_API_PATH, linksApi } from '../../src/domain/qr/link-policy';
import { useEmulator } from '../rules/emulator';
import { idToken, useFunctions } from './servers';

useEmulator();
const under = useFunctions();

/** Long enough to take any of these bodies past its limit (the mail API's is the largest). */
const OVERSIZED = 'x'.repeat(MAIL_BODY_MAX);

/** POSTs `body` to `path` as a verified account; the answer, checked against `api`. */
async function post(api: AnyApi, path: string, body: object) {
  const response = await fetch(`${under.origin}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${await idToken('requester')}`,
    },
    body: JSON.stringify(body),
  });
  const answer = answerOf(api, response.status, await response.json());
  // Null when the body or the status is not one the API's description allows.
  expect(answer, `${path} answered ${response.status}`).not.toBeNull();
  return { status: response.status, answer };
}

const NO_CODE = 'Send {"code": "<the id of one of your saved codes>"}.';
const NO_PASSWORD = 'Send {"code": "…", "password": "<the new one>" or null}.';
const start = { sha256: 'a'.repeat(64), size: 10, name: 'a.pdf', field: 'pdfFile' };
const mail = { id: 'request-1234', to: 'a@example.test', code: 'someCode' };

/** Per API: its path, and what a field of the wrong type, a missing one and an oversized extra one answer. */
const cases = [
  {
    name: 'links',
    api: linksApi,
    path: LINK_API_PATH,
    'of the wrong type': [{ code: 5 }, 400, 'bad-request', NO_CODE],
    missing: [{}, 400, 'bad-request', NO_CODE],
    'extra and oversized': [{ code: 'someCode', note: OVERSIZED }, 400, 'bad-request', NO_CODE],
  },
  {
    name: 'link passwords',
    api: linksApi,
    path: `${LINK_API_PATH}/password`,
    'of the wrong type': [{ code: 'someCode', password: 5 }, 400, 'bad-request', NO_PASSWORD],
    missing: [{ code: 'someCode' }, 400, 'bad-request', NO_PASSWORD],
    'extra and oversized': [
      { code: 'someCode', password: null, note: OVERSIZED },
      400,
      'bad-request',
      NO_CODE,
    ],
  },
  {
    name: 'files',
    api: filesApi,
    path: FILES_API_PATH,
    'of the wrong type': [
      { ...start, size: '10' },
      400,
      'bad-request',
      '"size" is the number of bytes of the file, more than 0.',
    ],
    missing: [
      { size: 10, name: 'a.pdf', field: 'pdfFile' },
      400,
      'bad-request',
      '"sha256" is the SHA-256 of the file, in 64 lowercase hex digits.',
    ],
    'extra and oversized': [
      { ...start, note: OVERSIZED },
      400,
      'bad-request',
      'Send a small JSON.',
    ],
  },
  {
    name: 'mail',
    api: mailApi,
    path: MAIL_CODE_PATH,
    'of the wrong type': [
      { ...mail, id: 5 },
      400,
      'bad-request',
      '"id" names the request: 8 to 64 letters, digits, - or _.',
    ],
    missing: [
      { id: mail.id, to: mail.to },
      400,
      'bad-request',
      '"code" is the id of a code saved in your account.',
    ],
    'extra and oversized': [
      { ...mail, note: OVERSIZED },
      413,
      'too-large',
      mailMessages.bodyTooLarge,
    ],
  },
  {
    name: 'billing',
    api: billingApi,
    path: `${BILLING_API_PATH}/orders`,
    'of the wrong type': [{ plan: 12 }, 400, 'bad-request', CHOOSE_A_PLAN_MESSAGE],
    missing: [{}, 400, 'bad-request', CHOOSE_A_PLAN_MESSAGE],
    'extra and oversized': [
      { plan: 'monthly', note: OVERSIZED },
      400,
      'bad-request',
      CHOOSE_A_PLAN_MESSAGE,
    ],
  },
] as const;

describe('a request body the API does not describe', () => {
  for (const { name, api, path, ...bodies } of cases) {
    for (const [kind, [body, status, problem, message]] of Object.entries(bodies)) {
      it(`${name}: a field ${kind} is answered as the table says`, async () => {
        expect(await post(api, path, body)).toEqual({
          status,
          answer: { ok: false, problem, message },
        });
      });
    }
  }

  it('mail: a field the request does not have is refused, as from an out-of-date page', async () => {
    expect(await post(mailApi, MAIL_CODE_PATH, { ...mail, name: 'mine' })).toEqual({
      status: 400,
      answer: { ok: false, problem: 'bad-request', message: mailMessages.outdated },
    });
  });
});
