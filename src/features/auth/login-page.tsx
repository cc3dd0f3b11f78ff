import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { authErrorMessage, validateEmail, type FieldErrors } from '../../domain/auth-errors';
import { logIn, useAuth } from '../../lib/auth/session';
import { EmailField, FormAlert, PasswordField } from '../../lib/ui/field';
import { useOnline } from '../../lib/use-online';
import { AuthCard } from './auth-card';
import { GoogleButton } from '../../lib/auth/google-button';
import { useReturnPath } from './return-path';

type LoginField = 'email' | 'password';

export default function LoginPage() {
  const { user } = useAuth();
  const online = useOnline();
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<LoginField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const done = () => navigate(returnPath, { replace: true });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors<LoginField> = {};
    const emailError = validateEmail(email);
    if (emailError) found.email = emailError;
    if (!password) found.password = 'Please enter your password.';
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      await logIn(email.trim(), password);
      done();
    } catch (error) {
      setFailure(authErrorMessage(error));
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Login">
      {user && !submitting ? (
        <FormAlert tone="info">
          You are signed in as {user.email}. <Link to={paths.profile}>Go to your profile</Link>.
        </FormAlert>
      ) : null}
      {online ? null : (
        <FormAlert tone="info">
          You are offline. Signing in needs an internet connection; reconnect to log in.
        </FormAlert>
      )}
      <form className="auth-form" onSubmit={submit} noValidate>
        <EmailField value={email} onValue={setEmail} error={errors.email} />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
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
