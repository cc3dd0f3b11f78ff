// The builds API (src/domain/pc-builds.ts describes its requests and answers), for the signed-in
// customers of custom PC builds:
//   POST /api/builds/request  a build asked for, from the PC dashboard's outbox: its id is made
//                             from the account and the request's own id, so a request sent again
//                             (its answer lost on a flaky connection) makes no second build.
// A build gets the next number of one sequence, in the transaction that makes it. What happens
// next (the quote, the steps) is the company's, at the desk.
import { createHash } from 'node:crypto';
import {
  budgetCents,
  BUILD_MESSAGES,
  buildsApi,
  OPEN_REQUESTS_MAX,
  type BuildsAnswer,
} from '../../src/domain/pc-builds';
import {
  BUILD_SEQUENCE_PATH,
  BUILDS,
  buildSequenceFields,
  newBuildFields,
  readBuild,
  readBuildSequence,
} from '../../src/domain/records/builds';
import { Timestamp, type Auth, type Firestore } from './admin';
import { jsonBody, serveApi } from './api-handler';
import { refusal } from './http';

/** Every request is a few short fields and at most MUST_HAVES_MAX characters of text. */
const BODY_LIMIT = 8 * 1024;

/** The build of `owner`'s request `request`: no other account's request can name it. */
export const buildIdOf = (owner: string, request: string) =>
  createHash('sha256').update(`${owner}\n${request}`).digest('base64url').slice(0, 24);

export function createBuildsApi({
  db,
  auth,
  now = () => new Date(),
}: {
  db: Firestore;
  auth: Auth;
  now?: () => Date;
}) {
  return serveApi(buildsApi, {
    auth,
    signedOut: 'Sign in again to request a build.',
    unavailable: 'Your request could not be sent just now: it is kept, and goes in a moment.',
    otherPath: refusal('bad-request', 'No such builds request.'),
    routes: [
      {
        method: 'POST',
        path: /\/request$/,
        request: 'request',
        body: jsonBody(BODY_LIMIT, BUILD_MESSAGES.request),
        unverified: BUILD_MESSAGES.unverified,
        async answer({ caller, input }): Promise<BuildsAnswer> {
          const cents = budgetCents(input.budget)!;
          const holder = await auth.getUser(caller.uid);
          const id = buildIdOf(caller.uid, input.request);
          const ref = db.collection(BUILDS).doc(id);
          const counterRef = db.doc(BUILD_SEQUENCE_PATH);
          return db.runTransaction(async (transaction): Promise<BuildsAnswer> => {
            const existing = await transaction.get(ref);
            if (existing.exists) {
              const build = readBuild(id, existing.data());
              if (build) return { ok: true, build };
            }
            const waiting = await transaction.get(
              db
                .collection(BUILDS)
                .where('owner', '==', caller.uid)
                .where('step', '==', 'requested')
                .limit(OPEN_REQUESTS_MAX),
            );
            if (waiting.size >= OPEN_REQUESTS_MAX) {
              return { ok: false, problem: 'too-many', message: BUILD_MESSAGES.tooMany };
            }
            const number = readBuildSequence((await transaction.get(counterRef)).data()) + 1;
            const stored = newBuildFields(
              caller.uid,
              number,
              {
                requestId: input.request,
                purpose: input.purpose,
                budgetCents: cents,
                mustHaves: input.mustHaves,
                likeBuild: input.likeBuild,
              },
              { email: caller.email, name: holder.displayName ?? null },
              Timestamp.fromDate(now()),
            );
            transaction.set(counterRef, buildSequenceFields(number), { merge: true });
            transaction.create(ref, stored);
            return { ok: true, build: readBuild(id, stored)!, created: true };
          });
        },
      },
    ],
  });
}
