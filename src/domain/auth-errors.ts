// What a person is told when an account operation fails. The old site mapped these codes but
// always showed one generic line; here each known code shows its own message.

import { MIN_PASSWORD_LENGTH } from './auth-forms';

const messages: Readonly<Record<string, string>> = {
  'auth/user-not-found': 'No account found for that email.',
  'auth/wrong-password': 'Incorrect password.',
  // Production answers this for both a wrong password and an unknown email (email privacy).
  'auth/invalid-credential': 'Incorrect email or password.',
  'auth/invalid-login-credentials': 'Incorrect email or password.',
  'auth/invalid-email': 'Please enter a valid email address.',
  'auth/missing-email': 'Please enter your email address.',
  'auth/missing-password': 'Please enter your password.',
  'auth/network-request-failed': 'Network error — check your connection.',
  'auth/too-many-requests': 'Too many attempts. Try again later.',
  'auth/invalid-api-key': 'App configuration error (invalid API key).',
  'auth/email-already-in-use':
    'An account already exists for that email. Log in instead, or reset your password.',
  'auth/weak-password': `That password is too weak: use at least ${MIN_PASSWORD_LENGTH} characters.`,
  // The project's password policy (docs/deploy.md) refusing a password the form let through.
  'auth/password-does-not-meet-requirements': `That password does not meet the site's rules: use at least ${MIN_PASSWORD_LENGTH} characters.`,
  'auth/user-disabled': 'This account has been disabled. Please contact us.',
  'auth/popup-blocked':
    'Your browser blocked the Google sign-in window. Allow pop-ups for this site and try again.',
  'auth/popup-closed-by-user': 'The Google sign-in window was closed before it finished.',
  'auth/cancelled-popup-request': 'The Google sign-in window was closed before it finished.',
  'auth/operation-not-allowed': 'This way of signing in is not enabled for this site.',
  'auth/unauthorized-domain': 'Google sign-in is not set up for this address yet.',
  'auth/credential-already-in-use':
    'That Google account already belongs to another account here. Log out, then continue with Google to use it.',
};

/** Used when a failure carries no code with a message of its own. */
export const GENERIC_LOGIN_ERROR = 'Error logging in, please check credentials.';

export function authErrorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { code } = error as { code: unknown };
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

export function authErrorMessage(error: unknown, fallback = GENERIC_LOGIN_ERROR): string {
  const code = authErrorCode(error);
  return (code && messages[code]) || fallback;
}
