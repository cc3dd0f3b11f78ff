import { describe, expect, it } from 'vitest';
import {
  GENERIC_LOGIN_ERROR,
  authErrorMessage,
  validateEmail,
  validateRegistration,
} from './auth-errors';

const failure = (code: string) => Object.assign(new Error('Firebase: boom'), { code });

describe('authErrorMessage', () => {
  it.each([
    ['auth/user-not-found', 'No account found for that email.'],
    ['auth/wrong-password', 'Incorrect password.'],
    ['auth/invalid-credential', 'Incorrect email or password.'],
    ['auth/invalid-email', 'Please enter a valid email address.'],
    ['auth/network-request-failed', 'Network error — check your connection.'],
    ['auth/too-many-requests', 'Too many attempts. Try again later.'],
    ['auth/invalid-api-key', 'App configuration error (invalid API key).'],
  ])('shows the specification message for %s', (code, message) => {
    expect(authErrorMessage(failure(code))).toBe(message);
  });

  it('falls back to the generic line for codes without a message of their own', () => {
    expect(authErrorMessage(failure('auth/internal-error'))).toBe(GENERIC_LOGIN_ERROR);
    expect(authErrorMessage(new Error('no code'))).toBe(GENERIC_LOGIN_ERROR);
    expect(authErrorMessage('text')).toBe(GENERIC_LOGIN_ERROR);
    expect(authErrorMessage(null, 'Could not send.')).toBe('Could not send.');
  });
});

describe('validateRegistration', () => {
  const valid = {
    displayName: 'Thandi',
    email: 'thandi@example.co.za',
    password: 'secret-1',
    confirmPassword: 'secret-1',
  };

  it('accepts a complete registration', () => {
    expect(validateRegistration(valid)).toEqual({});
  });

  it('explains every problem, field by field', () => {
    expect(
      validateRegistration({
        displayName: ' ',
        email: 'nope',
        password: '123',
        confirmPassword: '',
      }),
    ).toEqual({
      displayName: 'Please enter your name.',
      email: 'Please enter a valid email address.',
      password: 'Use at least 6 characters.',
      confirmPassword: 'Please type the password again.',
    });
  });

  it('catches a confirmation that does not match', () => {
    expect(validateRegistration({ ...valid, confirmPassword: 'secret-2' })).toEqual({
      confirmPassword: 'Passwords do not match.',
    });
  });
});

describe('validateEmail', () => {
  it('asks for an email, then for a valid one', () => {
    expect(validateEmail('')).toBe('Please enter your email address.');
    expect(validateEmail('a@b')).toBe('Please enter a valid email address.');
    expect(validateEmail(' someone@example.com ')).toBeUndefined();
  });
});
