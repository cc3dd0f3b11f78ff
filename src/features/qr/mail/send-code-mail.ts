// The send sequence of one emailed code, as the form starts it once the code is saved: keep the
// request on the device (so it still goes if the connection is gone), send it, and say how that
// ended. Where IndexedDB cannot be used it is sent without a safety copy. The request names the
// saved code; the server draws its files. The form only turns the outcome into words (as the
// contact form does with src/lib/outbox/submit.ts).
import { mailMessages, type CodeMail } from '../../../domain/mail';
import { uniqueId } from '../../../lib/compat';
import {
  deliverMailSoon,
  refusalMessage,
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

export async function sendCodeMail({
  to,
  uid,
  workspace,
  code,
  name,
}: {
  to: string;
  uid: string;
  /** The workspace the code is saved in (the account's own, or a team's). */
  workspace: string;
  /** The id of the saved code to email. */
  code: string;
  /** The code's name, to list the email while it waits on the device. */
  name: string;
}): Promise<CodeMailOutcome> {
  const mail: CodeMail = { id: uniqueId(), to, code };
  const sender = { uid, workspace };
  const stored = await storeMail(mail, sender, name).then(
    () => true,
    () => false,
  );
  const outcome = stored
    ? await sendStoredMail(mail.id).catch((): MailSend => ({ result: 'queued' }))
    : await sendUnstoredMail(mail, sender);
  if (outcome.result === 'refused') {
    return {
      result: 'failed',
      message: refusalMessage(outcome.answer),
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
