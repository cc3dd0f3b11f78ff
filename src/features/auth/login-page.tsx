import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { ACCOUNT_DELETED_MESSAGE, SESSION_ENDED_MESSAGE } from '../../domain/account-api';
import { authErrorMessage } from '../../domain/auth-errors';
import { loginForm } from '../../domain/auth-forms';
import { logIn, sessionEndedHere, useAuth } from '../../lib/auth/session';
import { FormAlert, FormField } from '../../lib/ui/field';
import { useForm } from '../../lib/ui/use-form';
import { useOnline } from '../../lib/use-online';
import { AuthCard } from './auth-card';
import { GoogleButton } from '../../lib/auth/google-button';
import { useReturnPath } from './return-path';

const blank = { email: '', password: '' };

export default function LoginPage() {
  const { user } = useAuth();
  const online = useOnline();
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  // The account page comes here once it has deleted the account, with the server's words for
  // what it did (its workspace gone, or kept for its other owners).
  const { state } = useLocation() as { state: { accountDeleted?: unknown } | null };
  const deletedMessage =
    typeof state?.accountDeleted === 'string'
      ? state.accountDeleted
      : state?.accountDeleted === true
        ? ACCOUNT_DELETED_MESSAGE
        : null;
  const accountDeleted = deletedMessage !== null;
  // The server ended this device's session (signed out everywhere from another device).
  const [sessionEnded] = useState(sessionEndedHere);
  const [values, setValues] = useState(blank);
  const { formRef, bind, check } = useForm(loginForm, values, (name, value) =>
    setValues((current) => ({ ...current, [name]: value })),
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const done = () => navigate(returnPath, { replace: true });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = check();
    setFailure(null);
    if (!checked.ok) return;
    setSubmitting(true);
    try {
      await logIn(checked.values.email, checked.values.password);
      done();
    } catch (error) {
      setFailure(authErrorMessage(error));
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Login">
      {accountDeleted && !user ? <FormAlert tone="info">{deletedMessage}</FormAlert> : null}
      {sessionEnded && !accountDeleted && !user ? (
        <FormAlert tone="info">{SESSION_ENDED_MESSAGE}</FormAlert>
      ) : null}
      {user && !submitting && !accountDeleted ? (
        <FormAlert tone="info">
          You are signed in as {user.email}. <Link to={paths.profile}>Go to your profile</Link>.
        </FormAlert>
      ) : null}
      {online ? null : (
        <FormAlert tone="info">
          You are offline. Signing in needs an internet connection; reconnect to log in.
        </FormAlert>
      )}
      <form ref={formRef} className="auth-form" onSubmit={submit} noValidate>
        <FormField {...bind('email')} />
        <FormField {...bind('password')} />
        <p className="auth-form__aside">
          <Link to={paths.forgotPassword}>Forgot Password?</Link>
        </p>
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? 'Logging in...' : 'Login'}
        </button>
      </form>
      <p className="or-divider">or</p>
      <GoogleButton onDone={done} />
      <p className="auth-card__footer">
        New here?{' '}
        <Link to={paths.register} state={{ from: returnPath }}>
          Register
        </Link>
      </p>
    </AuthCard>
  );
}
