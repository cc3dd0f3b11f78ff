// Who is signed in, for any part of the app: `{ user, loading }`, where loading stays true until
// Firebase reports the first state. Firebase is only downloaded when something first asks, so
// pages that never call useAuth() or an action below cost nothing.
import { useSyncExternalStore } from 'react';
import { requestMemberAssets } from '../member-assets';
import { safeSessionStorage } from '../safe-storage';
import type * as AuthCore from './auth-core';

export interface SessionUser {
  readonly uid: string;
  readonly email: string | null;
  readonly displayName: string | null;
  /** The email address is verified: needed for dynamic codes. */
  readonly emailVerified: boolean;
  /** When the account was made (milliseconds): its free trial starts then. */
  readonly createdAt: number | null;
}

export interface Session {
  readonly user: SessionUser | null;
  readonly loading: boolean;
}

/** Set in session storage while signed in, as the old site did. */
export const LOGGED_IN_FLAG = 'IsLoggedIn';

/** Set when the server ended this tab's session (endSession), until someone signs in again. */
const SESSION_ENDED_FLAG = 'SessionEnded';

let session: Session = { user: null, loading: true };
const listeners = new Set<() => void>();
let core: Promise<typeof AuthCore> | undefined;

function publish(next: Session) {
  session = next;
  listeners.forEach((listener) => listener());
}

type FirebaseUser = {
  uid: string;
  email: string | null;
  displayName: string | null;
  emailVerified: boolean;
  metadata: { creationTime?: string };
} | null;
const toSessionUser = (user: FirebaseUser): SessionUser | null =>
  user
    ? {
        uid: user.uid,
        email: user.email,
        displayName: user.displayName,
        emailVerified: user.emailVerified,
        createdAt: Date.parse(user.metadata.creationTime ?? '') || null,
      }
    : null;

function loadCore() {
  core ??= import('./auth-core').then(
    (module) => {
      module.watchUser((user) => {
        // The flag follows the session Firebase restores too, not only this tab's sign-in.
        if (user) {
          safeSessionStorage.set(LOGGED_IN_FLAG, 'true');
          safeSessionStorage.remove(SESSION_ENDED_FLAG);
          requestMemberAssets();
        } else safeSessionStorage.remove(LOGGED_IN_FLAG);
        publish({ user: toSessionUser(user), loading: false });
      });
      return module;
    },
    (error: unknown) => {
      // The code could not be downloaded (offline before it was cached): nobody is signed in
      // as far as this page can tell, and the next attempt may succeed.
      core = undefined;
      publish({ user: null, loading: false });
      throw error;
    },
  );
  return core;
}

/** Hears the session's changes without asking for it: loads nothing (see useSignedInHint). */
function hearQuietly(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Hears the session's changes, and asks Firebase for it (useAuth). */
function subscribe(listener: () => void) {
  const stop = hearQuietly(listener);
  loadCore().catch(() => undefined);
  return stop;
}

const getSession = () => session;

/**
 * Whether this tab is signed in, as far as the session flag says: a hint for the navbar that
 * needs no download of Firebase (a page that asks useAuth() gets the truth).
 */
export const signedInHere = (): boolean => safeSessionStorage.get(LOGGED_IN_FLAG) === 'true';

/**
 * signedInHere as a hook, for the navbar and the footer: read again whenever Firebase reports a
 * change, so a new tab of a signed-in person (whose tab has no flag yet) shows their links as soon
 * as a page that asked for the session hears it, not at the next navigation. It loads nothing: on
 * a page that never asks, it keeps the flag's answer.
 */
export const useSignedInHint = (): boolean =>
  useSyncExternalStore(hearQuietly, signedInHere, signedInHere);

/**
 * Calls `listener` with the signed-in account's uid, or null, each time that changes, starting
 * with the first state Firebase reports. It loads nothing: it hears the session once a page has
 * asked for it (useAuth or an action below), so a visitor's marketing page still costs nothing.
 */
export function onAccountChange(listener: (uid: string | null) => void): () => void {
  let known: string | null | undefined;
  const hear = () => {
    if (session.loading) return;
    const uid = session.user?.uid ?? null;
    if (uid === known) return;
    known = uid;
    listener(uid);
  };
  listeners.add(hear);
  hear();
  return () => listeners.delete(hear);
}

export function useAuth(): Session {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

export async function logIn(email: string, password: string) {
  await (await loadCore()).logIn(email, password);
  safeSessionStorage.set(LOGGED_IN_FLAG, 'true');
}

export async function register(displayName: string, email: string, password: string) {
  const module = await loadCore();
  await module.register(displayName, email, password);
  publish({ user: toSessionUser(module.currentUser()), loading: false });
  safeSessionStorage.set(LOGGED_IN_FLAG, 'true');
}

/** Sends the signed-in user the email that verifies their address. */
export async function sendVerificationEmail() {
  await (await loadCore()).sendVerification();
}

/** Whether the address is verified now (asks the server); the session follows when it is. */
export async function checkEmailVerified(): Promise<boolean> {
  const module = await loadCore();
  const verified = await module.checkVerified();
  publish({ user: toSessionUser(module.currentUser()), loading: false });
  return verified;
}

/** The signed-in user's ID token, for the site's own API; null when nobody is signed in. */
export async function idToken(): Promise<string | null> {
  return (await loadCore()).idToken();
}

/**
 * Whether the signed-in user's token carries the claim `name` set to true. With `renew`, a token
 * without it is renewed once and looked at again, so a claim given since the last sign-in counts
 * at once (offline, the token at hand decides).
 */
export async function hasClaim(name: string, { renew = false } = {}): Promise<boolean> {
  const module = await loadCore();
  if ((await module.tokenClaims())[name] === true) return true;
  if (!renew) return false;
  const renewed = await module.tokenClaims(true).catch(() => ({}) as Record<string, unknown>);
  return renewed[name] === true;
}

/** The token Firebase last renewed after the site's API refused one (tokenRefused). */
let renewedAfterRefusal: string | null = null;

/**
 * What every client of the site's API does when it refused `token` (401): Firebase renews it, and
 * the renewed token is returned to try once more (idToken() gives it from now on). Null when the
 * session has ended: Firebase will not renew it, or `token` is one renewed after a refusal
 * already and refused too (the account was signed out on every device, or disabled). This device
 * is then signed out (endSession), and the login page says why.
 */
export async function tokenRefused(token: string): Promise<string | null> {
  const renewed = token === renewedAfterRefusal ? null : await (await loadCore()).renewIdToken();
  if (renewed === null) {
    await endSession();
    return null;
  }
  renewedAfterRefusal = renewed;
  return renewed;
}

/**
 * Signs this device out because the server ended its session (it refused even a renewed ID
 * token: "Sign out other devices" on another one, say). The login page, where the protected page
 * then sends the person, says why (sessionEndedHere).
 */
async function endSession() {
  safeSessionStorage.set(SESSION_ENDED_FLAG, 'true');
  await logOut();
}

/** Whether this tab was signed out by endSession and nobody has signed in since. */
export const sessionEndedHere = (): boolean =>
  safeSessionStorage.get(SESSION_ENDED_FLAG) === 'true';

export async function sendPasswordReset(email: string) {
  await (await loadCore()).sendReset(email);
}

/**
 * How long signing out waits for the device's copy of the account's saved data to be deleted:
 * another tab that holds the database open (its own closes it at once) could keep the deletion
 * waiting, and the person must not be kept signed in for it. It goes on after that.
 */
const FORGET_WAIT_MS = 5_000;

/**
 * Signs out, and deletes the device's copy of the account's saved codes and figures (Firestore's
 * cache, firestore-core.ts), so a shared device keeps nothing of them; drafts stay, per user.
 */
export async function logOut() {
  await (await loadCore()).logOut();
  safeSessionStorage.remove(LOGGED_IN_FLAG);
  const forgotten = import('../firestore/firestore-core').then((module) =>
    module.forgetAccountData(),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    forgotten.catch((error: unknown) => console.error(error)),
    new Promise((resolve) => (timer = setTimeout(resolve, FORGET_WAIT_MS))),
  ]);
  clearTimeout(timer);
}

/** The account page's settings and its deletion (account-core.ts), loaded on first use. */
export async function accountCore() {
  await loadCore();
  return import('./account-core');
}

/** Changes the account's name; every page showing it follows (Firebase does not say so itself). */
export async function changeDisplayName(displayName: string) {
  const module = await loadCore();
  await (await accountCore()).changeName(displayName);
  publish({ user: toSessionUser(module.currentUser()), loading: false });
}

/** Google through a popup: signs in, or links Google to the account already signed in. */
export async function continueWithGoogle() {
  await loadCore();
  const google = await import('./google-sign-in');
  const outcome = await google.continueWithGoogle();
  safeSessionStorage.set(LOGGED_IN_FLAG, 'true');
  return outcome;
}
