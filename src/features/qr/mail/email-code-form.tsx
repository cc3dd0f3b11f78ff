import { useEffect, useState, type FormEvent } from 'react';
import { emailField, type FormSpec } from '../../../domain/form';
import { mailMessages } from '../../../domain/mail';
import { useAuth } from '../../../lib/auth/session';
import { FormAlert, FormField, StatusMessage } from '../../../lib/ui/field';
import { useForm } from '../../../lib/ui/use-form';
import { startMailDelivery } from './mail-outbox';
import { sendCodeMail } from './send-code-mail';
import { useMailSettled, useWaitingMail } from './use-waiting-mail';
import { WaitingMail } from './waiting-mail';
import './email-code-form.css';

const codeEmailForm: FormSpec<'email'> = { email: emailField };

type Status =
  | { readonly kind: 'idle' }
  | { readonly kind: 'sending' }
  | { readonly kind: 'sent' | 'queued' | 'trouble' | 'unkept'; readonly to: string }
  | { readonly kind: 'error'; readonly message: string };

/** What the form says of a send that has left it, described once. */
const statusText: Record<
  Exclude<Status['kind'], 'idle' | 'sending' | 'error'>,
  (to: string) => string
> = {
  sent: (to) => `Sent to ${to}.`,
  queued: (to) =>
    `You are offline: the email to ${to} is kept on this device and goes when you are back online.`,
  trouble: (to) =>
    `The email could not be sent just now, so it is kept on this device: it goes to ${to} by itself in a few minutes.`,
  // IndexedDB cannot be used here (site data blocked, or storage full): nothing can wait.
  unkept: (to) =>
    `You are offline, and this browser cannot keep the email to ${to} to send later. Please try again once you are back online.`,
};

/** What the live region says of `status` (an error is an alert of its own). */
function statusMessage(status: Status): string | null {
  if (status.kind === 'sending') return 'Sending…';
  if (status.kind === 'idle' || status.kind === 'error') return null;
  return statusText[status.kind](status.to);
}

/**
 * "Receive by email": the site emails the code, with its PNG, SVG and PDF, to the address given
 * (the Cloud Function `mail`, which draws them from the saved code). The code is saved first
 * (`save`, which the page gives: it resolves to the saved code's id and the workspace it is saved
 * in, or throws an Error whose message is shown), then the request is kept on the device, so one
 * made offline goes once the connection is back (mail/mail-outbox.ts); the form says how each
 * send ended, and keeps what was typed.
 */
export function EmailCodeForm({
  initialEmail,
  name,
  save,
}: {
  initialEmail: string;
  /** The code's name, to list the email while it waits on the device. */
  name: string;
  /**
   * Saves the code as it is on the page (offline too); resolves to its id and the workspace it is
   * saved in (a team's code is emailed as the team's: the server checks the sender's role there).
   */
  save: () => Promise<{ id: string; workspace: string }>;
}) {
  const { user } = useAuth();
  const [email, setEmail] = useState(initialEmail);
  const { formRef, bind, check, setError } = useForm(codeEmailForm, { email }, (_, value) =>
    setEmail(value),
  );
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // The request this form sent last, while it waits on the device: its fate is the form's status
  // (the list below shows the rest).
  const [kept, setKept] = useState<{ id: string; to: string } | null>(null);
  const waiting = useWaitingMail(user?.uid ?? null).filter((entry) => entry.id !== kept?.id);
  useMailSettled(kept?.id ?? null, (refusal) => {
    setStatus(
      refusal === null ? { kind: 'sent', to: kept!.to } : { kind: 'error', message: refusal },
    );
    setKept(null);
  });
  useEffect(startMailDelivery, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (status.kind === 'sending') return;
    const checked = check();
    if (!checked.ok) {
      setStatus({ kind: 'idle' });
      return;
    }
    if (!user) {
      setStatus({ kind: 'error', message: mailMessages.signedOut });
      return;
    }
    const to = checked.values.email;
    setStatus({ kind: 'sending' });
    let saved: { id: string; workspace: string };
    try {
      saved = await save();
    } catch (problem) {
      setStatus({
        kind: 'error',
        message:
          problem instanceof Error && problem.message
            ? problem.message
            : 'The code could not be saved to send it. Please try again.',
      });
      return;
    }
    const outcome = await sendCodeMail({
      to,
      uid: user.uid,
      workspace: saved.workspace,
      code: saved.id,
      name,
    });
    if (outcome.result === 'failed') {
      if (outcome.recipient) setError('email', outcome.message);
      setStatus({ kind: 'error', message: outcome.message });
      return;
    }
    if (outcome.result === 'queued' || outcome.result === 'trouble') {
      setKept({ id: outcome.id, to });
    }
    setStatus({ kind: outcome.result, to });
  };

  return (
    <form
      ref={formRef}
      className="qr-demo__email"
      onSubmit={submit}
      noValidate
      aria-label="Email this code"
    >
      <p className="qr-demo__email-note">
        Sending it saves the code to My QR Codes: the email carries the code as it is saved.
      </p>
      <FormField {...bind('email')} />
      <button type="submit" className="button" aria-disabled={status.kind === 'sending'}>
        Submit
      </button>
      {status.kind === 'error' ? <FormAlert>{status.message}</FormAlert> : null}
      <StatusMessage message={statusMessage(status)} />
      <WaitingMail entries={waiting} />
    </form>
  );
}
