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
  onAuthStateChanged,
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

export const watchUser = (onChange: (user: User | null) => void) =>
  onAuthStateChanged(auth, onChange);

export const currentUser = () => auth.currentUser;

export async function logIn(email: string, password: string) {
  await signInWithEmailAndPassword(auth, email, password);
}

export async function register(displayName: string, email: string, password: string) {
  const { user } = await createUserWithEmailAndPassword(auth, email, password);
  await updateProfile(user, { displayName });
  // The state listener fired before the name was set; reload so the session sees it.
  await user.reload();
}

export const sendReset = (email: string) => sendPasswordResetEmail(auth, email);

export const logOut = () => signOut(auth);
