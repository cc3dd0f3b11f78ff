import { useState, type FormEvent } from 'react';
import { validateEmail } from '../../domain/auth-errors';
import { mailLink } from '../../domain/mail-link';
import { EmailField, FormAlert } from '../../lib/ui/field';
import { codeEmail } from './demo-content';

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
  const [error, setError] = useState<string | undefined>();
  const [draft, setDraft] = useState<{ to: string; href: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateEmail(email);
    setError(problem);
    if (problem) {
      setDraft(null);
      return;
    }
    const to = email.trim();
    const href = mailLink({ to, subject: codeEmail.subject, body: codeEmail.body(codeTarget) });
    setDraft({ to, href });
    window.location.href = href;
  };

  return (
    <form className="qr-demo__email" onSubmit={submit} noValidate aria-label="Email this code">
      <EmailField value={email} onValue={setEmail} error={error} />
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
