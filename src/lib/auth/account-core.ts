// The account page's own Firebase calls, loaded only there (through session.ts's accountCore):
// change the name, the email address and the password; sign out the other devices; delete the
// account. Firebase changes the address and the password only after a recent sign-in, and the
// site's server deletes an account or signs it out everywhere only then too, so each of those
// first proves it is the owner again: with the password, or in Google's window for an account
// that signs in with Google only.
import {
  EmailAuthProvider,
  reauthenticateWithCredential,
  signInWithCredential,
  updatePassword,
  updateProfile,
  verifyBeforeUpdateEmail,
  type AuthCredential,
  type User,
} from 'firebase/auth';
import {
  accountApi,
  ACCOUNT_API_PATH,
  REVOKE_SESSIONS_PATH,
  type AccountAnswer,
} from '../../domain/account-api';
import { paths } from '../../config/paths';
import { callForAnswer } from '../site-api';
import { auth } from './auth-core';

/** How the owner proves it is them again. */
export type Proof =
  { readonly kind: 'password'; readonly password: string } | { readonly kind: 'google' };

export type SignInMethod = 'password' | 'google';

/** How the signed-in account signs in (Firebase's providers it has). */
export function signInMethods(): SignInMethod[] {
  const providers = auth.currentUser?.providerData.map((info) => info.providerId) ?? [];
  return [
    ...(providers.includes('password') ? (['password'] as const) : []),
    ...(providers.includes('google.com') ? (['google'] as const) : []),
  ];
}

function signedIn(): User {
  const user = auth.currentUser;
  if (!user)
    throw Object.assign(new Error('Nobody is signed in.'), { code: 'auth/user-token-expired' });
  return user;
}

/** Proves again that the owner is here; the credential can sign this device in once more. */
async function reauthenticate(user: User, proof: Proof): Promise<AuthCredential> {
  if (proof.kind === 'google') {
    const { reauthenticateWithGoogle } = await import('./google-sign-in');
    return reauthenticateWithGoogle(user);
  }
  const credential = EmailAuthProvider.credential(user.email ?? '', proof.password);
  await reauthenticateWithCredential(user, credential);
  return credential;
}

export async function changeName(displayName: string) {
  await updateProfile(signedIn(), { displayName });
}

/**
 * Sends the link that changes the address to `email`: the account keeps its address until that
 * link is opened, so a typo cannot lock the owner out. The link leads back to the account page.
 */
export async function changeEmail(email: string, proof: Proof) {
  const user = signedIn();
  await reauthenticate(user, proof);
  await verifyBeforeUpdateEmail(user, email, {
    url: `${window.location.origin}${paths.account}`,
  });
}

export async function changePassword(current: string, next: string) {
  const user = signedIn();
  await reauthenticate(user, { kind: 'password', password: current });
  await updatePassword(user, next);
}

/**
 * Calls the account API with the user's ID token, fresh from proving who they are: a 401 is the
 * server's answer to show (a sign-in not recent enough), not a token to renew. Never throws.
 */
async function callAccountApi(
  user: User,
  method: 'POST' | 'DELETE',
  path: string,
): Promise<AccountAnswer> {
  return callForAnswer(
    accountApi,
    path,
    undefined,
    {
      offline: 'This needs an internet connection. Check yours, then try again.',
      signedOut: 'Sign in again, then try again.',
      notAnAnswer: (status) =>
        `The server could not answer just now (HTTP ${status}). Try again in a moment.`,
    },
    { method, token: () => user.getIdToken() },
  );
}

/**
 * Signs the account out everywhere (the server revokes its sessions), then this device in again
 * with the proof just given, so only the others are signed out.
 */
export async function signOutOtherDevices(proof: Proof): Promise<AccountAnswer> {
  const user = signedIn();
  const credential = await reauthenticate(user, proof);
  const answer = await callAccountApi(user, 'POST', REVOKE_SESSIONS_PATH);
  if (answer.ok) await signInWithCredential(auth, credential);
  return answer;
}

/** Deletes the account and everything it owns (the server's work); the page then signs out. */
export async function deleteAccount(proof: Proof): Promise<AccountAnswer> {
  const user = signedIn();
  await reauthenticate(user, proof);
  return callAccountApi(user, 'DELETE', ACCOUNT_API_PATH);
}
