import { describe, expect, it } from 'vitest';
import { GENERIC_LOGIN_ERROR, authErrorMessage } from './auth-errors';

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
  ])("shows the site's own message for %s", (code, message) => {
    expect(authErrorMessage(failure(code))).toBe(message);
  });

  it('falls back to the generic line for codes without a message of their own', () => {
    expect(authErrorMessage(failure('auth/internal-error'))).toBe(GENERIC_LOGIN_ERROR);
    expect(authErrorMessage(new Error('no code'))).toBe(GENERIC_LOGIN_ERROR);
    expect(authErrorMessage('text')).toBe(GENERIC_LOGIN_ERROR);
    expect(authErrorMessage(null, 'Could not send.')).toBe('Could not send.');
  });
});
