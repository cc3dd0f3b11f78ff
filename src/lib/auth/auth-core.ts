// The only module that loads Firebase for email and password accounts. It is imported
// dynamically by session.ts, so pages that need no account download none of it.
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  indexedDBLocalPersistence,
  initializeAuth,
  inMemoryPersistence,
  onIdTokenChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  updateProfile,
  type User,
} from 'firebase/auth';
import { authEmulatorHost, firebaseOptions } from './firebase-config';

/** The one Firebase app; Firestore (src/lib/firestore) opens on it so requests carry the user. */
export const app = initializeApp(firebaseOptions);

// No popup/redirect resolver here: Google sign-in brings its own when it is used. Firebase takes
// the first persistence the browser allows; with site data blocked that is memory, so signing in
// still works and lasts as long as the page.
export const auth = initializeAuth(app, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence, inMemoryPersistence],
});
if (authEmulatorHost) {
  connectAuthEmulator(auth, `http://${authEmulatorHost}`, { disableWarnings: true });
}

// On every new ID token, not only sign-in and sign-out: after the email address is verified the
// refreshed token says so, and the session (emailVerified) follows.
export const watchUser = (onChange: (user: User | null) => void) =>
  onIdTokenChanged(auth, onChange);

export const currentUser = () => auth.currentUser;

export async function logIn(email: string, password: string) {
  await signInWithEmailAndPassword(auth, email, password);
}

export async function register(displayName: string, email: string, password: string) {
  const { user } = await createUserWithEmailAndPassword(auth, email, password);
  await updateProfile(user, { displayName });
  // The state listener fired before the name was set; reload so the session sees it.
  await user.reload();
  // Dynamic codes need a verified address; the email goes now, and can be sent again later.
  await sendVerification().catch(() => undefined);
}

/** Where the verification email's link leads back to once the address is verified. */
const verifiedReturn = () => ({ url: `${window.location.origin}/UserAccount` });

/** Sends the signed-in user the email that verifies their address. */
export async function sendVerification() {
  const user = auth.currentUser;
  if (!user) throw new Error('Nobody is signed in.');
  await sendEmailVerification(user, verifiedReturn());
}

/**
 * Asks the server whether the address has been verified since (in another tab or on the phone),
 * and takes a new ID token that says what the server says: the rules and the site's API read the
 * token. The token is renewed before the account is reloaded, because the reload tells the page at
 * once (the session follows every change): reloaded first, the page showed the address verified
 * while its token still said otherwise, and an order placed in that moment was refused as
 * unverified. Returns whether it is verified now.
 */
export async function checkVerified(): Promise<boolean> {
  const user = auth.currentUser;
  if (!user) return false;
  await user.getIdToken(true);
  await user.reload();
  return user.emailVerified;
}

/** The signed-in user's ID token, for the site's own API (POST /api/links). */
export async function idToken(): Promise<string | null> {
  return (await auth.currentUser?.getIdToken()) ?? null;
}

/**
 * The claims of the signed-in user's ID token (the company's `staff`, say); with `fresh`, of a
 * token Firebase renews first, which carries a claim given since the last. Empty when nobody is
 * signed in.
 */
export async function tokenClaims(fresh = false): Promise<Record<string, unknown>> {
  const user = auth.currentUser;
  return user ? (await user.getIdTokenResult(fresh)).claims : {};
}

/** Firebase's refusals to renew a session that has ended (revoked, disabled, deleted). */
const SESSION_ENDED = new Set([
  'auth/user-token-expired',
  'auth/user-disabled',
  'auth/user-not-found',
  'auth/invalid-user-token',
]);

/**
 * A new ID token from Firebase rather than the cached one; null when Firebase refuses to renew
 * the session (it has ended: Firebase signs this device out then). Other failures (offline)
 * reject.
 */
export async function renewIdToken(): Promise<string | null> {
  const user = auth.currentUser;
  if (!user) return null;
  try {
    return await user.getIdToken(true);
  } catch (error) {
    if (SESSION_ENDED.has((error as { code?: string }).code ?? '')) return null;
    throw error;
  }
}

export const sendReset = (email: string) => sendPasswordResetEmail(auth, email);

export const logOut = () => signOut(auth);
