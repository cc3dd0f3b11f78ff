// Checking whether the address has been verified: the page must never hear "verified" while the
// ID token, which the rules and the site's API read, still says otherwise.
import { describe, expect, it, vi } from 'vitest';

/** A signed-in account whose address the server now holds verified, as Firebase's user acts. */
const account = vi.hoisted(() => {
  const listeners: ((user: unknown) => void)[] = [];
  const heard: { shown: boolean; token: boolean }[] = [];
  const user = {
    emailVerified: false,
    /** What the ID token at hand says of the address. */
    tokenVerified: false,
    serverVerified: true,
    // Both tell the listeners, as Firebase does after a token is renewed or the account reloaded.
    async getIdToken(renew = false) {
      if (renew) {
        user.tokenVerified = user.serverVerified;
        for (const listener of listeners) listener(user);
      }
      return user.tokenVerified ? 'verified-token' : 'unverified-token';
    },
    async reload() {
      user.emailVerified = user.serverVerified;
      for (const listener of listeners) listener(user);
    },
  };
  listeners.push(() => heard.push({ shown: user.emailVerified, token: user.tokenVerified }));
  return { user, listeners, heard };
});

vi.mock('firebase/app', () => ({ initializeApp: () => ({}) }));
vi.mock('firebase/auth', () => ({
  initializeAuth: () => ({ currentUser: account.user }),
  indexedDBLocalPersistence: {},
  browserLocalPersistence: {},
  inMemoryPersistence: {},
  connectAuthEmulator: () => undefined,
  onIdTokenChanged: (_auth: unknown, listener: (user: unknown) => void) =>
    account.listeners.push(listener),
}));

const { checkVerified, idToken } = await import('./auth-core');

describe('checkVerified', () => {
  it('renews the token before the page hears the address is verified', async () => {
    expect(await checkVerified()).toBe(true);
    expect(account.heard.filter((moment) => moment.shown && !moment.token)).toEqual([]);
    expect(account.heard.at(-1)).toEqual({ shown: true, token: true });
    expect(await idToken()).toBe('verified-token');
  });
});
