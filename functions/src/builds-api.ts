// The builds API (src/domain/pc-builds.ts describes its requests and answers), for the signed-in
// customers of custom PC builds:
//   POST /api/builds/request  a build asked for, from the PC dashboard's outbox: its id is made
//                             from the account and the request's own id, so a request sent again
//                             (its answer lost on a flaky connection) makes no second build.
//   POST /api/builds/accept   the customer accepts the quote while it is valid: an EFT order of
//                             its total, emailed with the bank details; accepting again answers
//                             that order
//   POST /api/builds/message  a question on the build's thread, emailed to the company
//   GET  /api/builds/photo/<build>/<sha256>
//                             a photo of the build's timeline, to its customer and to staff alone
//                             (an ID token in the Authorization header; the page shows the bytes)
// A build gets the next number of one sequence, in the transaction that makes it. What happens
// next (the quote, the steps, the answers) is the company's, at the desk.
import { createHash } from 'node:crypto';
import { QUOTE_MESSAGES, quoteValidOn } from '../../src/domain/build-quote';
import type { RequestOf } from '../../src/domain/api';
import {
  budgetCents,
  BUILD_MESSAGES,
  buildName,
  buildsApi,
  buildSteps,
  MESSAGES_MAX,
  OPEN_REQUESTS_MAX,
  type BuildsAnswer,
  type BuildSummary,
} from '../../src/domain/pc-builds';
import { scanDay } from '../../src/domain/qr/scan-time';
import { readOrder, orderPath } from '../../src/domain/records/orders';
import {
  acceptedBuildFields,
  BUILD_SEQUENCE_PATH,
  BUILDS,
  buildPath,
  buildSequenceFields,
  messagedBuildFields,
  newBuildFields,
  readBuild,
  readBuildSequence,
} from '../../src/domain/records/builds';
import {
  Timestamp,
  type Auth,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from './admin';
import { jsonBody, serveApi, type ApiCall } from './api-handler';
import { callerOf, type Caller } from './caller';
import type { FileStore } from './file-store';
import { serveFile, type StreamingResponse } from './file-serve';
import { customerMessageMail } from './desk-mail';
import { refusal, requestPath, securityHeaders, type HttpRequest } from './http';
import { log, sendOrLog } from './log';
import type { SendMail } from './mail-transport';
import { orderMail } from './order-mail';
import { placeBuildOrder } from './orders';
import { siteOrigin } from './site';
import { staffActor } from './staff';

/**
 * Every request is a few short fields and at most MESSAGE_MAX characters of text (about 12 KB of
 * JSON with every character escaped).
 */
const BODY_LIMIT = 16 * 1024;

/** What request `K` of the builds API sends, parsed. */
type Input<K extends keyof typeof buildsApi.requests> = RequestOf<typeof buildsApi, K>;

const NOT_YOURS = refusal('not-found', BUILD_MESSAGES.build);

/** The build of `owner`'s request `request`: no other account's request can name it. */
export const buildIdOf = (owner: string, request: string) =>
  createHash('sha256').update(`${owner}\n${request}`).digest('base64url').slice(0, 24);

/** A photo's path: the build, and the photo's SHA-256. */
const PHOTO = /\/photo\/([A-Za-z0-9_-]{1,64})\/([0-9a-f]{64})$/;

export function createBuildsApi({
  db,
  auth,
  send,
  store,
  now = () => new Date(),
}: {
  db: Firestore;
  auth: Auth;
  /** Emails the order of an accepted quote, and the company of a customer's question. */
  send: SendMail;
  /** Where the photos of builds are hosted (the hosted files, for each build's customer). */
  store: FileStore;
  now?: () => Date;
}) {
  /**
   * Runs `change` on the caller's build `id` in a transaction: it reads the build, and answers
   * what to write (or a refusal). Another account's build, or none, is "not yours" alike.
   */
  const onOwnBuild = (
    caller: Caller,
    id: string,
    change: (
      build: BuildSummary,
      stored: DocumentSnapshot,
      transaction: Transaction,
    ) => Promise<BuildsAnswer>,
  ) =>
    db.runTransaction(async (transaction): Promise<BuildsAnswer> => {
      const snapshot = await transaction.get(db.doc(buildPath(id)));
      const build = snapshot.exists ? readBuild(snapshot.id, snapshot.data()) : null;
      if (!build || build.owner !== caller.uid) return NOT_YOURS;
      return change(build, snapshot, transaction);
    });

  async function accept({ caller, input }: ApiCall<Input<'accept'>>): Promise<BuildsAnswer> {
    const at = now();
    const holder = await auth.getUser(caller.uid);
    const answer = await onOwnBuild(caller, input.build, async (build, stored, transaction) => {
      if (build.order) {
        // Accepted before (its answer lost on a flaky connection): the same order.
        const order = readOrder(
          build.order.id,
          (await transaction.get(db.doc(orderPath(build.order.id)))).data(),
        );
        return order ? { ok: true, build, order } : refusal('conflict', BUILD_MESSAGES.accepted);
      }
      if (build.step !== 'quoted' || !build.quote) {
        return refusal(
          'conflict',
          build.step === 'requested'
            ? BUILD_MESSAGES.notQuoted
            : `${buildName(build.number)} is ${buildSteps[build.step].toLowerCase()}: its quote cannot be accepted again.`,
        );
      }
      if (!quoteValidOn(build.quote.validUntil, scanDay(at))) {
        return refusal('expired', QUOTE_MESSAGES.expired);
      }
      const order = await placeBuildOrder(
        db,
        transaction,
        { uid: caller.uid, email: caller.email, name: holder.displayName ?? null },
        { id: build.id, number: build.number, quote: build.quote },
        at,
      );
      const fields = acceptedBuildFields(
        stored.data(),
        { id: order.id, reference: order.reference },
        Timestamp.fromDate(at),
      );
      transaction.update(stored.ref, fields);
      return {
        ok: true,
        build: readBuild(build.id, { ...stored.data(), ...fields })!,
        order,
        created: true,
      };
    });
    if (answer.ok && answer.created && answer.order && caller.email) {
      await sendOrLog(send, orderMail(answer.order, caller.email, siteOrigin()), 'order email');
    }
    return answer;
  }

  async function message({ caller, input }: ApiCall<Input<'message'>>): Promise<BuildsAnswer> {
    const at = now();
    const answer = await onOwnBuild(caller, input.build, async (build, stored, transaction) => {
      // Sent again (its answer lost): the message is in the thread already.
      if (build.messages.some((said) => said.id === input.request)) return { ok: true, build };
      if (build.messages.length >= MESSAGES_MAX) {
        return refusal('too-many', BUILD_MESSAGES.messages);
      }
      const fields = messagedBuildFields(
        stored.data(),
        { id: input.request, from: 'customer', text: input.text },
        Timestamp.fromDate(at),
      );
      transaction.update(stored.ref, fields);
      return {
        ok: true,
        build: readBuild(build.id, { ...stored.data(), ...fields })!,
        created: true,
      };
    });
    if (answer.ok && answer.created) {
      await sendOrLog(
        send,
        customerMessageMail(answer.build, input.text, siteOrigin()),
        'build question email',
      );
    }
    return answer;
  }

  /**
   * A photo on the timeline of build `id`, to its customer or a member of staff: anything else
   * (no such build, another's, a file the timeline does not show) is not found alike.
   */
  async function servePhoto(
    id: string,
    sha256: string,
    request: HttpRequest,
    response: StreamingResponse,
  ) {
    const refuse = (status: number, words: string) => {
      securityHeaders(response);
      response.statusCode = status;
      response.setHeader('Cache-Control', 'no-store');
      response.setHeader('Content-Type', 'text/plain; charset=utf-8');
      response.end(words);
    };
    const caller = await callerOf(auth, request);
    if (!caller) return refuse(401, 'Sign in to see the photos of your build.');
    const snapshot = await db.doc(buildPath(id)).get();
    const build = snapshot.exists ? readBuild(snapshot.id, snapshot.data()) : null;
    const shown = build?.timeline.some((entry) => entry.photos.includes(sha256)) ?? false;
    const allowed =
      build !== null && (build.owner === caller.uid || (await staffActor(db, caller)) !== null);
    if (!build || !shown || !allowed) return refuse(404, 'There is no such photo.');
    const file = await store.stat(build.owner, sha256);
    if (!file) return refuse(404, 'There is no such photo.');
    await serveFile(store, build.owner, file, request, response);
  }

  const answerApi = serveApi(buildsApi, {
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
      {
        method: 'POST',
        path: /\/accept$/,
        request: 'accept',
        body: jsonBody(BODY_LIMIT, BUILD_MESSAGES.build),
        unverified: BUILD_MESSAGES.unverified,
        answer: accept,
      },
      {
        method: 'POST',
        path: /\/message$/,
        request: 'message',
        body: jsonBody(BODY_LIMIT, BUILD_MESSAGES.message),
        answer: message,
      },
    ],
  });

  return async function answerBuildsRequest(request: HttpRequest, response: StreamingResponse) {
    const photo = PHOTO.exec(requestPath(request));
    if (photo && (request.method === 'GET' || request.method === 'HEAD')) {
      try {
        await servePhoto(photo[1]!, photo[2]!, request, response);
      } catch (error) {
        log('ERROR', 'build photo not served', { error: String(error) });
        if (!response.headersSent) {
          response.statusCode = 503;
          response.end('The photo could not be read just now.');
        } else response.destroy();
      }
      return;
    }
    await answerApi(request, response);
  };
}
