import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { authErrorCode, authErrorMessage, validateEmail } from '../../domain/auth-errors';
import { sendPasswordReset } from '../../lib/auth/session';
import { EmailField, FormAlert } from '../../lib/ui/field';
import { AuthCard } from './auth-card';

const SENT = "If an account exists for that email, we've sent a link to reset your password.";

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const emailError = validateEmail(email);
    setError(emailError);
    setFailure(null);
    setSent(false);
    if (emailError) return;
    setSending(true);
    try {
      await sendPasswordReset(email.trim());
      setSent(true);
    } catch (reason) {
      // Whether an account exists is nobody's business: an unknown email reads as sent.
      if (authErrorCode(reason) === 'auth/user-not-found') setSent(true);
      else setFailure(authErrorMessage(reason, 'Could not send the email. Please try again.'));
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthCard title="Reset your password">
      <p>
        Enter the email address of your account and we will send you a link to choose a new
        password.
      </p>
      <form className="auth-form" onSubmit={submit} noValidate>
        <EmailField value={email} onValue={setEmail} error={error} />
        {sent ? <FormAlert tone="info">{SENT}</FormAlert> : null}
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <button type="submit" className="button" disabled={sending}>
          {sending ? 'Sending...' : 'Send reset link'}
        </button>
      </form>
      <p className="auth-card__footer">
        <Link to={paths.login}>Back to login</Link>
      </p>
    </AuthCard>
  );
}
