// The send sequence of one emailed code, as the form starts it: make the code's files, keep the
// request on the device (so it still goes if the connection is gone), send it, and say how that
// ended. Where IndexedDB cannot be used it is sent without a safety copy. The form only turns the
// outcome into words (as the contact form does with src/lib/outbox/submit.ts).
import { hourlyLimitMessage, mailMessages, type CodeMail } from '../../../domain/mail';
import { canonicalTarget } from '../../../domain/qr/target';
import { uniqueId } from '../../../lib/compat';
import { DownloadError } from '../render/downloads';
import type { RenderedCode } from '../render/render-code';
import { codeMailFiles } from './code-files';
import {
  deliverMailSoon,
  sendStoredMail,
  sendUnstoredMail,
  storeMail,
  type MailSend,
} from './mail-outbox';

export type CodeMailOutcome =
  | { readonly result: 'sent' }
  /** Kept on the device: no connection ('queued') or trouble at the server; it goes by itself. */
  | { readonly result: 'queued' | 'trouble'; readonly id: string }
  /** No connection, and nothing could keep it. */
  | { readonly result: 'unkept' }
  /** Not sent, and not kept: why (`recipient`: the address is the problem). */
  | { readonly result: 'failed'; readonly message: string; readonly recipient?: boolean };

/** The message of a refusal: the hourly limit in the device's own time. */
function refusalMessage(outcome: Extract<MailSend, { result: 'refused' }>): string {
  const answer = outcome.answer;
  if (answer?.problem === 'too-many' && answer.retryAt) {
    return hourlyLimitMessage(new Date(answer.retryAt));
  }
  return answer?.message ?? mailMessages.unavailable;
}

/** Where the code leads, when it is a web address the server will accept to name. */
function linkOf(text: string): string | undefined {
  const check = canonicalTarget(text, { siteHosts: [window.location.host] });
  return check.ok ? check.href : undefined;
}

export async function sendCodeMail({
  to,
  uid,
  code,
  name,
  text,
}: {
  to: string;
  uid: string;
  code: RenderedCode;
  name: string;
  /** What the code holds. */
  text: string;
}): Promise<CodeMailOutcome> {
  let mail: CodeMail;
  try {
    const link = linkOf(text);
    mail = {
      id: uniqueId(),
      to,
      name,
      ...(link ? { link } : {}),
      ...(await codeMailFiles(code, name)),
    };
  } catch (problem) {
    if (!(problem instanceof DownloadError)) console.error(problem);
    return {
      result: 'failed',
      message:
        problem instanceof DownloadError
          ? problem.message
          : 'The code’s files could not be made. Please try again.',
    };
  }
  const stored = await storeMail(mail, uid).then(
    () => true,
    () => false,
  );
  const outcome = stored
    ? await sendStoredMail(mail.id).catch((): MailSend => ({ result: 'queued' }))
    : await sendUnstoredMail(mail, uid);
  if (outcome.result === 'refused') {
    return {
      result: 'failed',
      message: refusalMessage(outcome),
      recipient: outcome.answer?.problem === 'bad-recipient',
    };
  }
  if (outcome.result === 'sent') return { result: 'sent' };
  if (!stored) {
    return outcome.result === 'queued'
      ? { result: 'unkept' }
      : { result: 'failed', message: mailMessages.unavailable };
  }
  if (outcome.result === 'trouble') deliverMailSoon();
  return { result: outcome.result, id: mail.id };
}
