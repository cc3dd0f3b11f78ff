// POST /api/mail/code (the protocol: src/domain/mail.ts): emails a finished code, with its PNG,
// SVG and PDF attached, to one address. The bearer of a Firebase ID token of an account whose
// email address is verified may send MAIL_PER_HOUR an hour: the server counts them in
// mail/{uid} (no client reads or writes it), in a transaction, so two requests at once cannot
// both take the last one. Everything is checked before anything is counted, a message the SMTP
// server did not take is not counted, and a request sent again (the page's outbox retrying after
// a lost answer) is answered without a second email. Answers JSON (MailAnswer).
import {
  checkRecipient,
  fileProblem,
  hourlyLimitMessage,
  MAIL_BODY_MAX,
  MAIL_NAME_MAX,
  mailHour,
  mailMessages,
  mailProblemStatus,
  oversizedFile,
  planMail,
  releaseMail,
  type CodeMailFiles,
  type MailAnswer,
  type MailCounter,
} from '../../src/domain/mail';
import { isBlockedHost, type Blocklist } from '../../src/domain/qr/blocklist';
import { canonicalTarget } from '../../src/domain/qr/target';
import { FieldValue, type Auth, type Firestore } from './admin';
import { callerOf } from './caller';
import {
  acceptApiRequest,
  header,
  jsonObject,
  readBody,
  refusal,
  requestPath,
  sendJson,
  type HttpRequest,
  type HttpResponse,
} from './http';
import { codeMail } from './mail-message';
import { MailNotConfigured, type SendMail } from './mail-transport';
import { siteHosts, siteOrigin } from './site';

/** Request ids as the page makes them (random UUIDs), with room to spare. */
const REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function send(response: HttpResponse, answer: MailAnswer) {
  sendJson(response, answer.ok ? 200 : mailProblemStatus[answer.problem], answer);
}

/** A request whose every part has been checked. */
interface CheckedMail {
  readonly id: string;
  readonly to: string;
  readonly name: string;
  readonly link: string | null;
  readonly files: CodeMailFiles & { readonly png: Buffer; readonly pdf: Buffer };
}

const decoded = (value: unknown): Buffer | null =>
  typeof value === 'string' && value.length % 4 === 0 && BASE64.test(value)
    ? Buffer.from(value, 'base64')
    : null;

/** The request from its body, or the answer that refuses it. */
function checkedMail(
  body: Buffer,
  request: HttpRequest,
  blocklist: Blocklist,
): CheckedMail | MailAnswer {
  const fields = jsonObject(body);
  if (!fields) {
    return refusal(
      'bad-request',
      'Send {"id", "to", "name", "link"?, "png", "svg", "pdf"} as JSON (png and pdf in base64).',
    );
  }
  const { id, to, name, link, png, svg, pdf } = fields;
  if (typeof id !== 'string' || !REQUEST_ID.test(id)) {
    return refusal('bad-request', '"id" names the request: 8 to 64 letters, digits, - or _.');
  }
  const recipient = checkRecipient(to);
  if (!recipient.ok) return refusal('bad-recipient', recipient.message);
  if (typeof name !== 'string' || name.length > MAIL_NAME_MAX) {
    return refusal(
      'bad-request',
      `"name" is the code's name: at most ${MAIL_NAME_MAX} characters.`,
    );
  }
  let target: string | null = null;
  if (link !== undefined && link !== null) {
    if (typeof link !== 'string') return refusal('bad-request', '"link" is a web address.');
    // The code's web address as a short link would keep it, or the site's own short link.
    const check = canonicalTarget(link, { siteHosts: siteHosts(request) });
    if (!check.ok && check.problem !== 'short-link-loop')
      return refusal('bad-request', check.message);
    const url = new URL(link.trim());
    if (isBlockedHost(url.hostname, blocklist)) {
      return refusal('blocked-link', mailMessages.blockedLink);
    }
    target = check.ok ? check.href : url.href;
  }
  const pngBytes = decoded(png);
  const pdfBytes = decoded(pdf);
  if (!pngBytes || !pdfBytes || typeof svg !== 'string') {
    return refusal('bad-file', '"png" and "pdf" are the files in base64, "svg" the SVG as text.');
  }
  const files = { png: pngBytes, svg, pdf: pdfBytes };
  const oversized = oversizedFile(files);
  if (oversized) return refusal('too-large', mailMessages.tooLarge(oversized));
  const problem = fileProblem(files);
  if (problem) return refusal('bad-file', problem);
  return { id, to: recipient.value, name, link: target, files };
}

const isAnswer = (value: CheckedMail | MailAnswer): value is MailAnswer => 'ok' in value;

export function createMailApi({
  db,
  auth,
  send: sendMail,
  blocklist,
  now = () => new Date(),
}: {
  db: Firestore;
  auth: Auth;
  /** Hands a message to the SMTP server (mail-transport.ts). */
  send: SendMail;
  /** Hosts a code that is emailed may not lead to (the short links' blocklist). */
  blocklist: Blocklist;
  now?: () => Date;
}) {
  const counterOf = (uid: string) => db.collection('mail').doc(uid);

  /** Counts request `id` for `uid` at `at`, unless the hour's limit is reached or it is a repeat. */
  const count = (uid: string, id: string, at: Date) =>
    db.runTransaction(async (transaction) => {
      const ref = counterOf(uid);
      const snapshot = await transaction.get(ref);
      const plan = planMail((snapshot.data() as MailCounter | undefined) ?? null, id, at);
      if (plan.kind === 'send') {
        transaction.set(ref, { ...plan.counter, updatedAt: FieldValue.serverTimestamp() });
      }
      return plan;
    });

  /** Gives back what `count` took for a message the SMTP server did not take. */
  const release = (uid: string, id: string, at: Date) =>
    db.runTransaction(async (transaction) => {
      const ref = counterOf(uid);
      const counter = (await transaction.get(ref)).data() as MailCounter | undefined;
      if (!counter) return;
      transaction.set(ref, {
        ...releaseMail(counter, id, mailHour(at)),
        updatedAt: FieldValue.serverTimestamp(),
      });
    });

  return async function answerMailRequest(request: HttpRequest, response: HttpResponse) {
    if (!acceptApiRequest(request, response, ['POST'])) return;
    const path = requestPath(request);
    if (!path.endsWith('/code')) {
      send(response, refusal('bad-request', 'Send the code to POST /api/mail/code.'));
      return;
    }
    const caller = await callerOf(auth, request);
    if (!caller) {
      send(response, refusal('unauthenticated', mailMessages.signedOut));
      return;
    }
    if (!caller.verified) {
      send(response, refusal('unverified', mailMessages.unverified));
      return;
    }
    const tooLarge = refusal('too-large', mailMessages.bodyTooLarge);
    if (Number(header(request, 'content-length') ?? 0) > MAIL_BODY_MAX) {
      send(response, tooLarge);
      return;
    }
    const body = await readBody(request, MAIL_BODY_MAX).catch(() => null);
    if (!body) {
      send(response, tooLarge);
      return;
    }
    const mail = checkedMail(body, request, blocklist);
    if (isAnswer(mail)) {
      send(response, mail);
      return;
    }
    const at = now();
    try {
      const plan = await count(caller.uid, mail.id, at);
      if (plan.kind === 'repeat') {
        send(response, { ok: true, to: mail.to, repeat: true });
        return;
      }
      if (plan.kind === 'refuse') {
        send(response, {
          ok: false,
          problem: 'too-many',
          message: hourlyLimitMessage(plan.retryAt, 'UTC'),
          retryAt: plan.retryAt.toISOString(),
        });
        return;
      }
    } catch (error) {
      logError('mail counter failed', caller.uid, error);
      send(response, refusal('unavailable', mailMessages.unavailable));
      return;
    }
    try {
      await sendMail(
        codeMail({
          to: mail.to,
          name: mail.name,
          link: mail.link,
          ...mail.files,
          origin: siteOrigin(),
        }),
      );
    } catch (error) {
      await release(caller.uid, mail.id, at).catch((problem: unknown) =>
        logError('mail counter not released', caller.uid, problem),
      );
      const unset = error instanceof MailNotConfigured;
      logError(unset ? error.message : 'mail not sent', caller.uid, error);
      send(
        response,
        refusal('unavailable', unset ? mailMessages.notConfigured : mailMessages.unavailable),
      );
      return;
    }
    send(response, { ok: true, to: mail.to });
  };
}

function logError(message: string, uid: string, error: unknown) {
  console.error(JSON.stringify({ severity: 'ERROR', message, uid, error: String(error) }));
}
