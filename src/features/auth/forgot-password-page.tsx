import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { authErrorCode, authErrorMessage } from '../../domain/auth-errors';
import { resetForm } from '../../domain/auth-forms';
import { sendPasswordReset } from '../../lib/auth/session';
import { FormAlert, FormField } from '../../lib/ui/field';
import { useForm } from '../../lib/ui/use-form';
import { AuthCard } from './auth-card';

const SENT = "If an account exists for that email, we've sent a link to reset your password.";

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const { formRef, bind, check } = useForm(resetForm, { email }, (_, value) => setEmail(value));
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = check();
    setFailure(null);
    setSent(false);
    if (!checked.ok) return;
    setSending(true);
    try {
      await sendPasswordReset(checked.values.email);
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
      <form ref={formRef} className="auth-form" onSubmit={submit} noValidate>
        <FormField {...bind('email')} />
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
