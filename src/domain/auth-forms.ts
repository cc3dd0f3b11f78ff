// The account forms (log in, register, reset a password), each field described once. Messages
// from Firebase about a field (src/domain/auth-errors.ts) are shown beside the same fields.
import * as v from 'valibot';
import { emailField, field, type FormRule, type FormSpec } from './form';

/**
 * At least 8 characters, as current guidance asks (NIST SP 800-63B); Firebase's own floor is 6.
 * The project's Firebase password policy should ask the same (docs/deploy.md).
 */
export const MIN_PASSWORD_LENGTH = 8;
/** Firebase accepts passwords up to 4096 characters; one chosen here is kept shorter. */
const PASSWORD_MAX = 4096;
const NEW_PASSWORD_MAX = 128;

export const loginForm = {
  email: emailField,
  password: field('Password', {
    input: 'password',
    required: true,
    keepSpaces: true,
    maxLength: PASSWORD_MAX,
    autoComplete: 'current-password',
    requiredMessage: 'Please enter your password.',
  }),
} satisfies FormSpec;

const tooShort = `Use at least ${MIN_PASSWORD_LENGTH} characters.`;

export const registerForm = {
  displayName: field('Name', {
    required: true,
    maxLength: 100,
    autoComplete: 'name',
    requiredMessage: 'Please enter your name.',
  }),
  email: emailField,
  password: field('Password', {
    input: 'password',
    required: true,
    keepSpaces: true,
    maxLength: NEW_PASSWORD_MAX,
    autoComplete: 'new-password',
    hint: `At least ${MIN_PASSWORD_LENGTH} characters.`,
    format: v.pipe(v.string(), v.minLength(MIN_PASSWORD_LENGTH, tooShort)),
    requiredMessage: tooShort,
  }),
  confirmPassword: field('Confirm password', {
    input: 'password',
    required: true,
    keepSpaces: true,
    maxLength: NEW_PASSWORD_MAX,
    autoComplete: 'new-password',
    requiredMessage: 'Please type the password again.',
  }),
} satisfies FormSpec;

export type RegisterField = keyof typeof registerForm;

/** The confirmation must be the password, exactly. */
export const passwordsMatch: FormRule<RegisterField> = (values) =>
  values.confirmPassword === values.password ? {} : { confirmPassword: 'Passwords do not match.' };

export const resetForm = { email: emailField } satisfies FormSpec;
