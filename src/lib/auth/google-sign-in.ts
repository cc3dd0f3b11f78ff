// "Continue with Google" through a popup; loaded only when someone presses the button.
// Nobody signed in: sign in with Google. Someone signed in (the QR demo page is only for them):
// link Google to that account, so the same account opens with Google next time, rather than
// swapping the person into a different account.
import {
  browserPopupRedirectResolver,
  GoogleAuthProvider,
  linkWithPopup,
  reauthenticateWithPopup,
  signInWithPopup,
  type AuthCredential,
  type User,
} from 'firebase/auth';
import { authErrorCode } from '../../domain/auth-errors';
import { auth } from './auth-core';

export type GoogleOutcome = 'signed-in' | 'linked';

export async function continueWithGoogle(): Promise<GoogleOutcome> {
  const provider = new GoogleAuthProvider();
  const user = auth.currentUser;
  if (!user) {
    await signInWithPopup(auth, provider, browserPopupRedirectResolver);
    return 'signed-in';
  }
  try {
    await linkWithPopup(user, provider, browserPopupRedirectResolver);
  } catch (error) {
    // Already linked: the account is where the person wanted it to be.
    if (authErrorCode(error) !== 'auth/provider-already-linked') throw error;
  }
  return 'linked';
}

/**
 * Google's window again, for an account that signs in with Google only and is about to do
 * something that asks for a recent sign-in (account-core.ts). Google's credential lets the page
 * sign this device in again afterwards.
 */
export async function reauthenticateWithGoogle(user: User): Promise<AuthCredential> {
  const result = await reauthenticateWithPopup(
    user,
    new GoogleAuthProvider(),
    browserPopupRedirectResolver,
  );
  const credential = GoogleAuthProvider.credentialFromResult(result);
  if (!credential) throw new Error('Google gave no credential to sign in with again.');
  return credential;
}
