import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { authErrorCode, authErrorMessage } from '../../domain/auth-errors';
import { passwordsMatch, registerForm, type RegisterField } from '../../domain/auth-forms';
import { register } from '../../lib/auth/session';
import { FormAlert, FormField } from '../../lib/ui/field';
import { useForm } from '../../lib/ui/use-form';
import { useOnline } from '../../lib/use-online';
import { AuthCard } from './auth-card';
import { useReturnPath } from './return-path';

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
  const { formRef, bind, check, setError } = useForm(
    registerForm,
    values,
    (name, value) => setValues((current) => ({ ...current, [name]: value })),
    { rule: passwordsMatch },
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = check();
    setFailure(null);
    if (!checked.ok) return;
    const { displayName, email, password } = checked.values;
    setSubmitting(true);
    try {
      await register(displayName, email, password);
      navigate(returnPath, { replace: true });
    } catch (error) {
      const code = authErrorCode(error);
      const field = code ? fieldOfCode[code] : undefined;
      const message = authErrorMessage(error, 'Could not create your account. Please try again.');
      if (field) setError(field, message);
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
      <form ref={formRef} className="auth-form" onSubmit={submit} noValidate>
        <FormField {...bind('displayName')} />
        <FormField {...bind('email')} />
        <FormField {...bind('password')} />
        <FormField {...bind('confirmPassword')} />
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
