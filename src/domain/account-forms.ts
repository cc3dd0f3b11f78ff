// The account page's forms (its settings and the deletion of the account), each field described
// once, from the register and login forms' own fields and rules (auth-forms.ts), and what a
// failure of each says beside which field.
import { authErrorCode, authErrorMessage } from './auth-errors';
import { loginForm, passwordsMatch, registerForm } from './auth-forms';
import { EMAIL_MAX, emailField, field, type FieldSpec, type FormRule, type FormSpec } from './form';

/** Firebase asks for the password again before it changes the address or the password. */
const currentPassword: FieldSpec = {
  ...loginForm.password,
  label: 'Current password',
  requiredMessage: 'Please enter your current password.',
};

export const nameForm = { displayName: registerForm.displayName } satisfies FormSpec;

export const emailForm = {
  email: { ...emailField, label: 'New email address', autoComplete: 'email' },
  currentPassword,
} satisfies FormSpec;

export const passwordForm = {
  currentPassword,
  password: { ...registerForm.password, label: 'New password' },
  confirmPassword: {
    ...registerForm.confirmPassword,
    label: 'Confirm new password',
    requiredMessage: 'Please type the new password again.',
  },
} satisfies FormSpec;

export const sessionsForm = { currentPassword } satisfies FormSpec;

export const DELETE_WORD = 'DELETE';

export const deleteForm = {
  confirmation: field(`Type ${DELETE_WORD} or your email address`, {
    required: true,
    maxLength: EMAIL_MAX,
    autoComplete: 'off',
    requiredMessage: `Type ${DELETE_WORD}, or your email address, to confirm.`,
  }),
  currentPassword,
} satisfies FormSpec;

/**
 * The form without its password, for an account that signs in with Google only: it proves who
 * it is in Google's window instead.
 */
export const withoutPassword = <K extends string>(spec: FormSpec<K>): FormSpec<K> =>
  Object.fromEntries(
    Object.entries<FieldSpec>(spec).map(([name, fieldSpec]) => [
      name,
      name === 'currentPassword' ? { ...fieldSpec, hidden: true } : fieldSpec,
    ]),
  ) as FormSpec<K>;

type PasswordField = keyof typeof passwordForm;

/** The new password typed twice alike (the register page's rule), and not the current one. */
export const newPasswordRule: FormRule<PasswordField> = (values) => ({
  ...passwordsMatch({ displayName: '', email: '', ...values }),
  ...(values.password && values.password === values.currentPassword
    ? { password: 'That is your current password: choose a new one.' }
    : {}),
});

/** The new address is not the one the account has. */
export const newEmailRule =
  (current: string | null): FormRule<keyof typeof emailForm> =>
  (values) =>
    current && values.email.toLowerCase() === current.toLowerCase()
      ? { email: 'That is the address your account has already.' }
      : {};

/** DELETE, or the account's address (in any case): a deliberate act, not a stray click. */
export const deleteConfirmed =
  (email: string | null): FormRule<keyof typeof deleteForm> =>
  ({ confirmation }) =>
    confirmation === DELETE_WORD || (email && confirmation.toLowerCase() === email.toLowerCase())
      ? {}
      : {
          confirmation: `Type ${DELETE_WORD} in capitals, or your email address as it is above.`,
        };

/** A refusal of the site's own server (its message says why); Firebase's errors have codes. */
export class AccountRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AccountRefusal';
  }
}

/** The fields a failure may be about. */
export type AccountField = 'currentPassword' | 'email' | 'password';

const fieldMessages: Readonly<Record<string, { field: AccountField; message: string }>> = {
  // Re-authentication with a wrong password: the emulator and older projects say
  // wrong-password, newer projects invalid-credential.
  'auth/wrong-password': {
    field: 'currentPassword',
    message: 'That is not your current password.',
  },
  'auth/invalid-credential': {
    field: 'currentPassword',
    message: 'That is not your current password.',
  },
  'auth/invalid-login-credentials': {
    field: 'currentPassword',
    message: 'That is not your current password.',
  },
  'auth/email-already-in-use': {
    field: 'email',
    message: 'Another account already uses that email address.',
  },
  'auth/invalid-new-email': { field: 'email', message: 'Please enter a valid email address.' },
  'auth/invalid-email': { field: 'email', message: 'Please enter a valid email address.' },
  'auth/weak-password': {
    field: 'password',
    message: authErrorMessage({ code: 'auth/weak-password' }),
  },
  'auth/password-does-not-meet-requirements': {
    field: 'password',
    message: authErrorMessage({ code: 'auth/password-does-not-meet-requirements' }),
  },
};

const formMessages: Readonly<Record<string, string>> = {
  'auth/user-mismatch': 'That Google account is not the one this account signs in with.',
  'auth/requires-recent-login': 'For your safety, confirm it is you again, then try once more.',
  'auth/user-token-expired': 'You have been signed out. Sign in again, then try once more.',
};

/**
 * What a failed setting says, and beside which field (null: over the form). `fallback` is the
 * form's own "could not..." sentence for a failure without a known code.
 */
export function accountFailure(
  error: unknown,
  fallback: string,
): { field: AccountField | null; message: string } {
  if (error instanceof AccountRefusal) return { field: null, message: error.message };
  const code = authErrorCode(error) ?? '';
  const known = fieldMessages[code];
  if (known) return known;
  return { field: null, message: formMessages[code] ?? authErrorMessage(error, fallback) };
}
