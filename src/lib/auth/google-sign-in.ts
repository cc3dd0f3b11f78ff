// Google sign-in through a popup; loaded only when someone presses the button.
import { browserPopupRedirectResolver, GoogleAuthProvider, signInWithPopup } from 'firebase/auth';
import { auth } from './auth-core';

export async function signInWithGoogle() {
  await signInWithPopup(auth, new GoogleAuthProvider(), browserPopupRedirectResolver);
}
