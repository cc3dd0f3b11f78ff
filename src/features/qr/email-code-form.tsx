import { useState, type FormEvent } from 'react';
import { emailField, type FormSpec } from '../../domain/form';
import { mailLink } from '../../domain/mail-link';
import { FormAlert, FormField } from '../../lib/ui/field';
import { useForm } from '../../lib/ui/use-form';
import { codeEmail } from './demo-content';

const codeEmailForm: FormSpec<'email'> = { email: emailField };

/**
 * "Receive by email". The site has no mail server of its own, so Submit opens the person's own
 * email app with the message addressed and written, and leaves a link in case nothing opened.
 */
export function EmailCodeForm({
  initialEmail,
  codeTarget,
}: {
  initialEmail: string;
  codeTarget: string;
}) {
  const [email, setEmail] = useState(initialEmail);
  const { formRef, bind, check } = useForm(codeEmailForm, { email }, (_, value) => setEmail(value));
  const [draft, setDraft] = useState<{ to: string; href: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = check();
    if (!checked.ok) {
      setDraft(null);
      return;
    }
    const to = checked.values.email;
    const href = mailLink({ to, subject: codeEmail.subject, body: codeEmail.body(codeTarget) });
    setDraft({ to, href });
    window.location.href = href;
  };

  return (
    <form
      ref={formRef}
      className="qr-demo__email"
      onSubmit={submit}
      noValidate
      aria-label="Email this code"
    >
      <FormField {...bind('email')} />
      <button type="submit" className="button">
        Submit
      </button>
      {draft ? (
        <FormAlert tone="info">
          Your email app should open with the code ready to send to {draft.to}. Nothing opened?{' '}
          <a href={draft.href}>Open the message</a>.
        </FormAlert>
      ) : null}
    </form>
  );
}
