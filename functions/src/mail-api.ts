// POST /api/mail/code (the protocol: src/domain/mail.ts): emails a code the account has saved,
// with its PNG, SVG and PDF attached, to one address. The request names the saved code and the
// address, nothing else: the server reads the code as the caller's own (mail-code.ts), draws its
// three files itself from the saved design (code-files.ts) and writes every word of the message
// (mail-message.ts), so the company's mail carries only what the product drew. The bearer of a
// Firebase ID token of an account whose email address is verified may send MAIL_PER_HOUR an hour,
// to MAIL_RECIPIENTS_PER_DAY different addresses a day: the server counts both in mail/{uid} (no
// client reads or writes it), in one transaction, so two requests at once cannot both take the
// last place. Everything is checked before anything is counted, a message that could not be drawn
// or that the SMTP server did not take is not counted, and a request sent again (the page's outbox
// retrying after a lost answer) is answered without a second email. Answers JSON as mailApi
// (src/domain/mail.ts) describes it.
//
// The code may be a workspace's (the request's `workspace`; absent, the caller's own account):
// the caller's role there must let them see its codes (workspace.ts: a viewer may email one, as
// they may download it), read from their member document at every request. The limits are the
// workspace's, so a team does not multiply them by inviting viewers, who are free.
import { createHash } from 'node:crypto';
import {
  checkRecipient,
  hourlyLimitMessage,
  MAIL_BODY_MAX,
  mailHour,
  mailApi,
  mailMessages,
  planMail,
  recipientLimitMessage,
  releaseMail,
  type MailAnswer,
} from '../../src/domain/mail';
import type { Blocklist } from '../../src/domain/qr/blocklist';
import { mailCounterPath, readMailCounter } from '../../src/domain/records/mail';
import { FieldValue, type Auth, type Firestore } from './admin';
import { serveApi } from './api-handler';
import { codeFiles } from './code-files';
import { refusal } from './http';
import { mailCode } from './mail-code';
import { codeMail } from './mail-message';
import { MailNotConfigured, type SendMail } from './mail-transport';
import { siteHosts, siteOrigin } from './site';
import { mayActIn, notAllowed, workspaceOf } from './workspace';

/** A request whose every part has been checked. */
interface CheckedMail {
  readonly id: string;
  readonly to: string;
  readonly code: string;
}

/**
 * The counter's key of an address: a hash of the account and the address (in lower case, as mail
 * servers read it), so the counter never holds an address and one account's keys say nothing of
 * another's.
 */
export const recipientKey = (uid: string, to: string): string =>
  createHash('sha256').update(`${uid}\n${to.toLowerCase()}`).digest('base64url').slice(0, 16);

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
  const counterOf = (uid: string) => db.doc(mailCounterPath(uid));

  /**
   * Counts request `id` for `uid` at `at`, to the address keyed `recipient`, unless a limit is
   * reached or it is a repeat.
   */
  const count = (uid: string, id: string, recipient: string, at: Date) =>
    db.runTransaction(async (transaction) => {
      const ref = counterOf(uid);
      const snapshot = await transaction.get(ref);
      const plan = planMail(readMailCounter(snapshot.data()), id, at, recipient);
      if (plan.kind === 'send') {
        transaction.set(ref, { ...plan.counter, updatedAt: FieldValue.serverTimestamp() });
      }
      return plan;
    });

  /** Gives back what `count` took (and the address's place, if it took one) for a message not sent. */
  const release = (uid: string, id: string, recipient: string | null, at: Date) =>
    db.runTransaction(async (transaction) => {
      const ref = counterOf(uid);
      const counter = readMailCounter((await transaction.get(ref)).data());
      if (!counter) return;
      transaction.set(ref, {
        ...releaseMail(counter, id, mailHour(at), recipient),
        updatedAt: FieldValue.serverTimestamp(),
      });
    });

  /**
   * Emails the checked request `mail` for the workspace `uid` (its code, counted against its
   * limits), unless a limit or the code says no.
   */
  async function sendChecked(
    uid: string,
    mail: CheckedMail,
    hosts: readonly string[],
  ): Promise<MailAnswer> {
    const origin = siteOrigin();
    const at = now();
    const recipient = recipientKey(uid, mail.to);
    let newRecipient = false;
    try {
      const code = await mailCode(db, uid, mail.code, { origin, hosts }, blocklist);
      if (!code.ok) return refusal(code.problem, problemMessages[code.problem]);
      const plan = await count(uid, mail.id, recipient, at);
      if (plan.kind === 'repeat') return { ok: true, to: mail.to, repeat: true };
      if (plan.kind === 'refuse') {
        const recipients = plan.limit === 'recipients';
        return {
          ok: false,
          problem: recipients ? 'too-many-recipients' : 'too-many',
          message: (recipients ? recipientLimitMessage : hourlyLimitMessage)(plan.retryAt, 'UTC'),
          retryAt: plan.retryAt.toISOString(),
        };
      }
      newRecipient = plan.newRecipient;
      const drawn = await codeFiles(code.design, code.text, code.name);
      if (!drawn.ok) {
        await release(uid, mail.id, newRecipient ? recipient : null, at);
        logError(`code not drawn: ${drawn.message}`, uid, mail.code);
        return refusal('undrawable', drawn.message);
      }
      await sendMail(
        codeMail({ to: mail.to, name: code.name, link: code.link, ...drawn.files, origin }),
      );
    } catch (error) {
      // Not sent: what was counted is given back, and the answer says whether to try again.
      await release(uid, mail.id, newRecipient ? recipient : null, at).catch((problem: unknown) =>
        logError('mail counter not released', uid, problem),
      );
      const unset = error instanceof MailNotConfigured;
      logError(unset ? error.message : 'mail not sent', uid, error);
      return refusal('unavailable', unset ? mailMessages.notConfigured : mailMessages.unavailable);
    }
    return { ok: true, to: mail.to };
  }

  return serveApi(mailApi, {
    auth,
    signedOut: mailMessages.signedOut,
    unavailable: mailMessages.unavailable,
    otherPath: refusal('bad-request', 'Send the code to POST /api/mail/code.'),
    routes: [
      {
        method: 'POST',
        path: /\/code$/,
        request: 'code',
        unverified: mailMessages.unverified,
        body: {
          limit: MAIL_BODY_MAX,
          tooLarge: refusal('too-large', mailMessages.bodyTooLarge),
          notJson: refusal(
            'bad-request',
            'Send {"id", "to", "code"} as JSON: the request\'s id, the address and the saved code\'s id.',
          ),
        },
        async answer({ caller, input: { id, to, code, workspace }, request }): Promise<MailAnswer> {
          const recipient = checkRecipient(to);
          if (!recipient.ok) return refusal('bad-recipient', recipient.message);
          const acting = await mayActIn(db, caller, workspaceOf(caller, workspace), 'codes.read');
          if (!acting) return notAllowed();
          const mail = { id, to: recipient.value, code };
          return sendChecked(acting.workspace, mail, siteHosts(request));
        },
      },
    ],
  });
}

/** What the answer says of a code that cannot be emailed as it is. */
const problemMessages = {
  'no-code': mailMessages.noCode,
  'not-ready': mailMessages.notReady,
  'blocked-link': mailMessages.blockedLink,
  undrawable: mailMessages.undrawable,
} as const;

function logError(message: string, uid: string, error: unknown) {
  console.error(JSON.stringify({ severity: 'ERROR', message, uid, error: String(error) }));
}
