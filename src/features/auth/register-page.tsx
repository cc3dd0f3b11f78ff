import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import {
  authErrorCode,
  authErrorMessage,
  MIN_PASSWORD_LENGTH,
  validateRegistration,
  type FieldErrors,
} from '../../domain/auth-errors';
import { register } from '../../lib/auth/session';
import { Field, FormAlert, PasswordField } from '../../lib/ui/field';
import { useOnline } from '../../lib/use-online';
import { AuthCard } from './auth-card';
import { useReturnPath } from './return-path';

type RegisterField = 'displayName' | 'email' | 'password' | 'confirmPassword';
const blank: Record<RegisterField, string> = {
  displayName: '',
  email: '',
  password: '',
  confirmPassword: '',
};

/** Where Firebase's answer belongs: next to the field it is about, or over the whole form. */
const fieldOfCode: Partial<Record<string, RegisterField>> = {
  'auth/email-already-in-use': 'email',
  'auth/invalid-email': 'email',
  'auth/weak-password': 'password',
};

export default function RegisterPage() {
  const online = useOnline();
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const [values, setValues] = useState(blank);
  const [errors, setErrors] = useState<FieldErrors<RegisterField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const bind = (field: RegisterField) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateRegistration(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      await register(values.displayName.trim(), values.email.trim(), values.password);
      navigate(returnPath, { replace: true });
    } catch (error) {
      const code = authErrorCode(error);
      const field = code ? fieldOfCode[code] : undefined;
      const message = authErrorMessage(error, 'Could not create your account. Please try again.');
      if (field) setErrors({ [field]: message });
      else setFailure(message);
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Create an account">
      {online ? null : (
        <FormAlert tone="info">
          You are offline. Creating an account needs an internet connection.
        </FormAlert>
      )}
      <form className="auth-form" onSubmit={submit} noValidate>
        <Field label="Name" autoComplete="name" required {...bind('displayName')} />
        <Field label="Email" type="email" autoComplete="email" required {...bind('email')} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          required
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          {...bind('password')}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          required
          {...bind('confirmPassword')}
        />
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? 'Creating account...' : 'Register'}
        </button>
      </form>
      <p className="auth-card__footer">
        Already have an account?{' '}
        <Link to={paths.login} state={{ from: returnPath }}>
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
