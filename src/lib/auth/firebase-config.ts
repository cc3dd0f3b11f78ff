// Which Firebase project the app signs in with. Real projects come from VITE_FIREBASE_*
// variables (see .env.example); with none set, the app uses the local Auth emulator and a
// demo project, so it runs with no account and no internet. The web config is public by
// design: it names the project, it grants nothing.
import type { FirebaseOptions } from 'firebase/app';

const env = import.meta.env;
const realProject = Boolean(env.VITE_FIREBASE_API_KEY);

export const firebaseOptions: FirebaseOptions = realProject
  ? {
      apiKey: env.VITE_FIREBASE_API_KEY,
      authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
      projectId: env.VITE_FIREBASE_PROJECT_ID,
      appId: env.VITE_FIREBASE_APP_ID,
    }
  : { apiKey: 'demo-kcw-key', authDomain: 'demo-kcw.firebaseapp.com', projectId: 'demo-kcw' };

// The local defaults test `import.meta.env.VITE_FIREBASE_API_KEY` itself, which the build writes in
// as a string: with a real project the minifier drops them, and the deployed code names no
// 127.0.0.1 address (`npm run build:deploy` checks it).

/** host:port of an Auth emulator to use, or undefined for the real service. */
export const authEmulatorHost: string | undefined =
  env.VITE_FIREBASE_AUTH_EMULATOR_HOST ||
  (import.meta.env.VITE_FIREBASE_API_KEY ? undefined : '127.0.0.1:9099');

/** host:port of a Firestore emulator to use, or undefined for the real service. */
export const firestoreEmulatorHost: string | undefined =
  env.VITE_FIRESTORE_EMULATOR_HOST ||
  (import.meta.env.VITE_FIREBASE_API_KEY ? undefined : '127.0.0.1:8181');
