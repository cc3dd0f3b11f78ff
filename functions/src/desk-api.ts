// The company's desk (src/domain/desk-api.ts describes its requests and answers), for its staff
// alone: every request first checks that the caller is staff now (staff.ts: the claim, and their
// staff document), and every change goes into the audit log in the transaction that makes it.
// What it does is the functions' own code, which the admin scripts run too: marking an order
// paid (orders.ts), switching a link (link-admin.ts).
import {
  describeStanding,
  REFERENCE_PATTERN,
  standingOf,
  trialEndOf,
  type Order,
} from '../../src/domain/billing';
import type { RequestOf } from '../../src/domain/api';
import {
  DESK_AUDIT_MAX,
  DESK_RECENT_DAYS,
  DESK_RESULTS_MAX,
  deskApi,
  NOT_STAFF_MESSAGE,
  type DeskAccount,
  type DeskAnswer,
} from '../../src/domain/desk-api';
import {
  centsFromRand,
  formatCents,
  formatCentsExact,
  RAND_AMOUNT_MESSAGE,
} from '../../src/domain/money';
import { accountPath, readAccount } from '../../src/domain/records/accounts';
import { readCodeCount, userPath } from '../../src/domain/records/codes';
import { AUDIT, readAuditEntry, type Actor } from '../../src/domain/records/staff';
import {
  closedReportFields,
  readReport,
  REPORTS,
  reportPath,
} from '../../src/domain/records/reports';
import { ORDERS, readOrder } from '../../src/domain/records/orders';
import {
  BUILDS,
  buildPath,
  messagedBuildFields,
  quotedBuildFields,
  readBuild,
  steppedBuildFields,
} from '../../src/domain/records/builds';
import { quoteOf, validUntilProblem } from '../../src/domain/build-quote';
import {
  BUILD_MESSAGES,
  buildName,
  buildSteps,
  MESSAGES_MAX,
  stepProblem,
  type BuildSummary,
} from '../../src/domain/pc-builds';
import { billing } from '../../src/config/billing';
import { CHUNK_BYTES, type UploadAnswer } from '../../src/domain/qr/hosting';
import { scanDay } from '../../src/domain/qr/scan-time';
import {
  Timestamp,
  type Auth,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from './admin';
import { jsonBody, serveApi, type ApiCall } from './api-handler';
import type { FileStore } from './file-store';
import { refusal } from './http';
import { linkOverview, switchLink } from './link-admin';
import type { SendMail } from './mail-transport';
import { invoiceMail, quoteMail, replyMail, stepMail, switchMail } from './desk-mail';
import { sendOrLog } from './log';
import { markOrderPaid, openOrders } from './orders';
import { siteOrigin } from './site';
import { staffActor, writeAudit } from './staff';

/**
 * A request is a few short fields; the longest is a full quote: QUOTE_LINES_MAX parts of
 * QUOTE_LINE_MAX characters with their prices, and a note (about 8 KB of JSON, twice that with
 * every character escaped).
 */
const BODY_LIMIT = 24 * 1024;

const body = (words: string) => jsonBody(BODY_LIMIT, words);

const NOT_STAFF = refusal('not-staff', NOT_STAFF_MESSAGE);

/** A refusal of the desk's, as a change to a build answers it. */
type DeskRefusal = Extract<DeskAnswer, { ok: false }>;

/** What request `K` of the desk sends, parsed. */
type Input<K extends keyof typeof deskApi.requests> = RequestOf<typeof deskApi, K>;

/** `text` in lower case without spaces, for matching what a person types. */
const folded = (text: string | null | undefined) => (text ?? '').toLowerCase().replace(/\s+/g, '');

/** Whether the order matches a typed query: its reference, customer, or account. */
const orderMatches = (order: Order, query: string) =>
  [order.reference, order.customer.email, order.customer.name, order.owner].some((field) =>
    folded(field).includes(folded(query)),
  );

/** A photo's upload answer (the hosted files' store) as the desk's: what it cannot say, refused. */
function photoAnswer(answer: UploadAnswer): DeskAnswer {
  if (answer.ok) return { ok: true, received: answer.received, complete: answer.complete };
  switch (answer.problem) {
    case 'offset':
      return { ...answer, problem: 'offset' };
    case 'quota':
    case 'too-large':
    case 'wrong-content':
    case 'hash-mismatch':
    case 'unavailable':
    case 'bad-request':
      return refusal(answer.problem, answer.message);
    default:
      return refusal('bad-request', answer.message);
  }
}

/** The offset of a chunk's PUT (`?offset=<n>`), or null. */
function offsetOf(request: { url?: string }): number | null {
  const offset = new URL(request.url ?? '/', 'http://localhost').searchParams.get('offset') ?? '';
  return /^\d{1,15}$/.test(offset) ? Number(offset) : null;
}

export function createDeskApi({
  db,
  auth,
  send,
  store,
  now = () => new Date(),
}: {
  db: Firestore;
  auth: Auth;
  /** Emails the invoice of an order marked paid, and a link's owner of its switch. */
  send: SendMail;
  /** Where the photos of builds are hosted: the hosted files, for each build's customer. */
  store: FileStore;
  now?: () => Date;
}) {
  /** The build `id` as stored now, or null. */
  const buildNow = async (id: string) => {
    const snapshot = await db.doc(buildPath(id)).get();
    return snapshot.exists ? readBuild(snapshot.id, snapshot.data()) : null;
  };

  const emailOf = async (uid: string) => (await auth.getUser(uid).catch(() => null))?.email ?? null;

  /** Runs `answer` for a caller who is staff now, with the audit log's name for them. */
  const asStaff =
    <I>(answer: (actor: Actor, call: ApiCall<I>) => Promise<DeskAnswer>) =>
    async (call: ApiCall<I>): Promise<DeskAnswer> => {
      const actor = await staffActor(db, call.caller);
      return actor ? answer(actor, call) : NOT_STAFF;
    };

  /**
   * Runs `change` on build `id` in a transaction that reads it first: what it answers is the
   * build as changed, or a refusal (none such: not found).
   */
  const onBuild = (
    id: string,
    change: (
      build: BuildSummary,
      stored: DocumentSnapshot,
      transaction: Transaction,
    ) => Promise<BuildSummary | DeskRefusal>,
  ) =>
    db.runTransaction(async (transaction): Promise<BuildSummary | DeskRefusal> => {
      const snapshot = await transaction.get(db.doc(buildPath(id)));
      const build = snapshot.exists ? readBuild(snapshot.id, snapshot.data()) : null;
      if (!build) return refusal('not-found', 'There is no such build.');
      return change(build, snapshot, transaction);
    });

  async function accountOf(
    uid: string,
    email: string | null,
    name: string | null,
    createdAt: number | null,
  ): Promise<DeskAccount> {
    const [account, user] = await Promise.all([
      db.doc(accountPath(uid)).get(),
      db.doc(userPath(uid)).get(),
    ]);
    const record = readAccount(account.data());
    const terms = record.terms(createdAt ?? 0);
    const at = now().getTime();
    return {
      uid,
      email,
      name,
      standing: describeStanding(standingOf(terms, at), email ?? uid),
      planId: terms.planId,
      trialEndsAt: trialEndOf(terms),
      paidUntil: terms.paidUntil,
      codes: readCodeCount(user.data()),
      links: record.usage(scanDay(now())).activeLinks,
      createdAt,
    };
  }

  return serveApi(deskApi, {
    auth,
    signedOut: 'Sign in again to use the desk.',
    unavailable: 'The desk could not do that just now: try again in a moment.',
    otherPath: refusal('not-found', 'No such desk request.'),
    routes: [
      {
        method: 'POST',
        path: /\/orders$/,
        request: 'orders',
        body: body('Type what to search for.'),
        answer: asStaff<Input<'orders'>>(async (_actor, { input: { query } }) => {
          const wanted = query.toUpperCase();
          if (REFERENCE_PATTERN.test(wanted)) {
            const found = await db
              .collection(ORDERS)
              .where('reference', '==', wanted)
              .limit(1)
              .get();
            const orders = found.docs.flatMap((document) => {
              const order = readOrder(document.id, document.data());
              return order ? [order] : [];
            });
            return { ok: true, orders };
          }
          const open = await openOrders(db);
          const orders = (query ? open.filter((order) => orderMatches(order, query)) : open).slice(
            0,
            DESK_RESULTS_MAX,
          );
          return { ok: true, orders };
        }),
      },
      {
        method: 'POST',
        path: /\/paid$/,
        request: 'paid',
        body: body('Give the order’s reference and the amount received.'),
        answer: asStaff<Input<'paid'>>(async (actor, { input }) => {
          const cents = centsFromRand(input.amount);
          if (cents === null) return refusal('bad-request', RAND_AMOUNT_MESSAGE);
          const today = scanDay(now());
          const day = input.on ?? today;
          // Noon in South Africa of the day the money arrived: never a day still to come.
          const paidAt = new Date(`${day}T10:00:00Z`);
          if (Number.isNaN(paidAt.getTime()) || day > today) {
            return refusal('bad-request', 'The day the payment arrived cannot be after today.');
          }
          const answer = await markOrderPaid(db, input.reference, {
            paidAt,
            by: actor,
            received: { cents, reason: input.reason || null },
            now: now(),
          });
          if (!answer.ok) return answer;
          const { order } = answer;
          const to = order.orderedBy?.email ?? order.customer.email;
          if (to) await sendOrLog(send, invoiceMail(order, to, siteOrigin()), 'invoice email');
          return {
            ok: true,
            order,
            message:
              `Order ${order.reference} is paid: ${formatCents(cents)} received, invoice ` +
              `${order.invoiceNumber}${to ? `, emailed to ${to}` : ''}.`,
          };
        }),
      },
      {
        method: 'POST',
        path: /\/accounts$/,
        request: 'accounts',
        body: body('Type what to search for.'),
        answer: asStaff<Input<'accounts'>>(async (_actor, { input: { query } }) => {
          const users = [];
          if (query.includes('@')) {
            const user = await auth.getUserByEmail(query.toLowerCase()).catch(() => null);
            if (user) users.push(user);
          }
          if (users.length === 0) {
            // A small company's accounts: read a page of them at a time, and keep the matches.
            let pageToken: string | undefined;
            do {
              const page = await auth.listUsers(1000, pageToken);
              users.push(
                ...page.users.filter((user) =>
                  [user.email, user.displayName, user.uid].some((field) =>
                    folded(field).includes(folded(query)),
                  ),
                ),
              );
              pageToken = page.pageToken;
            } while (pageToken && users.length < DESK_RESULTS_MAX);
          }
          const accounts = await Promise.all(
            users
              .slice(0, DESK_RESULTS_MAX)
              .map((user) =>
                accountOf(
                  user.uid,
                  user.email ?? null,
                  user.displayName ?? null,
                  Date.parse(user.metadata.creationTime) || null,
                ),
              ),
          );
          return { ok: true, accounts };
        }),
      },
      {
        method: 'POST',
        path: /\/link$/,
        request: 'link',
        body: body('Give the short link’s id.'),
        answer: asStaff<Input<'link'>>(async (_actor, { input: { id } }) => {
          const found = await linkOverview(db, id, {
            days: DESK_RECENT_DAYS,
            now: now(),
            ownerEmail: emailOf,
          });
          if (!found) return refusal('not-found', `There is no short link /q/${id}.`);
          return { ok: true, link: found.overview };
        }),
      },
      {
        method: 'POST',
        path: /\/switch$/,
        request: 'switch',
        body: body('Give the short link’s id, on or off, and the reason.'),
        answer: asStaff<Input<'switch'>>(async (actor, { input: { id, on, reason } }) => {
          const switched = await switchLink(db, id, { on, reason, actor, now: now() });
          if (!switched) return refusal('not-found', `There is no short link /q/${id}.`);
          const found = await linkOverview(db, id, {
            days: DESK_RECENT_DAYS,
            now: now(),
            ownerEmail: emailOf,
          });
          const to = found?.overview.ownerEmail;
          if (switched.changed && to) {
            await sendOrLog(send, switchMail(id, on, reason, to, siteOrigin()), 'switch email');
          }
          const words = !switched.changed
            ? `/q/${id} was not switched off; nothing changed.`
            : on
              ? `/q/${id} is switched on again.`
              : `/q/${id} is switched off: its scans get the warning page.`;
          return {
            ok: true,
            link: found!.overview,
            message: switched.changed && to ? `${words} Its owner (${to}) was emailed.` : words,
          };
        }),
      },
      {
        method: 'POST',
        path: /\/builds$/,
        request: 'builds',
        body: body('Type what to search for.'),
        answer: asStaff<Input<'builds'>>(async (_actor, { input: { query } }) => {
          // A build's number ("1042", "Build 1042") finds it whatever its step; otherwise the
          // builds waiting for the company (a quote, or an answer to a question), narrowed by the
          // customer's address.
          const number = Number(/^(?:build\s*)?#?(\d{1,9})$/i.exec(query)?.[1] ?? NaN);
          const builds_ = db.collection(BUILDS);
          const found = Number.isSafeInteger(number)
            ? [await builds_.where('number', '==', number).limit(1).get()]
            : await Promise.all([
                builds_
                  .where('step', '==', 'requested')
                  .limit(DESK_RESULTS_MAX * 4)
                  .get(),
                builds_
                  .where('awaitingReply', '==', true)
                  .limit(DESK_RESULTS_MAX * 4)
                  .get(),
              ]);
          const seen = new Set<string>();
          const builds = found
            .flatMap((snapshot) => snapshot.docs)
            .filter((document) => !seen.has(document.id) && !!seen.add(document.id))
            .flatMap((document) => {
              const build = readBuild(document.id, document.data());
              return build ? [build] : [];
            })
            .filter(
              (build) =>
                Number.isSafeInteger(number) || folded(build.customerEmail).includes(folded(query)),
            )
            .sort((a, b) => b.createdAt - a.createdAt)
            .slice(0, DESK_RESULTS_MAX);
          return { ok: true, builds };
        }),
      },
      {
        method: 'POST',
        path: /\/quote$/,
        request: 'quote',
        body: body('Give the build, its parts with their prices, the labour and the last day.'),
        answer: asStaff<Input<'quote'>>(async (actor, { input }) => {
          const at = now();
          const problem = validUntilProblem(input.validUntil, scanDay(at));
          if (problem) return refusal('bad-request', problem);
          const quote = quoteOf(input, billing.vat, at.getTime());
          const quoted = await onBuild(input.build, async (build, stored, transaction) => {
            if (build.step !== 'requested' && build.step !== 'quoted') {
              return refusal(
                'conflict',
                `${buildName(build.number)} is ${buildSteps[build.step].toLowerCase()} already: its quote stays as it was accepted.`,
              );
            }
            const fields = quotedBuildFields(stored.data(), quote, Timestamp.fromDate(at));
            transaction.update(stored.ref, fields);
            writeAudit(
              db,
              transaction,
              actor,
              {
                action: 'build.quoted',
                target: buildName(build.number),
                detail: `${formatCentsExact(quote.totalCents)}, valid until ${quote.validUntil}`,
              },
              at,
            );
            return readBuild(build.id, { ...stored.data(), ...fields })!;
          });
          if ('ok' in quoted) return quoted;
          const to = quoted.customerEmail;
          if (to) await sendOrLog(send, quoteMail(quoted, to, siteOrigin()), 'quote email');
          return {
            ok: true,
            build: quoted,
            message: `${buildName(quoted.number)} is quoted at ${formatCentsExact(quote.totalCents)}${to ? `; the quote was emailed to ${to}` : ''}.`,
          };
        }),
      },
      {
        method: 'POST',
        path: /\/step$/,
        request: 'step',
        body: body('Give the build, the step it has reached and a note.'),
        answer: asStaff<Input<'step'>>(
          async (actor, { input: { build: id, step, note, photos } }) => {
            const at = now();
            const owner = (await buildNow(id))?.owner;
            if (!owner) return refusal('not-found', 'There is no such build.');
            // Each photo is a complete image the build's customer now hosts (the upload finished).
            for (const [index, sha256] of photos.entries()) {
              const held = await store.stat(owner, sha256);
              if (!held?.complete || !held.type?.startsWith('image/')) {
                return refusal(
                  'bad-request',
                  `Photo ${index + 1} has not finished uploading: add it again.`,
                );
              }
            }
            const stepped = await onBuild(id, async (build, stored, transaction) => {
              const problem = stepProblem(build.step, step);
              if (problem) return refusal('conflict', problem);
              const fields = steppedBuildFields(
                stored.data(),
                step,
                Timestamp.fromDate(at),
                note || null,
                photos,
              );
              transaction.update(stored.ref, fields);
              writeAudit(
                db,
                transaction,
                actor,
                {
                  action: 'build.step',
                  target: buildName(build.number),
                  detail: `${step === build.step ? `Note at ${buildSteps[step]}` : buildSteps[step]}${photos.length > 0 ? `, ${photos.length} photo${photos.length === 1 ? '' : 's'}` : ''}`,
                },
                at,
              );
              return readBuild(build.id, { ...stored.data(), ...fields })!;
            });
            if ('ok' in stepped) return stepped;
            const to = stepped.customerEmail;
            if (to) {
              await sendOrLog(
                send,
                stepMail(stepped, step, note || null, to, siteOrigin()),
                'step email',
              );
            }
            return {
              ok: true,
              build: stepped,
              message: `${buildName(stepped.number)}: ${buildSteps[step]}${note ? ', with the note' : ''}${to ? `; ${to} was emailed` : ''}.`,
            };
          },
        ),
      },
      {
        method: 'POST',
        path: /\/reply$/,
        request: 'reply',
        body: body('Give the build and the answer.'),
        answer: asStaff<Input<'reply'>>(async (actor, { input: { build: id, text } }) => {
          const at = now();
          const answered = await onBuild(id, async (build, stored, transaction) => {
            if (build.messages.length >= MESSAGES_MAX) {
              return refusal('too-many', BUILD_MESSAGES.messages);
            }
            const fields = messagedBuildFields(
              stored.data(),
              { id: db.collection(BUILDS).doc().id, from: 'company', text },
              Timestamp.fromDate(at),
            );
            transaction.update(stored.ref, fields);
            writeAudit(
              db,
              transaction,
              actor,
              {
                action: 'build.message',
                target: buildName(build.number),
                detail: text.slice(0, 200),
              },
              at,
            );
            return readBuild(build.id, { ...stored.data(), ...fields })!;
          });
          if ('ok' in answered) return answered;
          const to = answered.customerEmail;
          if (to) await sendOrLog(send, replyMail(answered, text, to, siteOrigin()), 'reply email');
          return {
            ok: true,
            build: answered,
            message: `Your answer is on ${buildName(answered.number)}'s thread${to ? ` and was emailed to ${to}` : ''}.`,
          };
        }),
      },
      {
        method: 'POST',
        path: /\/photo$/,
        request: 'photo',
        body: body('Give the build, and the photo’s SHA-256, size and name.'),
        answer: asStaff<Input<'photo'>>(async (_actor, { input: { build: id, ...file } }) => {
          const build = await buildNow(id);
          if (!build) return refusal('not-found', 'There is no such build.');
          return photoAnswer(
            await store.begin(build.owner, { ...file, field: 'imageFile', kind: 'image' }),
          );
        }),
      },
      {
        method: 'PUT',
        path: /\/photo\/([A-Za-z0-9_-]{1,64})\/([0-9a-f]{64})$/,
        body: {
          limit: CHUNK_BYTES,
          tooLarge: refusal('bad-request', `Send a chunk of at most ${CHUNK_BYTES} bytes.`),
        },
        answer: asStaff<undefined>(async (_actor, { request, match, body: bytes }) => {
          const offset = offsetOf(request);
          if (offset === null || bytes.length === 0) {
            return refusal(
              'bad-request',
              'Send PUT /api/desk/photo/<build>/<sha256>?offset=<n> with the bytes from n.',
            );
          }
          const build = await buildNow(match[1]!);
          if (!build) return refusal('not-found', 'There is no such build.');
          return photoAnswer(await store.append(build.owner, match[2]!, offset, bytes));
        }),
      },
      {
        method: 'POST',
        path: /\/reports$/,
        request: 'reports',
        body: body('The reports take no options.'),
        answer: asStaff<Input<'reports'>>(async () => {
          const waiting = await db
            .collection(REPORTS)
            .where('state', '==', 'open')
            .limit(DESK_RESULTS_MAX * 4)
            .get();
          const reports = waiting.docs
            .flatMap((document) => readReport(document.id, document.data()) ?? [])
            .sort((a, b) => b.at - a.at)
            .slice(0, DESK_RESULTS_MAX);
          return { ok: true, reports };
        }),
      },
      {
        method: 'POST',
        path: /\/close$/,
        request: 'close',
        body: body('Give the report and the reason it is closed.'),
        answer: asStaff<Input<'close'>>(async (actor, { input: { report: id, reason } }) => {
          const at = now();
          const ref = db.doc(reportPath(id));
          const closed = await db.runTransaction(async (transaction) => {
            const snapshot = await transaction.get(ref);
            const report = snapshot.exists ? readReport(id, snapshot.data()) : null;
            if (!report) return null;
            if (report.state === 'closed') return report;
            const fields = closedReportFields(
              actor.byEmail ?? actor.by,
              reason,
              Timestamp.fromDate(at),
            );
            transaction.update(ref, fields);
            writeAudit(
              db,
              transaction,
              actor,
              { action: 'report.closed', target: `/q/${report.link}`, reason },
              at,
            );
            return readReport(id, { ...snapshot.data(), ...fields });
          });
          if (!closed) return refusal('not-found', 'There is no such report.');
          return {
            ok: true,
            reports: [closed],
            message: `The report of /q/${closed.link} is closed.`,
          };
        }),
      },
      {
        method: 'POST',
        path: /\/audit$/,
        request: 'audit',
        body: body('The audit log takes no options.'),
        answer: asStaff<Input<'audit'>>(async () => {
          const latest = await db
            .collection(AUDIT)
            .orderBy('at', 'desc')
            .limit(DESK_AUDIT_MAX)
            .get();
          const entries = latest.docs.flatMap((document) => {
            const entry = readAuditEntry(document.id, document.data());
            return entry ? [entry] : [];
          });
          return { ok: true, entries };
        }),
      },
    ],
  });
}
